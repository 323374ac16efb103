/**
 * The slots of a parsed line → a typed, decoded AccessRecord. One builder is
 * compiled per format: which slot holds what is worked out once, and each
 * line only reads its slots. It works in two steps: the facts a search looks
 * at first (time, status, request), then the rest of the record.
 */

import { TIME_LIMIT, type AccessRecord, type SubsecondDigits } from '../../record.js'
import type { ClientChooser } from './client-ip.js'
import { parseDuration } from './duration.js'
import { decodeLogEscapes } from '../format/escapes.js'
import type { FieldSpec, FormatSpec } from '../format/format-spec.js'
import type { Slots } from '../format/line-plan.js'
import { splitRequestLine } from './request-line.js'
import { slotsWithRole as slotsOf, slotTimeReader, type SlotTimeReader } from './slot-time.js'
import type { LogZone } from '../time/log-zone.js'
import { isDigit, isDigits, QUESTION } from '../../text/chars.js'

/** Why a line was not turned into a record. */
export type SkipReason =
  | 'not a log line' | 'not JSON' | 'missing field' | 'bad time' | 'bad status' | 'line too long'

export interface LinePosition {
  source: string
  /** From 1; null for a line of a file read from its end. */
  line: number | null
  /** Byte offset of the line in a file read from its end. */
  byteOffset?: number
  /**
   * The server that logged the line, when its source knows it line by line
   * (a table's host column); absent: the run's (`--server-name`, RecordOptions).
   */
  server?: string | null
}

/** `access.log:12`, or `access.log@byte 5120` for a line found by reading from the end. */
export function positionText(at: { source: string; line: number | null; byteOffset?: number | null }): string {
  return at.line !== null ? `${at.source}:${at.line}` : `${at.source}@byte ${at.byteOffset ?? '?'}`
}

export interface RecordOptions {
  /** The zone for times logged without an offset. */
  zone: LogZone
  /** `--client-ip forwarded`: picks the client from the peer and X-Forwarded-For; null keeps the peer. */
  client: ClientChooser | null
  /** `--server-name`: the server every line is of, unless its position names one; null or absent for none. */
  server?: string | null
}

/**
 * What a log line says before its record is built: its time, status and
 * request. A reader fills one such object per line and reuses it for the
 * next, so whoever is shown it must not keep it.
 */
export type LineFacts = Pick<AccessRecord, 'time' | 'offset' | 'micros' | 'status' | 'request' | 'method' | 'target' | 'protocol'> & {
  subsecondDigits: SubsecondDigits | null
}

export function emptyLineFacts(): LineFacts {
  return ({ time: 0, offset: 0, micros: null, subsecondDigits: null, status: 0, request: '', method: null, target: null, protocol: null })
}

/**
 * The record of a line, made in two steps, so that a caller can look at the
 * facts of a line and pass it over before the rest is decoded and the record
 * built. Compiled once per format: which slot holds what is worked out in
 * the constructor, and each line only reads its slots.
 */
export class RecordSteps {
  /** How a value is decoded: decodeEscapesIn for a format that escapes. */
  readonly #decode: (s: string) => string
  readonly #ip: SlotPicker
  readonly #user: SetValuePicker
  readonly #requestLine: SlotPicker
  readonly #method: SlotPicker
  readonly #uri: SlotPicker
  readonly #query: SlotPicker
  readonly #protocol: SlotPicker
  readonly #status: SlotPicker
  readonly #bytes: SlotPicker
  readonly #referer: SetValuePicker
  readonly #userAgent: SetValuePicker
  readonly #host: SetValuePicker
  readonly #port: SlotPicker
  readonly #forwardedFor: SetValuePicker
  readonly #fields: readonly FieldSpec[]
  readonly #durationSlots: readonly number[]
  readonly #readTime: SlotTimeReader
  readonly #client: ClientChooser | null
  readonly #server: string | null

  constructor(spec: FormatSpec, options: RecordOptions) {
    const { fields } = spec
    const decode = spec.escaped ? decodeEscapesIn : keepText
    this.#decode = decode
    this.#ip = picker(slotsOf(fields, 'ip'))
    this.#user = setValuePicker(slotsOf(fields, 'user'), decode)
    this.#requestLine = picker(slotsOf(fields, 'request'))
    this.#method = picker(slotsOf(fields, 'method'))
    this.#uri = picker(slotsOf(fields, 'uri', 'path'))
    this.#query = picker(slotsOf(fields, 'query'))
    this.#protocol = picker(slotsOf(fields, 'protocol'))
    this.#status = picker(slotsOf(fields, 'status'))
    this.#bytes = picker(slotsOf(fields, 'bytes'))
    this.#referer = setValuePicker(slotsOf(fields, 'referer'), decode)
    this.#userAgent = setValuePicker(slotsOf(fields, 'userAgent'), decode)
    this.#host = setValuePicker(slotsOf(fields, 'host'), decode)
    this.#port = picker(slotsOf(fields, 'port'))
    this.#forwardedFor = setValuePicker(slotsOf(fields, 'forwardedFor'), decode)
    this.#fields = fields
    this.#durationSlots = slotsOf(fields, 'duration')
    this.#readTime = slotTimeReader(fields, options.zone)
    this.#client = options.client
    this.#server = options.server ?? null
  }

  /** The client's address as logged, still escaped; undefined when the line has none. */
  loggedAddress(slots: Slots): string | undefined {
    return this.#ip(slots)
  }

  /** Checks the slots of a line and fills `into`: null when it is a log line, else why it is not. */
  facts(slots: Slots, into: LineFacts): SkipReason | null {
    if (this.#ip(slots) === undefined) return 'missing field'
    const statusText = this.#status(slots)
    if (statusText === undefined) return 'missing field'
    const time = this.#readTime(slots)
    if (time === undefined) return 'missing field'
    if (time === null || time.time < 0 || time.time >= TIME_LIMIT) return 'bad time'
    const code = statusCode(statusText)
    if (code < 0) return 'bad status'
    const request = this.requestOf(slots)
    if (request === undefined) return 'missing field'
    const { method: verb, target, protocol: version } = splitRequestLine(request)
    into.time = time.time
    into.offset = time.offset
    into.micros = time.micros
    into.subsecondDigits = time.subsecondDigits
    into.status = code
    into.request = request
    into.method = verb
    into.target = target
    into.protocol = version
    return null
  }

  /** The record of the line whose facts were just filled into `known`. */
  record(slots: Slots, known: LineFacts, raw: string, at: LinePosition): AccessRecord {
    const bytesText = this.#bytes(slots)
    const portText = this.#port(slots)
    const loggedIp = this.#decode(this.#ip(slots) as string)
    const xff = this.#forwardedFor(slots)
    const client = this.#client
    return {
      ip: client ? client(loggedIp, xff) : loggedIp,
      loggedIp,
      user: this.#user(slots),
      time: known.time,
      offset: known.offset,
      micros: known.micros,
      subsecondDigits: known.subsecondDigits,
      request: known.request,
      method: known.method,
      target: known.target,
      protocol: known.protocol,
      status: known.status,
      bytes: bytesText !== undefined && isDigits(bytesText) ? wholeNumber(bytesText) : null,
      referer: this.#referer(slots),
      userAgent: this.#userAgent(slots),
      host: this.#host(slots),
      port: portText !== undefined && isPort(portText) ? Number(portText) : null,
      forwardedFor: xff,
      duration: this.durationOf(slots),
      raw,
      source: at.source,
      line: at.line,
      byteOffset: at.byteOffset ?? null,
      server: at.server !== undefined ? at.server : this.#server,
    }
  }

  /** The request line as logged, or rebuilt from method, target and protocol. */
  private requestOf(slots: Slots): string | undefined {
    const decode = this.#decode
    const whole = this.#requestLine(slots)
    if (whole !== undefined) return decode(whole)
    const m = this.#method(slots)
    const u = this.#uri(slots)
    if (m === undefined || u === undefined) return undefined
    const p = this.#protocol(slots)
    const q = this.#query(slots)
    const target = withQuery(decode(u), q === undefined ? undefined : decode(q))
    return `${decode(m)} ${target}${p === undefined || p === '-' || p === '' ? '' : ` ${decode(p)}`}`
  }

  /** The duration in µs from the best duration field that has a value, in that field's unit. */
  private durationOf(slots: Slots): number | null {
    for (const slot of this.#durationSlots) {
      const text = slots[slot]
      if (text !== undefined) return parseDuration(text, (this.#fields[slot] as FieldSpec).microsPerUnit ?? 1)
    }
    return null
  }
}

// The checks below run for every line, so they read char codes instead of running regular expressions.

function digitAt(text: string, i: number): number {
  const code = text.charCodeAt(i)
  return isDigit(code) ? code - 0x30 : -1
}

/** `^[1-9]\d\d$` → the status code, or -1. */
function statusCode(text: string): number {
  if (text.length !== 3) return -1
  const a = digitAt(text, 0)
  const b = digitAt(text, 1)
  const c = digitAt(text, 2)
  return a > 0 && b >= 0 && c >= 0 ? a * 100 + b * 10 + c : -1
}

/** Digits as a number, or as a bigint when a number would not hold them exactly. */
export function wholeNumber(digits: string): number | bigint {
  const n = Number(digits)
  return Number.isSafeInteger(n) ? n : BigInt(digits)
}

/** `^\d{1,5}$` */
function isPort(text: string): boolean {
  return text.length <= 5 && isDigits(text)
}

type SlotPicker = (slots: Slots) => string | undefined
type SetValuePicker = (slots: Slots) => string | null

/** A reader of the first slot that has a value. */
function picker(order: readonly number[]): SlotPicker {
  if (order.length === 0) return () => undefined
  if (order.length === 1) {
    const only = order[0] as number
    return (slots) => slots[only]
  }
  return (slots) => {
    for (const slot of order) {
      const value = slots[slot]
      if (value !== undefined) return value
    }
    return undefined
  }
}

/**
 * Whether a value of an optional text field (user, referer, user agent,
 * host, X-Forwarded-For) says "not set": absent, `-` (what nginx and Apache
 * write for it in text formats) or empty (what nginx `escape=json` writes).
 */
function isUnset(value: string | undefined): value is undefined {
  return value === undefined || value === '' || value === '-'
}

/** A reader of the first slot, best rank first, whose value is set; null when none is. */
function setValuePicker(order: readonly number[], decode: (s: string) => string): SetValuePicker {
  return (slots) => {
    for (const slot of order) {
      const value = slots[slot]
      if (!isUnset(value)) return decode(value)
    }
    return null
  }
}

/** A value of a format that escapes: most hold no escape at all, and only those with a backslash go through the decoder. */
function decodeEscapesIn(s: string): string {
  return s.includes('\\') ? decodeLogEscapes(s) : s
}

function keepText(s: string): string {
  return s
}

function withQuery(path: string, query: string | undefined): string {
  if (query === undefined || query === '' || query === '-') return path
  return query.charCodeAt(0) === QUESTION ? path + query : `${path}?${query}`
}
