/**
 * The default page's rows kept in memory: read once at start, then followed
 * as watch follows the logs; a search is answered from them only when they
 * hold all its rows.
 */

import { spawnSync } from 'node:child_process'
import { appendFileSync } from 'node:fs'
import t, { type Test } from 'tap'
import { ResidentRows } from '../../../../src/jobs/serve/resident-rows.js'
import { searchQuery } from '../../../../src/jobs/serve/search-query.js'
import { FOLLOW_TIMING } from '../../../../src/input/follow-file.js'
import { StopRequest } from '../../../../src/stop.js'
import { testJobIO } from '../../../helpers/job-io.js'
import { serveOptions } from '../../../helpers/serve.js'
import { waitFor } from '../../../helpers/wait-for.js'
import { clfTime, combinedLine, timeAt } from '../../../helpers/log-line.js'

/** A listed nginx line for request n, at 10:00:00 UTC on 22 Nov 2026 plus n seconds. */
const line = (n: number, url = `/moebel/${100 + n}/sofa`): string =>
  `${combinedLine({ ip: `192.0.2.${(n % 250) + 1}`, time: clfTime(timeAt(n)), url, bytes: n, userAgent: 'curl/8.5' })}\n`
const lines = (from: number, to: number): string => Array.from({ length: to - from }, (_, i) => line(from + i)).join('')

const start = async (t: Test, log: string, limit?: number) => {
  const dir = t.testdir({ 'access.log': log })
  const options = serveOptions([`${dir}/access.log`])
  const run = testJobIO(dir)
  const resident = await ResidentRows.start(limit === undefined ? options.build : { ...options.build, limit }, run.io, FOLLOW_TIMING)
  t.teardown(() => resident.close())
  return { dir, resident, run, base: options.build.criteria }
}

const urls = (rows: { url: string }[]): string[] => rows.map((row) => row.url)

t.test('the default criteria are answered from memory, for any limit; other criteria are not', async (t) => {
  const { resident, base } = await start(t, lines(0, 30))
  t.equal(resident.limit, 1000)
  t.equal(resident.records().length, 30)
  const search = (query: string) => searchQuery(new URLSearchParams(query), base)
  t.ok(resident.covers(search('')))
  t.ok(resident.covers(search('limit=1000')))
  t.ok(resident.covers(search('method=GET&status_code=200&limit=50')), 'the defaults given are the defaults')
  for (const query of ['ip=192.', 'method=', 'status_code=', 'status_code=2xx', 'url=/moebel/', 'start=2026-11-22', 'end=2026-11-22', 'method=POST']) {
    t.notOk(resident.covers(search(query)), query)
  }
  t.strictSame(urls(resident.rows(search('limit=3'))), ['/moebel/129/sofa', '/moebel/128/sofa', '/moebel/127/sofa'])
})

t.test('a token: answered from memory while its second is newer than the oldest row kept', async (t) => {
  const { resident, base } = await start(t, lines(0, 30), 10)
  const rows = resident.rows(searchQuery(new URLSearchParams('limit=10'), base))
  const search = (token: string) => searchQuery(new URLSearchParams(`token=${token}`), base)
  const newest = rows[0]?.token as string
  const oldest = rows[9]?.token as string
  t.ok(resident.covers(search(newest)))
  t.strictSame(resident.rows(search(newest)).map((row) => row.token), [newest])
  t.notOk(resident.covers(search(oldest)), 'the oldest row kept: lines of its second may not be kept')
  t.notOk(resident.covers(search('00000001abcde')), 'a second long before')
  t.notOk(resident.covers(searchQuery(new URLSearchParams(`token=${newest}&ip=192.`), base)), 'other criteria too')
})

t.test('fewer rows than kept: every token is covered', async (t) => {
  const { resident, base } = await start(t, lines(0, 5))
  t.ok(resident.covers(searchQuery(new URLSearchParams('token=00000001abcde'), base)), 'no row has it, and that is certain')
  t.strictSame(resident.rows(searchQuery(new URLSearchParams('token=00000001abcde'), base)), [])
})

t.test('the logs are followed: lines appended go into the rows kept', async (t) => {
  const { dir, resident, base } = await start(t, lines(0, 10))
  const stop = new StopRequest()
  const following = resident.follow(stop)
  appendFileSync(`${dir}/access.log`, lines(10, 13))
  const search = searchQuery(new URLSearchParams('limit=2'), base)
  await waitFor('the appended lines', () => urls(resident.rows(search))[0] === '/moebel/112/sofa')
  t.strictSame(urls(resident.rows(search)), ['/moebel/112/sofa', '/moebel/111/sofa'])
  stop.request('SIGTERM')
  await following
  t.pass('following ends on the stop')
})

t.test('a stream cannot be read again for a search: exit 2 before anything is read', { skip: process.platform === 'linux' ? false : 'mkfifo' }, async (t) => {
  const dir = t.testdir({})
  t.equal(spawnSync('mkfifo', [`${dir}/fifo`]).status, 0)
  const options = serveOptions([`${dir}/fifo`])
  const error = await ResidentRows.start(options.build, testJobIO(dir).io, FOLLOW_TIMING).then(() => null, (e: Error & { exitCode: number }) => e)
  t.match(error, { exitCode: 2, message: `serve cannot read ${dir}/fifo: it is a stream, and each search reads the logs again`, hint: 'give log files' })
})

t.test('a log that is not one: exit 1 as for build', async (t) => {
  const dir = t.testdir({ 'access.log': 'hello\nworld\n' })
  const error = await ResidentRows.start(serveOptions([`${dir}/access.log`]).build, testJobIO(dir).io, FOLLOW_TIMING).then(() => null, (e: Error & { exitCode: number }) => e)
  t.match(error, { exitCode: 1 })
})
