/**
 * The row as data: what `build --emit json|ndjson|csv` writes for each listed
 * row and `merge` reads back, the contract between them, described by
 * schema/row.schema.json (and the `--emit json` document by
 * listing.schema.json). The schemas are compiled with ajv once, when first
 * asked for; ajv is loaded only then.
 *
 * Values are the ones decoded from the log, not made visible as on the page:
 * JSON escapes every control character itself, and CSV quotes them.
 */

import { readFileSync } from 'node:fs'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { newAjv } from './json-schema.js'
import { packageFile } from './package-files.js'

export interface EmittedRow {
  status: number
  ip: string
  method: string
  url: string
  /** `DD.MM.YYYY H:MM:SS`, as in the Time column. */
  time: string
  token: string
  /** ISO 8601 with offset, e.g. `2026-11-22T13:24:03+01:00`, `…03.123+01:00` (milliseconds logged) or `…03.123456+01:00` (microseconds). */
  timestamp: string
  referer: string | null
  userAgent: string | null
  /** A bigint when a number would not hold every digit: written as its digits (see rowJson). */
  bytes: number | bigint | null
  /** Microseconds. */
  duration: number | null
  host: string | null
  port: number | null
  forwardedFor: string | null
  loggedIp: string
  user: string | null
  request: string
  /** The log line as read. */
  raw: string
  source: string
  /** Null when the file was read from its end; `byteOffset` then gives the byte where the line starts. */
  line: number | null
  byteOffset: number | null
  /** `build --server-name`: present (last) only when given. */
  server?: string
}

/** The key a row has only when `build --server-name` named its server: after the others. */
export const SERVER_KEY = 'server' satisfies keyof EmittedRow

/** The keys every row has, in output order (the CSV header, with SERVER_KEY after them when a row has it). */
export const ROW_KEYS = [
  'status', 'ip', 'method', 'url', 'time', 'token', 'timestamp',
  'referer', 'userAgent', 'bytes', 'duration', 'host', 'port', 'forwardedFor', 'loggedIp', 'user',
  'request', 'raw', 'source', 'line', 'byteOffset',
] as const satisfies readonly (keyof EmittedRow)[]

const SCHEMAS = packageFile('schema/')

export const ROW_SCHEMA_FILE = 'row.schema.json'
export const LISTING_SCHEMA_FILE = 'listing.schema.json'

/** A schema file of the package, parsed. */
export function readSchema(name: string): object {
  return JSON.parse(readFileSync(new URL(name, SCHEMAS), 'utf8')) as object
}

export interface SchemaValidators {
  row: ValidateFunction<EmittedRow>
  listing: ValidateFunction<{ count: number; rows: EmittedRow[] }>
}

let validators: SchemaValidators | undefined

function compile(): SchemaValidators {
  const ajv = newAjv({ allErrors: false })
  ajv.addSchema(readSchema(ROW_SCHEMA_FILE))
  return {
    row: ajv.getSchema<EmittedRow>(ROW_SCHEMA_FILE) as ValidateFunction<EmittedRow>,
    listing: ajv.compile<{ count: number; rows: EmittedRow[] }>(readSchema(LISTING_SCHEMA_FILE)),
  }
}

/** `row`: is this value a row as `--emit ndjson` writes it? `listing`: a document as `--emit json` writes it? */
export function schemaValidators(): SchemaValidators {
  return (validators ??= compile())
}
