/**
 * The tests against a real ClickHouse server (test/clickhouse/), run in one process so that they
 * share one private server (helpers/clickhouse-server.ts). Each file still runs alone with `npx tap FILE`.
 */

import t from 'tap'
import { importTests } from '../helpers/import-tests.js'

// a backstop for a hang only: with both cores busy (stress-ng --cpu 2) ship-kills alone takes 3 minutes
t.setTimeout(600_000)
importTests('test/clickhouse', 1)
