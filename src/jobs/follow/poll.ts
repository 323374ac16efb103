/**
 * One look at every followed input (a watch's loop, serve's default rows):
 * what each gained since the last look goes into the selection; an input
 * that cannot be read on is said once and dropped.
 */

import { isUserError } from '../../errors.js'
import type { Followed } from './followed-inputs.js'

/** How often the followed files are looked at. */
export const POLL_MS = 250

/** Polls every followed input once; says whether what the page shows may have changed. An input that cannot be read on is said and dropped. */
export async function pollAll(followed: Followed[], warn: (line: string) => void): Promise<boolean> {
  let changed = false
  for (const input of [...followed]) {
    try {
      if (await input.poll()) changed = true
    } catch (e) {
      if (!isUserError(e)) throw e
      // the lines it read before it broke off were taken (followed-inputs.ts)
      changed = true
      warn(`${e.message}; ${input.label} is not read any more`)
      followed.splice(followed.indexOf(input), 1)
      await input.close()
    }
  }
  return changed
}
