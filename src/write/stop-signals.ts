/**
 * Cleanup when the process is told to stop (Ctrl-C, `kill`, a closed
 * terminal): every registered cleanup runs, then the signal is raised again
 * so the process ends the way the sender expects (killed by that signal);
 * a command that runs until it is stopped (`watch`) ends with an exit code
 * instead, as a service manager expects of a clean stop.
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

/** Null: the process ends by the signal; else with this exit code. */
let exitCode: number | null = null

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
  void Promise.race([Promise.allSettled(running), grace]).then(() => exitCode === null ? process.kill(process.pid, signal) : process.exit(exitCode))
}

/**
 * From now on a stop signal ends the process, once the cleanups ran, with
 * `code` instead of by the signal; the returned function undoes it.
 */
export const exitOnStopSignal = (code: number): (() => void) => {
  exitCode = code
  return () => {
    exitCode = null
  }
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
