/**
 * One JSON log line → the slots of its format's fields. nginx writes JSON
 * two ways: with `escape=json` the line is plain JSON (bytes >= 0x80 raw,
 * which the line reader has already decoded, invalid UTF-8 as U+FFFD); with
 * its default escaping `"` and `\` appear as `\x22` and `\x5C`, which is
 * not JSON until those escapes are protected and decoded afterwards.
 * Strings and numbers are accepted for any value, and an array stands for
 * its first element (Caddy logs each header as a list: `"User-Agent":
 * ["curl/8.5"]`); a line that is not a JSON object gives null (a skipped
 * line), never an error.
 */

import { decodeLogEscapes } from './escapes.js'
import type { JsonFormatSpec } from './format-spec.js'
import type { Slots } from './line-plan.js'

type Decoded = { object: Record<string, unknown>; escaped: boolean } | null

function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** `\xHH` → `\\xHH`, so JSON.parse keeps it for decodeLogEscapes. */
function protectHexEscapes(line: string): string {
  return line.replace(/\\x/g, '\\\\x')
}

function decode(line: string, escape: JsonFormatSpec['escape']): Decoded {
  if (escape !== 'default') {
    const object = asObject(tryParse(line))
    if (object || escape === 'json' || !line.includes('\\x')) return object && { object, escaped: false }
  }
  const object = asObject(tryParse(protectHexEscapes(line)))
  return object && { object, escaped: true }
}

function valueAt(object: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = object
  for (const key of path) {
    const current = asObject(value)
    if (!current || !Object.hasOwn(current, key)) return undefined
    value = current[key]
  }
  return value
}

/** The slots of a JSON line, or null when it is not a JSON object. */
export function jsonLineParser(spec: JsonFormatSpec): ((line: string) => Slots | null) {
  const { paths, escape } = spec
  const count = paths.length
  return (line) => {
    const start = line.charCodeAt(0) === 0x7b ? 0 : line.search(/\S/)
    if (start < 0 || line.charCodeAt(start) !== 0x7b) return null
    const decoded = decode(line, escape)
    if (!decoded) return null
    const slots: Slots = []
    for (let i = 0; i < count; i++) {
      const found = valueAt(decoded.object, paths[i] as readonly string[])
      const value: unknown = Array.isArray(found) ? found[0] : found
      if (typeof value === 'string') slots[i] = decoded.escaped ? decodeLogEscapes(value) : value
      else if (typeof value === 'number' && Number.isFinite(value)) slots[i] = String(value)
    }
    return slots
  }
}
