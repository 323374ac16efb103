/**
 * One input read whole, from its first line (src/source/forward-source.ts):
 * a batch per chunk, the last with what `auto` held back; a break in the
 * input is an input error, or with --partial-ok a warning and the lines
 * read before it.
 */

import t from 'tap'
import { InputPlaces } from '../../../src/source/batch.js'
import { ForwardSource } from '../../../src/source/forward-source.js'
import { LogLines } from '../../../src/source/log-lines.js'
import type { BreakPolicy } from '../../../src/source/record-source.js'
import { ioError, linesContext, logLine, memoryInput, timeAt, type LinesContext, type RecordingSelection } from '../../helpers/log-source.js'

const PER_INPUT = 2 ** 40

interface Read {
  /** Each batch as the numbers of its records' lines. */
  batches: number[][]
  earliest: (number | null)[]
  places: number[]
  warnings: string[]
}

const policy = (partialOk: boolean, warnings: string[]): BreakPolicy => ({ partialOk, warn: (line) => warnings.push(line) })

const sourceOf = (chunks: readonly (string | Error)[], options: { partialOk?: boolean; lines?: LinesContext; rank?: number; paced?: boolean } = {}) => {
  const { input, closed } = memoryInput('x.log', chunks)
  const { context, selection } = options.lines ?? linesContext()
  const warnings: string[] = []
  const source = new ForwardSource(input, new LogLines(context, 'x.log', 'lines', new InputPlaces(options.rank ?? 0)), policy(options.partialOk ?? false, warnings), options.paced ?? false)
  return { source, closed, warnings, selection }
}

/** Reads every batch: the records each handed the selection, and what the batch says of them. */
const readAll = async (source: ForwardSource, warnings: string[], selection: RecordingSelection): Promise<Read> => {
  const read: Read = { batches: [], earliest: [], places: [], warnings }
  for await (const batch of source.batches()) {
    const taken = selection.take()
    if (batch.kept !== taken.items.length) throw new Error(`the batch says ${batch.kept} kept, the selection took ${taken.items.length}`)
    read.batches.push(taken.items.map((record) => record.line ?? -1))
    read.earliest.push(batch.earliest)
    read.places.push(...taken.places)
  }
  return read
}

const text = (...lines: string[]): string => lines.map((line) => `${line}\n`).join('')

t.test('a batch per chunk, then the end: records in the order read, placed by rank and line', async (t) => {
  const { source, closed, warnings, selection } = sourceOf([text(logLine(1, 5), logLine(2, 3)), `${logLine(3, 9)}\n${logLine(4, 1).slice(0, 20)}`, `${logLine(4, 1).slice(20)}\n`], { rank: 3 })
  t.equal(source.label, 'x.log')
  t.equal(source.newestFirst, false)
  const read = await readAll(source, warnings, selection)
  t.strictSame(read.batches, [[1, 2], [3], [4], [], []], 'a line split between two chunks comes with the second')
  t.strictSame(read.earliest, [timeAt(3), timeAt(9), timeAt(1), null, null])
  t.strictSame(read.places, [1, 2, 3, 4].map((line) => 3 * PER_INPUT + line))
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
  const { source, warnings, selection } = sourceOf([text(logLine(1, 5)), ioError()])
  const batches = source.batches()
  const next = await batches.next()
  t.strictSame(next.done ? null : selection.take().items.map((record) => record.line), [1])
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

t.test('an input none of whose first lines is a log line stops the run, also with --partial-ok after a break', async (t) => {
  const { source, warnings, selection } = sourceOf([text('junk', 'more junk')])
  await t.rejects(readAll(source, warnings, selection), { message: 'x.log: none of its 2 lines matches --log-format combined (first: "junk")', exitCode: 1 })
  const broken = sourceOf([text('junk'), ioError()], { partialOk: true })
  await t.rejects(readAll(broken.source, broken.warnings, broken.selection), { message: 'x.log: its only line does not match --log-format combined (it reads: "junk")' })
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
