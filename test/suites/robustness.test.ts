/**
 * The robustness tests of test/robustness/, run in one process (see helpers/import-tests.ts): most of
 * them spawn the built bin, where a process is the point, and a process of their own cost each file
 * about 1.5 s of CPU before its first check. Each file still runs alone with `npx tap FILE`.
 */

import { importTests } from '../helpers/import-tests.js'

importTests('test/robustness', 18)
