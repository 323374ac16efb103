/**
 * The loop of a watch after its first page: each tick (POLL_MS, or the
 * interval when shorter) every followed input is polled; when what the page
 * shows may have changed and the interval since the last publish has
 * passed, the listing is made again and republished. Reading right before
 * publishing keeps the time from a line's write to its page under one
 * interval and a tick. An input that cannot be read on is said once and
 * dropped. The loop ends on a stop, or when nothing is left to follow.
 */

import type { Listing } from '../../render/listing.js'
import { Stopped, type StopRequest } from '../../stop.js'
import type { Followed } from '../follow/followed-inputs.js'
import { pollAll, POLL_MS } from '../follow/poll.js'
import type { Republisher } from './republisher.js'

export interface LoopSettings {
  /** `--interval`, in milliseconds: the page is published at most once per interval. */
  intervalMs: number
  /** The listing as it is now. */
  listing: () => Listing
  warn: (line: string) => void
  /** The clock the interval is measured with. */
  now?: () => number
}

/** Follows the inputs and publishes each change, until stopped or nothing is left to follow. */
export async function followChanges(followed: Followed[], republisher: Republisher, stop: StopRequest, settings: LoopSettings): Promise<void> {
  const now = settings.now ?? Date.now
  const tick = Math.min(POLL_MS, settings.intervalMs)
  let pending = false
  let nextPublish = now() + settings.intervalMs
  for (;;) {
    if (await pollAll(followed, settings.warn)) pending = true
    if (stop.requested) return
    const over = followed.every((input) => input.ended())
    const at = now()
    if (pending && (at >= nextPublish || over)) {
      pending = false
      nextPublish = at + settings.intervalMs
      try {
        await republisher.publish(settings.listing())
      } catch (e) {
        // a stop signal came while the page was written: its cleanup takes what was written away
        if (e instanceof Stopped) return
        throw e
      }
    }
    if (over) return
    await stop.sleep(pending ? Math.min(tick, Math.max(0, nextPublish - at)) : tick)
  }
}
