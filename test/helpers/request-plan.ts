/**
 * The request plan behind the real-server fixtures (fixtures/plan.tsv) and
 * the rows it implies: the oracle for the CLI tests on those logs. Expected
 * rows come from the plan and the raw log text, never from the tool.
 */

import { readFileSync } from 'node:fs'
import { fixture } from './run-cli.js'

export interface PlanEntry {
  id: string
  source: string
  method: string
  /** The exact request-target (absolute form kept). */
  target: string
  /** How it was sent: `-` (curl) or a raw key such as `tls`, `http09`, `slow`. */
  raw: string
  /** `expect=row`: the page lists it. */
  row: boolean
  /** The X-Forwarded-For header sent, or null. */
  xff: string | null
}

export const PLAN: readonly PlanEntry[] = readFileSync(fixture('plan.tsv'), 'utf8').trimEnd().split('\n').slice(1)
  .map((line) => {
    const [id, , source, method, target, raw, , , expect, , xff] = line.split('\t')
    return {
      id: id as string,
      source: source as string,
      method: method as string,
      target: target as string,
      raw: raw as string,
      row: expect === 'row',
      xff: xff === undefined || xff === '-' ? null : xff,
    }
  })

export const PLAN_ROW_COUNT = PLAN.filter((entry) => entry.row).length

/** Log line index → plan index. nginx writes every log in plan order. */
export const NGINX_ORDER: readonly number[] = PLAN.map((_, i) => i)

/** Apache wrote r45 (slow) after r46–r49: its lines 45–49 hold r46, r47, r48, r49, r45. */
export const APACHE_ORDER: readonly number[] = (() => {
  const order = PLAN.map((_, i) => i)
  order.splice(44, 5, 45, 46, 47, 48, 44)
  return order
})()

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

export interface LoggedTime {
  /** Epoch milliseconds of the logged second. */
  epoch: number
  /** The logged offset, minutes east of UTC. */
  offset: number
}

const CLF_TIME = /\[(\d\d)\/(\w{3})\/(\d{4}):(\d\d):(\d\d):(\d\d)(?:\.\d+)? ([+-])(\d\d)(\d\d)\]/
const ISO_TIME = /(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)([+-])(\d\d):(\d\d)/

/**
 * The time a log line carries, to the second: a CLF `[22/Nov/2026:13:44:54 +0100]`
 * (also with `.mmm` after the seconds, as `%{msec_frac}t` writes it) or an
 * ISO 8601 `2026-11-22T13:44:54+01:00` (`$time_iso8601`).
 */
export const loggedTime = (line: string): LoggedTime => {
  let parts: number[]
  let sign: string
  const clf = CLF_TIME.exec(line)
  if (clf) {
    const [, day, mon, year, hh, mm, ss, s, oh, om] = clf as unknown as string[]
    parts = [Number(year), MONTHS.indexOf(mon as string), Number(day), Number(hh), Number(mm), Number(ss), Number(oh), Number(om)]
    sign = s as string
  } else {
    const iso = ISO_TIME.exec(line)
    if (!iso) throw new Error(`no time in ${line.slice(0, 200)}`)
    const [, year, month, day, hh, mm, ss, s, oh, om] = iso as unknown as string[]
    parts = [Number(year), Number(month) - 1, Number(day), Number(hh), Number(mm), Number(ss), Number(oh), Number(om)]
    sign = s as string
  }
  const [year, month, day, hh, mm, ss, oh, om] = parts as [number, number, number, number, number, number, number, number]
  const offset = (sign === '+' ? 1 : -1) * (oh * 60 + om)
  return { epoch: Date.UTC(year, month, day, hh, mm, ss) - offset * 60_000, offset }
}

/** `DD.MM.YYYY H:MM:SS` of an instant in a fixed offset, as the page shows it. */
export const pageTime = (epoch: number, offset: number): string => {
  const d = new Date(epoch + offset * 60_000)
  const two = (n: number): string => String(n).padStart(2, '0')
  return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ` +
    `${d.getUTCHours()}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`
}

/** The path and query of a request-target, as the URL column shows it. */
export const pageUrl = (target: string): string => target.replace(/^https?:\/\/[^/]+/, '')

export interface ExpectedRowsOptions {
  /** Show times in each line's logged offset (the default) or in UTC (`--tz UTC`). */
  zone?: 'logged' | 'UTC'
  /** The IP column for a plan entry; the source address by default. */
  ip?: (entry: PlanEntry) => string
  /** A further column computed from the raw log line (e.g. the token), appended after the time. */
  extra?: (line: string, entry: PlanEntry) => string
}

/**
 * The expected page rows for a fixture log, as `status ip method url date time`
 * (like `rowSummaries`; with `extra`, one more column): the plan's `row` requests, newest first by logged time,
 * for equal times the later line first.
 */
export const expectedRows = (logText: string, order: readonly number[], options: ExpectedRowsOptions = {}): string[] => {
  const lines = logText.trimEnd().split('\n')
  if (lines.length !== PLAN.length) throw new Error(`${lines.length} log lines for ${PLAN.length} plan lines`)
  const rows = lines.flatMap((line, index) => {
    const entry = PLAN[order[index] as number] as PlanEntry
    if (!entry.row) return []
    const { epoch, offset } = loggedTime(line)
    const ip = options.ip?.(entry) ?? entry.source
    const time = pageTime(epoch, options.zone === 'UTC' ? 0 : offset)
    const extra = options.extra ? ` ${options.extra(line, entry)}` : ''
    return [{ epoch, index, text: `200 ${ip} ${entry.method} ${pageUrl(entry.target)} ${time}${extra}` }]
  })
  rows.sort((a, b) => b.epoch - a.epoch || b.index - a.index)
  return rows.map((row) => row.text)
}
