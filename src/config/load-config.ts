/**
 * The edge where the config file comes in: `--config FILE`, else
 * `profiler-search.config.json` in the working directory when there is one.
 * Only a file nobody but root and the user running could have written or
 * put there is read (trusted-config.ts): one in the working folder that is
 * not is passed over with a line on stderr, a `--config FILE` that is not
 * stops the run (exit 2). The text (at most CONFIG_MAX_BYTES) is parsed and
 * checked against schema/config.schema.json; any problem stops the run
 * (exit 2) before an input is opened.
 */

import { resolve } from 'node:path'
import { errnoWords, usageError } from '../errors.js'
import { readOpenedSmallFile } from '../input/small-file.js'
import { ConfigError } from './config-error.js'
import { configValidator, schemaProblems } from './config-schema.js'
import { parseJsonText } from './json-text.js'
import { openConfigFile, UNTRUSTED_CONFIG_HINT } from './trusted-config.js'

export const CONFIG_FILE_NAME = 'profiler-search.config.json'

export interface LoadedConfig {
  /** The file as named in messages: the --config path as given, or the implicit file name. */
  label: string
  /** Checked against the schema: keys are option names in camelCase, plus `shapes`. */
  values: Record<string, unknown>
}

/** The most a config file may hold; a longer one (`/dev/zero`, a FIFO that never ends) is not read on. */
export const CONFIG_MAX_BYTES = 1024 * 1024

/**
 * The file's text, or null when the implicit file is absent or is not to be
 * read (then `warn` says why); read as input/small-file.ts reads.
 */
async function readText(path: string, label: string, explicit: boolean, warn: (line: string) => void): Promise<string | null> {
  const hint = explicit ? 'check the --config path' : `rename or fix ./${CONFIG_FILE_NAME}`
  const opening = await openConfigFile(path).catch((e: unknown) => {
    if (!explicit && (e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw usageError(`cannot read config file ${label}: ${errnoWords(e)}`, hint)
  })
  if (opening === null) return null
  if ('untrusted' in opening) {
    if (explicit) throw usageError(`refusing config file ${label}: ${opening.untrusted}`, UNTRUSTED_CONFIG_HINT)
    warn(`ignoring ${path}: ${opening.untrusted} (${UNTRUSTED_CONFIG_HINT})`)
    return null
  }
  const file = await readOpenedSmallFile(opening.opened, CONFIG_MAX_BYTES).catch((e: unknown) => {
    throw usageError(`cannot read config file ${label}: ${errnoWords(e)}`, hint)
  })
  if (file.kind === 'folder') throw usageError(`cannot read config file ${label}: it is a folder`, hint)
  if (file.kind === 'too large') throw usageError(`config file ${label} is larger than ${CONFIG_MAX_BYTES / 1024 / 1024} MiB`, hint)
  return file.bytes.toString('utf8')
}

/** Reads, parses and checks the config file; null when there is none, or the implicit one is not read (`warn` says why). */
export async function loadConfig(explicit: string | undefined, cwd: string, warn: (line: string) => void): Promise<LoadedConfig | null> {
  const label = explicit ?? CONFIG_FILE_NAME
  const text = await readText(resolve(cwd, explicit ?? CONFIG_FILE_NAME), label, explicit !== undefined, warn)
  if (text === null) return null
  const parsed = parseJsonText(text)
  if (!parsed.ok) {
    const { line, column, problem } = parsed.error
    throw new ConfigError(label, [`${label}:${line}:${column}: not valid JSON: ${problem}`])
  }
  const validate = configValidator()
  if (!validate(parsed.value)) {
    throw new ConfigError(label, schemaProblems(validate.errors ?? []).map((problem) => `${label}: ${problem}`))
  }
  return { label, values: parsed.value as Record<string, unknown> }
}
