/**
 * What a log format says about a line, whatever its dialect: which fields
 * it has and what each one means. nginx `log_format`, Apache `LogFormat`,
 * the presets and JSON all compile to this, and one record builder turns
 * the fields of any of them into an AccessRecord.
 */

import type { LineParser } from './line-plan.js'
import type { TimeField } from '../time/time-field.js'

/** What a field means for the record. */
export type Role =
  | 'ip' | 'user' | 'time' | 'status' | 'bytes' | 'referer' | 'userAgent'
  | 'host' | 'port' | 'forwardedFor' | 'duration'
  /** The whole request line (`$request`, `%r`) … */
  | 'request'
  /** … or its pieces: a target with its query (`$request_uri`), a path without it (`$uri`, `%U`) and a query (`$args`, `%q`). */
  | 'method' | 'uri' | 'path' | 'query' | 'protocol'

export interface FieldSpec {
  role: Role
  /** As written in the format (`$remote_addr`, `%>s`, a JSON key), for messages. */
  name: string
  /** When several fields have one role, the highest rank that has a value is used. */
  rank: number
  /** For role `time`. */
  time?: TimeField
  /** For role `duration`: microseconds per logged unit (seconds: 1,000,000). */
  microsPerUnit?: number
}

export type Dialect = 'nginx' | 'apache' | 'json'

interface SpecBase {
  /** How the format is called in messages: `combined`, `custom nginx log_format` … */
  name: string
  dialect: Dialect
  /** The meaning of each slot a line gives. */
  fields: readonly FieldSpec[]
  /** Whether values carry nginx/Apache escapes (`\xHH`, `\"`) still to decode. */
  escaped: boolean
}

export interface TextFormatSpec extends SpecBase {
  kind: 'text'
  /** The compiled line parser; its slots are in the order of `fields`. */
  parse: LineParser
  /** The parser of lines whose client-written bare fields hold their stop literal (line-compiler.ts compileAnchoredFormat); null for none. */
  anchoredParse: LineParser | null
}

/** How the values of JSON lines are escaped: nginx `escape=json`, nginx's default `\xHH`, or told per line. */
export type JsonEscape = 'json' | 'default' | 'detect'

export interface JsonFormatSpec extends SpecBase {
  kind: 'json'
  /** For each field, the path of keys to its value (`["request", "method"]` for nested objects). */
  paths: readonly (readonly string[])[]
  escape: JsonEscape
}

export type FormatSpec = TextFormatSpec | JsonFormatSpec

/** Whether the format has a field with this role. */
export function hasRole(spec: { fields: readonly FieldSpec[] }, role: Role): boolean {
  return spec.fields.some((field) => field.role === role)
}
