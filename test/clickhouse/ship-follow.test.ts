/**
 * `ship` following a log as watch does: a rename rotation (with lines still
 * written to the renamed file), a copytruncate whose copy holds lines the
 * follower had not read yet, a server that stops answering for a while (an
 * insert whose answer is lost is not repeated), and SIGTERM: the table
 * holds every line exactly once, numbered by generation.
 */

import { appendFileSync, copyFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { clickHouseMissing, clickHouseServer } from '../helpers/clickhouse-server.js'
import { createSchema, logLines } from '../helpers/clickhouse-tables.js'
import { waitFor } from '../helpers/wait-for.js'
import { startCli } from '../helpers/run-cli.js'

const missing = clickHouseMissing()

t.test('ship follows a rename rotation and a copytruncate, each line once', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_follow')
  const dir = t.testdir({})
  const log = `${dir}/access.log`
  writeFileSync(log, logLines('f', 0, 100))
  const url = server.url('logs_follow.access_lines', '?timeout=1')
  const shipping = startCli(['ship', log, '--to', url, '--host', 'web', '--batch-interval', '0.05'])
  let said = ''
  shipping.child.stderr.on('data', (bytes: Buffer) => void (said += bytes.toString()))
  t.teardown(() => {
    shipping.child.kill('SIGKILL')
    server.signal('SIGCONT')
  })
  const rows = async (): Promise<string> => (await server.query('SELECT count(), uniqExact(seq), max(intDiv(seq, 1099511627776)) FROM logs_follow.access_lines')).trim()
  const count = (n: number, generation: number) => async (): Promise<boolean> => (await rows()) === `${n}\t${n}\t${generation}`
  await waitFor('the first 100 lines', count(100, 0))

  // logrotate's default: renamed away, the server writes on to it until it reopens its log, then a new file
  appendFileSync(log, logLines('f', 100, 150))
  renameSync(log, `${log}.1`)
  appendFileSync(`${log}.1`, logLines('f', 150, 170))
  writeFileSync(log, logLines('f', 170, 200))
  await waitFor('the renamed file and the new one', count(200, 1))

  // copytruncate while ship does not look: the lines written before the copy are read from the copy
  shipping.child.kill('SIGSTOP')
  appendFileSync(log, logLines('f', 200, 210))
  renameSync(`${log}.1`, `${log}.2`)
  copyFileSync(log, `${log}.1`)
  truncateSync(log, 0)
  appendFileSync(log, logLines('f', 210, 215))
  shipping.child.kill('SIGCONT')
  await waitFor('the copy and the cut file', count(215, 2))

  // the server stops answering: lines are held, sent once it answers again (an insert it took while stopped is not sent twice)
  server.signal('SIGSTOP')
  appendFileSync(log, logLines('f', 215, 260))
  await waitFor('the insert that got no answer', async () => said.includes(`profiler-search: ${url}: the insert failed: no answer within 1 s; holding `), 30_000)
  server.signal('SIGCONT')
  await waitFor('the lines held', count(260, 2))

  shipping.child.kill('SIGTERM')
  const result = await shipping.result
  t.equal(result.code, 0, result.stderr)
  const stored = (await server.query('SELECT message FROM logs_follow.access_lines ORDER BY message')).split('\n').filter(Boolean)
  t.strictSame(stored, logLines('f', 0, 260).split('\n').filter(Boolean).sort(), 'every line once')
  const stderr = result.stderr.split('\n')
  t.ok(stderr.includes(`profiler-search: ${log}: a new file; shipping it as generation 1`), result.stderr)
  t.ok(stderr.includes(`profiler-search: ${log}: cut (copytruncate); shipping it as generation 2`), result.stderr)
  t.ok(stderr.some((line) => line.startsWith(`profiler-search: ${url}: the insert failed: no answer within 1 s; holding `)), result.stderr)
  t.ok(stderr.includes(`profiler-search: ${url}: reachable again; shipping the lines held`), result.stderr)
})
