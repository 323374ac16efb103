/** One stretch read as a worker reads it (src/workers/read-stretch.ts): its lines, numbered from its start, and a report of them. */

import { closeSync, openSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { SHOWN_SKIPPED_LINES } from '../../../src/source/skipped-lines.js'
import { descriptorFile } from '../../../src/workers/descriptor-file.js'
import { readPiece, readRange } from '../../../src/workers/read-stretch.js'
import type { RangeTask } from '../../../src/workers/stretch-tasks.js'
import { jobContext, partSelection } from '../../../src/workers/worker-job.js'
import { testJob } from '../../helpers/fake-workers.js'
import { logLine, timeAt } from '../../helpers/log-source.js'

const VHOST = (n: number, second: number): string => `shop.example:443 ${logLine(n, second)}`

t.test('a piece: lines numbered from its start, placed by offset; skipped lines and notes recorded in order; records held', async (t) => {
  const context = jobContext({ ...testJob(), read: { ...testJob().read, logFormat: 'auto' } })
  const selection = partSelection(context)
  const lines = [logLine(1, 5), '', 'junk', VHOST(2, 6), logLine(3, 4), VHOST(4, 7), ...Array.from({ length: 25 }, () => 'junk')]
  const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(''))
  const report = readPiece(context, { kind: 'piece', label: 'x.log', rank: 2, format: 'combined', bytes, start: 1000, tooLong: { head: 'xxx', start: 9999 } }, selection)
  t.match(report, { lines: 32, read: 31, bytes: bytes.length, earliest: timeAt(4), held: 4, records: [], failure: null })
  t.strictSame(report.byReason, [['not a log line', 26], ['line too long', 1]])
  t.strictSame(report.first, { source: 'x.log', line: 3 })
  t.strictSame(report.events.slice(0, 3), [
    { kind: 'skip', nth: 1, reason: 'not a log line', at: { source: 'x.log', line: 3 }, raw: 'junk' },
    { kind: 'retry', format: 'vhost_combined', at: { source: 'x.log', line: 4 } },
    { kind: 'skip', nth: 2, reason: 'not a log line', at: { source: 'x.log', line: 7 }, raw: 'junk' },
  ], 'the other preset noted once, where first used')
  t.equal(report.events.length, SHOWN_SKIPPED_LINES + 1, 'no more skipped lines than --verbose shows')
  t.strictSame(selection.placed().map(([record, place]) => [record.line, place - 2 * 2 ** 40]).sort((a, b) => (a[1] as number) - (b[1] as number)),
    [[1, 1000], [4, 1000 + bytes.indexOf(VHOST(2, 6))], [5, 1000 + bytes.indexOf(logLine(3, 4))], [6, 1000 + bytes.indexOf(VHOST(4, 7))]])
})

t.test('a range: its lines from its end, by byte offset, into a selection of its own handed back; a floor; a read error', async (t) => {
  const path = join(t.testdir(), 'x.log')
  const lines = Array.from({ length: 30 }, (_, i) => logLine(i + 1, i))
  const text = lines.map((line) => `${line}\n`).join('')
  writeFileSync(path, text)
  const fd = openSync(path, 'r')
  t.teardown(() => closeSync(fd))
  const context = jobContext(testJob(3))
  const offset = (n: number): number => text.indexOf(`${logLine(n, n - 1)}\n`)
  const task: RangeTask = { kind: 'range', label: 'x.log', rank: 0, format: 'combined', fd, size: text.length, from: offset(10) - 5, to: offset(20) + 3, end: text.length, floor: -Infinity, blockSize: 200 }
  const report = await readRange(context, task, descriptorFile(fd))
  t.match(report, { lines: 0, read: 11, earliest: timeAt(9), failure: null }, 'the lines starting from the first start at or after `from` to the first at or after `to`: 10 to 20, newest kept')
  t.strictSame(report.records.map(([record, place]) => [record.ip, record.byteOffset, place]).sort(), [20, 19, 18].map((n) => [`192.0.2.${n}`, offset(n), offset(n)]).sort())
  const floored = await readRange(context, { ...task, floor: timeAt(19) }, descriptorFile(fd))
  t.strictSame(floored.records.map(([record]) => record.ip), ['192.0.2.20'], 'none under the floor')
  const broken = await readRange(context, { ...task, fd: 987654 }, descriptorFile(987654))
  t.match(broken, { read: 0, records: [], failure: { kind: 'errno', code: 'EBADF' } })
  const shrank = await readRange(context, { ...task, size: text.length + 100, end: text.length + 100, from: offset(25), to: text.length + 100 }, descriptorFile(fd))
  t.match(shrank.failure, { kind: 'shrank', from: text.length + 100, to: text.length })
})
