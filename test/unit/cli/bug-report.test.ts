/**
 * The stack of a bug as a user pastes it (src/cli/bug-report.ts): each frame
 * of a bundled file mapped back through the bundle's source map to the
 * source file and line; anything else as it was.
 */

import { writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import t, { type Test } from 'tap'
import { bugReport } from '../../../src/cli/bug-report.js'

/** An error whose stack is these lines. */
const withStack = (...lines: string[]): Error => Object.assign(new Error('boom'), { stack: ['Error: boom', ...lines].join('\n') })

/**
 * dist/program.cjs and its map in a folder of the test: line 1 of the bundle
 * is line 5 of ../src/jobs/build.ts (column 3 from column 1 on); line 2 is
 * line 7 of a source named by a file: URL.
 */
const bundle = async (t: Test): Promise<{ dist: string; file: string }> => {
  const root = t.testdir({ dist: { 'program.cjs': 'one();\ntwo();\nthree();\n' } })
  const dist = join(root, 'dist')
  const file = join(dist, 'program.cjs')
  await writeFile(`${file}.map`, JSON.stringify({
    version: 3,
    file: 'program.cjs',
    sources: ['../src/jobs/build.ts', pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href],
    names: [],
    // line 1: column 0 → source 0, line 5 (0-based 4), column 2; line 2: column 0 → source 1, line 7, column 0
    mappings: 'AAIE;ACEF;',
  }))
  return { dist, file }
}

t.test('frames of the bundle name the source files and lines', async (t) => {
  const { dist, file } = await bundle(t)
  const src = resolve(dist, '../src')
  t.equal(bugReport(withStack(`    at build (${file}:1:1)`, `    at ${file}:1:10`, `    at main (${file}:2:1)`)), [
    'Error: boom',
    `    at build (${join(src, 'jobs/build.ts')}:5:3)`,
    `    at ${join(src, 'jobs/build.ts')}:5:3`,
    `    at main (${join(src, 'cli/main.ts')}:7:1)`,
  ].join('\n'))
  t.equal(bugReport(withStack(`    at async run (${pathToFileURL(file).href}:1:1)`)), `Error: boom\n    at async run (${join(src, 'jobs/build.ts')}:5:3)`, 'a file: URL frame too')
})

t.test('anything without a mapping stays as it was', async (t) => {
  const { dist } = await bundle(t)
  const lines = [
    `    at other (${join(dist, 'no-map.cjs')}:1:1)`,
    '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    '    at new Promise (<anonymous>)',
    'not a frame at all',
  ]
  t.equal(bugReport(withStack(...lines)), ['Error: boom', ...lines].join('\n'))
})

t.test('what is not an error with a stack: as text', async (t) => {
  t.equal(bugReport('a thrown string'), 'a thrown string')
  t.equal(bugReport(42), '42')
  t.equal(bugReport(Object.assign(new Error('no stack'), { stack: undefined })), 'Error: no stack')
})
