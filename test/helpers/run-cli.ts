/** Spawns the built bin the way a user runs it. */

import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const BIN = fileURLToPath(new URL('../../bin/profiler-search.js', import.meta.url))
export const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url))

export interface CliResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export interface CliOptions {
  /** Bytes for stdin; stdin is closed empty when absent. */
  input?: string | Buffer
  cwd?: string
  env?: NodeJS.ProcessEnv
}

export const runCli = (args: readonly string[], options: CliOptions = {}): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, TZ: 'UTC', LANG: 'C', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (b: Buffer) => out.push(b))
    child.stderr.on('data', (b: Buffer) => err.push(b))
    child.on('error', reject)
    child.on('close', (code, signal) =>
      resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }))
    child.stdin.on('error', () => undefined)
    child.stdin.end(options.input ?? '')
  })
