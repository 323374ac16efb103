/**
 * The one way every command reads access logs (src/jobs/read-into-selection.ts):
 * the inputs opened and read into a new selection; followers of the live
 * logs when asked, reading on from where the scan stopped; every input let
 * go of on a failure.
 */

import { appendFileSync } from 'node:fs'
import { Readable } from 'node:stream'
import t from 'tap'
import { FOLLOW_TIMING } from '../../../src/input/follow-file.js'
import type { BuildOptions } from '../../../src/jobs/build-options.js'
import { readIntoSelection, scannedPart } from '../../../src/jobs/read-into-selection.js'
import { noticeCollector } from '../../../src/notices/read-notices.js'
import { buildOptions } from '../../helpers/build-options.js'
import { testJobIO } from '../../helpers/job-io.js'
import { logLine } from '../../helpers/log-source.js'

const options = (inputs: string[], changes: Partial<BuildOptions> = {}): BuildOptions => {
  const base = buildOptions({ tz: 'UTC', inputs, ...changes })
  return { ...base, criteria: { ...base.criteria, anyUrl: true } }
}

const lines = (...numbers: number[]): string => numbers.map((n) => `${logLine(n, n)}\n`).join('')
const ips = (records: { ip: string }[]): string[] => records.map((record) => record.ip)

t.test('read once: the newest rows of every input, each input let go of', async (t) => {
  const dir = t.testdir({ 'a.log': lines(1, 3), 'b.log': lines(2, 4) })
  const run = testJobIO(dir)
  const read = await readIntoSelection(options(['b.log', 'a.log'], { limit: 3 }), run.io)
  t.strictSame(ips(read.reading.selection.newestFirst()), ['192.0.2.4', '192.0.2.3', '192.0.2.2'])
  t.strictSame(read.reach, { stopped: false, partly: [], unread: 0 })
  t.strictSame([read.followed, read.logs, read.following], [[], [], null], 'nothing followed')
  await read.close()
})

t.test('followed: the live logs read up to now, then what they gain goes into the same selection', async (t) => {
  const dir = t.testdir({ 'access.log': lines(1, 2) })
  const run = testJobIO(dir)
  const read = await readIntoSelection(options(['access.log'], { limit: 5 }), run.io, {
    follow: { notices: noticeCollector(buildOptions().notices), timing: FOLLOW_TIMING, sayWhatIsSkipped: true },
  })
  t.teardown(read.close)
  t.equal(read.followed.length, 1)
  t.strictSame(read.logs.map((log) => log.kind), ['live'])
  t.strictSame(ips(read.reading.selection.newestFirst()), ['192.0.2.2', '192.0.2.1'])
  appendFileSync(`${dir}/access.log`, lines(3))
  t.equal(await read.followed[0]?.poll(), true, 'a record kept')
  t.strictSame(ips(read.reading.selection.newestFirst()), ['192.0.2.3', '192.0.2.2', '192.0.2.1'], 'the line written since')
})

t.test('a stream where the logs are read again for each search: exit 2 naming it; inputs opened before are let go of', async (t) => {
  const dir = t.testdir({ 'a.log': lines(1) })
  const run = testJobIO(dir, Readable.from([Buffer.from(lines(2))]))
  await t.rejects(readIntoSelection(options(['a.log', '-']), run.io, { noStreams: 'serve' }), {
    message: 'serve cannot read stdin: it is a stream, and each search reads the logs again', exitCode: 2,
  })
})

t.test('scannedPart: a live file up to where following starts, history whole, a stream not at all', async (t) => {
  const input = { label: 'x' } as never
  t.strictSame(scannedPart({ kind: 'live', scanned: input } as never), [input])
  t.strictSame(scannedPart({ kind: 'history', input } as never), [input])
  t.strictSame(scannedPart({ kind: 'stream', input } as never), [])
})
