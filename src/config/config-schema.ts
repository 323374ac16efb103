/**
 * schema/config.schema.json, compiled with ajv, and its errors as one line
 * per problem that names the key path, what is allowed there and the value
 * that was given: `/limit must be an integer >= 1 (got "ten")`.
 */

import { readFileSync } from 'node:fs'
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { newAjv } from '../json-schema.js'
import { packageFile } from '../package-files.js'
import { nearestKey } from './nearest-key.js'

export const CONFIG_SCHEMA_FILE = packageFile('schema/config.schema.json')

/** The part of a JSON Schema the messages read. */
export interface SchemaNode {
  type?: string | string[]
  enum?: unknown[]
  minimum?: number
  maximum?: number
  minLength?: number
  minItems?: number
  items?: SchemaNode
  properties?: Record<string, SchemaNode>
  propertyNames?: SchemaNode
  pattern?: string
  description?: string
}

export function readConfigSchema(): SchemaNode & { properties: Record<string, SchemaNode> } {
  return JSON.parse(readFileSync(CONFIG_SCHEMA_FILE, 'utf8')) as SchemaNode & { properties: Record<string, SchemaNode> }
}

let validator: ValidateFunction | undefined

/** The schema compiled when a config file is first read. */
export function configValidator(): ValidateFunction {
  return (validator ??= newAjv({ allErrors: true, verbose: true, allowUnionTypes: true }).compile(readConfigSchema()))
}

const ARTICLE: Record<string, string> = {
  integer: 'an integer', number: 'a number', string: 'a string', boolean: 'true or false', object: 'an object', array: 'a list', null: 'null',
}
const PLURAL: Record<string, string> = {
  integer: 'integers', number: 'numbers', string: 'strings', boolean: 'true or false values', object: 'objects', array: 'lists', null: 'nulls',
}

function types(node: SchemaNode): string[] {
  return (node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type])
}

function range(node: SchemaNode): string {
  if (node.minimum !== undefined && node.maximum !== undefined) return ` from ${node.minimum} to ${node.maximum}`
  if (node.minimum !== undefined) return ` >= ${node.minimum}`
  if (node.maximum !== undefined) return ` <= ${node.maximum}`
  return ''
}

/** What a schema node allows, in words: `an integer >= 1`, `one of "html", "json"`, `a list of strings`. */
export function describeAllowed(node: SchemaNode): string {
  if (node.enum) return `one of ${node.enum.map((v) => JSON.stringify(v)).join(', ')}`
  return types(node).map((type) => {
    if (type === 'integer' || type === 'number') return `${ARTICLE[type]}${range(node)}`
    if (type === 'string' && node.minLength) return 'a non-empty string'
    if (type === 'array') {
      const items = node.items ? types(node.items).map((t) => PLURAL[t] ?? t).join(' or ') : ''
      return `${node.minItems ? 'a non-empty list' : 'a list'}${items ? ` of ${items}` : ''}`
    }
    return ARTICLE[type] ?? type
  }).join(' or ')
}

/** A value as shown after "got": JSON, cut at 60 characters. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

function pathOf(instancePath: string): string {
  return instancePath || '(the top level)'
}

/**
 * One line per problem. Errors at the same key path become one line; an
 * unknown key names the nearest allowed one.
 */
export function schemaProblems(errors: readonly ErrorObject[]): string[] {
  const lines: string[] = []
  const done = new Set<string>()
  for (const error of errors) {
    const parent = error.parentSchema as SchemaNode | undefined
    if (error.keyword === 'additionalProperties') {
      const key = String((error.params as { additionalProperty: string }).additionalProperty)
      const allowed = Object.keys(parent?.properties ?? {})
      const nearest = nearestKey(key, allowed)
      lines.push(`unknown key ${error.instancePath}/${key}${nearest ? ` (did you mean ${nearest}?)` : ''}`)
      continue
    }
    if (error.propertyName !== undefined) continue // reported by its propertyNames error
    if (error.keyword === 'propertyNames') {
      const name = String((error.params as { propertyName: string }).propertyName)
      lines.push(`${pathOf(error.instancePath)} has a bad name ${JSON.stringify(name)}: ${parent?.propertyNames?.description ?? 'not allowed here'}`)
      continue
    }
    if (done.has(error.instancePath)) continue
    done.add(error.instancePath)
    const allowed = error.keyword === 'pattern'
      ? parent?.description ?? `a string matching ${String((error.params as { pattern: string }).pattern)}`
      : parent ? describeAllowed(parent) : error.message ?? 'something else'
    lines.push(`${pathOf(error.instancePath)} must be ${allowed} (got ${shown(error.data)})`)
  }
  return lines
}
