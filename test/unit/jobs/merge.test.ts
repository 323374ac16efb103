/**
 * The merge job (src/jobs/merge.ts), called in this process: the rows of
 * several servers, newest first across all, tokens kept; lines that are no
 * rows counted and said, or under --strict nothing written.
 */

import { copyFile, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import t, { type Test } from 'tap'
import { merge, type MergeOptions } from '../../../src/jobs/merge.js'
import { testJobIO } from '../../helpers/job-io.js'
import { fixture } from '../../helpers/run-cli.js'

const options = (changes: Partial<MergeOptions>): MergeOptions =>
  ({
    inputs: [], output: 'rows.ndjson', limit: 10, tz: null, emit: 'ndjson', strict: false, ifChanged: false,
    anonymizeIp: false, details: { hideRaw: false, fullPaths: false }, ...changes,
  })

/** The rows of a `--emit ndjson` text, as `ip time token`. */
const rows = (text: string): string[] =>
  text.split('\n').filter(Boolean).map((line) => {
    const row = JSON.parse(line) as { ip: string; time: string; token: string }
    return `${row.ip} ${row.time} ${row.token}`
  })

const servers = async (t: Test, files: string[]): Promise<string> => {
  const dir = t.testdir()
  for (const file of files) await copyFile(fixture(`ndjson/${file}`), join(dir, file))
  return dir
}

t.test('newest first across the servers, each row as written (token and its own offset kept)', async (t) => {
  const dir = await servers(t, ['web1.ndjson', 'web2.ndjson'])
  const run = testJobIO(dir)
  t.strictSame(await merge(options({ inputs: ['web1.ndjson', 'web2.ndjson'], limit: 4 }), run.io), { rows: 4, lines: 6, skipped: 0, published: 'written' })
  t.strictSame(rows(await readFile(join(dir, 'rows.ndjson'), 'utf8')), [
    '198.51.100.1 22.11.2026 10:00:05 6b02af150012c',
    '203.0.113.1 22.11.2026 4:00:05 6b02af15000c8',
    '198.51.100.2 22.11.2026 10:00:05 6b02af1500064',
    '203.0.113.2 22.11.2026 4:00:03 6b02af130127a',
  ], 'by the instant (to the microsecond), whatever offset each was written with')
  t.strictSame(run.warnings, [])
})

t.test('--tz: every row\'s time in one zone', async (t) => {
  const dir = await servers(t, ['web1.ndjson', 'web2.ndjson'])
  await merge(options({ inputs: ['web1.ndjson', 'web2.ndjson'], limit: 2, tz: 'UTC' }), testJobIO(dir).io)
  t.strictSame(rows(await readFile(join(dir, 'rows.ndjson'), 'utf8')), ['198.51.100.1 22.11.2026 9:00:05 6b02af150012c', '203.0.113.1 22.11.2026 9:00:05 6b02af15000c8'])
})

t.test('stdin among the inputs; stdout when no output is named', async (t) => {
  const dir = await servers(t, ['web2.ndjson'])
  const run = testJobIO(dir, Readable.from([await readFile(fixture('ndjson/web1.ndjson'))]))
  t.strictSame(await merge(options({ inputs: ['-', 'web2.ndjson'], output: null, limit: 1 }), run.io), { rows: 1, lines: 6, skipped: 0, published: 'stdout' })
  t.strictSame(rows(run.stdout()), ['198.51.100.1 22.11.2026 10:00:05 6b02af150012c'])
})

t.test('lines that are no rows: one summary line after the output; under --strict nothing is written (exit 1)', async (t) => {
  const dir = await servers(t, ['web1.ndjson', 'bad-lines.ndjson'])
  const run = testJobIO(dir)
  const result = await merge(options({ inputs: ['web1.ndjson', 'bad-lines.ndjson'] }), run.io)
  t.strictSame(result, { rows: 5, lines: 8, skipped: 3, published: 'written' }, 'a blank line is no line')
  t.strictSame(run.warnings, ['skipped 3 of 8 lines (1 not JSON, 1 not a row, 1 bad timestamp); first at bad-lines.ndjson:2'])
  const strictDir = await servers(t, ['web1.ndjson', 'bad-lines.ndjson'])
  await t.rejects(merge(options({ inputs: ['web1.ndjson', 'bad-lines.ndjson'], strict: true }), testJobIO(strictDir).io), {
    message: `--strict: ${run.warnings[0] ?? ''}`, hint: 'nothing was written', exitCode: 1,
  })
  t.strictSame((await readdir(strictDir)).sort(), ['bad-lines.ndjson', 'web1.ndjson'])
})

t.test('an input that holds no rows stops the run; the output is checked first', async (t) => {
  const dir = t.testdir({ 'access.log': '192.0.2.1 - - [22/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 3\n' })
  await t.rejects(merge(options({ inputs: ['access.log'] }), testJobIO(dir).io), { message: /^access\.log: its only line is not a row written by profiler-search build --emit ndjson/, exitCode: 1 })
  await t.rejects(merge(options({ inputs: ['access.log'], output: 'access.log' }), testJobIO(dir).io), { message: 'refusing to write access.log: it is the input access.log' })
  await t.rejects(merge(options({ inputs: ['missing.ndjson'] }), testJobIO(dir).io), { message: 'cannot read missing.ndjson: no such file' })
  t.strictSame(await readdir(dir), ['access.log'])
})
