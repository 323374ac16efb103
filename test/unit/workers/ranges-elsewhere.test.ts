/** The older part of a file read from its end in ranges (src/workers/ranges-elsewhere.ts): here, or on fake workers. */

import { closeSync, openSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { isReadError } from '../../../src/input/read-error.js'
import { keepBatch, type Batch, type RecordSink } from '../../../src/source/batch.js'
import { SkippedLines } from '../../../src/source/skipped-lines.js'
import { RangesOnWorkers, type RangeReading } from '../../../src/workers/ranges-elsewhere.js'
import type { RangeTask } from '../../../src/workers/stretch-tasks.js'
import { jobContext, partSelection } from '../../../src/workers/worker-job.js'
import { fakePool, testJob } from '../../helpers/fake-workers.js'
import { logLine, timeAt } from '../../helpers/log-source.js'
import { NewestLine } from '../../../src/source/newest-line.js'

interface Read {
  batches: Batch[]
  shown: string[]
  rows: string[]
  linesRead: number
  bytesRead: number
}

/** 40 lines, a bad one every tenth; the older part is all lines before the last 5. */
function logFile(dir: string): { path: string; text: string; end: number } {
  const lines = Array.from({ length: 40 }, (_, i) => (i % 10 === 9 ? `junk ${i}` : logLine(i + 1, i)))
  const text = lines.map((line) => `${line}\n`).join('')
  const path = join(dir, 'x.log')
  writeFileSync(path, text)
  return { path, text, end: text.indexOf(lines[35] as string) }
}

/** Reads the ranges' batches into `selection`, as the spine does (select/select-from.ts). */
async function readAll(ranges: RangesOnWorkers, selection: RecordSink, stopAfter = Infinity): Promise<Omit<Read, 'shown' | 'rows'>> {
  const batches: Batch[] = []
  for await (const batch of ranges.batches()) {
    keepBatch(selection, batch)
    batches.push(batch)
    if (batches.length >= stopAfter) break
  }
  return { batches, linesRead: ranges.linesRead, bytesRead: ranges.bytesRead }
}

async function read(dir: string, job: RangeReading['job'], limit = 100, changes: Partial<RangeTask & { start: number }> = {}, stopAfter = Infinity): Promise<Read> {
  const { path, end } = logFile(dir)
  const fd = openSync(path, 'r')
  try {
    const shown: string[] = []
    const context = jobContext(testJob(limit))
    const selection = partSelection(context)
    const reading: RangeReading = { job, local: () => context, selection, rangeBytes: 700 }
    const target = { skipped: new SkippedLines((line) => shown.push(line)), newest: new NewestLine(), note: (line: string) => shown.push(line), noted: new Set<string>(), format: 'combined' }
    const part = { fd, size: changes.size ?? end + 1000, start: 0, end, read: 0, blockSize: 300, ...changes }
    const ranges = new RangesOnWorkers(reading, { label: 'x.log', rank: 0, format: 'combined' }, part, target)
    const got = await readAll(ranges, selection, stopAfter)
    return { ...got, shown, rows: selection.newestFirst().map((record) => `${record.ip}@${record.byteOffset}`) }
  } finally {
    closeSync(fd)
  }
}

t.test('newest range first, each from its end: a batch per range, the records in the run\'s selection, skipped lines by offset', async (t) => {
  const dir = t.testdir()
  const { text, end } = logFile(dir)
  const here = await read(dir, null, 100, { size: text.length })
  t.equal(here.batches.length, Math.ceil(end / 700), 'ranges of 700 bytes down to the start')
  t.ok(here.batches.every((batch, i) => i === 0 || (batch.earliest as number) < (here.batches[i - 1]?.earliest as number)), 'older and older')
  t.equal(here.batches.at(-1)?.earliest, timeAt(0))
  t.equal(here.linesRead, 35)
  t.equal(here.bytesRead, end)
  t.equal(here.rows.length, 32, 'lines 1 to 35, but 3 junk ones')
  t.strictSame(here.shown, [29, 19, 9].map((i) => `x.log@byte ${text.indexOf(`junk ${i}`)}: not a log line: junk ${i}`))
  const { pool } = fakePool(2)
  t.teardown(() => pool.close())
  const elsewhere = await read(dir, pool.job(testJob()), 100, { size: text.length })
  t.strictSame(elsewhere, here, 'the same on workers')
})

t.test('a caller that stops after a range lets the others go once they are done', async (t) => {
  const dir = t.testdir()
  const { text } = logFile(dir)
  const { pool, started } = fakePool(2)
  const got = await read(dir, pool.job(testJob(3)), 3, { size: text.length }, 1)
  t.equal(got.batches.length, 1)
  t.equal(got.rows.length, 3)
  t.equal(started.length, 2)
  t.ok(started.reduce((sum, worker) => sum + worker.tasks, 0) > 1, 'more ranges were under way')
  t.strictSame(started.map((worker) => worker.delivered), started.map((worker) => worker.tasks), 'all answered before the reading ended (the descriptor stays open for them)')
  await pool.close()
})

t.test('a range that breaks off: what it read is taken, then its input error', async (t) => {
  const dir = t.testdir()
  const { text, end } = logFile(dir)
  const failed = read(dir, null, 100, { size: text.length + 50 })
  await t.rejects(failed, { message: `cannot read x.log to its end: it shrank from ${text.length + 50} to ${text.length} bytes while it was read (rotated with copytruncate?)` })
  await failed.catch((e: unknown) => t.ok(isReadError(e)))
  t.ok(end > 0)
})

t.test('the lines of a stretch: ranges down to its start, none below', async (t) => {
  const dir = t.testdir()
  const { text, end } = logFile(dir)
  const start = text.indexOf(logLine(21, 20))
  const got = await read(dir, null, 100, { size: text.length, start })
  t.strictSame(got.rows, [35, 34, 33, 32, 31, 29, 28, 27, 26, 25, 24, 23, 22, 21].map((n) => `192.0.2.${n}@${text.indexOf(logLine(n, n - 1))}`),
    'the lines from the stretch\'s start to the end given, the bad one (the 30th) skipped')
  t.equal(got.bytesRead, end - start)
})
