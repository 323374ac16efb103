/**
 * The JSON Schemas shipped in `schema/` that describe `--emit json` and
 * `--emit ndjson`, compiled with ajv once, when first asked for. ajv is
 * loaded only then, so a run that does not read rows back does not pay for
 * it at start-up.
 */

import { readFileSync } from 'node:fs'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { newAjv } from '../json-schema.js'
import { packageFile } from '../package-files.js'
import type { EmittedRow } from './emit-row.js'

const SCHEMAS = packageFile('schema/')

export const ROW_SCHEMA_FILE = 'row.schema.json'
export const LISTING_SCHEMA_FILE = 'listing.schema.json'

/** A schema file of the package, parsed. */
export const readSchema = (name: string): object => JSON.parse(readFileSync(new URL(name, SCHEMAS), 'utf8')) as object

export interface SchemaValidators {
  row: ValidateFunction<EmittedRow>
  listing: ValidateFunction<{ count: number; rows: EmittedRow[] }>
}

let validators: SchemaValidators | undefined

const compile = (): SchemaValidators => {
  const ajv = newAjv({ allErrors: false })
  ajv.addSchema(readSchema(ROW_SCHEMA_FILE))
  return {
    row: ajv.getSchema<EmittedRow>(ROW_SCHEMA_FILE) as ValidateFunction<EmittedRow>,
    listing: ajv.compile<{ count: number; rows: EmittedRow[] }>(readSchema(LISTING_SCHEMA_FILE)),
  }
}

/** `row`: is this value a row as `--emit ndjson` writes it? `listing`: a document as `--emit json` writes it? */
export const schemaValidators = (): SchemaValidators => (validators ??= compile())
