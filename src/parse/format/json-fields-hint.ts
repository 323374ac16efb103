/**
 * JSON lines no format reads (Caddy's, Traefik's, an application's own):
 * the hint names the keys the first line has and the `--json-fields` they
 * likely stand for, guessed from the names such logs give them
 * (`request.client_ip`, `ts`, `status`, …), so the next run can read them.
 * The keys come from the log: they are made visible and cut short.
 */

import { visible } from '../../text/visible.js'
import type { JsonFieldRole } from './json-fields.js'

/** A key of the line by its dotted path, and its value there. */
interface JsonKey {
  path: string
  value: unknown
}

/** The most keys the hint lists, and the longest path it shows. */
const SHOWN_KEYS = 24
const SHOWN_KEY_LENGTH = 60

/**
 * The leaf names (lower case, letters and digits only) each role is likely
 * under, most likely first. `request` is taken only as a string (Caddy's is
 * an object of the request's parts).
 */
const LIKELY_NAMES: ReadonlyArray<readonly [JsonFieldRole, readonly string[]]> = [
  ['ip', ['clientip', 'remoteip', 'remoteaddr', 'clienthost', 'clientaddr', 'ip', 'client']],
  ['time', ['ts', 'timestamp', 'time', 'timelocal', 'timeiso8601', 'startutc', 'datetime', 'date']],
  ['request', ['request', 'requestline']],
  ['method', ['method', 'requestmethod', 'verb']],
  ['uri', ['uri', 'requesturi', 'requestpath', 'url', 'path']],
  ['protocol', ['proto', 'protocol', 'requestprotocol', 'serverprotocol']],
  ['status', ['status', 'statuscode', 'downstreamstatus', 'responsestatus']],
  ['bytes', ['size', 'bytes', 'bodybytessent', 'bytessent', 'downstreamcontentsize', 'responsesize']],
  ['referer', ['referer', 'referrer', 'httpreferer']],
  ['userAgent', ['useragent', 'httpuseragent', 'requestuseragent', 'ua']],
  ['host', ['host', 'requesthost', 'servername', 'vhost']],
  ['duration', ['duration', 'requesttime']],
  ['forwardedFor', ['xforwardedfor', 'httpxforwardedfor']],
  ['user', ['remoteuser', 'user']],
]

/** Roles a row cannot do without; `request` stands for `method` and `uri` together. */
const NEEDED: readonly JsonFieldRole[] = ['ip', 'time', 'status']

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether `--json-fields` can name the key: no `,` `=` or `.` inside a name, nothing empty. */
function nameable(name: string): boolean {
  return name !== '' && !/[,=.]/.test(name)
}

/** The keys of a JSON object line, nested objects' keys by dotted path, in the line's order; null for any other line. */
export function jsonKeys(line: string): JsonKey[] | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(line)
  } catch {
    return null
  }
  if (!isObject(parsed)) return null
  const keys: JsonKey[] = []
  const walk = (object: Record<string, unknown>, prefix: string): void => {
    for (const [name, value] of Object.entries(object)) {
      const path = `${prefix}${name}`
      if (isObject(value) && nameable(name)) walk(value, `${path}.`)
      else keys.push({ path, value })
    }
  }
  walk(parsed, '')
  return keys
}

function leafName(path: string): string {
  return (path.slice(path.lastIndexOf('.') + 1)).toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** Whether a key's value can be a role's: a string or number (the first element of an array), `request` only a string. */
function fits(role: JsonFieldRole, value: unknown): boolean {
  const first: unknown = Array.isArray(value) ? value[0] : value
  return role === 'request' ? typeof value === 'string' : typeof first === 'string' || typeof first === 'number'
}

/** The `role=key` pairs the keys likely stand for, in --json-fields' order; a needed role without a likely key as `role=KEY`. */
export function likelyJsonFields(keys: readonly JsonKey[]): string[] {
  const usable = keys.filter((key) => key.path.split('.').every(nameable))
  const pairs = new Map<JsonFieldRole, string>()
  for (const [role, names] of LIKELY_NAMES) {
    if ((role === 'method' || role === 'uri' || role === 'protocol') && pairs.has('request')) continue
    for (const name of names) {
      const key = usable.find((candidate) => leafName(candidate.path) === name && fits(role, candidate.value) && ![...pairs.values()].includes(candidate.path))
      if (key !== undefined) {
        pairs.set(role, key.path)
        break
      }
    }
  }
  const needed: JsonFieldRole[] = [...NEEDED, ...(pairs.has('request') || (pairs.has('method') && pairs.has('uri')) ? [] : ['request' as const])]
  return [
    ...needed.filter((role) => !pairs.has(role)).map((role) => `${role}=KEY`),
    ...[...pairs].map(([role, path]) => `${role}=${path}`),
  ]
}

/** The hint for an input whose first line is a JSON object no format read: its keys, and `--json-fields` naming them; null for any other line. */
export function jsonFieldsHint(firstLine: string): string | null {
  const keys = jsonKeys(firstLine)
  if (keys === null || keys.length === 0) return null
  const shown = keys.slice(0, SHOWN_KEYS).map((key) => visible(key.path.length > SHOWN_KEY_LENGTH ? `${key.path.slice(0, SHOWN_KEY_LENGTH)}…` : key.path))
  const more = keys.length > SHOWN_KEYS ? ` and ${keys.length - SHOWN_KEYS} more` : ''
  const fields = visible(likelyJsonFields(keys).join(','))
  return `its first line is JSON with the keys ${shown.join(', ')}${more}: name the ones that hold what a row needs with --json-fields, ` +
    `e.g. --json-fields '${fields}' (a dot reaches into an object)`
}
