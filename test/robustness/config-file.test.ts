/**
 * A config file that is no file: a device that never ends (`/dev/zero`
 * itself is refused: anyone may write to it), a FIFO that never ends, a
 * FIFO whose writer never writes. It is read up to its size cap (exit 2,
 * one line), and reading it never holds a thread: a stop signal ends the
 * run. A run that does not end is killed, and fails.
 */

import { spawn, spawnSync } from 'node:child_process'
import { closeSync, constants, openSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { CONFIG_MAX_BYTES } from '../../src/config/load-config.js'
import { UNTRUSTED_CONFIG_HINT } from '../../src/config/trusted-config.js'
import { needsRoot } from '../helpers/other-user.js'
import { fixture, runCli, spawnCli, startCli } from '../helpers/run-cli.js'
import { waitFor } from '../helpers/wait-for.js'

const LOG = fixture('nginx/access.log')

const mkfifo = (path: string): string => {
  if (spawnSync('mkfifo', [path]).status !== 0) throw new Error(`mkfifo ${path}`)
  return path
}

t.test('--config naming /dev/zero\'s device (mode 0644, root\'s): exit 2, one line', { skip: needsRoot }, async (t) => {
  const zero = `${t.testdir({})}/zero`
  if (spawnSync('mknod', ['-m', '0644', zero, 'c', '1', '5']).status !== 0) throw new Error(`mknod ${zero}`)
  const r = await spawnCli(['build', '--config', zero, LOG], { timeoutMs: 20_000 })
  t.strictSame([r.code, r.timedOut, r.stdout, r.stderr], [2, false, '', `profiler-search: config file ${zero} is larger than 1 MiB (check the --config path)\n`])
})

t.test('--config /dev/zero (mode 0666: anyone may write to it) is refused before it is read', async (t) => {
  const r = await spawnCli(['build', '--config', '/dev/zero', LOG], { timeoutMs: 20_000 })
  t.strictSame([r.code, r.timedOut, r.stdout, r.stderr],
    [2, false, '', `profiler-search: refusing config file /dev/zero: it belongs to root, but its mode 0666 lets others write to it (${UNTRUSTED_CONFIG_HINT})\n`])
})

t.test('a config FIFO that never ends: exit 2, one line', async (t) => {
  const config = mkfifo(`${t.testdir({})}/config.json`)
  const writer = spawn('sh', ['-c', 'yes "{}" > "$1"', 'sh', config], { stdio: 'ignore' })
  t.teardown(() => void writer.kill())
  const r = await spawnCli(['build', '--config', config, LOG], { timeoutMs: 20_000 })
  t.strictSame([r.code, r.timedOut, r.stderr], [2, false, `profiler-search: config file ${config} is larger than 1 MiB (check the --config path)\n`])
})

t.test('a config FIFO whose writer never writes: SIGTERM ends the run', async (t) => {
  const config = mkfifo(`${t.testdir({})}/config.json`)
  const { child, result } = startCli(['build', '--config', config, LOG], { timeoutMs: 20_000 })
  // a writer can open the FIFO (without waiting) once the run has opened its end to read it
  let writer = -1
  await waitFor('the run to open the FIFO', () => {
    try {
      writer = openSync(config, constants.O_WRONLY | constants.O_NONBLOCK)
      return true
    } catch {
      return false
    }
  })
  t.teardown(() => closeSync(writer))
  child.kill('SIGTERM')
  const r = await result
  t.strictSame([r.signal, r.timedOut, r.stderr], ['SIGTERM', false, ''])
})

t.test('a config file of the size cap is read; one byte more is exit 2', async (t) => {
  const dir = t.testdir({})
  const json = (bytes: number): string => `{${' '.repeat(bytes - 2)}}`
  writeFileSync(`${dir}/fits.json`, json(CONFIG_MAX_BYTES))
  writeFileSync(`${dir}/over.json`, json(CONFIG_MAX_BYTES + 1))
  const fits = await runCli(['build', '--config', `${dir}/fits.json`, LOG, '-o', `${dir}/page.html`])
  t.strictSame([fits.code, fits.stderr], [0, ''])
  const over = await runCli(['build', '--config', `${dir}/over.json`, LOG])
  t.strictSame([over.code, over.stderr], [2, `profiler-search: config file ${dir}/over.json is larger than 1 MiB (check the --config path)\n`])
})
