/**
 * The tests against a real ClickHouse server (test/clickhouse/), run in one process so that they
 * share one private server (helpers/clickhouse-server.ts). Each file still runs alone with `npx tap FILE`.
 */

import { importTests } from '../helpers/import-tests.js'

// a test may wait on the server for minutes: with both cores busy (stress-ng --cpu 2) ship-kills alone took 3
importTests('test/clickhouse', 1, 300_000)
