/**
 * A served search: from memory for the default page's criteria, else by
 * reading the logs (one of --max-searches, the next told BUSY once none
 * comes free); a stop (its deadline, its client gone, the server stopping)
 * ends the reading between two batches, and the page says how far back it
 * looked; one that finds nothing says which criterion ruled the lines out.
 */

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { FOLLOW_TIMING } from '../../../../src/input/follow-file.js'
import { ResidentRows } from '../../../../src/jobs/serve/resident-rows.js'
import { BUSY, cutNote, searchedCriteria, Searcher, type DeadlineTimers, type SearchStop } from '../../../../src/jobs/serve/search.js'
import { searchQuery } from '../../../../src/jobs/serve/search-query.js'
import type { ServeOptions } from '../../../../src/jobs/serve/serve-options.js'
import { StopRequest } from '../../../../src/stop.js'
import { fakePool } from '../../../helpers/fake-workers.js'
import { testJobIO } from '../../../helpers/job-io.js'
import { writeLargeLog } from '../../../helpers/large-log.js'
import { serveOptions } from '../../../helpers/serve.js'

const dir = mkdtempSync(join(tmpdir(), 'serve-search-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
// about 6.8 MB: read from its end, in 1 MiB blocks
const big = join(dir, 'access.log')
writeLargeLog(big, 30_000, 3)

const never = new Promise<never>(() => undefined)

const setUp = async (changes: Partial<ServeOptions> = {}, timers?: DeadlineTimers) => {
  const options = serveOptions([big], [], changes)
  const { io } = testJobIO(dir)
  const resident = await ResidentRows.start(options.build, io, FOLLOW_TIMING)
  t.teardown(() => resident.close())
  const search = (query: string) => searchQuery(new URLSearchParams(query), options.build.criteria)
  return { searcher: new Searcher(resident, options, io, timers), resident, search }
}

/** A stop that asks itself at the n-th look: a deadline that passes after n - 1 batches, whatever the clock. */
class StopAtLook extends StopRequest<SearchStop> {
  #looks = 0
  constructor(readonly at: number, readonly why: SearchStop) {
    super()
  }

  override get requested(): boolean {
    if (++this.#looks === this.at) this.request(this.why)
    return super.requested
  }
}

t.test('the default page\'s criteria: the rows kept, no reading', async (t) => {
  const { searcher, resident, search } = await setUp()
  const result = await searcher.find(search('limit=20'), new StopRequest(), never)
  t.not(result, BUSY)
  if (result === BUSY) return
  t.strictSame(result.rows, resident.rows(search('limit=20')))
  t.equal(result.cut, null)
})

t.test('other criteria read the logs; its slot is given back', async (t) => {
  const { searcher, search } = await setUp()
  const result = await searcher.find(search('method=&status_code=&limit=5'), new StopRequest(), never)
  if (result === BUSY) throw new Error('busy')
  t.equal(result.rows.length, 5)
  t.equal(result.cut, null)
  t.equal(searcher.reading, 0)
})

t.test('the deadline is set for each reading search, and cleared after it', async (t) => {
  const set: number[] = []
  const cleared: unknown[] = []
  // a deadline that has passed as soon as it is set: nothing is read
  const timers: DeadlineTimers = {
    setTimeout: (run, ms) => {
      set.push(ms)
      run()
      return 'timer'
    },
    clearTimeout: (timer) => void cleared.push(timer),
  }
  const { searcher, search } = await setUp({ searchTimeoutMs: 2500 }, timers)
  const result = await searcher.find(search('url=/nowhere'), new StopRequest(), never)
  if (result === BUSY) throw new Error('busy')
  t.strictSame(set, [2500])
  t.strictSame(cleared, ['timer'])
  t.strictSame(result.rows, [])
  t.strictSame(result.cut, { by: 'deadline', reach: { stopped: true, partly: [], unread: 1 } })
  t.equal(cutNote(result.cut as NonNullable<typeof result.cut>, 2500, null),
    'The search stopped at its limit of 2.5 s (--search-timeout): the rows are the newest of the logs it read; 1 more log was not read.')
  const memory = await searcher.find(search(''), new StopRequest(), never)
  t.not(memory, BUSY)
  t.strictSame(set, [2500], 'none for a search from memory')
})

t.test('a stop between two blocks: the newest rows of the lines read, and how far back they go', async (t) => {
  const { searcher, search } = await setUp()
  const stop = new StopAtLook(3, 'deadline')
  const result = await searcher.find(search('method=&status_code=&url=/nowhere&limit=1000'), stop, never)
  if (result === BUSY) throw new Error('busy')
  t.equal(result.cut?.by, 'deadline')
  const partly = result.cut?.reach.partly
  t.match(partly, [{ label: big, before: Number }])
  t.equal(result.cut?.reach.unread, 0)
  const full = await searcher.find(search('url=/moebel/&limit=1000'), new StopRequest(), never)
  const cut = await searcher.find(search('url=/moebel/&limit=1000'), new StopAtLook(3, 'deadline'), never)
  if (full === BUSY || cut === BUSY) throw new Error('busy')
  t.equal(cut.cut?.by, 'deadline', 'cut short')
  t.ok(cut.rows.length < full.rows.length, `${cut.rows.length} of ${full.rows.length} rows found`)
  const earliest = cut.cut?.reach.partly[0]?.before as number
  t.ok(cut.rows.length > 0 && cut.rows.every((row) => row.record.time >= earliest), 'every row is of the lines read')
  t.strictSame(cut.rows.map((row) => row.token), full.rows.slice(0, cut.rows.length).map((row) => row.token),
    'they are the newest rows of the whole log, as far as they go')
  const note = cutNote(cut.cut as NonNullable<typeof cut.cut>, 10_000, 'UTC')
  t.match(note, new RegExp(`^The search stopped at its limit of 10 s \\(--search-timeout\\): the rows are the newest of the lines it read, back to \\d\\d\\.\\d\\d\\.\\d{4} \\d{1,2}:\\d\\d:\\d\\d UTC in ${big.replace(/[.]/g, '\\.')}\\.$`))
})

t.test('every search taken: the next waits, and is told BUSY when its client leaves or the wait ends', async (t) => {
  const { searcher, search } = await setUp({ maxSearches: 1, queueWaitMs: 60_000 })
  const filtered = search('method=&status_code=&limit=3')
  const first = searcher.find(filtered, new StopRequest(), never)
  t.equal(searcher.reading, 1, 'the slot is taken as the search starts')
  t.equal(await searcher.find(filtered, new StopRequest(), Promise.resolve('client gone')), BUSY)
  const memory = await searcher.find(search(''), new StopRequest(), Promise.resolve())
  t.not(memory, BUSY, 'the default page needs no slot')
  const queued = searcher.find(filtered, new StopRequest(), never)
  const done = await first
  t.not(done, BUSY)
  const next = await queued
  t.not(next, BUSY, 'the waiter got the slot when the first was done')
  t.equal(searcher.reading, 0)
  const impatient = await setUp({ maxSearches: 1, queueWaitMs: 0 })
  const holding = impatient.searcher.find(filtered, new StopRequest(), never)
  t.equal(await impatient.searcher.find(filtered, new StopRequest(), never), BUSY, 'no wait at all')
  await holding
})

t.test('how a cut search is said', async (t) => {
  const reach = (partly: { label: string; before: number | null }[], unread: number) => ({ stopped: true, partly, unread })
  const at = Date.UTC(2026, 10, 22, 12, 0, 5)
  t.equal(cutNote({ by: 'SIGTERM', reach: reach([{ label: 'access.log', before: at }], 2) }, 10_000, 'Europe/Berlin'),
    'The search stopped as the server was stopped: the rows are the newest of the lines it read, back to 22.11.2026 13:00:05 Europe/Berlin in access.log; 2 more logs were not read.')
  t.equal(cutNote({ by: 'deadline', reach: reach([{ label: 'access.log.2.gz', before: null }], 0) }, 10_000, null),
    'The search stopped at its limit of 10 s (--search-timeout): the rows are the newest of the lines it read; access.log.2.gz was read in part, from its start.')
  t.equal(cutNote({ by: 'deadline', reach: reach([{ label: 'access.log', before: at }], 0) }, 10_000, null),
    'The search stopped at its limit of 10 s (--search-timeout): the rows are the newest of the lines it read, back to 22.11.2026 12:00:05 UTC in access.log.')
  t.equal(cutNote({ by: 'deadline', reach: reach([{ label: 'web1.log', before: at }, { label: 'web2.log', before: at + 60_000 }, { label: 'a.gz', before: null },
    { label: 'b.gz', before: null }], 1) }, 10_000, null),
  'The search stopped at its limit of 10 s (--search-timeout): the rows are the newest of the lines it read, back to 22.11.2026 12:00:05 UTC in web1.log and '
    + '22.11.2026 12:01:05 UTC in web2.log; a.gz and b.gz were read in part, from their start; 1 more log was not read.', 'several inputs read in part')
})

t.test('--verbose: a reading search says when it starts and how it ended', async (t) => {
  const options = serveOptions([big], ['--verbose'])
  const run = testJobIO(dir)
  const resident = await ResidentRows.start(options.build, run.io, FOLLOW_TIMING)
  t.teardown(() => resident.close())
  const searcher = new Searcher(resident, options, run.io)
  const search = (query: string) => searchQuery(new URLSearchParams(query), options.build.criteria)
  run.warnings.length = 0
  await searcher.find(search(''), new StopRequest(), never)
  t.strictSame(run.warnings, [], 'nothing for a search from memory')
  await searcher.find(search('url=/nowhere'), new StopRequest(), never)
  await searcher.find(search('url=/nowhere&limit=50'), new StopAtLook(2, 'client gone'), never)
  t.match(run.warnings, [
    'search /?url=%2Fnowhere: reading the logs',
    'search /?url=%2Fnowhere: 0 rows from 30000 lines read',
    'search /?url=%2Fnowhere&limit=50: reading the logs',
    /^search \/\?url=%2Fnowhere&limit=50: 0 rows from \d+ lines read; stopped: client gone$/,
  ])
})

t.test('searchedCriteria: with --anonymize-ip, the ip parameter is matched as the page shows addresses', async (t) => {
  const plain = serveOptions(['x.log']).build
  const anonymized = serveOptions(['x.log'], ['--anonymize-ip']).build
  const search = searchQuery(new URLSearchParams('ip=10.0.7.0'), plain.criteria)
  t.strictSame(searchedCriteria(search, plain).ip, { kind: 'substring', text: '10.0.7.0' })
  t.strictSame(searchedCriteria(search, anonymized).ip, { kind: 'substring', text: '10.0.7.0', anonymized: true })
  const none = searchQuery(new URLSearchParams(''), plain.criteria)
  t.equal(searchedCriteria(none, anonymized), none.criteria, 'no ip: the criteria as they are')
})

t.test('a search that finds nothing says which criterion ruled the lines out: the same read here or on workers, from memory too', async (t) => {
  const { searcher, search } = await setUp()
  const here = await searcher.find(search('url=/nowhere'), new StopRequest(), never)
  if (here === BUSY) throw new Error('busy')
  t.strictSame(here.rows, [])
  t.match(here.ruledOut, /^\d+ GET requests answered 200, none with "\/nowhere" in the URL\.$/)
  const base = serveOptions([big])
  const sizes = { minBytes: 64 * 1024, backwardBytes: 256 * 1024, rangeBytes: 256 * 1024, pieceBytes: 64 * 1024 }
  const options: ServeOptions = { ...base, build: { ...base.build, threads: 2, threadSizes: sizes } }
  const run = testJobIO(dir)
  const { pool, started } = fakePool(2)
  t.teardown(() => pool.close())
  const io = Object.assign(Object.create(run.io) as typeof run.io, { workers: pool })
  const resident = await ResidentRows.start(options.build, io, FOLLOW_TIMING)
  t.teardown(() => resident.close())
  const elsewhere = await new Searcher(resident, options, io).find(search('url=/nowhere'), new StopRequest(), never)
  if (elsewhere === BUSY) throw new Error('busy')
  t.ok(started.length > 0 && started.some((worker) => worker.tasks > 0), 'the older part read on the workers')
  t.equal(elsewhere.ruledOut, here.ruledOut, 'their counts added in')
  const found = await searcher.find(search('url=/moebel/'), new StopRequest(), never)
  if (found === BUSY) throw new Error('busy')
  t.ok(found.rows.length > 0)
  t.equal(found.ruledOut, null, 'rows found: nothing to say')
  const memory = await searcher.find(search(''), new StopRequest(), never)
  if (memory === BUSY) throw new Error('busy')
  t.equal(memory.ruledOut, null, 'the default page has rows')
})
