/**
 * A config file's values become option values of the command being run:
 * defaults < config file < flags. A flag given on the command line wins even
 * when it equals the default (commander's getOptionValueSource() says where
 * a value came from). Each value goes through the option's own parser, the
 * one a flag goes through, so a config value is checked exactly as a flag.
 * Keys of the other command's options are checked the same way, then left.
 */

import { InvalidArgumentError, type Command, type Option } from 'commander'
import { isUserError } from '../errors.js'
import type { ShapeSettings } from '../select/shapes.js'
import { ConfigError } from './config-error.js'
import { shown } from './config-schema.js'
import { shapeSettings, type ShapesConfig } from './config-shapes.js'
import { loadConfig } from './load-config.js'

export interface AppliedConfig {
  /** The config file as named in messages, or null when there was none. */
  file: string | null
  shapes: ShapeSettings | null
}

/** Keys that are not options: `$schema` lets an editor check the file as it is written. */
const SCHEMA_KEY = '$schema'

/** Sources a config value may replace: nothing given, or a default. */
const REPLACEABLE = new Set([undefined, 'default', 'implied'])

type Parsed = { ok: true; value: unknown } | { ok: false; problem: string }

function parseText(option: Option, text: string, previous: unknown, path: string, raw: unknown): Parsed {
  try {
    return { ok: true, value: option.parseArg ? option.parseArg(text, previous) : text }
  } catch (e) {
    if (e instanceof InvalidArgumentError || isUserError(e)) {
      return { ok: false, problem: `${path} is invalid: ${e.message} (got ${shown(raw)})` }
    }
    throw e
  }
}

/** A config value (already of the schema's type) through the option's parser. */
export function parseConfigValue(option: Option, key: string, value: unknown): Parsed {
  if (typeof value === 'boolean') return { ok: true, value }
  if (Array.isArray(value)) {
    let acc: unknown = option.defaultValue
    for (const [i, item] of value.entries()) {
      const parsed = parseText(option, String(item), acc, `/${key}/${i}`, item)
      if (!parsed.ok) return parsed
      acc = parsed.value
    }
    return { ok: true, value: acc }
  }
  return parseText(option, String(value), option.defaultValue, `/${key}`, value)
}

function optionsByKey(commands: readonly Command[]): Map<string, Option> {
  const byKey = new Map<string, Option>()
  for (const command of commands) {
    for (const option of command.options) if (!byKey.has(option.attributeName())) byKey.set(option.attributeName(), option)
  }
  return byKey
}

function flagName(option: Option): string {
  return option.long ?? option.flags
}

/** The names `.conflicts()` recorded: commander keeps them on the option but leaves them out of its typings. */
function conflictNames(option: Option): readonly string[] {
  return (option as Option & { conflictsWith?: string[] }).conflictsWith ?? []
}

/**
 * Pairs that `.conflicts()` forbids, where the file set at least one side
 * (commander checks the flags themselves before the file is read).
 */
function conflicts(command: Command): string[] {
  const source = (key: string): string | undefined => command.getOptionValueSource(key)
  const given = (key: string): boolean => source(key) === 'cli' || source(key) === 'config'
  const name = (key: string): string => {
    const option = command.options.find((o) => o.attributeName() === key)
    return source(key) === 'cli' && option ? `${flagName(option)} on the command line` : `/${key}`
  }
  return command.options.flatMap((option) => {
    const key = option.attributeName()
    return conflictNames(option).flatMap((other) => {
      if (!given(key) || !given(other) || (source(key) !== 'config' && source(other) !== 'config')) return []
      const [fromFile, rival] = source(key) === 'config' ? [key, other] : [other, key]
      return [`/${fromFile} cannot be used with ${name(rival)}`]
    })
  })
}

/**
 * Reads the config file for `command` (`build` or `merge`) and sets the
 * values no flag gave. `commands` are all subcommands, to check every key;
 * `warn` says why a config file in the working folder was passed over.
 */
export async function applyConfig(command: Command, commands: readonly Command[], cwd: string, warn: (line: string) => void): Promise<AppliedConfig> {
  const loaded = await loadConfig(command.getOptionValue('config') as string | undefined, cwd, warn)
  if (loaded === null) return { file: null, shapes: null }
  const { label, values } = loaded
  const problems: string[] = []
  const known = optionsByKey(commands)
  for (const [key, value] of Object.entries(values)) {
    if (key === 'shapes' || key === SCHEMA_KEY) continue
    const own = command.options.find((o) => o.attributeName() === key)
    const option = own ?? known.get(key)
    if (!option) {
      problems.push(`/${key} is not an option of ${commands.map((c) => c.name()).join(' or ')}`)
      continue
    }
    const parsed = parseConfigValue(option, key, value)
    if (!parsed.ok) problems.push(parsed.problem)
    else if (own && REPLACEABLE.has(command.getOptionValueSource(key))) {
      command.setOptionValueWithSource(key, parsed.value, 'config')
    }
  }
  const shapes = shapeSettings(values.shapes as ShapesConfig | undefined)
  if (!shapes.ok) problems.push(...shapes.problems)
  problems.push(...conflicts(command))
  if (problems.length > 0 || !shapes.ok) throw new ConfigError(label, problems.map((problem) => `${label}: ${problem}`))
  return { file: label, shapes: values.shapes === undefined ? null : shapes.settings }
}
