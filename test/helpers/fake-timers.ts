/**
 * setTimeout and setInterval on a clock the test moves: while `body` runs,
 * the timers set in it fire only as `tick(ms)` passes their time, in the
 * order of their times. A test then tells what code that schedules its work
 * on timers (write/progress.ts) does after any time, and what it never does,
 * without waiting. `body` is synchronous: nothing else of the process runs
 * while the timers are replaced.
 */

interface FakeTimer {
  at: number
  /** Null for a timeout. */
  every: number | null
  run: () => void
}

/** What setTimeout returns, enough for clearTimeout and unref. */
interface FakeHandle {
  ref: () => FakeHandle
  unref: () => FakeHandle
  hasRef: () => boolean
  [Symbol.toPrimitive]: () => number
}

export const withFakeTimers = (body: (tick: (ms: number) => void) => void): void => {
  const real = { setTimeout, setInterval, clearTimeout, clearInterval }
  const timers = new Map<number, FakeTimer>()
  let now = 0
  let lastId = 0
  const handle = (id: number): FakeHandle => {
    const self: FakeHandle = { ref: () => self, unref: () => self, hasRef: () => false, [Symbol.toPrimitive]: () => id }
    return self
  }
  const schedule = (repeat: boolean) => (run: () => void, ms = 0): FakeHandle => {
    const every = Math.max(1, ms)
    timers.set(++lastId, { at: now + every, every: repeat ? every : null, run })
    return handle(lastId)
  }
  const clear = (timer: unknown): void => void timers.delete(Number(timer))
  const tick = (ms: number): void => {
    const end = now + ms
    for (;;) {
      const [id, timer] = [...timers].filter(([, t]) => t.at <= end).sort(([a, t], [b, u]) => t.at - u.at || a - b)[0] ?? []
      if (id === undefined || timer === undefined) break
      now = timer.at
      if (timer.every === null) timers.delete(id)
      else timer.at += timer.every
      timer.run()
    }
    now = end
  }
  Object.assign(globalThis, { setTimeout: schedule(false), setInterval: schedule(true), clearTimeout: clear, clearInterval: clear })
  try {
    body(tick)
  } finally {
    Object.assign(globalThis, real)
  }
}
