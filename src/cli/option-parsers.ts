/**
 * The value of each option, checked as commander reads it (argParsers; a
 * config file's values go through the same ones). Each throws commander's
 * InvalidArgumentError with the allowed values, which becomes the one line
 * printed, or, for a format text that cannot work, a usage error naming
 * what is wrong.
 */

import { InvalidArgumentError } from 'commander'
import { usageError } from '../errors.js'
import { redactPrefixProblem } from '../notices/redact.js'
import { parseJsonFields, type JsonFieldMap } from '../parse/format/json-fields.js'
import { parseLogFormat, type LogFormatChoice } from '../parse/format/log-format-option.js'
import { FormatError } from '../parse/format/text-format.js'
import { parseCidr, type Cidr } from '../parse/record/client-ip.js'
import { serverNameProblem } from '../select/filters/server.js'
import { isKnownZone } from '../profile/display-time.js'
import { parseAllowHost } from '../jobs/serve/host-check.js'
import { LISTEN_HINT, parseListenAddress, type ListenAddress } from '../jobs/serve/listen-address.js'
import { EMIT_FORMATS, isEmitFormat, type EmitFormat } from '../render/emit-format.js'
import { CLIENT_IP_MODES, type ClientIpMode } from '../source/read-settings.js'
import { InvalidCriterion } from '../select/criteria.js'
import { ANY } from '../select/filters/request.js'

/** `--order-tolerance`: whole seconds, 0 or more. */
export function seconds(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new InvalidArgumentError('give a whole number of seconds, 0 or more')
  return Number(value)
}

/** The longest `watch --interval`: a day. */
export const MAX_INTERVAL_SECONDS = 86_400

/** `watch --interval`: seconds, more than 0, to the millisecond (0.2, 1, 5). */
export function intervalSeconds(value: string): number {
  const seconds = /^\d{1,5}(?:\.\d{1,3})?$/.test(value) ? Number(value) : NaN
  if (!(seconds > 0 && seconds <= MAX_INTERVAL_SECONDS)) {
    throw new InvalidArgumentError(`give a number of seconds above 0 and at most ${MAX_INTERVAL_SECONDS}, such as 1 or 0.5 (to the millisecond)`)
  }
  return seconds
}

/** `--limit`, `--notices-limit`. */
export function positiveInt(value: string): number {
  if (!/^[1-9]\d*$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('give a whole number of 1 or more')
  }
  return Number(value)
}

/**
 * The most rows `--limit` may ask for. The rows are held in memory until the
 * newest are certain (the output itself is written in pieces), so a million
 * rows of long lines already take a gigabyte or more.
 */
export const MAX_LIMIT = 1_000_000

/** `--limit`: 1 to MAX_LIMIT rows. */
export function rowLimit(value: string): number {
  const n = positiveInt(value)
  if (n > MAX_LIMIT) throw new InvalidArgumentError(`give at most ${MAX_LIMIT} rows (they are held in memory); filter with --from/--until or the other criteria for fewer`)
  return n
}

/** `--tz`, `--log-tz`. */
export function timeZone(value: string): string {
  if (!isKnownZone(value)) throw new InvalidArgumentError('give an IANA time zone name such as Europe/Berlin or UTC')
  return value
}

/** `--notices`, repeatable: each use adds a file. */
export function noticesFile(value: string, previous: string[] | undefined): string[] {
  if (value === '') throw new InvalidArgumentError('give a PHP error log: a path, a .gz file, or - for stdin')
  return [...(previous ?? []), value]
}

/** `--redact-path`, repeatable. */
export function redactPath(value: string, previous: string[] | undefined): string[] {
  const problem = redactPrefixProblem(value)
  if (problem) throw new InvalidArgumentError(problem)
  return [...(previous ?? []), value]
}

/** `--server-name`. */
export function serverName(value: string): string {
  const problem = serverNameProblem(value)
  if (problem) throw new InvalidArgumentError(problem)
  return value
}

/** `--out-dir`. */
export function folderPath(value: string): string {
  if (value === '' || value === '-') throw new InvalidArgumentError('give a folder path, e.g. --out-dir /var/www/profiler (it is created if missing)')
  return value
}

/** `--emit`. */
export function emitFormat(value: string): EmitFormat {
  const format = value.toLowerCase()
  if (!isEmitFormat(format)) throw new InvalidArgumentError(`give one of ${EMIT_FORMATS.join(', ')}`)
  return format
}

/** A search criterion's parser as an argParser: its message becomes the hint. */
export function criterion<T>(parse: (text: string) => T) {
  return (value: string): T => {
  try {
    return parse(value)
  } catch (e) {
    if (e instanceof InvalidCriterion) throw new InvalidArgumentError(e.message)
    throw e
  }
}
}

/** A list-valued criterion's parser as a repeatable option's: each use adds its items to those before. */
export function repeatable<T>(parse: (text: string) => readonly T[]) {
  return (value: string, previous: readonly T[] | undefined): T[] => [...(previous ?? []), ...parse(value)]
}

/**
 * Commander stores a parser's null as '', so a criterion whose null means
 * "every value" (`--method any`, `--status any`) is kept as the word `any`
 * until the criteria are put together.
 */
export function orAny<T>(parse: (text: string) => T | null) {
  return (text: string): T | typeof ANY => parse(text) ?? ANY
}

/** `--log-format`: a preset name, auto, or the server's format text, compiled here. */
export function logFormatFlag(value: string): LogFormatChoice {
  if (value.trim() === '') throw new InvalidArgumentError('give auto, combined, common, vhost_combined, json, or the server\'s log_format / LogFormat text')
  try {
    return parseLogFormat(value)
  } catch (e) {
    if (e instanceof FormatError) throw usageError(`--log-format ${e.message}`, 'see profiler-search build --help')
    throw e
  }
}

/** `--json-fields ip=remote_addr,time=ts,…`. */
export function jsonFieldsFlag(value: string): JsonFieldMap {
  try {
    return parseJsonFields(value)
  } catch (e) {
    if (e instanceof FormatError) throw new InvalidArgumentError(e.message)
    throw e
  }
}

/** `--client-ip logged|forwarded`. */
export function clientIpFlag(value: string): ClientIpMode {
  const mode = CLIENT_IP_MODES.find((m) => m === value)
  if (!mode) throw new InvalidArgumentError(`give ${CLIENT_IP_MODES.join(' or ')}`)
  return mode
}

/** `--trusted-proxy`, repeatable: each use adds a range. */
export function trustedProxyFlag(value: string, previous: Cidr[] | undefined): Cidr[] {
  const cidr = parseCidr(value)
  if (!cidr) throw new InvalidArgumentError('give an IPv4 or IPv6 address or CIDR range, such as 10.0.0.0/8, 192.0.2.7 or fd00::/8')
  return [...(previous ?? []), cidr]
}

/** `serve --listen HOST:PORT`. */
export function listenFlag(value: string): ListenAddress {
  const address = parseListenAddress(value)
  if (address === null) throw new InvalidArgumentError(LISTEN_HINT)
  return address
}

/** `serve --allow-host`, repeatable: each use adds a name. */
export function allowHostFlag(value: string, previous: string[] | undefined): string[] {
  const name = parseAllowHost(value)
  if (name === null) throw new InvalidArgumentError('give a host name such as profiler.example.com, or an IP address, without port or scheme')
  return [...(previous ?? []), name]
}

/** The longest `serve --search-timeout`: an hour. */
export const MAX_SEARCH_TIMEOUT_SECONDS = 3600

/** `serve --search-timeout`: seconds, more than 0, to the millisecond. */
export function searchTimeoutSeconds(value: string): number {
  const seconds = /^\d{1,4}(?:\.\d{1,3})?$/.test(value) ? Number(value) : NaN
  if (!(seconds > 0 && seconds <= MAX_SEARCH_TIMEOUT_SECONDS)) {
    throw new InvalidArgumentError(`give a number of seconds above 0 and at most ${MAX_SEARCH_TIMEOUT_SECONDS}, such as 10 or 2.5`)
  }
  return seconds
}

/** The most `serve --max-searches`: each search reading the logs holds its rows and open files. */
export const MAX_MAX_SEARCHES = 64

/** `serve --max-searches`: 1 to MAX_MAX_SEARCHES. */
export function maxSearchesFlag(value: string): number {
  if (!/^[1-9]\d{0,1}$/.test(value) || Number(value) > MAX_MAX_SEARCHES) throw new InvalidArgumentError(`give a whole number from 1 to ${MAX_MAX_SEARCHES}`)
  return Number(value)
}
