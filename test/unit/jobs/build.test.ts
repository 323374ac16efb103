/**
 * The build job end to end (src/jobs/build.ts), called in this process:
 * checks before reading, the listing published, what was skipped said (or
 * under --strict, nothing written), and what it returns.
 */

import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import t from 'tap'
import type { BuildOptions } from '../../../src/jobs/build-options.js'
import { build } from '../../../src/jobs/build.js'
import { CRITERION_PARSERS } from '../../../src/select/criteria.js'
import { buildOptions } from '../../helpers/build-options.js'
import { testJobIO } from '../../helpers/job-io.js'
import { logLine } from '../../helpers/log-source.js'

const options = (changes: Partial<BuildOptions>): BuildOptions => {
  const base = buildOptions({ output: 'rows.ndjson', emit: 'ndjson', ...changes })
  return { ...base, criteria: { ...base.criteria, anyUrl: true, ...changes.criteria } }
}

const lines = (...numbers: number[]): string => numbers.map((n) => `${logLine(n, n)}\n`).join('')

const rowsOf = async (file: string): Promise<string[]> =>
  (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { ip: string }).ip)

t.test('the newest rows published; what it did returned', async (t) => {
  const dir = t.testdir({ 'access.log': lines(1, 2, 3, 4) })
  const run = testJobIO(dir)
  t.strictSame(await build(options({ inputs: ['access.log'], limit: 3 }), run.io), { rows: 3, lines: 4, skipped: 0, published: 'written' })
  t.strictSame(await rowsOf(join(dir, 'rows.ndjson')), ['192.0.2.4', '192.0.2.3', '192.0.2.2'])
  t.strictSame(run.warnings, [])
})

t.test('stdout when no output is named', async (t) => {
  const run = testJobIO('/', Readable.from([lines(1, 2)]))
  t.strictSame(await build(options({ inputs: [], output: null }), run.io), { rows: 2, lines: 2, skipped: 0, published: 'stdout' })
  t.equal(run.stdout().split('\n').filter(Boolean).length, 2)
})

t.test('skipped lines: one summary line, none under --quiet; under --strict nothing is written (exit 1)', async (t) => {
  const dir = t.testdir({ 'access.log': `${lines(1)}junk\n${lines(3)}` })
  const run = testJobIO(dir)
  t.strictSame(await build(options({ inputs: ['access.log'] }), run.io), { rows: 2, lines: 3, skipped: 1, published: 'written' })
  t.strictSame(run.warnings, ['skipped 1 of 3 lines (1 not a log line); first at access.log:2'])
  const quiet = testJobIO(dir)
  await build(options({ inputs: ['access.log'], quiet: true }), quiet.io)
  t.strictSame(quiet.warnings, [])
  const strictDir = t.testdir({ 'access.log': `${lines(1)}junk\n` })
  await t.rejects(build(options({ inputs: ['access.log'], strict: true }), testJobIO(strictDir).io), {
    message: '--strict: skipped 1 of 2 lines (1 not a log line); first at access.log:2', hint: 'nothing was written', exitCode: 1,
  })
  t.strictSame(await readdir(strictDir), ['access.log'], 'no output, no temporary file')
})

t.test('--if-changed: the same bytes leave the file alone, and --verbose says so', async (t) => {
  const dir = t.testdir({ 'access.log': lines(1, 2) })
  await build(options({ inputs: ['access.log'], ifChanged: true }), testJobIO(dir).io)
  const run = testJobIO(dir)
  t.match(await build(options({ inputs: ['access.log'], ifChanged: true, verbose: true }), run.io), { published: 'unchanged' })
  t.strictSame(run.warnings, ['access.log: log format combined (auto)', 'rows.ndjson is unchanged, left as it was (--if-changed)'])
})

t.test('checked before anything is read: the criteria, then the output, then the inputs', async (t) => {
  const dir = t.testdir({ 'access.log': lines(1) })
  const impossible = { ...options({}).criteria, from: CRITERION_PARSERS.from('2026-11-23'), until: CRITERION_PARSERS.until('2026-11-22') }
  await t.rejects(build(options({ inputs: ['access.log'], criteria: impossible }), testJobIO(dir).io), { message: '--from 2026-11-23 is after --until 2026-11-22' })
  await t.rejects(build(options({ inputs: ['access.log'], output: 'access.log' }), testJobIO(dir).io), { message: 'refusing to write access.log: it is the input access.log' })
  await t.rejects(build(options({ inputs: ['missing.log'] }), testJobIO(dir).io), { message: 'cannot read missing.log: no such file' })
  await t.rejects(build(options({ inputs: ['access.log'], notices: { files: ['missing.php.log'], limit: 10, all: false, redactPaths: [] } }), testJobIO(dir).io),
    { message: '--notices: cannot read missing.php.log: no such file' })
  t.strictSame(await readdir(dir), ['access.log'], 'nothing written by any of them')
})
