/** A run's reading on several threads over its pool (src/workers/threaded.ts): what is read where, and the notes that say so. */

import t from 'tap'
import { partSelection, jobContext } from '../../../src/workers/worker-job.js'
import { SkippedLines } from '../../../src/source/skipped-lines.js'
import { THREAD_SIZES } from '../../../src/source/threaded-reading.js'
import { threadedReading } from '../../../src/workers/threaded.js'
import { PiecesOnWorkers } from '../../../src/workers/pieces-elsewhere.js'
import { RangesOnWorkers } from '../../../src/workers/ranges-elsewhere.js'
import { fakePool, testJob } from '../../helpers/fake-workers.js'
import { NewestLine } from '../../../src/source/newest-line.js'

function run(pool: ReturnType<typeof fakePool>['pool'] | null) {
  const notes: string[] = []
  const selection = partSelection(jobContext(testJob()))
  const lines = { settings: jobContext(testJob()).settings, gate: selection, skipped: new SkippedLines(), note: (line: string) => notes.push(line), newest: new NewestLine() }
  return { notes, threaded: threadedReading({ pool, job: testJob(), sizes: THREAD_SIZES, lines, selection }) }
}

const input = { label: 'x.log', rank: 0, format: 'combined', noted: new Set<string>() }

t.test('without workers: forward inputs are read here (no pieces), ranges here too', async (t) => {
  const { notes, threaded } = run(null)
  t.equal(threaded.pieces, null)
  t.match(threaded, THREAD_SIZES)
  t.ok(threaded.ranges(input, { fd: 0, size: 5e9, start: 0, end: 4e9, read: 16e6, blockSize: 1 }) instanceof RangesOnWorkers)
  t.strictSame(notes, ['x.log: not decided by the newest 16.0 MB; the other 4.00 GB read on 1 thread, 8.4 MB at a time, newest first'])
})

t.test('with workers: pieces and ranges on them, each said under --verbose', async (t) => {
  const { pool } = fakePool(2)
  const { notes, threaded } = run(pool)
  t.ok(threaded.pieces?.(input, { lines: 100, bytes: 20_000, size: null }) instanceof PiecesOnWorkers)
  threaded.pieces?.({ ...input, label: 'y.log' }, { lines: 7, bytes: 20_000, size: 2e9 })
  threaded.ranges(input, { fd: 0, size: 5e9, start: 0, end: 4e9, read: 16e6, blockSize: 1 })
  t.equal(threaded.held(), 0, 'no piece read yet')
  t.strictSame(notes, [
    'x.log: read on 2 threads from line 101 (over 20 kB)',
    'y.log: read on 2 threads from line 8 (2.00 GB)',
    'x.log: not decided by the newest 16.0 MB; the other 4.00 GB read on 2 threads, 8.4 MB at a time, newest first',
  ])
  await pool.close()
})
