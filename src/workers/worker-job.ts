/**
 * What a worker needs to read lines as the run reads them: the options that
 * bear on reading and selecting, as plain data (a worker gets a copy, and
 * compiled things such as parsers and patterns cannot be copied), compiled
 * again on the worker's side into the same settings, filter and selection.
 */

import { parseLogFormat } from '../parse/format/log-format-option.js'
import type { JsonFieldMap } from '../parse/format/json-fields.js'
import { parseCidr, type Cidr } from '../parse/record/client-ip.js'
import type { DisplayZone } from '../record.js'
import type { Criteria } from '../select/criteria.js'
import type { SearchLiterals } from '../source/log-lines.js'
import { recordFilter, type RecordFilter } from '../select/record-filter.js'
import { NewestRecords, TokenRecords } from '../select/selection.js'
import { defaultRowRule, shapeRowRule, type ShapeSettings } from '../select/shapes.js'
import { readSettings, type ClientIpMode, type ReadSettings } from '../source/read-settings.js'

export interface WorkerJob {
  criteria: Criteria
  /** Count the lines each criterion rules out (select/ruled-out.ts), for the reports. */
  counted: boolean
  tz: DisplayZone
  shapes: ShapeSettings | null
  limit: number
  read: {
    /** `auto`, a preset's name or the format's text. */
    logFormat: string
    jsonFields: JsonFieldMap | null
    logTz: string | null
    clientIp: ClientIpMode
    /** The `--trusted-proxy` ranges as given, or null. */
    trustedProxies: string[] | null
    /** `--server-name`, or null. */
    serverName: string | null
  }
  /** TZ as the run sees it: the zone of times logged without an offset. */
  env: { TZ?: string }
  /** The search's literals (select/line-literals.ts), or null. */
  literals: SearchLiterals | null
}

/** The job compiled: how lines are read and which records pass. */
export interface JobContext {
  job: WorkerJob
  settings: ReadSettings
  filter: RecordFilter
}

export function jobContext(job: WorkerJob): JobContext {
  const { read } = job
  const settings = readSettings({
    logFormat: parseLogFormat(read.logFormat),
    jsonFields: read.jsonFields,
    logTz: read.logTz,
    clientIp: read.clientIp,
    trustedProxies: read.trustedProxies?.map((text) => parseCidr(text) as Cidr) ?? null,
    serverName: read.serverName,
  }, job.env)
  const filter = recordFilter(job.criteria, { rule: job.shapes ? shapeRowRule(job.shapes) : defaultRowRule(), zone: job.tz }, job.counted)
  return { job, settings, filter }
}

/**
 * A selection of the job's kind for a part of the run's lines: the newest
 * records (none stamped before `floor`, which the run's own selection holds
 * enough newer ones than), or those that can hold `--token` (select/token-search.ts:
 * a record another part's rows would take the token's slot from is one the
 * part's own rows take it from already, so dropping it here is safe).
 */
export function partSelection(context: JobContext, floor = -Infinity): NewestRecords | TokenRecords {
  const { job, filter } = context
  // a part is read whole (select-from.ts decides the early stop on the run's selection): no tolerance to give
  return job.criteria.token === null ? new NewestRecords(filter, job.limit, 0, floor) : new TokenRecords(filter, job.criteria.token, 0)
}
