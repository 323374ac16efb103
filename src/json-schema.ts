/**
 * ajv, the JSON Schema validator (schema/*.schema.json), loaded when a
 * config file or NDJSON rows are first checked, not at every start. It is
 * required, not imported: the bundle loads it from node_modules as it is.
 */

import { createRequire } from 'node:module'
import type { Ajv2020 as Ajv2020Class } from 'ajv/dist/2020.js'

const require = createRequire(import.meta.url)

export type Ajv2020 = Ajv2020Class

/** A new validator for JSON Schema draft 2020-12. */
export function newAjv(options: ConstructorParameters<typeof Ajv2020Class>[0]): Ajv2020 {
  const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')
  return new Ajv2020(options)
}
