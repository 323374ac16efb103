/**
 * Waiting in a test on a condition (a line on stderr, a file, a row stored),
 * never on the clock. Its bound only stops a hang: given for an idle machine,
 * it is stretched by the machine's load per core, read at every look, so a
 * test does not fail because other work (tests beside it, other developers,
 * stress-ng) takes the cores.
 */

import { availableParallelism, loadavg } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'

/** How many times slower than idle this machine may run now: its load (the 1-minute average) per core, at least 1. */
export function slowness(): number {
  return Math.max(1, (loadavg()[0] ?? 0) / availableParallelism())
}

/** `ms` on an idle machine, stretched to this machine's load now. */
export function scaled(ms: number): number {
  return ms * slowness()
}

/**
 * Waits until `check` holds (it may answer through a promise), looking every
 * `everyMs`; fails naming `what` when it has not after `ms` (scaled).
 */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 20_000, everyMs = 20): Promise<void> {
  const started = Date.now()
  while (!(await check())) {
    const waited = Date.now() - started
    if (waited > scaled(ms)) throw new Error(`waited ${(waited / 1000).toFixed(1)} s for ${what}`)
    await sleep(everyMs)
  }
}
