/**
 * The browser tests of test/browser/, run in one process (see helpers/import-tests.ts): a process
 * of their own cost each file about 3 s of CPU before its first check (tap, tsx, playwright-core,
 * the program, a connection and a renderer). Kept out of test/suites/ so that tap, which runs the
 * files in name order, starts this, the longest, first.
 */

import { importTests } from './helpers/import-tests.js'

importTests('test/browser', 6)
