/**
 * Several logs are a set: the logs of two vhosts (or of two servers copied
 * to one host) whose times overlap, each large enough to be read from its
 * end, give the same rows, tokens and notes in every order they are named
 * in, and the rows `--full-scan` gives; every token the page lists is found
 * by `--token`, answered by `serve`'s token pages, and published by `watch`.
 */

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { writeLargeLog } from '../helpers/large-log.js'
import { tableRows, tokenLinks } from '../helpers/page.js'
import { runCli, startCli } from '../helpers/run-cli.js'
import { startTestServer } from '../helpers/serve.js'

const dir = mkdtempSync(join(tmpdir(), 'input-set-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

// 30,000 generated lines each (about 6.8 MB, read from their end), over the same hours of the same day
const web1 = join(dir, 'web1.log')
const web2 = join(dir, 'web2.log')
writeLargeLog(web1, 30_000, 1)
writeLargeLog(web2, 30_000, 2)
// one name in two folders
for (const [folder, seed] of [['a', 3], ['b', 4]] as const) {
  mkdirSync(join(dir, folder))
  writeLargeLog(join(dir, folder, 'access.log'), 30_000, seed)
}

interface Row { [key: string]: unknown }
const rows = (stdout: string): Row[] => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Row)
/** The rows without where each line was found (a line number forwards, a byte offset from the end). */
const withoutPlace = (list: Row[]): Row[] => list.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'line' && key !== 'byteOffset')))

const build = (inputs: string[], args: string[]) => runCli(['build', ...inputs, '--emit', 'ndjson', '--tz', 'UTC', ...args])

const SEARCHES: string[][] = [
  ['--limit', '10'],
  ['--limit', '1'],
  ['--limit', '200'],
  ['--method', 'any', '--status', 'any', '--limit', '50'],
  ['--status', '4xx', '--method', 'any', '--any-url', '--limit', '5'],
]

for (const [name, inputs] of [['two vhosts', [web1, web2]], ['one name in two folders', [join(dir, 'a', 'access.log'), join(dir, 'b', 'access.log')]]] as const) {
  t.test(`${name}: every order gives what --full-scan gives, and the same notes`, async (t) => {
    for (const search of SEARCHES) {
      const full = await build([...inputs], [...search, '--full-scan'])
      t.equal(full.code, 0, full.stderr)
      const forwards = await build([...inputs], [...search, '--verbose'])
      const backwards = await build([...inputs].reverse(), [...search, '--verbose'])
      t.equal(forwards.code, 0, forwards.stderr)
      t.equal(backwards.code, 0, backwards.stderr)
      const listed = rows(full.stdout)
      t.equal(listed.length, Number(search[search.indexOf('--limit') + 1]), `${search.join(' ')}: a full page`)
      if (listed.length >= 200) t.equal(new Set(listed.map((row) => row.source)).size, 2, `${search.join(' ')}: rows of both logs`)
      t.strictSame(withoutPlace(rows(forwards.stdout)), withoutPlace(listed), `${search.join(' ')}: as named, the rows of --full-scan`)
      t.equal(backwards.stdout, forwards.stdout, `${search.join(' ')}: named the other way round, the same bytes`)
      t.equal(backwards.stderr, forwards.stderr, `${search.join(' ')}: the same notes`)
      t.match(forwards.stderr, new RegExp(`^profiler-search: ${inputs[0]}: log format combined \\(auto\\)\\nprofiler-search: ${inputs[1]}: log format combined \\(auto\\)\\n`))
    }
  })
}

t.test('--token finds every token the page lists, whichever log is named first', async (t) => {
  const page = await build([web2, web1], ['--method', 'any', '--status', 'any', '--limit', '40'])
  t.equal(page.code, 0, page.stderr)
  const listed = rows(page.stdout)
  t.equal(listed.length, 40)
  for (const row of listed) {
    for (const inputs of [[web2, web1], [web1, web2]]) {
      const found = await build(inputs, ['--method', 'any', '--status', 'any', '--token', row.token as string])
      t.equal(found.code, 0, found.stderr)
      t.strictSame(rows(found.stdout).map((r) => [r.token, r.url, r.source]), [[row.token, row.url, row.source]], `${row.token as string}, ${inputs.join(' ')}`)
    }
  }
})

t.test('serve: a search over both logs lists the rows of --full-scan, and each token link answers with its row', async (t) => {
  const server = await startTestServer(t, [web2, web1], ['--tz', 'UTC'])
  const query = '?method=&status_code=&limit=100'
  const r = await server.get(`/${query}`)
  t.equal(r.status, 200)
  const full = await build([web1, web2], ['--method', 'any', '--status', 'any', '--limit', '100', '--full-scan'])
  const served = tableRows(r.body)
  t.strictSame(served.map((cells) => cells[5]), rows(full.stdout).map((row) => row.token), 'the tokens of --full-scan, in its order')
  const links = tokenLinks(r.body)
  t.equal(links.length, 100)
  for (const link of links) {
    const page = await server.get(link)
    t.equal(page.status, 200, link)
  }
})

t.test('watch: the page it publishes first lists the rows of --full-scan, whichever log is named first', async (t) => {
  const page = join(dir, 'watched.ndjson')
  const watching = startCli(['watch', web2, web1, '-o', page, '--emit', 'ndjson', '--limit', '20', '--tz', 'UTC'])
  t.teardown(() => void watching.child.kill('SIGKILL'))
  // the first publish: after the whole scan (a page is written only whole, renamed into place)
  for (const end = Date.now() + 60_000; !existsSync(page); await sleep(20)) if (Date.now() > end || watching.child.exitCode !== null) throw new Error('no page published')
  const full = await build([web1, web2], ['--limit', '20', '--full-scan'])
  t.strictSame(withoutPlace(rows(readFileSync(page, 'utf8'))), withoutPlace(rows(full.stdout)))
  watching.child.kill('SIGTERM')
  const r = await watching.result
  t.strictSame([r.code, r.stderr], [0, ''])
})
