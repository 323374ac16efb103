/** Stand-ins for the tests of a watch's loop and republisher (src/jobs/watch/): listings told apart by a number, and a publisher that records. */

import type { Listing } from '../../src/render/listing.js'
import type { CommitOptions } from '../../src/write/atomic-file.js'
import type { PublishResult, Publisher } from '../../src/write/publisher.js'

/** A listing whose one notice carries `n`: listings of different numbers show different things. */
export const listingNumber = (n: number): Listing => ({ rows: [], search: null, notices: [{ message: `notice ${n}`, file: '/a.php', line: '1' }], refresh: null })

/** The number listingNumber gave a listing. */
export const numberOf = (listing: Listing): number => Number(listing.notices[0]?.message.replace('notice ', ''))

/** A publisher that records each listing it is given (as its number) and fails as told. */
export class RecordingPublisher implements Publisher {
  readonly name = 'out.html'
  readonly published: number[] = []
  /** What the next publishes throw, in turn; undefined: they succeed. */
  readonly failures: (Error | undefined)[] = []
  /** Called with each listing before it is recorded (a test's clock, a stop). */
  onPublish: (listing: Listing) => void = () => undefined

  publish(listing: Listing, _options?: CommitOptions): Promise<PublishResult> {
    this.onPublish(listing)
    const failure = this.failures.shift()
    if (failure) return Promise.reject(failure)
    this.published.push(numberOf(listing))
    return Promise.resolve('written')
  }

  close(): Promise<void> {
    return Promise.resolve()
  }
}
