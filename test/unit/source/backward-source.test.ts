/**
 * One plain file read from its end (src/source/backward-source.ts): a batch
 * per block, newest lines first, placed by byte offset; the file let go
 * when reading ends or stops; a file that shrinks while it is read is an
 * input error, or with --partial-ok a warning and the lines read before.
 */

import { truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import t, { type Test } from 'tap'
import type { LineSide } from '../../../src/input/window-range.js'
import { openInputs, type OpenedInput, type SeekableFile } from '../../../src/input/open-inputs.js'
import { ReadError } from '../../../src/input/read-error.js'
import type { AccessRecord } from '../../../src/record.js'
import { BackwardSource } from '../../../src/source/backward-source.js'
import { InputPlaces, keepBatch, type Batch } from '../../../src/source/batch.js'
import { LogLines } from '../../../src/source/log-lines.js'
import type { ThreadedReading } from '../../../src/source/threaded-reading.js'
import { linesContext, logLine, recordedElsewhere, timeAt, type LinesContext, type RecordingSelection } from '../../helpers/log-source.js'

const PER_INPUT = 2 ** 40
const LINES = 2000
/** Each line takes 100 bytes with its newline: line i (from 0) starts at byte 100 i and is logged at second i. */
const LINE_BYTES = 100
const paddedLine = (i: number, bytes = LINE_BYTES): string => {
  const line = logLine(i % 250, i)
  return `${line.replace('"curl"', `"curl${'x'.repeat(bytes - 1 - line.length)}"`)}\n`
}

interface Opened {
  input: OpenedInput
  file: SeekableFile
  path: string
  closed: { count: number }
}

/** x.log of LINES lines in a folder of the test, opened as an input is, its close() counted. */
const openLog = async (t: Test, lines = LINES, lineBytes = LINE_BYTES): Promise<Opened> => {
  const dir = t.testdir()
  const path = join(dir, 'x.log')
  await writeFile(path, Array.from({ length: lines }, (_, i) => paddedLine(i, lineBytes)).join(''))
  const [opened] = await openInputs(['x.log'], () => Readable.from([]), dir)
  const input = opened as OpenedInput
  const closed = { count: 0 }
  const close = input.close
  t.teardown(close)
  return {
    input: { ...input, close: () => (closed.count++, close()) },
    file: input.seekable as SeekableFile,
    path,
    closed,
  }
}

interface Options {
  paced?: boolean
  partialOk?: boolean
  lines?: LinesContext
  rank?: number
  threaded?: ThreadedReading
  window?: LineSide
}

const sourceOf = (opened: Opened, options: Options = {}) => {
  const warnings: string[] = []
  const { context, selection } = options.lines ?? linesContext()
  const lines = new LogLines(context, opened.input.label, 'offsets', new InputPlaces(options.rank ?? 0))
  const policy = { partialOk: options.partialOk ?? false, warn: (line: string) => warnings.push(line) }
  const source = new BackwardSource(opened.input, opened.file, lines, policy, options.paced ?? true, options.threaded ?? null, options.rank ?? 0, options.window ?? null)
  return { source, warnings, selection }
}

/** What one batch handed the selection: its records and their places, and the batch's own account. */
interface Handed {
  batch: Batch
  items: AccessRecord[]
  places: number[]
}

const handed = (batch: Batch, selection: RecordingSelection): Handed => {
  keepBatch(selection, batch)
  const taken = selection.take()
  return { batch, ...taken }
}

const offsets = (stretch: Handed): number[] => stretch.items.map((record) => record.byteOffset ?? -1)

/** The byte offsets of lines `from` down to `to` (line numbers from 0). */
const down = (from: number, to: number): number[] => Array.from({ length: from - to + 1 }, (_, k) => (from - k) * LINE_BYTES)

t.test('paced: a batch per 64 KiB block, newest line first, each placed by its byte offset', async (t) => {
  const opened = await openLog(t)
  t.equal(opened.file.size, LINES * LINE_BYTES)
  const { source, warnings, selection } = sourceOf(opened, { rank: 2 })
  t.equal(source.label, 'x.log')
  t.equal(source.unread().before, Infinity, 'nothing read: any time')
  const batches: Handed[] = []
  const bytes: number[] = []
  const unread: string[] = []
  for await (const batch of source.batches()) {
    batches.push(handed(batch, selection))
    bytes.push(source.bytesRead())
    const { before, placesBelow } = source.unread()
    unread.push(`before ${(before - timeAt(0)) / 1000} s, below ${placesBelow - 2 * PER_INPUT}`)
  }
  // blocks [134464, 200000), [68928, 134464), [3392, 68928), [0, 3392): a line goes with the block holding its start
  t.strictSame(batches.map(offsets), [down(1999, 1345), down(1344, 690), down(689, 34), down(33, 0), []])
  t.strictSame(bytes, [65536, 131072, 196608, 200000, 200000])
  t.strictSame(unread, ['before 1345 s, below 134500', 'before 690 s, below 69000', 'before 34 s, below 3400', 'before 0 s, below 0', 'before 0 s, below 0'],
    'the lines not read were written before the earliest read, and start below the lines read')
  t.strictSame(batches.map((stretch) => stretch.batch.earliest), [timeAt(1345), timeAt(690), timeAt(34), timeAt(0), null])
  t.strictSame(batches[0]?.places.slice(0, 2), [2 * PER_INPUT + 199_900, 2 * PER_INPUT + 199_800])
  t.match(batches[0]?.items[0], { line: null, byteOffset: 199_900, ip: `192.0.2.${1999 % 250}`, time: timeAt(1999), source: 'x.log' })
  t.strictSame(warnings, [])
  t.equal(opened.closed.count, 1, 'the file is let go at its end')
})

t.test('not paced: a first block of 64 KiB, then blocks of 1 MiB', async (t) => {
  const opened = await openLog(t)
  const { source } = sourceOf(opened, { paced: false })
  const sizes: number[] = []
  for await (const batch of source.batches()) sizes.push(batch.records.length)
  t.strictSame(sizes, [655, 1345, 0])
})

t.test('a caller that stops asking: nothing more is read, and the file is let go', async (t) => {
  const opened = await openLog(t)
  const { source } = sourceOf(opened)
  for await (const batch of source.batches()) {
    t.equal(batch.records.length, 655)
    break
  }
  t.equal(source.bytesRead(), 65536)
  t.equal(opened.closed.count, 1)
})

t.test('a file that shrinks while it is read: an input error naming it', async (t) => {
  const opened = await openLog(t)
  const { source, warnings } = sourceOf(opened)
  const batches = source.batches()
  const next = await batches.next()
  t.equal(next.done ? null : next.value.records.length, 655)
  await truncate(opened.path, 0)
  await t.rejects(batches.next(), {
    name: 'ReadError',
    message: 'cannot read x.log to its end: it shrank from 200000 to 0 bytes while it was read (rotated with copytruncate?)',
    hint: 'run again; --partial-ok publishes the lines read before it shrank',
    exitCode: 2,
  })
  t.strictSame(warnings, [])
  t.equal(opened.closed.count, 1)
})

t.test('--partial-ok: the newest lines read before it shrank count, and one warning says how many', async (t) => {
  const opened = await openLog(t)
  const { source, warnings } = sourceOf(opened, { partialOk: true })
  const sizes: number[] = []
  for await (const batch of source.batches()) {
    sizes.push(batch.records.length)
    if (sizes.length === 1) await truncate(opened.path, 50_000)
  }
  t.strictSame(sizes, [655, 0])
  t.strictSame(warnings, ['cannot read x.log to its end: it shrank from 200000 to 50000 bytes while it was read (rotated with copytruncate?); kept the 655 lines read before the error (--partial-ok)'])
  t.equal(opened.closed.count, 1)
})

t.test('--partial-ok under auto: lines still held back when the file shrank are decided and count', async (t) => {
  // 1000-byte lines: the first block holds 65 of them, fewer than auto holds back to probe
  const opened = await openLog(t, 300, 1000)
  const lines = linesContext('auto')
  const { source, warnings, selection } = sourceOf(opened, { partialOk: true, lines })
  const batches: number[][] = []
  for await (const batch of source.batches()) {
    batches.push(offsets(handed(batch, selection)))
    if (batches.length === 1) await truncate(opened.path, 0)
  }
  t.strictSame(batches, [[], Array.from({ length: 65 }, (_, k) => (299 - k) * 1000)])
  t.strictSame(lines.notes, ['x.log: log format combined (auto)'])
  t.strictSame(warnings, ['cannot read x.log to its end: it shrank from 300000 to 0 bytes while it was read (rotated with copytruncate?); kept the 65 lines read before the error (--partial-ok)'])
})

t.test('--partial-ok passes over read errors only: a bug is thrown as it is', async (t) => {
  const opened = await openLog(t)
  const bug = new TypeError('a bug')
  const lines = linesContext('combined', {
    admits: () => {
      throw bug
    },
  })
  const { source, warnings } = sourceOf(opened, { partialOk: true, lines })
  await t.rejects(source.batches().next(), bug)
  t.strictSame(warnings, [])
  t.equal(opened.closed.count, 1)
})

t.test('auto: a short file\'s lines held back come in the last batch', async (t) => {
  const opened = await openLog(t, 30)
  const lines = linesContext('auto')
  const { source, selection } = sourceOf(opened, { lines })
  const batches: number[][] = []
  for await (const batch of source.batches()) batches.push(offsets(handed(batch, selection)))
  t.strictSame(batches, [[], down(29, 0)])
  t.strictSame(lines.notes, ['x.log: log format combined (auto)'])
})

t.test('not decided by the newest backwardBytes: the lines before those handed over go to the ranges, whose batches follow', async (t) => {
  const opened = await openLog(t)
  const elsewhere = recordedElsewhere({ backwardBytes: 100_000 }, [{ records: [], earliest: timeAt(3) }, { records: [], earliest: timeAt(1) }], 50)
  const { source, selection } = sourceOf(opened, { threaded: elsewhere.threaded, rank: 4 })
  const { fd } = opened.file.handle
  const batches: Handed[] = []
  for await (const batch of source.batches()) batches.push(handed(batch, selection))
  t.strictSame(batches.map(offsets), [down(1999, 1345), down(1344, 690), [], [], []], 'two blocks of 64 KiB read here: 131,072 bytes, past backwardBytes')
  t.strictSame(batches.map((stretch) => stretch.batch.earliest), [timeAt(1345), timeAt(690), timeAt(3), timeAt(1), null])
  t.strictSame(elsewhere.ranges.map(({ input, part }) => [input.label, input.rank, input.format, part.end, part.read, part.size, part.fd === fd]),
    [['x.log', 4, 'combined', 690 * LINE_BYTES, 131_072, 200_000, true]], 'the rest: the lines before line 690')
  t.equal(source.bytesRead(), 131_072 + 500)
  t.equal(opened.closed.count, 1)
})

t.test('ranges that break off with --partial-ok: the lines they read count in the warning', async (t) => {
  const opened = await openLog(t)
  const elsewhere = recordedElsewhere({ backwardBytes: 1 }, [], 50, new ReadError('cannot read x.log: EIO'))
  const { source, warnings } = sourceOf(opened, { threaded: elsewhere.threaded, partialOk: true })
  for await (const _ of source.batches()) {
    // every batch
  }
  t.strictSame(warnings, ['cannot read x.log: EIO; kept the 705 lines read before the error (--partial-ok)'], '655 here, 50 in the ranges')
})

t.test('a search\'s time window: the file bisected by its lines\' times, only the stretch that can hold the window read', async (t) => {
  const opened = await openLog(t, 20_000)
  const seconds = (raw: string): number | null => {
    const m = /\[(\d\d)\/Nov\/2026:(\d\d):(\d\d):(\d\d)/.exec(raw)
    return m === null ? null : Date.UTC(2026, 10, Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]))
  }
  const window: LineSide = (raw) => {
    const time = seconds(raw)
    if (time === null) return null
    return { side: time < timeAt(12_000) ? 'before' : time >= timeAt(12_010) ? 'after' : 'within', time }
  }
  const { source, selection } = sourceOf(opened, { window })
  const read: number[] = []
  const earliest: (number | null)[] = []
  for await (const batch of source.batches()) {
    read.push(...handed(batch, selection).items.map((record) => record.byteOffset ?? -1))
    earliest.push(batch.earliest)
  }
  t.ok(read.includes(12_000 * LINE_BYTES) && read.includes(12_009 * LINE_BYTES), 'the window\'s lines')
  t.ok(read.length < 1_500, `${read.length} lines read of 20,000`)
  t.ok(source.bytesRead() < 150 * 1024, `${source.bytesRead()} bytes read`)
  const last = earliest.at(-1) as number
  t.ok(last < timeAt(12_000) && last >= timeAt(12_000 - 1_400), 'the last batch: the time of the line probed at the stretch\'s start, older than the window')
  t.equal(source.unread().before, last, 'what it says of the lines not read: older than that line')
})
