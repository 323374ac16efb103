/**
 * The steps of reading access logs that build and watch share
 * (src/jobs/log-reading.ts): the selection the options ask for, the inputs
 * read into it through the spine (newest first, from their end, stopping
 * early unless --full-scan), and the listing it holds.
 */

import { Readable } from 'node:stream'
import t from 'tap'
import { openInputs, type OpenedInput } from '../../../src/input/open-inputs.js'
import type { BuildOptions } from '../../../src/jobs/build-options.js'
import { jobIO } from '../../../src/jobs/job-io.js'
import { logListing, readLogs, startLogReading, workerJob } from '../../../src/jobs/log-reading.js'
import { parseCidr, type Cidr } from '../../../src/parse/record/client-ip.js'
import { parseLogFormat } from '../../../src/parse/format/log-format-option.js'
import { THREAD_SIZES } from '../../../src/source/threaded-reading.js'
import { NewestRecords, TokenRecords } from '../../../src/select/selection.js'
import { buildOptions } from '../../helpers/build-options.js'
import { fakePool } from '../../helpers/fake-workers.js'
import { testJobIO } from '../../helpers/job-io.js'
import { logLine } from '../../helpers/log-source.js'

const options = (changes: Partial<BuildOptions> = {}): BuildOptions => {
  const base = buildOptions({ tz: 'UTC', ...changes })
  return { ...base, criteria: { ...base.criteria, anyUrl: true, ...changes.criteria } }
}

const lines = (...numbers: number[]): string => numbers.map((n) => `${logLine(n, n)}\n`).join('')

const open = (names: string[], cwd: string): Promise<OpenedInput[]> => openInputs(names, () => Readable.from([]), cwd)

t.test('the selection: the newest N, or the records that may hold --token', async (t) => {
  const run = testJobIO('/')
  t.ok(startLogReading(options(), run.io).selection instanceof NewestRecords)
  const token = startLogReading(options({ criteria: { ...options().criteria, token: '6b02af1b4c6f3' } }), run.io)
  t.ok(token.selection instanceof TokenRecords)
})

t.test('notes and skipped lines are shown only under --verbose', async (t) => {
  const dir = t.testdir({ 'a.log': `${lines(1)}junk\n` })
  const quiet = testJobIO(dir)
  const reading = startLogReading(options(), quiet.io)
  reading.note('a note')
  await readLogs(await open(['a.log'], dir), reading, options(), quiet.io)
  t.strictSame(quiet.warnings, [])
  const verbose = testJobIO(dir)
  const loud = startLogReading(options({ verbose: true }), verbose.io)
  loud.note('a note')
  await readLogs(await open(['a.log'], dir), loud, options({ verbose: true }), verbose.io)
  t.strictSame(verbose.warnings, ['a note', 'a.log: log format combined (auto)', 'a.log:2: not a log line: junk'])
})

t.test('inputs read newest first, from their end, until the newest N are certain', async (t) => {
  const dir = t.testdir({ 'access.log': lines(5, 6, 7), 'access.log.1': lines(1, 2, 3, 4) })
  const verbose = options({ verbose: true, limit: 2, backwardMinBytes: 1, orderTolerance: 0 })
  const run = testJobIO(dir)
  const reading = startLogReading(verbose, run.io)
  await readLogs(await open(['access.log.1', 'access.log'], dir), reading, verbose, run.io)
  t.strictSame(reading.selection.newestFirst().map((record) => record.ip), ['192.0.2.7', '192.0.2.6'])
  t.strictSame(run.warnings, ['access.log: log format combined (auto)', 'access.log: stopped reading, the newest 2 are certain; 1 older input(s) not read'])
  t.equal(reading.lines.skipped.lines, 3, 'the older input was not read')
})

t.test('--full-scan: every line of every input', async (t) => {
  const dir = t.testdir({ 'access.log': lines(5, 6, 7), 'access.log.1': lines(1, 2, 3, 4) })
  const full = options({ verbose: true, limit: 2, backwardMinBytes: 1, fullScan: true })
  const run = testJobIO(dir)
  const reading = startLogReading(full, run.io)
  await readLogs(await open(['access.log.1', 'access.log'], dir), reading, full, run.io)
  t.strictSame(reading.selection.newestFirst().map((record) => record.ip), ['192.0.2.7', '192.0.2.6'])
  t.equal(reading.lines.skipped.lines, 7)
  t.notOk(run.warnings.some((line) => line.includes('stopped reading')))
  t.equal(run.stderr(), '', 'no progress line where stderr is no terminal')
})

t.test('the listing: the rows (tokens given), the search, the notices, the refresh', async (t) => {
  const dir = t.testdir({ 'a.log': lines(1, 2) })
  const run = testJobIO(dir)
  const reading = startLogReading(options({ limit: 5 }), run.io)
  await readLogs(await open(['a.log'], dir), reading, options({ limit: 5 }), run.io)
  const notice = { message: 'm', file: '/f.php', line: '1' }
  const listing = logListing(reading, options({ limit: 5 }), [notice], 7)
  t.strictSame(listing.rows.map((row) => [row.ip, row.url, row.date, row.clock]), [['192.0.2.2', '/p2', '22.11.2026', '10:00:02'], ['192.0.2.1', '/p1', '22.11.2026', '10:00:01']])
  t.match(listing.rows[0]?.token, /^[0-9a-f]{13}$/)
  t.strictSame(listing.notices, [notice])
  t.equal(listing.refresh, 7)
  t.not(listing.search, null)
  t.equal(logListing(reading, options({ limit: 5 }), []).refresh, null, 'no refresh unless asked')
})

t.test('the workers\' job: what they need of the options, as plain data', async (t) => {
  const custom = '$remote_addr [$time_local] "$request" $status'
  const job = workerJob(options({ limit: 7, shapes: null, read: { logFormat: parseLogFormat(custom), jsonFields: null, logTz: 'Asia/Tokyo', clientIp: 'logged', trustedProxies: [parseCidr('10.0.0.0/8') as Cidr], serverName: 'web1' } }), { TZ: 'Europe/Berlin', HOME: '/root' })
  t.strictSame(job.read, { logFormat: custom, jsonFields: null, logTz: 'Asia/Tokyo', clientIp: 'logged', trustedProxies: ['10.0.0.0/8'], serverName: 'web1' })
  t.strictSame([job.limit, job.tz, job.env], [7, 'UTC', { TZ: 'Europe/Berlin' }])
  t.strictSame(structuredClone(job), job, 'it survives the copy to a worker')
  t.strictSame(workerJob(options(), {}).env, {})
})

t.test('a large input on the workers of the run: the pool given is used and left running; the same rows, notes and counts', async (t) => {
  const many = Array.from({ length: 300 }, (_, i) => i + 1)
  const dir = t.testdir({ 'a.log': `${lines(...many)}junk\n` })
  const threaded = options({ verbose: true, fullScan: true, limit: 5, threads: 2, threadSizes: { ...THREAD_SIZES, minBytes: 0, pieceBytes: 1000 } })
  const { pool, started } = fakePool(2)
  const one = testJobIO(dir)
  const alone = startLogReading({ ...threaded, threads: 1 }, one.io)
  await readLogs(await open(['a.log'], dir), alone, { ...threaded, threads: 1 }, one.io)
  const two = testJobIO(dir)
  const io = Object.assign(jobIO(two.io, (line) => void two.warnings.push(line)), { workers: pool })
  const reading = startLogReading(threaded, io)
  await readLogs(await open(['a.log'], dir), reading, threaded, io)
  t.equal(started.length, 2, 'the pool\'s workers read')
  t.notOk(started.some((worker) => worker.terminated), 'a pool given is not ended')
  t.strictSame(reading.selection.newestFirst(), alone.selection.newestFirst())
  t.strictSame(two.warnings.filter((line) => !line.includes('read on 2 threads')), one.warnings)
  t.strictSame(two.warnings.filter((line) => line.includes('read on 2 threads')), ['a.log: read on 2 threads from line 105 (25 kB)'])
  t.equal(reading.lines.skipped.summary(), alone.lines.skipped.summary())
  await pool.close()
})
