/**
 * Writes dist/program.cjs.cache: V8's code cache of the program bundle, made
 * after running it on the bundled samples so the functions a run uses are
 * compiled into it, not only its top level. Run by bundle.js, with the Node.js
 * that will run the package (V8 rejects a cache from another version, and
 * the program is then compiled as usual).
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { cacheFileOf, runCommonJs } from '../src/cli/code-cache.js'
import type { ProgramModule } from '../src/cli/load-program.js'

const root = fileURLToPath(new URL('../', import.meta.url))
const program = join(root, 'dist/program.cjs')
const { exports, script } = runCommonJs(program)
const { runProgram } = exports as ProgramModule
const out = mkdtempSync(join(tmpdir(), 'profiler-search-cache-'))
try {
  const runs = [
    ['build', 'fixtures/nginx/access.log', '-o', join(out, 'page.html')],
    ['build', 'fixtures/apache/access.log', '--emit', 'csv'],
    ['build', 'fixtures/nginx/access.log', '--out-dir', join(out, 'site')],
  ]
  for (const argv of runs) {
    const io = { stdin: new PassThrough(), stdout: new PassThrough().resume(), stderr: new PassThrough().resume(), cwd: root, env: {} }
    const code = await runProgram(argv, io)
    if (code !== 0) throw new Error(`warming the code cache: ${argv.join(' ')} exited ${code}`)
  }
} finally {
  rmSync(out, { recursive: true, force: true })
}
writeFileSync(cacheFileOf(program), script.createCachedData())
