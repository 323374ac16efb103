/**
 * The generations of one log as one source (src/source/rotated-set.ts):
 * newest generation first; what is known of the lines not read comes from
 * the generations read (an older one's lines were written before them all),
 * and between two generations an empty batch lets the spine stop before the
 * older one is opened.
 */

import t from 'tap'
import type { Batch } from '../../../src/source/batch.js'
import type { RecordSource, UnreadPart } from '../../../src/source/record-source.js'
import { RotatedSet } from '../../../src/source/rotated-set.js'

/** A generation of scripted batches; `newestFirst` as a file read from its end, else as one read from its start. */
class Generation implements RecordSource {
  #earliest = Infinity
  #read = 0
  opened = false
  closed = 0

  constructor(readonly label: string, readonly newestFirst: boolean, readonly earliest: (number | null)[], readonly rank: number) {}

  unread(): UnreadPart {
    return { before: this.newestFirst ? this.#earliest : Infinity, placesBelow: (this.rank + 1) * 100 - (this.newestFirst ? this.#read : 0) }
  }

  bytesRead(): number {
    return this.#read * 10
  }

  async *batches(): AsyncGenerator<Batch> {
    this.opened = true
    for (const earliest of this.earliest) {
      this.#read++
      if (earliest !== null) this.#earliest = Math.min(this.#earliest, earliest)
      yield { records: [], earliest }
    }
  }

  close(): Promise<void> {
    this.closed++
    return Promise.resolve()
  }
}

t.test('newest generation first; the unread lines of the older ones come before every line read of the newer', async (t) => {
  const live = new Generation('access.log', true, [90, 70], 2)
  const one = new Generation('access.log.1', false, [40, 50], 1)
  const two = new Generation('access.log.2.gz', false, [10], 0)
  const set = new RotatedSet([live, one, two])
  const seen: string[] = []
  const look = (): string => {
    const { before, placesBelow } = set.unread()
    return `${set.label} before ${before} below ${placesBelow}; ${set.unstarted} not begun; ${set.bytesRead()} bytes`
  }
  seen.push(look())
  for await (const batch of set.batches()) seen.push(`batch ${batch.earliest}: ${look()}`)
  t.strictSame(seen, [
    'access.log before Infinity below 300; 3 not begun; 0 bytes',
    'batch 90: access.log before 90 below 299; 2 not begun; 10 bytes',
    'batch 70: access.log before 70 below 298; 2 not begun; 20 bytes',
    'batch null: access.log before 70 below 200; 2 not begun; 20 bytes',
    'batch 40: access.log.1 before 70 below 200; 1 not begun; 30 bytes',
    'batch 50: access.log.1 before 70 below 200; 1 not begun; 40 bytes',
    'batch null: access.log.1 before 40 below 100; 1 not begun; 40 bytes',
    'batch 10: access.log.2.gz before 40 below 100; 0 not begun; 50 bytes',
  ], 'read from its start, access.log.1 tells nothing of its own unread lines: those of the newer access.log do; once it ended, its earliest does')
})

t.test('left between two generations: the older one is never opened; close lets go of every generation', async (t) => {
  const live = new Generation('access.log', true, [90], 1)
  const one = new Generation('access.log.1', false, [40], 0)
  const set = new RotatedSet([live, one])
  for await (const batch of set.batches()) if (batch.earliest === null) break
  t.equal(one.opened, false)
  t.equal(set.unstarted, 1)
  await set.close()
  t.strictSame([live.closed, one.closed], [1, 1])
})

t.test('a set of no generations is a bug', async (t) => {
  t.throws(() => new RotatedSet([]), /no generations/)
})
