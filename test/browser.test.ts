/**
 * The browser tests of test/browser/, run in one process (see helpers/import-tests.ts): a process
 * of their own cost each file about 3 s of CPU before its first check (tap, tsx, playwright-core,
 * the program, a connection and a renderer). Kept out of test/suites/ so that tap, which runs the
 * files in name order, starts this, the longest, first.
 */

import t from 'tap'
import { importTests } from './helpers/import-tests.js'

// tap gives each test file (process) 120 s; these are six files' worth
t.setTimeout(300_000)
importTests('test/browser', 6)
