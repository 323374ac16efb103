/**
 * The built bin, one run per command, as a user runs it: the bundle must
 * give exactly what the source gives in process (the other CLI tests), and a
 * bug's stack must still name the src/ files and lines.
 */

import { existsSync, readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import t from 'tap'
import { fileFrames, PLANT_BUG } from '../helpers/planted-bug.js'
import { fixture, NODE, NODE_ARGS, ROOT, runCli, spawnCli, startCli } from '../helpers/run-cli.js'
import { tableRows } from '../helpers/page.js'
import { request } from '../helpers/serve.js'

const VERSION = (JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { version: string }).version

t.test('build: the bin writes the page the source writes', async (t) => {
  const args = ['build', 'fixtures/nginx/access.log', '--notices', 'fixtures/php/error_log']
  const [bin, source] = await Promise.all([spawnCli(args), runCli(args)])
  t.equal(bin.code, 0, bin.stderr)
  t.equal(bin.stderr, source.stderr)
  t.equal(bin.stdout, source.stdout)
})

t.test('merge: the bin merges what the source merges', async (t) => {
  const dir = t.testdir({})
  for (const [name, log] of [['a', 'nginx/access.log'], ['b', 'apache/access.log']] as const) {
    const r = await runCli(['build', '--emit', 'ndjson', '--limit', '20', fixture(log), '-o', `${dir}/${name}.ndjson`])
    t.equal(r.code, 0, r.stderr)
  }
  const args = ['merge', '--emit', 'csv', `${dir}/a.ndjson`, `${dir}/b.ndjson`]
  const [bin, source] = await Promise.all([spawnCli(args), runCli(args)])
  t.equal(bin.code, 0, bin.stderr)
  t.equal(bin.stdout, source.stdout)
})

t.test('serve: the bin serves the rows build lists, logs each request, and ends with exit 0 on SIGTERM', async (t) => {
  const { child, result } = startCli(['serve', 'fixtures/nginx/access.log', '--listen', '127.0.0.1:0'], { timeoutMs: 60_000 })
  child.stdin.end()
  let said = ''
  const serving = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString()
      const url = /serving (http:\/\/127\.0\.0\.1:\d+)\//.exec(said)?.[1]
      if (url !== undefined) resolve(url)
    })
    child.on('close', () => reject(new Error(`serve ended: ${said}`)))
  })
  const page = await request(serving, '/?limit=50')
  t.equal(page.status, 200)
  t.strictSame(tableRows(page.body), tableRows((await runCli(['build', 'fixtures/nginx/access.log', '--limit', '50'])).stdout))
  child.kill('SIGTERM')
  const ended = await result
  t.strictSame([ended.code, ended.signal, ended.stdout], [0, null, ''])
  t.match(ended.stderr.split('\n'), [
    `profiler-search: serving ${serving}/ (30 rows in memory)`,
    /^127\.0\.0\.1 - - \[[^\]]+\] "GET \/\?limit=50 HTTP\/1\.1" 200 \d+ "-" "-"$/,
    '',
  ])
})

t.test('serve --htpasswd: the bin asks for credentials (401), then checks them with bcrypt (200)', async (t) => {
  // alice:s3cret, as `htpasswd -nbB` writes it
  const dir = t.testdir({ users: 'alice:$2y$05$WbGIptCpY13T6U4q/56bN.qB4W0aLNtvg6ituaU6q4yfFI4NVelqa\n' })
  const { child, result } = startCli(['serve', 'fixtures/nginx/access.log', '--listen', '0.0.0.0:0', '--htpasswd', `${dir}/users`], { timeoutMs: 60_000 })
  child.stdin.end()
  let said = ''
  const port = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString()
      const found = /serving http:\/\/[^/]*:(\d+)\//.exec(said)?.[1]
      if (found !== undefined) resolve(found)
    })
    child.on('close', () => reject(new Error(`serve ended: ${said}`)))
  })
  const base = `http://127.0.0.1:${port}`
  const host = `localhost:${port}`
  const basic = (password: string): string => `Basic ${Buffer.from(`alice:${password}`).toString('base64')}`
  t.equal((await request(base, '/', { headers: { Host: host } })).status, 401)
  t.equal((await request(base, '/')).status, 401, 'the address the request came in on is this server\'s (not 421)')
  t.equal((await request(base, '/', { headers: { Host: `rebound.example:${port}` } })).status, 421)
  t.equal((await request(base, '/', { headers: { Host: host, Authorization: basic('wrong') } })).status, 401)
  const page = await request(base, '/?limit=50', { headers: { Host: host, Authorization: basic('s3cret') } })
  t.equal(page.status, 200)
  t.strictSame(tableRows(page.body), tableRows((await runCli(['build', 'fixtures/nginx/access.log', '--limit', '50'])).stdout))
  child.kill('SIGTERM')
  const ended = await result
  t.strictSame([ended.code, ended.signal], [0, null])
  t.notMatch(ended.stderr, /Error|at /, 'no stack on stderr')
})

t.test('--version and --help', async (t) => {
  t.strictSame(await spawnCli(['--version']), { code: 0, signal: null, stdout: `${VERSION}\n`, stderr: '' })
  const help = await spawnCli(['--help'])
  t.equal(help.code, 0)
  t.equal(help.stdout, (await runCli(['--help'])).stdout)
})

t.test('a bug: exit 70, and its stack names src/ files and lines through the source map', async (t) => {
  const { spawnSync } = await import('node:child_process')
  const r = spawnSync(NODE, [...NODE_ARGS, `--import=${PLANT_BUG}`, 'bin/profiler-search.js', 'build', 'fixtures/nginx/access.log'], { cwd: ROOT, encoding: 'utf8' })
  t.equal(r.status, 70)
  t.equal(r.stdout, '')
  const [first, second] = r.stderr.split('\n')
  t.equal(first, 'profiler-search: internal error, please report it:')
  t.equal(second, 'TypeError: a bug planted by the test')
  t.match(r.stderr, /\n {4}at .*\/src\/input\/open-inputs\.ts:\d+:\d+\)?\n/, 'a frame in src/, not in the bundle')
  const frames = fileFrames(r.stderr)
  t.strictSame(frames.filter(({ file }) => !(file.startsWith(`${ROOT}src/`) || file === `${ROOT}dist/program.cjs`) || !existsSync(file)), [],
    'every frame names a file of src/ or the bundle, where it is')
  // what stays in the bundle is the code of the libraries it holds (their files in node_modules may be other versions)
  const map = new SourceMap(JSON.parse(readFileSync(`${ROOT}dist/program.cjs.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0])
  const inBundle = frames.filter(({ file }) => file === `${ROOT}dist/program.cjs`)
  t.ok(inBundle.length > 0, 'commander calls the command')
  t.strictSame(inBundle.map(({ line, column }) => map.findEntry(line - 1, column - 1)).filter((entry) =>
    !('originalSource' in entry) || !entry.originalSource.startsWith('../node_modules/')), [], 'no frame of src/ left in the bundle')
})
