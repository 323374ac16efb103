/**
 * `profiler-search build --help | head -1`: a reader that closes stdout
 * before the help (or the version) is written is no error. Each run is the
 * built bin in a process of its own whose stdout is a pipe closed before it
 * writes: every write meets EPIPE, and the run ends quietly with exit 0.
 */

import { spawn } from 'node:child_process'
import t from 'tap'
import { BIN, NODE, NODE_ARGS, ROOT } from '../helpers/run-cli.js'

/** Runs the bin with its stdout closed at once; its exit code and stderr. */
const withStdoutClosed = (args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(NODE, [...NODE_ARGS, BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    // the reading end goes before the child has started: its first write fails with EPIPE
    child.stdout.destroy()
    const stderr: Buffer[] = []
    child.stderr.on('data', (b: Buffer) => stderr.push(b))
    child.on('error', reject)
    child.on('close', (code, signal) => resolve({ code, signal, stderr: Buffer.concat(stderr).toString('utf8') }))
  })

for (const args of [['--help'], ['--version'], ['-V'], ['build', '--help'], ['watch', '--help'], ['merge', '--help'], ['serve', '--help'], ['ship', '--help']]) {
  t.test(`${args.join(' ')} with stdout closed early: exit 0, nothing on stderr`, async (t) => {
    t.strictSame(await withStdoutClosed(args), { code: 0, signal: null, stderr: '' })
  })
}
