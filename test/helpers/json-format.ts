/** JSON log formats and lines read through them, for the tests of src/parse/format/json-*.ts and nginx-json.ts. */

import type { JsonFormatSpec } from '../../src/parse/format/format-spec.js'
import { jsonLineParser } from '../../src/parse/format/json-lines.js'
import { nginxFormat } from '../../src/parse/format/nginx.js'

/** An nginx `log_format` text that must be a JSON template. */
export const jsonFormat = (format: string): JsonFormatSpec => {
  const spec = nginxFormat(format)
  if (spec.kind !== 'json') throw new Error('not JSON')
  return spec
}

/** A line → { field name: value } for the fields that have a value; 'not JSON' for a skipped line. */
export const readJsonLine = (spec: JsonFormatSpec, line: string): Record<string, string> | string => {
  const slots = jsonLineParser(spec)(line)
  if (slots === null) return 'not JSON'
  const out: Record<string, string> = {}
  spec.fields.forEach((field, i) => {
    const value = slots[i]
    if (value !== undefined) out[field.name] = value
  })
  return out
}
