/**
 * `--json-fields ip=remote_addr,time=ts,…`: which JSON key holds what, for
 * JSON logs whose keys are not nginx's variable names. A dot reaches into a
 * nested object (`method=request.method`). The roles named replace those of
 * the format (the `json` preset or an nginx JSON template); the others stay.
 */

import type { FieldSpec, JsonFormatSpec, Role } from './format-spec.js'
import { timeField } from '../time/time-field.js'
import { FormatError } from './text-format.js'

export const JSON_FIELD_ROLES = [
  'ip', 'time', 'request', 'method', 'uri', 'protocol', 'status', 'bytes', 'referer', 'userAgent',
  'duration', 'host', 'port', 'forwardedFor', 'user',
] as const

export type JsonFieldRole = (typeof JSON_FIELD_ROLES)[number]

export type JsonFieldMap = ReadonlyMap<JsonFieldRole, string>

function isRole(name: string): name is JsonFieldRole {
  return (JSON_FIELD_ROLES as readonly string[]).includes(name)
}

/** `role=key,role=key` → the map; throws FormatError naming the bad pair and the allowed roles. */
export function parseJsonFields(text: string): JsonFieldMap {
  const map = new Map<JsonFieldRole, string>()
  for (const pair of text.split(',')) {
    const trimmed = pair.trim()
    const eq = trimmed.indexOf('=')
    const role = eq < 0 ? trimmed : trimmed.slice(0, eq).trim()
    const key = eq < 0 ? '' : trimmed.slice(eq + 1).trim()
    if (!isRole(role)) {
      throw new FormatError(`${JSON.stringify(role)} is not a field name: use NAME=KEY pairs with NAME one of ${JSON_FIELD_ROLES.join(', ')}`)
    }
    if (key === '' || key.split('.').some((part) => part === '')) throw new FormatError(`${role} needs a JSON key: ${role}=KEY`)
    if (map.has(role)) throw new FormatError(`${role} is given twice`)
    map.set(role, key)
  }
  return map
}

function specFor(role: JsonFieldRole, name: string): FieldSpec {
  switch (role) {
    case 'time': return { role, name, rank: 9, time: timeField({ kind: 'any' }) }
    case 'duration': return { role, name, rank: 9, microsPerUnit: 1_000_000 }
    default: return { role, name, rank: 9 }
  }
}

/** The roles a JSON field role replaces: `uri` also stands for a path field. */
function replaced(role: JsonFieldRole): Role[] {
  return (role === 'uri' ? ['uri', 'path'] : [role])
}

export function withJsonFields(spec: JsonFormatSpec, map: JsonFieldMap): JsonFormatSpec {
  const gone = new Set([...map.keys()].flatMap(replaced))
  const fields: FieldSpec[] = []
  const paths: (readonly string[])[] = []
  spec.fields.forEach((field, i) => {
    if (gone.has(field.role)) return
    fields.push(field)
    paths.push(spec.paths[i] as readonly string[])
  })
  for (const [role, key] of map) {
    fields.push(specFor(role, key))
    paths.push(key.split('.'))
  }
  return { ...spec, fields, paths }
}
