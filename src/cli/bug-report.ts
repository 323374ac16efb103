/**
 * The stack of a bug (exit 70), as a user pastes it into a report. Run from
 * the bundle, each frame of the program's own code is mapped back to its
 * src/ file and line (src/ is in the package) through the bundle's source
 * map, read only now: a run that has no bug pays nothing for source maps.
 * A frame in a library the bundle holds names the bundle file, where the
 * package is installed: the library's own file there may be another version.
 */

import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { dirname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** `    at fn (/…/dist/cli.cjs:12:34)` or `    at /…/dist/cli.cjs:12:34`, the path maybe a file: URL. */
const FRAME = /^(\s+at (?:.*\()?)((?:file:\/\/)?\/[^\s()]+\.c?js):(\d+):(\d+)(\)?)$/

function mapOf(file: string, maps: Map<string, SourceMap | null>): SourceMap | null {
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

function mapped(line: string, maps: Map<string, SourceMap | null>): string {
  const frame = FRAME.exec(line)
  if (!frame) return line
  const [, before = '', location = '', row = '', column = '', after = ''] = frame
  const file = location.startsWith('file:') ? fileURLToPath(location) : location
  const entry = mapOf(file, maps)?.findEntry(Number(row) - 1, Number(column) - 1)
  if (entry && 'originalSource' in entry) {
    const { originalSource: original, originalLine, originalColumn } = entry
    const source = original.startsWith('file:') ? fileURLToPath(original) : resolve(dirname(file), original)
    if (source.startsWith(join(dirname(file), '..', 'src', sep))) return `${before}${source}:${originalLine + 1}:${originalColumn + 1}${after}`
  }
  return line
}

/** The error's stack, with the program's frames naming src/ files and lines. */
export function bugReport(e: unknown): string {
  const stack = e instanceof Error ? e.stack ?? String(e) : String(e)
  const maps = new Map<string, SourceMap | null>()
  return stack.split('\n').map((line) => mapped(line, maps)).join('\n')
}
