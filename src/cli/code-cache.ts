/**
 * A CommonJS bundle run with V8's code cache: the compiled code of the
 * bundle, saved when the package is built (scripts/bundle.js), so a run does
 * not compile the program again each time cron starts it. The cache is only
 * a shortcut: when it is missing or was made by another Node.js (V8 rejects
 * it), the bundle is compiled as usual.
 *
 * The cache keeps the name the script was compiled under, and V8 gives that
 * name to the frames of every stack, whatever name the run passes. So the
 * script is named by its file name alone (`program.cjs`), never by the
 * folder it was built in: a package installed elsewhere must not name the
 * packager's folder (bug-report.ts finds the file beside itself).
 */

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname } from 'node:path'
import { constants, Script } from 'node:vm'

/** The cache of `file`: next to it. */
export function cacheFileOf(file: string): string {
  return `${file}.cache`
}

/** The module wrapper, alone on the first line, so the bundle's lines keep their numbers in stacks. */
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) {\n'

export interface LoadedScript {
  exports: unknown
  script: Script
}

/** Compiles (with the cache when it fits) and runs `file` as a CommonJS module. */
export function runCommonJs(file: string, cachedData?: Buffer): LoadedScript {
  const script = new Script(`${WRAPPER_START}${readFileSync(file, 'utf8')}\n})`, {
    filename: basename(file),
    lineOffset: -1,
    cachedData,
    // a bundle may still import what it does not contain (a library, a built-in module)
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  })
  const module = { exports: {} as unknown }
  const factory = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void
  factory(module.exports, createRequire(file), module, file, dirname(file))
  return { exports: module.exports, script }
}

/** `file` run with its code cache, if there is one. */
export function runWithCodeCache(file: string): unknown {
  let cachedData: Buffer | undefined
  try {
    cachedData = readFileSync(cacheFileOf(file))
  } catch {
    // no cache: compiled as usual
  }
  return runCommonJs(file, cachedData).exports
}
