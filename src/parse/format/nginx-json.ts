/**
 * JSON lines in nginx's own terms: the JSON object template of a
 * `log_format` (`escape=json '{"ts":"$time_iso8601","ip":"$remote_addr",…}'`)
 * names the key of each variable, and the `json` preset uses the variable
 * names themselves as keys (`{"remote_addr":…,"time_iso8601":…}`).
 */

import type { FieldSpec, JsonEscape, JsonFormatSpec } from './format-spec.js'
import type { NginxEscape } from './nginx-conf.js'
import { NGINX_VARIABLES } from './nginx-variables.js'
import { FormatError } from './text-format.js'

const VARIABLE = /^\$\{?([A-Za-z0-9_]+)\}?$/

/** Bare variables (`"status":$status`) get quotes, so the template parses as JSON. */
function quoteBareVariables(template: string): string {
  let out = ''
  let inString = false
  for (let i = 0; i < template.length; i++) {
    const char = template[i] as string
    if (inString) {
      out += char
      if (char === '\\') out += template[++i] ?? ''
      else if (char === '"') inString = false
    } else if (char === '"') {
      inString = true
      out += char
    } else if (char === '$') {
      const m = /^\$(?:\{[A-Za-z0-9_]+\}|[A-Za-z0-9_]+)/.exec(template.slice(i))
      if (!m) {
        out += char
        continue
      }
      out += `"${m[0]}"`
      i += m[0].length - 1
    } else {
      out += char
    }
  }
  return out
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function escapeOf(escape: NginxEscape): JsonEscape {
  return (escape === 'default' ? 'default' : 'json')
}

export function jsonSpec(name: string, entries: { path: string[]; variable: string }[], escape: JsonEscape): JsonFormatSpec {
  const fields: FieldSpec[] = []
  const paths: string[][] = []
  for (const { path, variable } of entries) {
    const make = NGINX_VARIABLES[variable]
    if (!make) continue
    fields.push(make(path.join('.')))
    paths.push(path)
  }
  return { kind: 'json', name, dialect: 'json', fields, paths, escape, escaped: false }
}

/** A `log_format` whose body is a JSON object template. */
export function nginxJsonFormat(body: string, escape: NginxEscape): JsonFormatSpec {
  let template: unknown
  try {
    template = JSON.parse(quoteBareVariables(body))
  } catch (e) {
    throw new FormatError(`starts with { but is not a JSON object template (${(e as Error).message})`)
  }
  if (!isObject(template)) throw new FormatError('starts with { but is not a JSON object template')
  const entries: { path: string[]; variable: string }[] = []
  const walk = (object: Record<string, unknown>, path: string[]): void => {
    for (const [key, value] of Object.entries(object)) {
      if (isObject(value)) walk(value, [...path, key])
      else if (typeof value === 'string') {
        const m = VARIABLE.exec(value)
        if (m) entries.push({ path: [...path, key], variable: m[1] as string })
      }
    }
  }
  walk(template, [])
  return jsonSpec('nginx JSON log_format', entries, escapeOf(escape))
}

/** The `json` preset: nginx variable names as keys, escaping told per line. */
export const JSON_PRESET_VARIABLES = [
  'remote_addr', 'remote_user', 'time_iso8601', 'time_local', 'msec', 'request', 'request_method',
  'request_uri', 'server_protocol', 'status', 'body_bytes_sent', 'bytes_sent', 'http_referer',
  'http_user_agent', 'request_time', 'host', 'server_name', 'http_x_forwarded_for', 'server_port',
] as const

export function jsonPreset(): JsonFormatSpec {
  return jsonSpec('json', JSON_PRESET_VARIABLES.map((variable) => ({ path: [variable], variable })), 'detect')
}
