/**
 * The stack of a bug (exit 70), as a user pastes it into a report. Run from
 * the bundle, each frame in dist/ is mapped back to its src/ file and line
 * through the bundle's source map, read only now: a run that has no bug pays
 * nothing for source maps.
 */

import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** `    at fn (/…/dist/program.cjs:12:34)` or `    at /…/dist/cli.cjs:12:34`. */
const FRAME = /^(\s+at (?:.*\()?)((?:file:\/\/)?\/[^\s()]+\.c?js):(\d+):(\d+)(\)?)$/

const mapOf = (file: string, maps: Map<string, SourceMap | null>): SourceMap | null => {
  let map = maps.get(file)
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0])
    } catch {
      map = null
    }
    maps.set(file, map)
  }
  return map
}

const mapped = (line: string, maps: Map<string, SourceMap | null>): string => {
  const frame = FRAME.exec(line)
  if (!frame) return line
  const [, before = '', location = '', row = '', column = '', after = ''] = frame
  const file = location.startsWith('file:') ? fileURLToPath(location) : location
  const entry = mapOf(file, maps)?.findEntry(Number(row) - 1, Number(column) - 1)
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return line
  const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : resolve(dirname(file), entry.originalSource)
  return `${before}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${after}`
}

/** The error's stack, with the bundle's frames naming src/ files and lines. */
export const bugReport = (e: unknown): string => {
  const stack = e instanceof Error ? e.stack ?? String(e) : String(e)
  const maps = new Map<string, SourceMap | null>()
  return stack.split('\n').map((line) => mapped(line, maps)).join('\n')
}
