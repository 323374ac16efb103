/**
 * Pipes named by path are read as streams, from where they stand: a FIFO,
 * `/dev/stdin`, a shell's process substitution `<(…)`. They cannot seek, so
 * positioned reads would fail with ESPIPE.
 */

import { spawn, spawnSync } from 'node:child_process'
import t from 'tap'
import { tableRows } from '../helpers/page.js'
import { BIN, fixture, NODE, ROOT, runCli, spawnCli } from '../helpers/run-cli.js'

const LOG = fixture('nginx/access.log')

const expected = async (): Promise<string[][]> => tableRows((await runCli(['build', LOG])).stdout)

t.test('a FIFO named by path', async (t) => {
  const dir = t.testdir({})
  const fifo = `${dir}/access.fifo`
  t.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo')
  const writer = spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', LOG, fifo], { stdio: 'ignore' })
  const written = new Promise((resolve) => writer.on('close', resolve))
  const r = await runCli(['build', fifo])
  t.equal(r.code, 0, r.stderr)
  t.strictSame(tableRows(r.stdout), await expected())
  t.equal(await written, 0, 'the writer finished')
})

t.test('/dev/stdin named by path, stdin a pipe of the shell', async (t) => {
  const r = spawnSync(NODE, ['-u', 'NODE_OPTIONS', 'bash', '-c', `cat "$2" | "${process.execPath}" "$1" build /dev/stdin`, 'bash', BIN, LOG], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } })
  t.equal(r.status, 0, r.stderr)
  t.strictSame(tableRows(r.stdout), await expected())
})

t.test('/dev/stdin named by path when stdin is a socket: one line, exit 2', async (t) => {
  // a child's stdin from node is a socket pair; Linux cannot open a socket by its path
  const r = await spawnCli(['build', '/dev/stdin'], { input: 'x' })
  t.strictSame([r.code, r.stderr], [2, 'profiler-search: cannot read /dev/stdin: no such device (a socket cannot be opened by its path: use - to read stdin)\n'])
})

t.test('a process substitution <(…)', async (t) => {
  const r = spawnSync(NODE, ['-u', 'NODE_OPTIONS', 'bash', '-c', `"${process.execPath}" "$1" build <(cat "$2")`, 'bash', BIN, LOG], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } })
  t.equal(r.status, 0, r.stderr)
  t.strictSame(tableRows(r.stdout), await expected())
})
