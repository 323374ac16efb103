/**
 * `ship` killed with SIGKILL at seeded random moments while a log grows (and
 * is rotated once while no ship runs), then started again: the table holds
 * each line exactly once. Where it goes on is read from the table, so a kill
 * in the middle of an insert (which the server took whole, in part as a
 * first part, or not at all) loses and repeats nothing.
 */

import { appendFileSync, renameSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { clickHouseMissing, clickHouseServer } from '../helpers/clickhouse-server.js'
import { createSchema, logLines, waitFor } from '../helpers/clickhouse-tables.js'
import { startCli } from '../helpers/run-cli.js'
import { between, seeded } from '../helpers/seeded.js'

const missing = clickHouseMissing()
const KILLS = 6
const SEED = 2026

t.test(`${KILLS} kills at seeded moments lose and repeat no line`, { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_kills')
  const random = seeded(SEED)
  const dir = t.testdir({})
  const log = `${dir}/access.log`
  writeFileSync(log, logLines('k', 0, 2000))
  let written = 2000
  const args = ['ship', log, '--to', server.url('logs_kills.access_lines'), '--host', 'web', '--batch-lines', '700', '--batch-interval', '0.02']
  const stored = async (): Promise<string> => (await server.query('SELECT count(), uniqExact(seq), uniqExact(message) FROM logs_kills.access_lines')).trim()
  for (let kill = 0; kill < KILLS; kill++) {
    const shipping = startCli(args)
    // lines come while it runs; it dies at a moment the seed picks
    const until = Date.now() + between(random, 50, 700)
    while (Date.now() < until) {
      const more = between(random, 50, 400)
      appendFileSync(log, logLines('k', written, written + more))
      written += more
      await new Promise((resolve) => setTimeout(resolve, between(random, 5, 60)))
    }
    shipping.child.kill('SIGKILL')
    const result = await shipping.result
    t.equal(result.signal, 'SIGKILL', `run ${kill + 1} killed (${result.stderr.trim() || 'no message'})`)
    if (kill === 2) {
      // rotated while no ship runs: the next one finishes access.log.1, then ships the new file
      renameSync(log, `${log}.1`)
      writeFileSync(log, logLines('k', written, written + 100))
      written += 100
    }
  }
  const shipping = startCli(args)
  t.teardown(() => void shipping.child.kill('SIGKILL'))
  await waitFor(`all ${written} lines`, async () => (await stored()) === `${written}\t${written}\t${written}`, 30_000)
  shipping.child.kill('SIGTERM')
  t.equal((await shipping.result).code, 0)
  t.equal(await stored(), `${written}\t${written}\t${written}`, 'each line once')
})
