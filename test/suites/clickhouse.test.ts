/**
 * The tests against a real ClickHouse server (test/clickhouse/), run in one process so that they
 * share one private server (helpers/clickhouse-server.ts). Each file still runs alone with `npx tap FILE`.
 */

import t from 'tap'
import { importTests } from '../helpers/import-tests.js'

t.setTimeout(240_000)
importTests('test/clickhouse', 1)
