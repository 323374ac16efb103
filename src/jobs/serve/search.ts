/**
 * A search of a served page: from the rows kept in memory when it asks for
 * the default page's (resident-rows.ts), else by reading the logs as `build`
 * reads them, through the same spine (log-reading.ts: planSources →
 * selectFrom), with the search's criteria and limit: so its rows are
 * `build`'s. At most `--max-searches` read at once (search-slots.ts). A
 * reading search ends at its deadline (`--search-timeout`), when its client
 * goes away, or when the server is stopped: the stop is heard between two
 * batches, and the rows are the newest of the lines read, with a note of how
 * far back it looked. The lines each criterion rules out are counted, so a
 * search that finds nothing says which ruled them out.
 */

import { timeFormatter } from '../../profile/display-time.js'
import { listedRows } from '../../profile/listed-rows.js'
import type { DisplayZone, ProfileRow } from '../../record.js'
import type { Criteria } from '../../select/criteria.js'
import type { ReadReach } from '../../select/select-from.js'
import type { StopRequest } from '../../stop.js'
import type { BuildOptions } from '../build-options.js'
import type { JobIO } from '../job-io.js'
import { whyNoRows } from '../log-reading.js'
import { readIntoSelection } from '../read-into-selection.js'
import type { ResidentRows } from './resident-rows.js'
import type { SearchQuery } from './search-query.js'
import { SearchSlots } from './search-slots.js'
import type { ServeOptions } from './serve-options.js'

/** What ends a search that reads the logs before it is done. */
export type SearchStop = NodeJS.Signals | 'deadline' | 'client gone'

export interface SearchResult {
  rows: ProfileRow[]
  /** A stop that ended reading early, and how far it went; null when the search is complete. */
  cut: { by: SearchStop; reach: ReadReach } | null
  /** No row: which criterion ruled the lines out (`27 POST requests answered 200, none of a storefront URL.`); else null. */
  ruledOut: string | null
}

/** No free search within the wait: the server is answered 503. */
export const BUSY = 'busy'

/** The timers a search's deadline is set with (tests give their own). */
export interface DeadlineTimers {
  setTimeout: (run: () => void, ms: number) => unknown
  clearTimeout: (timer: unknown) => void
}

const REAL_TIMERS: DeadlineTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
}

export class Searcher {
  readonly #resident: ResidentRows
  readonly #options: ServeOptions
  readonly #io: JobIO
  readonly #slots: SearchSlots
  readonly #timers: DeadlineTimers

  constructor(resident: ResidentRows, options: ServeOptions, io: JobIO, timers: DeadlineTimers = REAL_TIMERS) {
    this.#resident = resident
    this.#options = options
    this.#io = io
    this.#slots = new SearchSlots(options.maxSearches, options.queueWaitMs)
    this.#timers = timers
  }

  /** Searches reading the logs now. */
  get reading(): number {
    return this.#slots.taken
  }

  /**
   * The rows of `search`; BUSY when every search is taken and none came free
   * in time. `stop` ends a reading search (the caller asks it when the client
   * goes away or the server stops; the deadline is set here); `left` settles
   * when the client went away, for a search still waiting its turn.
   */
  async find(search: SearchQuery, stop: StopRequest<SearchStop>, left: Promise<unknown>): Promise<SearchResult | typeof BUSY> {
    if (this.#resident.covers(search)) {
      const rows = this.#resident.rows(search)
      // the rows kept are the default page's: what ruled lines out is told for it, not for a token among them
      return { rows, cut: null, ruledOut: rows.length === 0 && search.criteria.token === null ? this.#resident.whyNoRows() : null }
    }
    const release = await this.#slots.take(left)
    if (release === null) return BUSY
    const deadline = this.#timers.setTimeout(() => stop.request('deadline'), this.#options.searchTimeoutMs)
    try {
      return await this.#read(search, stop)
    } finally {
      this.#timers.clearTimeout(deadline)
      release()
    }
  }

  /** Reads the logs for `search`; `--verbose` says when it starts and how it ended. */
  async #read(search: SearchQuery, stop: StopRequest<SearchStop>): Promise<SearchResult> {
    const options: BuildOptions = { ...this.#options.build, criteria: searchedCriteria(search, this.#options.build), limit: search.limit, quiet: true, verbose: false }
    const io = this.#io
    const note = this.#options.build.verbose ? io.warn : null
    const name = `search /${search.query}`
    note?.(`${name}: reading the logs`)
    const { reading, reach, close } = await readIntoSelection(options, io, { stop, countRuledOut: true })
    try {
      const rows = listedRows(reading.selection.newestFirst(), options.tz, search.criteria.token, search.limit)
      const cut = reach.stopped ? { by: stop.reason as SearchStop, reach } : null
      note?.(`${name}: ${rows.length} rows from ${reading.lines.skipped.lines} lines read${cut === null ? '' : `; stopped: ${cut.by}`}`)
      return { rows, cut, ruledOut: rows.length === 0 ? whyNoRows(reading, options.criteria) : null }
    } finally {
      await close()
    }
  }
}

/** A search's criteria; with `--anonymize-ip`, its `ip` matched against the addresses as the page shows them (filters/ip.ts). */
export function searchedCriteria(search: SearchQuery, build: BuildOptions): Criteria {
  const { criteria } = search
  return build.anonymizeIp && criteria.ip !== null ? { ...criteria, ip: { ...criteria.ip, anonymized: true } } : criteria
}

function shownTime(time: number, zone: DisplayZone): string {
  const { date, clock } = timeFormatter(zone)(time, 0)
  return `${date} ${clock} ${zone ?? 'UTC'}`
}

/** What the page says of a search a stop ended: why, and how far back it looked. */
export function cutNote(cut: NonNullable<SearchResult['cut']>, timeoutMs: number, zone: DisplayZone): string {
  const why = cut.by === 'deadline'
    ? `The search stopped at its limit of ${timeoutMs / 1000} s (--search-timeout)`
    : 'The search stopped as the server was stopped'
  const { partly, unread } = cut.reach
  const back = partly.filter((part) => part.before !== null).map((part) => `${shownTime(part.before as number, zone)} in ${part.label}`)
  const fromStart = partly.filter((part) => part.before === null).map((part) => part.label)
  const where = partly.length === 0
    ? 'the rows are the newest of the logs it read'
    : `the rows are the newest of the lines it read${back.length > 0 ? `, back to ${back.join(' and ')}` : ''}${fromStart.length > 0
      ? `; ${fromStart.join(' and ')} ${fromStart.length === 1 ? 'was' : 'were'} read in part, from ${fromStart.length === 1 ? 'its' : 'their'} start`
      : ''}`
  const rest = unread > 0 ? `; ${unread} more ${unread === 1 ? 'log was' : 'logs were'} not read` : ''
  return `${why}: ${where}${rest}.`
}
