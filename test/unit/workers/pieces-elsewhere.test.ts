/** The rest of an input read forwards on the workers (src/workers/pieces-elsewhere.ts), with fake workers (test/helpers/fake-workers.ts). */

import t from 'tap'
import { linePieces } from '../../../src/input/line-pieces.js'
import type { Batch } from '../../../src/source/batch.js'
import { SkippedLines } from '../../../src/source/skipped-lines.js'
import { PiecesOnWorkers } from '../../../src/workers/pieces-elsewhere.js'
import { fakePool, testJob } from '../../helpers/fake-workers.js'
import { logLine, timeAt } from '../../helpers/log-source.js'
import { NewestLine } from '../../../src/source/newest-line.js'

async function* lineByLine(lines: string[]): AsyncGenerator<Buffer> {
  for (const line of lines) yield Buffer.from(`${line}\n`)
}

t.test('reports taken in the order of the pieces, whichever worker answers first; the records collected, numbered in the input', async (t) => {
  const { pool, started } = fakePool(2, true)
  const shown: string[] = []
  const skipped = new SkippedLines((line) => shown.push(line))
  const target = { skipped, newest: new NewestLine(), note: (line: string) => shown.push(line), noted: new Set<string>(), format: 'combined' }
  const stretch = { label: 'x.log', rank: 1, format: 'combined' }
  // lines 11 to 16 of the input: the main thread read 10 before, and `before` bytes
  const before = 1000
  const lines = [logLine(1, 1), 'junk', logLine(2, 3), '', logLine(3, 2), 'more junk']
  const elsewhere = new PiecesOnWorkers(pool.job(testJob()), stretch, target, 10)
  const text = lines.map((line) => `${line}\n`).join('')
  const pieces = []
  for await (const piece of linePieces(lineByLine(lines), () => 1)) pieces.push({ ...piece, start: piece.start + before })
  t.equal(pieces.length, 6, 'a piece per line')
  for (const piece of pieces.slice(0, 4)) await elsewhere.send(piece)
  t.strictSame(started.map((worker) => worker.messages.filter((m) => m.type === 'task').length), [2, 2], 'two workers, two pieces each')
  await started[1]?.release(2)
  t.strictSame([...elsewhere.taken()], [], 'the first piece is not in: nothing taken')
  await started[0]?.release(2)
  const taken: Batch[] = [...elsewhere.taken()]
  t.strictSame(taken, [{ records: [], earliest: timeAt(1) }, { records: [], earliest: null }, { records: [], earliest: timeAt(3) }, { records: [], earliest: null }])
  t.equal(elsewhere.held, 2, 'for the progress line: the records the workers hold, as their last reports said (one each)')
  for (const piece of pieces.slice(4)) await elsewhere.send(piece)
  for (const worker of started) {
    worker.held = false
    await worker.release(0)
  }
  const later: Batch[] = []
  for await (const batch of elsewhere.rest()) later.push(batch)
  t.strictSame(later.map((batch) => [batch.records.length, batch.earliest]), [[0, timeAt(2)], [0, null], [3, null]], 'the last pieces, then the records collected')
  t.equal(elsewhere.linesRead, 5)
  t.equal(elsewhere.held, 0, 'collected')
  const capacities = pieces.map((piece) => piece.bytes.buffer.byteLength)
  t.ok(capacities.every((bytes) => bytes === 0), 'each piece\'s memory moved to a worker')
  const reused = elsewhere.buffer(5)
  t.equal(reused.length, 5)
  t.equal(reused.buffer.byteLength, Buffer.byteLength(`${lines[5]}\n`), 'the memory of the last piece read, handed back')
  t.equal(elsewhere.buffer(1000).buffer.byteLength, 64 * 1024 + 1, 'none large enough left: new memory, the size of a piece (0 here) and room for a line more')
  t.strictSame(shown, ['x.log:12: not a log line: junk', 'x.log:16: not a log line: more junk'])
  t.equal(skipped.summary(), 'skipped 2 of 5 lines (2 not a log line); first at x.log:12')
  t.strictSame(later.at(-1)?.records.map(([record, place]) => [record.ip, record.line, place - 2 ** 40]).sort(), [
    ['192.0.2.1', 11, before], ['192.0.2.2', 13, before + text.indexOf(logLine(2, 3))], ['192.0.2.3', 15, before + text.indexOf(logLine(3, 2))],
  ])
  await pool.close()
})
