/**
 * Reading big plain files from their end, through the built bin: the same
 * rows as --full-scan, rows located by byte offset, older generations of a
 * rotated set left unread, and the options' errors.
 */

import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'
import t from 'tap'
import { runCli } from '../helpers/run-cli.js'
import { writeLargeLog } from '../helpers/large-log.js'

const dir = mkdtempSync(join(tmpdir(), 'backward-cli-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

// 30,000 generated lines: about 6.8 MB, above the 4 MiB at which files are read from their end.
const big = join(dir, 'access.log')
writeLargeLog(big, 30_000, 11)

interface Row { [key: string]: unknown }
const rows = (stdout: string): Row[] => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Row)
/** The rows without where each line was found (a line number forwards, a byte offset from the end). */
const withoutPlace = (list: Row[]): Row[] => list.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'line' && key !== 'byteOffset')))

t.test('a big file read from its end lists what a full scan lists', async (t) => {
  t.ok(statSync(big).size > 4 * 1024 * 1024)
  for (const limit of ['1', '10', '200']) {
    const backward = await runCli(['build', big, '--emit', 'ndjson', '--tz', 'UTC', '--limit', limit, '--verbose'])
    const full = await runCli(['build', big, '--emit', 'ndjson', '--tz', 'UTC', '--limit', limit, '--full-scan'])
    t.equal(backward.code, 0, backward.stderr)
    t.equal(full.code, 0, full.stderr)
    t.equal(rows(backward.stdout).length, Number(limit))
    t.same(withoutPlace(rows(backward.stdout)), withoutPlace(rows(full.stdout)), `--limit ${limit}: same rows`)
    t.equal(backward.stderr,
      `profiler-search: ${big}: log format combined (auto)\nprofiler-search: ${big}: stopped reading, the newest ${limit} are certain\n`,
      `--limit ${limit}: says which format and where it stopped`)
    // Found from the end: a byte offset instead of a line number, pointing at the line itself.
    const text = readFileSync(big)
    for (const row of rows(backward.stdout)) {
      t.equal(row.line, null)
      const offset = row.byteOffset as number
      t.equal(text.toString('utf8', offset, text.indexOf(10, offset)), row.raw, `byte ${offset} starts the row's line`)
    }
    for (const [i, row] of rows(full.stdout).entries()) {
      t.equal(row.byteOffset, null)
      t.equal(typeof row.line, 'number', `full scan row ${i} has a line number`)
    }
  }
})

t.test('--token read from the end stops once every line left is older than the token\'s second: the row --full-scan finds', async (t) => {
  const all = rows((await runCli(['build', big, '--emit', 'ndjson', '--limit', '200'])).stdout)
  // a row well inside the file: the 150th newest
  const token = all[149]?.token as string
  const backward = await runCli(['build', big, '--emit', 'ndjson', '--token', token, '--verbose'])
  const full = await runCli(['build', big, '--emit', 'ndjson', '--token', token, '--full-scan'])
  t.equal(backward.code, 0, backward.stderr)
  t.same(withoutPlace(rows(backward.stdout)), withoutPlace(rows(full.stdout)))
  t.strictSame(rows(backward.stdout).map((row) => row.token), [token])
  t.equal(backward.stderr,
    `profiler-search: ${big}: log format combined (auto)\nprofiler-search: ${big}: stopped reading, no line not read can be of the token's second\n`)
})

t.test('older generations of a rotated set are not read once the rows are certain', async (t) => {
  const set = join(dir, 'set')
  rmSync(set, { recursive: true, force: true })
  const { mkdirSync } = await import('node:fs')
  mkdirSync(set)
  copyFileSync(big, join(set, 'access.log'))
  // Not even gzip data: reading it would fail the run.
  writeFileSync(join(set, 'access.log.1.gz'), gzipSync('x').subarray(0, 5))
  const r = await runCli(['build', join(set, 'access.log.1.gz'), join(set, 'access.log'), '--verbose', '-o', join(set, 'out.html')])
  t.equal(r.code, 0, r.stderr)
  t.match(r.stderr, /: stopped reading, the newest 10 are certain; 1 older input\(s\) not read\n/)
  const full = await runCli(['build', join(set, 'access.log.1.gz'), join(set, 'access.log'), '--full-scan', '-o', join(set, 'out.html')])
  t.equal(full.code, 2, 'a full scan reads it, and fails')
  t.match(full.stderr, /access\.log\.1\.gz: the gzip data is truncated or corrupt/)
})

t.test('--order-tolerance and --full-scan', async (t) => {
  const bad = await runCli(['build', big, '--order-tolerance', 'soon'])
  t.equal(bad.code, 2)
  t.equal(bad.stderr, "profiler-search: option '--order-tolerance <seconds>' argument 'soon' is invalid. give a whole number of seconds, 0 or more (see profiler-search build --help)\n")
  const negative = await runCli(['build', big, '--order-tolerance', '-5'])
  t.equal(negative.code, 2)
  // A zero tolerance on an in-order log gives the same rows.
  const zero = await runCli(['build', big, '--emit', 'ndjson', '--order-tolerance', '0'])
  const normal = await runCli(['build', big, '--emit', 'ndjson'])
  t.same(withoutPlace(rows(zero.stdout)), withoutPlace(rows(normal.stdout)))
})

t.test('no progress line when stderr is not a terminal', async (t) => {
  const r = await runCli(['build', big, '--full-scan', '-o', join(dir, 'p.html')])
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
})
