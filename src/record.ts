/** The plain typed records that flow through the middle of the pipeline. */

/**
 * Every record's time is before this instant (epoch milliseconds,
 * 2106-02-07T06:28:16Z), and not before 1970: a token holds the Unix second
 * in 8 hex digits.
 */
export const TIME_LIMIT = 0x1_0000_0000 * 1000

/**
 * How precisely a time was logged below the second: 3 digits (milliseconds:
 * `$msec`, `%{msec}t`, `%{msec_frac}t`) or 6 (microseconds: `%{usec}t`,
 * `%{usec_frac}t`). A timestamp written from it shows as many digits, so it
 * says no more than the log did.
 */
export type SubsecondDigits = 3 | 6

/** One access-log line, parsed. Values are decoded for display but not trusted. */
export interface AccessRecord {
  /** Client address: as logged, or taken from X-Forwarded-For under `--client-ip forwarded`. */
  ip: string
  /** The client (peer) address exactly as the server logged it. */
  loggedIp: string
  /** Remote user, or null for `-`. */
  user: string | null
  /** Request time, epoch milliseconds. */
  time: number
  /** The time zone offset the line was logged with, minutes east of UTC. */
  offset: number
  /** Microseconds within the second when the log has them, else null. */
  micros: number | null
  /**
   * With `micros`: how many digits below the second the log gave. Null or
   * absent for whole seconds, and for records not read from a log line
   * (merged rows), which show 6 digits when they have micros.
   */
  subsecondDigits?: SubsecondDigits | null
  /** The whole request line, decoded (`GET /x HTTP/1.1`, or `-`). */
  request: string
  /** Method, or null when the request line is not a request (`-`, TLS bytes). */
  method: string | null
  /** Request target as logged (escape-decoded, not percent-decoded). */
  target: string | null
  /** `HTTP/1.1`, or null for HTTP/0.9 and non-requests. */
  protocol: string | null
  status: number
  /** Body bytes sent, or null for `-`; a bigint when a number would not hold every digit (over 2^53 − 1). */
  bytes: number | bigint | null
  /** Referer and User-Agent for `combined`, null when absent or `-`. */
  referer: string | null
  userAgent: string | null
  /** Virtual host / server name (`$host`, `$server_name`, `%v`), null when not logged. */
  host: string | null
  /** Server port (`$server_port`, `%p`), null when not logged. */
  port: number | null
  /** The X-Forwarded-For header as logged, null when not logged or `-`. */
  forwardedFor: string | null
  /** Time taken to serve the request, in microseconds (`$request_time`, `%D`, `%T`), null when not logged. */
  duration: number | null
  /** The line as read. */
  raw: string
  /** Where the line came from. */
  source: string
  /** Line number from 1, or null when the file was read from its end (then `byteOffset` tells where). */
  line: number | null
  /** Byte offset of the line's start in a plain file read from its end, else null. */
  byteOffset: number | null
  /**
   * The server that logged the line, filled by its source: the run's
   * `--server-name` for a log file (a table's host column can name each
   * line's), kept through merge; null or absent when not named. `--server`
   * selects by it; a page of rows of several servers shows it as a column.
   */
  server?: string | null
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

/** The zone times are shown in (the Time column, `--from`/`--until` without an offset): an IANA name (`--tz`), or null for each line's logged offset. */
export type DisplayZone = string | null
