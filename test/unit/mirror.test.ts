/**
 * test/unit/ mirrors src/ file for file: every src/X/Y.ts with logic has its
 * own test/unit/X/Y.test.ts, so a module's tests are found where it is.
 * The files judged to have no logic of their own are listed below, each with
 * why; a file that gains logic leaves the list and gets its test file.
 */

import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import t from 'tap'
import { ROOT } from '../helpers/run-cli.js'

const SRC = join(ROOT, 'src')
const UNIT = join(ROOT, 'test', 'unit')

/** src/ files (paths from src/) with nothing to test by themselves: declarations, constants, and glue a line long whose work is done elsewhere. */
const NO_LOGIC: Readonly<Record<string, string>> = {
  // the text --help prints; test/snapshots/*-help.txt and test/unit/readme.test.ts check it
  'cli/help-texts.ts': 'constant text',
  // one dynamic import of program.ts; every test/cli/ run goes through it
  'cli/load-program.ts': 'one import',
  // the bundle's loadProgram: a require of dist/program.cjs; the robustness tests and test/cli/smoke.test.ts run it
  'cli/load-program-bundled.ts': 'one require',
  // the process's own stdin, stdout, stderr, cwd and env as getters
  'cli/main-io.ts': 'process glue',
  // package.json's version field; test/cli/ checks what --version prints
  'cli/version.ts': 'one read',
  // ajv's Ajv2020, required when first asked for
  'json-schema.ts': 'a lazy require',
  // bcryptjs, required when first asked for (the htpasswd command's tests use it)
  'bcryptjs.ts': 'a lazy require',
  // the NoticeShape interface, and the ` on line N` pattern the shapes of notices/ use (tested with them)
  'notices/shape.ts': 'an interface and a constant',
  // a URL from the package root
  'package-files.ts': 'one URL',
  // the types of a compiled text format (tokens, slots, steps)
  'parse/format/line-plan.ts': 'types only',
  // luxon, required when first asked for
  'parse/time/luxon.ts': 'a lazy require',
  // AccessRecord, ProfileRow and the time limit
  'record.ts': 'types and a constant',
  // handlebars' runtime, re-exported with the type it has
  'render/handlebars-runtime.ts': 'a re-export',
  // an Error subclass with its name
  'select/filters/invalid-criterion.ts': 'an error class',
  // ServeOptions and serve's default numbers (test/unit/cli/serve-command.test.ts checks the defaults the command fills in)
  'jobs/serve/serve-options.ts': 'an interface and constants',
  // the interfaces by which a source hands stretches of an input to the workers (workers/threaded.ts implements them, tested)
  'source/threaded-reading.ts': 'types only',
  // a worker thread's entry: its messages to WorkerTasks (tested); test/unit/workers/worker-script.test.ts runs it in a real thread
  'workers/parse-worker.ts': 'thread glue',
  // the messages between the main thread and a worker
  'workers/stretch-tasks.ts': 'types only',
  // the bundle's startWorker: dist/worker.cjs in a thread; test/robustness/threads.test.ts runs the built bin on two threads
  'workers/worker-script-bundled.ts': 'one call',
}

/** The .ts files of src/ (not .d.ts), as paths from src/. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [relative(SRC, path)] : []
  })
}

function testFileOf(source: string): string {
  return join(UNIT, source.replace(/\.ts$/, '.test.ts'))
}

t.test('every src/ file with logic has its own test/unit/ file at the same path', async (t) => {
  const sources = sourceFiles(SRC)
  t.ok(sources.length > 150, `${sources.length} files read`)
  const untested = sources.filter((source) => !existsSync(testFileOf(source)) && !Object.hasOwn(NO_LOGIC, source))
  t.strictSame(untested, [], 'write test/unit/<path>.test.ts for each (or, for a file with no logic, list it in NO_LOGIC with why)')
})

t.test('the files listed as without logic exist and have no test file', async (t) => {
  const listed = Object.keys(NO_LOGIC)
  t.strictSame(listed.filter((source) => !existsSync(join(SRC, source))), [], 'a file that is gone leaves the list')
  t.strictSame(listed.filter((source) => existsSync(testFileOf(source))), [], 'a file with a test of its own leaves the list')
})
