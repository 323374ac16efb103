/**
 * The default page's rows, kept in memory as `watch` keeps its page's: the
 * logs (files, and clickhouse:// tables) are read once at start (from their end, into the newest
 * MAX_SEARCH_LIMIT records the default criteria list), then followed as
 * `watch` follows them, each poll's lines going into the same selection. So
 * the default page, for any limit, and the page of a token among those rows
 * cost no reading: only a search with other criteria reads the logs
 * (search.ts).
 */

import type { FollowTiming } from '../../input/follow-file.js'
import { noticeCollector } from '../../notices/read-notices.js'
import { listedRows } from '../../profile/listed-rows.js'
import type { AccessRecord, ProfileRow } from '../../record.js'
import type { Criteria } from '../../select/criteria.js'
import { tokenSecond } from '../../select/filters/token.js'
import type { LineTime } from '../../source/newest-line.js'
import type { StopRequest } from '../../stop.js'
import type { BuildOptions } from '../build-options.js'
import type { JobIO } from '../job-io.js'
import { whyNoRows, type LogReading } from '../log-reading.js'
import { readIntoSelection } from '../read-into-selection.js'
import { pollAll, POLL_MS } from '../follow/poll.js'
import type { Followed } from '../follow/followed-inputs.js'
import type { SearchQuery } from './search-query.js'

/** Whether two status criteria are the same. */
function sameStatus(a: Criteria['status'], b: Criteria['status']): boolean {
  return a === null || b === null ? a === b : a.kind === b.kind && (a.kind === 'code' ? a.code === (b as typeof a).code : a.hundreds === (b as typeof a).hundreds)
}

export class ResidentRows {
  readonly #options: BuildOptions
  readonly #reading: LogReading
  readonly #followed: Followed[]
  readonly #opened: { close(): Promise<void> }[]
  readonly #warn: (line: string) => void
  /** The kept records, newest first, until the next change. */
  #records: AccessRecord[] | null = null

  private constructor(options: BuildOptions, reading: LogReading, followed: Followed[], opened: { close(): Promise<void> }[], warn: (line: string) => void) {
    this.#options = options
    this.#warn = warn
    this.#reading = reading
    this.#followed = followed
    this.#opened = opened
  }

  /**
   * Opens and reads the logs of `options` (the default page's criteria, the
   * limit to keep), to follow them: exit 1 or 2 as for `build` when one
   * cannot be read. A stream cannot be read again for a search: exit 2. A
   * `stop` ends the reading between two batches (the rows are then those
   * read so far).
   */
  static async start(options: BuildOptions, io: JobIO, timing: FollowTiming, stop?: StopRequest): Promise<ResidentRows> {
    const read = await readIntoSelection(options, io, {
      stop, countRuledOut: true, noStreams: 'serve', follow: { notices: noticeCollector(options.notices), timing, sayWhatIsSkipped: false },
    })
    const skipped = read.reading.lines.skipped.summary()
    if (skipped && !options.quiet && !stop?.requested) io.warn(skipped)
    return new ResidentRows(options, read.reading, read.followed, [read], io.warn)
  }

  /** The most rows kept. */
  get limit(): number {
    return this.#options.limit
  }

  /** Whether `search` can be answered from the rows kept: the default page's criteria (a token's second among the rows kept). */
  covers(search: SearchQuery): boolean {
    const { criteria } = search
    const own = this.#options.criteria
    const same = criteria.ip === null && criteria.url === null && criteria.from === null && criteria.until === null && criteria.server === null &&
      criteria.method === own.method && sameStatus(criteria.status, own.status) && criteria.anyUrl === own.anyUrl && criteria.crawlers === own.crawlers
    if (!same) return false
    if (criteria.token === null) return search.limit <= this.limit
    // every record of the token's second is kept when fewer than the limit are, or when the oldest kept is older than the second
    const records = this.records()
    const oldest = records[records.length - 1]
    return records.length < this.limit || oldest === undefined || oldest.time < tokenSecond(criteria.token) * 1000
  }

  /** The rows of a search it covers, as `build` lists them. */
  rows(search: SearchQuery): ProfileRow[] {
    const { token } = search.criteria
    const records = this.records()
    if (token === null) return listedRows(records.slice(0, search.limit), this.#options.tz, null, search.limit)
    // a token's bumps come from the newer rows of its second: those are given tokens
    const second = tokenSecond(token)
    return listedRows(records.filter((record) => Math.floor(record.time / 1000) === second), this.#options.tz, token, search.limit)
  }

  /** The newest line read so far, kept or not (at start and since, following): for the pages' stamp. */
  newestLine(): LineTime | null {
    return this.#reading.lines.newest.get()
  }

  /** No row kept: which criterion ruled the lines read out, at start and since (the default page's); null when there are rows. */
  whyNoRows(): string | null {
    return whyNoRows(this.#reading, this.#options.criteria)
  }

  /** The records kept, newest first. */
  records(): AccessRecord[] {
    return (this.#records ??= this.#reading.selection.newestFirst())
  }

  /** Follows the logs until `stop` is requested: what they gain goes into the rows kept. */
  async follow(stop: StopRequest): Promise<void> {
    while (!stop.requested) {
      if (await pollAll(this.#followed, this.#warn)) this.#records = null
      await stop.sleep(POLL_MS)
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.#followed.map((input) => input.close()))
    await Promise.all(this.#opened.map((input) => input.close()))
  }
}
