/** The command-line tests of test/cli/, run in one process (see helpers/import-tests.ts): most call main(argv, io) in it. */

import t from 'tap'
import { importTests } from '../helpers/import-tests.js'

// tap gives each test file (process) 120 s; these are 40 files' worth, and on a busy machine (npm test runs two
// suites beside the type check and the lint) they took 125 s where alone they take 23 s
t.setTimeout(300_000)
importTests('test/cli', 18)
