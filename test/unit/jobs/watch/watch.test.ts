/**
 * The watch job (src/jobs/watch/watch.ts), called in this process on runs
 * that end by themselves: the first page as a build makes it, then the
 * inputs followed until nothing is left to follow. (A watch of a live file
 * ends only by a stop signal: test/cli/watch.test.ts and
 * test/robustness/watch.test.ts run it as a process.)
 */

import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import type { BuildOptions } from '../../../../src/jobs/build-options.js'
import { watch, type WatchOptions } from '../../../../src/jobs/watch/watch.js'
import { FOLLOW_TIMING } from '../../../../src/input/follow-file.js'
import { CRITERION_PARSERS } from '../../../../src/select/criteria.js'
import { STOP_SIGNALS } from '../../../../src/stop.js'
import { buildOptions } from '../../../helpers/build-options.js'
import { testJobIO } from '../../../helpers/job-io.js'
import { logLine } from '../../../helpers/log-source.js'

const options = (changes: Partial<BuildOptions>): WatchOptions => {
  const base = buildOptions({ output: 'rows.ndjson', emit: 'ndjson', limit: 10, ...changes })
  return { ...base, criteria: { ...base.criteria, anyUrl: true }, intervalMs: 5, refresh: null, follow: FOLLOW_TIMING }
}

/** The client addresses of the rows in `file`, newest first. */
const rowsOf = async (file: string): Promise<string[]> =>
  (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { ip: string }).ip)

const lines = (...numbers: number[]): string => numbers.map((n) => `${logLine(n, n)}\n`).join('')

t.test('history alone (rotated names, gzip): the first page, and nothing left to follow', async (t) => {
  const dir = t.testdir({ 'access.log.1': lines(3, 4) })
  await writeFile(join(dir, 'access.log.2.gz'), gzipSync(lines(1, 2)))
  const run = testJobIO(dir)
  t.strictSame(await watch(options({ inputs: ['access.log.2.gz', 'access.log.1'] }), run.io), { published: 1 })
  t.strictSame(await rowsOf(join(dir, 'rows.ndjson')), ['192.0.2.4', '192.0.2.3', '192.0.2.2', '192.0.2.1'])
  t.strictSame(run.warnings, [])
  t.strictSame(await readdir(dir), ['access.log.1', 'access.log.2.gz', 'rows.ndjson'], 'no temporary file left')
})

t.test('stdin: read while followed; the page is published again when it ends', async (t) => {
  const dir = t.testdir({ 'access.log.1': lines(1) })
  const run = testJobIO(dir, Readable.from([lines(2, 3), lines(4)]))
  t.strictSame(await watch(options({ inputs: ['access.log.1', '-'] }), run.io), { published: 2 })
  t.strictSame(await rowsOf(join(dir, 'rows.ndjson')), ['192.0.2.4', '192.0.2.3', '192.0.2.2', '192.0.2.1'])
})

t.test('lines skipped: said after the first page, and for the lines read while following', async (t) => {
  const dir = t.testdir({ 'access.log.1': `${lines(1)}junk\n` })
  const run = testJobIO(dir, Readable.from([`${lines(2)}more junk\n`]))
  t.strictSame(await watch(options({ inputs: ['access.log.1', '-'] }), run.io), { published: 2 })
  t.strictSame(run.warnings, [
    'skipped 1 of 2 lines (1 not a log line); first at access.log.1:2',
    'while following: skipped 1 of 2 lines (1 not a log line); first at stdin:2',
  ])
  const quiet = testJobIO(dir, Readable.from([`${lines(2)}more junk\n`]))
  await watch(options({ inputs: ['access.log.1', '-'], quiet: true }), quiet.io)
  t.strictSame(quiet.warnings, [], '--quiet says nothing of them')
})

t.test('a problem before the first page ends the run as a build: nothing written, the stop handlers let go', async (t) => {
  const dir = t.testdir({ 'access.log.1': lines(1) })
  const listeners = (): number[] => STOP_SIGNALS.map((signal) => process.listenerCount(signal))
  const before = listeners()
  await t.rejects(watch(options({ inputs: ['access.log.1', 'missing.log'] }), testJobIO(dir).io), {
    message: 'cannot read missing.log: no such file', exitCode: 2,
  })
  await t.rejects(watch(options({ inputs: ['access.log.1'], output: 'missing/rows.ndjson' }), testJobIO(dir).io), {
    message: 'cannot write missing/rows.ndjson: its folder does not exist', exitCode: 2,
  })
  t.strictSame(await readdir(dir), ['access.log.1'])
  t.strictSame(listeners(), before)
})

t.test('the criteria are checked before the output is touched', async (t) => {
  const dir = t.testdir({ 'access.log.1': lines(1) })
  const base = options({ inputs: ['access.log.1'] })
  const criteria = { ...base.criteria, from: CRITERION_PARSERS.from('2026-11-23'), until: CRITERION_PARSERS.until('2026-11-22') }
  await t.rejects(watch({ ...base, criteria }, testJobIO(dir).io), { message: '--from 2026-11-23 is after --until 2026-11-22', exitCode: 2 })
  t.strictSame(await readdir(dir), ['access.log.1'])
})
