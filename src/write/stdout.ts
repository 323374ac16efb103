/**
 * Writing the page to stdout. A reader that closes early (`| head -c 10`)
 * is not an error: the run ends quietly.
 */

import type { Writable } from 'node:stream'

export const writeToStdout = (stdout: Writable, content: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException): void => {
      if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') resolve()
      else reject(e)
    }
    stdout.once('error', onError)
    stdout.write(content, (e) => {
      stdout.removeListener('error', onError)
      if (e) onError(e)
      else resolve()
    })
  })
