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

import { constants as osConstants } from 'node:os'

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** The longest a process lives after a stop signal. */
export const STOP_GRACE_MS = 1000

/** A cleanup must not throw; what it cannot do is left for the next run. It hears which signal came. */
export type Cleanup = (signal: NodeJS.Signals) => void | Promise<void>

const cleanups = new Set<Cleanup>()

/** Null: the process ends by the signal; else with this exit code. */
let exitCode: number | null = null

function install(): void {
  for (const signal of STOP_SIGNALS) if (!process.listeners(signal).includes(handler)) process.on(signal, handler)
}

function uninstall(): void {
  for (const signal of STOP_SIGNALS) process.removeListener(signal, handler)
}

function handler(signal: NodeJS.Signals): void {
  uninstall()
  const running = [...cleanups].map((cleanup) => {
    try {
      return Promise.resolve(cleanup(signal))
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
export function exitOnStopSignal(code: number): (() => void) {
  exitCode = code
  return () => {
    exitCode = null
  }
}

/**
 * Runs `cleanup` if a stop signal arrives before the returned release
 * function is called.
 */
export function onStopSignal(cleanup: Cleanup): (() => void) {
  cleanups.add(cleanup)
  install()
  return () => {
    cleanups.delete(cleanup)
    if (cleanups.size === 0) uninstall()
  }
}

/** Thrown by work a stop cut short (between two writes): nothing more is done, the stop's cleanups undo the rest. */
export class Stopped extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`stopped by ${signal}`)
    this.name = 'Stopped'
  }
}

/**
 * A stop asked for, as long work sees it: `requested` is read between two
 * steps (then the work throws Stopped or ends its loop), and a `sleep`
 * between steps is cut short by it. By a signal as a rule; a server's search
 * is stopped by its deadline or by its client going away (`Reason`), and the
 * first reason given is the one that stays.
 */
export class StopRequest<Reason = NodeJS.Signals> {
  #reason: Reason | null = null
  #wake: (() => void) | null = null
  #heard: Promise<Reason> | null = null
  #hear: ((reason: Reason) => void) | null = null

  get requested(): boolean {
    return this.#reason !== null
  }

  /** Why the stop was asked for first; null while it was not. */
  get reason(): Reason | null {
    return this.#reason
  }

  /** Throws Stopped once a stop signal was asked for. */
  check(this: StopRequest<NodeJS.Signals>): void {
    if (this.#reason !== null) throw new Stopped(this.#reason)
  }

  request(reason: Reason): void {
    this.#reason ??= reason
    this.#wake?.()
    this.#hear?.(this.#reason)
  }

  /** Settles with the reason once a stop is asked for (work that waits on something else: a search waiting its turn). */
  whenRequested(): Promise<Reason> {
    if (this.#reason !== null) return Promise.resolve(this.#reason)
    return (this.#heard ??= new Promise<Reason>((resolve) => {
      this.#hear = resolve
    }))
  }

  /** Waits `ms`, or less when a stop comes first. */
  sleep(ms: number): Promise<void> {
    if (this.requested) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        this.#wake = null
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.#wake = done
    })
  }
}

/** The exit code a shell shows for a process ended by `signal`: 128 plus its number. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (osConstants.signals[signal] ?? 0)
}
