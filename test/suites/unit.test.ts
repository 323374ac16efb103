/** The unit tests of test/unit/, one module's tests per file, run in one process (see helpers/import-tests.ts). */

import { importTests } from '../helpers/import-tests.js'

importTests('test/unit', 120)
