/**
 * Cleanup when the process is told to stop (Ctrl-C, `kill`, a closed
 * terminal): the cleanup runs synchronously, then the signal is raised again
 * so the process ends the way the sender expects (killed by that signal).
 */

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Runs `cleanup` if a stop signal arrives before the returned release
 * function is called. `cleanup` must be synchronous and must not throw.
 */
export const onStopSignal = (cleanup: () => void): (() => void) => {
  const release = (): void => {
    for (const signal of STOP_SIGNALS) process.removeListener(signal, handler)
  }
  function handler(signal: NodeJS.Signals): void {
    release()
    cleanup()
    process.kill(process.pid, signal)
  }
  for (const signal of STOP_SIGNALS) process.on(signal, handler)
  return release
}
