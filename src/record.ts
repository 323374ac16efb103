/** The plain typed records that flow through the middle of the pipeline. */

/** One access-log line, parsed. Values are decoded for display but not trusted. */
export interface AccessRecord {
  /** Client address as logged. */
  ip: string
  /** Remote user, or null for `-`. */
  user: string | null
  /** Request time, epoch milliseconds. */
  time: number
  /** The time zone offset the line was logged with, minutes east of UTC. */
  offset: number
  /** Microseconds within the second when the log has them, else null. */
  micros: number | null
  /** The whole request line, decoded (`GET /x HTTP/1.1`, or `-`). */
  request: string
  /** Method, or null when the request line is not a request (`-`, TLS bytes). */
  method: string | null
  /** Request target as logged (escape-decoded, not percent-decoded). */
  target: string | null
  /** `HTTP/1.1`, or null for HTTP/0.9 and non-requests. */
  protocol: string | null
  status: number
  /** Body bytes sent, or null for `-`. */
  bytes: number | null
  /** Referer and User-Agent for `combined`, null when absent or `-`. */
  referer: string | null
  userAgent: string | null
  /** The line as read. */
  raw: string
  /** Where the line came from. */
  source: string
  line: number
}

/** One row of the Profile Search table, ready to render. */
export interface ProfileRow {
  status: number
  ip: string
  method: string
  /** Path and query as requested (no host). */
  url: string
  /** `DD.MM.YYYY` */
  date: string
  /** `H:MM:SS` */
  clock: string
  /** 13 lower-case hex digits, PHP `uniqid()` layout. */
  token: string
  record: AccessRecord
}
