/**
 * Writing the page to stdout. A reader that closes early (`| head -c 10`)
 * is not an error: the run ends quietly.
 */

import type { Writable } from 'node:stream'

const isClosedPipe = (e: NodeJS.ErrnoException): boolean =>
  e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED'

export const writeToStdout = (stdout: Writable, content: string): Promise<void> =>
  new Promise((resolve, reject) => {
    let settled = false
    const settle = (e?: NodeJS.ErrnoException | null): void => {
      if (settled) return
      settled = true
      if (!e || isClosedPipe(e)) resolve()
      else reject(e)
    }
    // Stays attached: the write callback and a later 'error' event can both
    // report the same closed pipe, and an unheard 'error' would crash.
    stdout.on('error', settle)
    stdout.write(content, settle)
  })
