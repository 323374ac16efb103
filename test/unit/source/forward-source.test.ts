/**
 * One input read whole, from its first line (src/source/forward-source.ts):
 * a batch per chunk, the last with what `auto` held back; a break in the
 * input is an input error, or with --partial-ok a warning and the lines
 * read before it.
 */

import type { FileHandle } from 'node:fs/promises'
import t from 'tap'
import { InputPlaces, keepBatch } from '../../../src/source/batch.js'
import { ForwardSource } from '../../../src/source/forward-source.js'
import { LogLines } from '../../../src/source/log-lines.js'
import type { BreakPolicy } from '../../../src/source/record-source.js'
import type { ThreadedReading } from '../../../src/source/threaded-reading.js'
import { ioError, linesContext, logLine, memoryInput, recordedElsewhere, timeAt, type LinesContext, type RecordingSelection } from '../../helpers/log-source.js'

const PER_INPUT = 2 ** 40

interface Read {
  /** Each batch as the numbers of its records' lines. */
  batches: number[][]
  earliest: (number | null)[]
  places: number[]
  warnings: string[]
}

const policy = (partialOk: boolean, warnings: string[]): BreakPolicy => ({ partialOk, warn: (line) => warnings.push(line) })

interface Options {
  partialOk?: boolean
  lines?: LinesContext
  rank?: number
  paced?: boolean
  threaded?: ThreadedReading
  /** The input's size, when it is a plain file. */
  size?: number
}

const sourceOf = (chunks: readonly (string | Error)[], options: Options = {}) => {
  const memory = memoryInput('x.log', chunks)
  const input = options.size === undefined ? memory.input : { ...memory.input, seekable: { handle: null as unknown as FileHandle, size: options.size } }
  const { context, selection } = options.lines ?? linesContext()
  const warnings: string[] = []
  const lines = new LogLines(context, 'x.log', 'lines', new InputPlaces(options.rank ?? 0))
  const source = new ForwardSource(input, lines, policy(options.partialOk ?? false, warnings), options.paced ?? false, options.threaded ?? null, options.rank ?? 0)
  return { source, closed: memory.closed, warnings, selection, lines }
}

/** Reads every batch: the records each handed the selection, and what the batch says of them. */
const readAll = async (source: ForwardSource, warnings: string[], selection: RecordingSelection): Promise<Read> => {
  const read: Read = { batches: [], earliest: [], places: [], warnings }
  for await (const batch of source.batches()) {
    keepBatch(selection, batch)
    const taken = selection.take()
    read.batches.push(taken.items.map((record) => record.line ?? -1))
    read.earliest.push(batch.earliest)
    read.places.push(...taken.places)
  }
  return read
}

const text = (...lines: string[]): string => lines.map((line) => `${line}\n`).join('')

t.test('a batch per chunk, then the end: records in the order read, placed by rank and byte offset (in the order of the lines)', async (t) => {
  const { source, closed, warnings, selection } = sourceOf([text(logLine(1, 5), logLine(2, 3)), `${logLine(3, 9)}\n${logLine(4, 1).slice(0, 20)}`, `${logLine(4, 1).slice(20)}\n`], { rank: 3 })
  t.equal(source.label, 'x.log')
  const read = await readAll(source, warnings, selection)
  t.strictSame(source.unread(), { before: Infinity, placesBelow: 4 * PER_INPUT }, 'read from its start: any line not read may be the newest')
  t.strictSame(read.batches, [[1, 2], [3], [4], [], []], 'a line split between two chunks comes with the second')
  t.strictSame(read.earliest, [timeAt(3), timeAt(9), timeAt(1), null, null])
  const starts = [0, 1, 2, 3].map((n) => Buffer.byteLength(text(...[logLine(1, 5), logLine(2, 3), logLine(3, 9)].slice(0, n))))
  t.strictSame(read.places, starts.map((offset) => 3 * PER_INPUT + offset))
  t.equal(source.bytesRead(), Buffer.byteLength(text(logLine(1, 5), logLine(2, 3), logLine(3, 9), logLine(4, 1))), 'the input\'s own count')
  t.strictSame(warnings, [])
  t.equal(closed.count, 0, 'the input closes itself at its end; close() is for an input left unread')
  await source.close()
  t.equal(closed.count, 1)
})

t.test('a last line without a newline comes with the end of the input', async (t) => {
  const { source, warnings, selection } = sourceOf([`${logLine(1, 5)}\n${logLine(2, 6)}`])
  t.strictSame((await readAll(source, warnings, selection)).batches, [[1], [2], []])
})

t.test('auto: the lines held back while the format is probed come in the last batch', async (t) => {
  const lines = linesContext('auto')
  const { source, warnings, selection } = sourceOf([text(logLine(1, 5), logLine(2, 3)), text(logLine(3, 9))], { lines })
  const read = await readAll(source, warnings, selection)
  t.strictSame(read.batches, [[], [], [], [1, 2, 3]])
  t.strictSame(read.earliest, [null, null, null, timeAt(3)])
  t.strictSame(lines.notes, ['x.log: log format combined (auto)'])
})

t.test('the earliest time counts every valid line, also those the gate turns down', async (t) => {
  const lines = linesContext('combined', { admits: (facts) => facts.status !== 404 })
  const { source, warnings, selection } = sourceOf([text(logLine(1, 5), logLine(2, 1, 404), 'junk', logLine(4, 7))], { lines })
  const read = await readAll(source, warnings, selection)
  t.strictSame(read.batches, [[1, 4], [], []])
  t.strictSame(read.earliest, [timeAt(1), null, null])
  t.equal(lines.skipped.summary(), 'skipped 1 of 4 lines (1 not a log line); first at x.log:3')
})

t.test('a read error: an input error naming the input, unless --partial-ok', async (t) => {
  const { source, warnings } = sourceOf([text(logLine(1, 5)), ioError()])
  const batches = source.batches()
  const next = await batches.next()
  t.strictSame(next.done ? null : next.value.records.map(([record]) => record.line), [1])
  await t.rejects(batches.next(), { name: 'ReadError', message: 'cannot read x.log: EIO: i/o error, read', exitCode: 2 })
  t.strictSame(warnings, [])
})

t.test('--partial-ok: the lines read before the break count, and one warning says how many', async (t) => {
  const { source, warnings, selection } = sourceOf([text(logLine(1, 5), logLine(2, 6)), ioError()], { partialOk: true, lines: linesContext('auto') })
  const read = await readAll(source, warnings, selection)
  t.strictSame(read.batches, [[], [1, 2]], 'auto\'s held lines are decided after the break')
  t.strictSame(warnings, ['cannot read x.log: EIO: i/o error, read; kept the 2 lines read before the error (--partial-ok)'])
  const one = sourceOf([text(logLine(1, 5)), ioError()], { partialOk: true })
  await readAll(one.source, one.warnings, one.selection)
  t.strictSame(one.warnings, ['cannot read x.log: EIO: i/o error, read; kept the 1 line read before the error (--partial-ok)'])
})

t.test('--partial-ok passes over read errors only: a bug is thrown as it is', async (t) => {
  const bug = new TypeError('a bug')
  const { source, warnings, selection } = sourceOf([text(logLine(1, 5)), bug], { partialOk: true })
  await t.rejects(readAll(source, warnings, selection), bug)
  t.strictSame(warnings, [])
})

t.test('an input none of whose lines is a log line stops the run (auto), also with --partial-ok after a break', async (t) => {
  const { source, warnings, selection } = sourceOf([text('junk', 'more junk')], { lines: linesContext('auto') })
  await t.rejects(readAll(source, warnings, selection), { message: /^x\.log: none of its 2 lines is an nginx or Apache access log line .* \(first: "junk"\)$/, exitCode: 1 })
  const broken = sourceOf([text('junk'), ioError()], { partialOk: true, lines: linesContext('auto') })
  await t.rejects(readAll(broken.source, broken.warnings, broken.selection), { message: /^x\.log: its only line is not an nginx or Apache access log line/ })
})

t.test('paced: the same batches, each chunk in pieces of at most 64 KiB', async (t) => {
  const many = Array.from({ length: 2000 }, (_, i) => logLine(i % 250, i % 60))
  const { source, warnings, selection } = sourceOf([text(...many)], { paced: true })
  const read = await readAll(source, warnings, selection)
  t.equal(read.batches.flat().length, 2000)
  const pieces = Math.ceil(Buffer.byteLength(text(...many)) / (64 * 1024))
  t.equal(pieces, 3)
  t.equal(read.batches.length, pieces + 2, 'a batch per piece of the one chunk, then the end')
  t.strictSame(read.batches.flat(), many.map((_, i) => i + 1))
})

t.test('with workers: the first lines read here until they decide, the rest handed on in pieces of whole lines, then taken back', async (t) => {
  const many = Array.from({ length: 150 }, (_, i) => logLine(i % 250, i))
  const whole = text(...many)
  const elsewhere = recordedElsewhere({ minBytes: 1000, pieceBytes: 2000 }, [{ records: [], earliest: timeAt(120) }], 40)
  const lines = linesContext('auto')
  const { source, warnings, selection } = sourceOf([whole.slice(0, 5000), whole.slice(5000, 9000), whole.slice(9000)], { threaded: elsewhere.threaded, rank: 3, lines })
  const read = await readAll(source, warnings, selection)
  t.equal(elsewhere.pieces.length, 1)
  const [handed] = elsewhere.pieces
  const from = handed?.from.bytes ?? 0
  t.strictSame(handed?.input, { label: 'x.log', rank: 3, format: 'combined', noted: new Set() })
  t.strictSame(handed?.from, { lines: whole.slice(0, from).split('\n').length - 1, bytes: from, size: null })
  t.ok((handed?.from.lines ?? 0) >= 100, 'here: the first 100 lines at least, which decide the format')
  t.equal(Buffer.concat(handed?.sent.map((piece) => piece.bytes) ?? []).toString(), whole.slice(from), 'the rest, in pieces')
  t.ok(handed?.sent.every((piece) => piece.bytes.length >= 2000 || piece === handed.sent.at(-1)), 'pieces of at least pieceBytes')
  t.strictSame(read.batches.flat(), many.slice(0, handed?.from.lines).map((_, i) => i + 1), 'the lines read here, in order')
  t.strictSame(read.earliest.slice(-2), [timeAt(120), null], 'what came back, then the end')
  t.strictSame(lines.notes, ['x.log: log format combined (auto)'])
})

t.test('with workers: a plain file known to be small is read here whole; so is one too small to switch', async (t) => {
  const many = Array.from({ length: 150 }, (_, i) => logLine(i % 250, i))
  const small = recordedElsewhere({ minBytes: 100_000 })
  const { source, warnings, selection } = sourceOf([text(...many)], { threaded: small.threaded, size: Buffer.byteLength(text(...many)) })
  t.equal((await readAll(source, warnings, selection)).batches.flat().length, 150)
  const stream = sourceOf([text(...many)], { threaded: small.threaded })
  t.equal((await readAll(stream.source, stream.warnings, stream.selection)).batches.flat().length, 150, 'a stream that ends before minBytes')
  t.equal(small.pieces.length, 0)
})

t.test('with workers: gzip data counts as four times its stored size (it expands more), so a large .gz goes to them after the first lines', async (t) => {
  const many = Array.from({ length: 150 }, (_, i) => logLine(i % 250, i))
  const elsewhere = recordedElsewhere({ minBytes: 100_000 })
  const memory = memoryInput('x.log.gz', [text(...many)])
  const lines = linesContext()
  for (const storedSize of [24_999, 25_000]) {
    const source = new ForwardSource({ ...memory.input, storedSize }, new LogLines(lines.context, 'x.log', 'lines', new InputPlaces(0)), policy(false, []), false, elsewhere.threaded)
    for await (const _ of source.batches()) lines.selection.take()
  }
  t.equal(elsewhere.pieces.length, 1, 'only the one of 25,000 bytes stored')
  t.strictSame(elsewhere.pieces[0]?.from.size, null)
})

t.test('with workers, --partial-ok: what was handed on before the break is taken back, and counted in the warning', async (t) => {
  const many = Array.from({ length: 120 }, (_, i) => logLine(i % 250, i))
  const elsewhere = recordedElsewhere({ minBytes: 0, pieceBytes: 10 }, [{ records: [], earliest: null }], 15)
  const { source, warnings, selection } = sourceOf([text(...many), text(...many.slice(0, 20)), ioError()], { threaded: elsewhere.threaded, partialOk: true })
  const read = await readAll(source, warnings, selection)
  t.equal(read.batches.flat().length, elsewhere.pieces[0]?.from.lines)
  t.strictSame(warnings, [`cannot read x.log: EIO: i/o error, read; kept the ${(elsewhere.pieces[0]?.from.lines ?? 0) + 15} lines read before the error (--partial-ok)`])
  const failing = sourceOf([text(...many), text(...many.slice(0, 20)), ioError()], { threaded: recordedElsewhere({ minBytes: 0, pieceBytes: 10 }).threaded })
  await t.rejects(readAll(failing.source, failing.warnings, failing.selection), { name: 'ReadError' })
})
