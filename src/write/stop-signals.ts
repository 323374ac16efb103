/**
 * Cleanup when the process is told to stop (Ctrl-C, `kill`, a closed
 * terminal): every registered cleanup runs, then the signal is raised again
 * so the process ends the way the sender expects (killed by that signal).
 * A cleanup may be asynchronous (it waits for writes under way to settle
 * before it removes what they wrote), but the process ends within
 * STOP_GRACE_MS of the signal whatever the cleanups do, and a second signal
 * ends it at once.
 */

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** The longest a process lives after a stop signal. */
export const STOP_GRACE_MS = 1000

/** A cleanup must not throw; what it cannot do is left for the next run. */
export type Cleanup = () => void | Promise<void>

const cleanups = new Set<Cleanup>()

const install = (): void => {
  for (const signal of STOP_SIGNALS) if (!process.listeners(signal).includes(handler)) process.on(signal, handler)
}

const uninstall = (): void => {
  for (const signal of STOP_SIGNALS) process.removeListener(signal, handler)
}

function handler(signal: NodeJS.Signals): void {
  uninstall()
  const running = [...cleanups].map((cleanup) => {
    try {
      return Promise.resolve(cleanup())
    } catch {
      return Promise.resolve()
    }
  })
  cleanups.clear()
  const grace = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())
  void Promise.race([Promise.allSettled(running), grace]).then(() => process.kill(process.pid, signal))
}

/**
 * Runs `cleanup` if a stop signal arrives before the returned release
 * function is called.
 */
export const onStopSignal = (cleanup: Cleanup): (() => void) => {
  cleanups.add(cleanup)
  install()
  return () => {
    cleanups.delete(cleanup)
    if (cleanups.size === 0) uninstall()
  }
}
