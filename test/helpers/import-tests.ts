/**
 * Runs the test files of a folder in this one process, in name order. Each
 * file stays a module's own tests (and runs alone with `npx tap FILE`); a
 * process per file cost the suite more than the tests in it.
 */

import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { ROOT } from './run-cli.js'
import { scaled } from './wait-for.js'

const testFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
  .sort((a, b) => a.name.localeCompare(b.name))
  .flatMap((entry) => entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [])

/**
 * Imports every `*.test.ts` under `folder` (relative to the repository): their
 * tests join this process's root test. A first test holds the queue until all
 * are imported, so the root does not end between two files.
 *
 * tap's `timeout` (package.json) is one bound on a whole process, a backstop
 * against a hang; this process runs many files' tests, which a loaded machine
 * runs slower. So its bound is on a stall instead: the process is stopped
 * only when none of its tests ends for `idleMs` (the longest one of them may
 * take on an idle machine, and more: scaled to the machine's load, read as
 * each test ends).
 */
export const importTests = (folder: string, atLeast: number, idleMs = 120_000): void => {
  const backstop = (): void => void t.setTimeout(scaled(idleMs))
  backstop()
  t.on('subtestEnd', backstop)
  const files = testFiles(join(ROOT, folder))
  const imported = (async () => {
    for (const file of files) await import(pathToFileURL(file).href)
  })()
  // a file that cannot be imported fails this test (and no rejection goes unheard)
  t.test(`the test files of ${folder}`, async (t) => {
    await imported
    t.ok(files.length >= atLeast, `${files.length} files: ${files.map((file) => relative(join(ROOT, folder), file)).join(', ')}`)
  })
}
