/** The command-line tests of test/cli/, run in one process (see helpers/import-tests.ts): most call main(argv, io) in it. */

import { importTests } from '../helpers/import-tests.js'

importTests('test/cli', 18)
