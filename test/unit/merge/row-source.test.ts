/**
 * One input of `merge` as a source (src/merge/row-source.ts): its NDJSON
 * lines read back into rows, a batch per chunk; a line that is not a row
 * skipped and counted; an input without rows among its first lines stops
 * the run; the row read first has the larger place.
 */

import t from 'tap'
import type { ReadRow, RowSkipReason } from '../../../src/merge/read-row.js'
import { MAX_ROW_LENGTH } from '../../../src/merge/read-row.js'
import { RowSource, type RowContext } from '../../../src/merge/row-source.js'
import { schemaValidators } from '../../../src/row-format.js'
import { keepBatch, type Batch } from '../../../src/source/batch.js'
import { SkippedLines } from '../../../src/source/skipped-lines.js'
import { BASE_ROW } from '../../helpers/emitted-rows.js'
import { memoryInput, RecordingSelection } from '../../helpers/log-source.js'

const row = (line: number): string => JSON.stringify({ ...BASE_ROW, line })

const context = (selection = new RecordingSelection<ReadRow>()): RowContext & { selection: RecordingSelection<ReadRow> } =>
  ({ isRow: schemaValidators().row, selection, skipped: new SkippedLines<RowSkipReason>(), read: { rows: 0 } })

/** A batch, with the rows it handed the selection and their places. */
interface Handed {
  earliest: Batch['earliest']
  items: ReadRow[]
  places: number[]
}

const readAll = async (source: RowSource, selection: RecordingSelection<ReadRow>): Promise<Handed[]> => {
  const batches: Handed[] = []
  for await (const batch of source.batches()) {
    keepBatch(selection, batch)
    const taken = selection.take()
    batches.push({ earliest: batch.earliest, ...taken })
  }
  return batches
}

/** Each batch as the `line` values of its rows. */
const lines = (batches: Handed[]): number[][] => batches.map((batch) => batch.items.map((item) => item.row.line ?? -1))

t.test('a batch per chunk, rows in the order read, each with its instant', async (t) => {
  const { input, closed } = memoryInput('web1.ndjson', [`${row(1)}\n${row(2)}\n`, `${row(3)}\n`])
  const shared = context()
  const source = new RowSource(input, shared)
  t.equal(source.label, 'web1.ndjson')
  t.strictSame(source.unread(), { before: Infinity, placesBelow: Infinity }, 'read from its start: any row not read may be the newest')
  const batches = await readAll(source, shared.selection)
  t.strictSame(lines(batches), [[1, 2], [3], []])
  t.strictSame(batches.map((batch) => batch.earliest), [null, null, null], 'no early stop: merge reads every row')
  t.strictSame(batches[0]?.items[0]?.row, { ...BASE_ROW, line: 1 })
  t.strictSame(batches[0]?.items[0]?.at, { time: Date.UTC(2026, 10, 22, 9, 5, 7), offset: 0, micros: null, key: Date.UTC(2026, 10, 22, 9, 5, 7) * 1000 })
  t.equal(source.bytesRead(), Buffer.byteLength(`${row(1)}\n${row(2)}\n${row(3)}\n`))
  await source.close()
  t.equal(closed.count, 1)
})

t.test('places: the row read first, over all inputs, has the largest', async (t) => {
  const shared = context()
  const first = new RowSource(memoryInput('a.ndjson', [`${row(1)}\n${row(2)}\n`]).input, shared)
  const second = new RowSource(memoryInput('b.ndjson', [`${row(3)}\n`]).input, shared)
  const places = [...(await readAll(first, shared.selection)), ...(await readAll(second, shared.selection))].flatMap((batch) => batch.places)
  t.strictSame(places, [-0, -1, -2])
  t.equal(shared.read.rows, 3)
})

t.test('lines that are not rows are skipped and counted by reason; blank lines are not lines', async (t) => {
  const shared = context()
  const { input } = memoryInput('web1.ndjson', [[row(1), '', '{"a":', '   ', '{"status":200}', JSON.stringify({ ...BASE_ROW, timestamp: '2026-02-30T10:00:00+00:00' }), row(7)].join('\n')])
  const batches = await readAll(new RowSource(input, shared), shared.selection)
  t.strictSame(lines(batches).flat(), [1, 7])
  t.equal(shared.skipped.summary(), 'skipped 3 of 5 lines (1 not JSON, 1 not a row, 1 bad timestamp); first at web1.ndjson:3',
    'line numbers count the blank lines')
})

t.test('a line over MAX_ROW_LENGTH is skipped as too long, and the lines after it keep their numbers', async (t) => {
  const shared = context()
  const { input } = memoryInput('big.ndjson', [`${row(1)}\n{"raw":"${'x'.repeat(MAX_ROW_LENGTH)}"}\n${row(3)}\n`])
  const batches = await readAll(new RowSource(input, shared), shared.selection)
  t.strictSame(lines(batches).flat(), [1, 3])
  t.equal(shared.skipped.summary(), 'skipped 1 of 3 lines (1 line too long); first at big.ndjson:2')
})

t.test('an input none of whose first lines is a row stops the run (exit 1)', async (t) => {
  const { input } = memoryInput('access.log', ['192.0.2.1 - - [22/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 3\nnot json\n'])
  await t.rejects(readAll(new RowSource(input, context()), new RecordingSelection<ReadRow>()), {
    message: 'access.log: none of its 2 lines is a row written by profiler-search build --emit ndjson (first: "192.0.2.1 - - [22/Nov/2026:10:00:00 +0000] \\"GET / HTTP/1.1\\" 200 3")',
    hint: 'merge reads the output of build --emit ndjson',
    exitCode: 1,
  })
  const tooLong = memoryInput('long.ndjson', [`${'x'.repeat(MAX_ROW_LENGTH + 1)}\n`]).input
  await t.rejects(readAll(new RowSource(tooLong, context()), new RecordingSelection<ReadRow>()), { message: `long.ndjson: its only line is not a row written by profiler-search build --emit ndjson (it reads: "${'x'.repeat(80)}")` },
    'an input of one overlong line is no input of rows')
  const empty = memoryInput('empty.ndjson', ['\n\n']).input
  t.strictSame(lines(await readAll(new RowSource(empty, context()), new RecordingSelection<ReadRow>())), [[], []], 'an empty input is no error: it has no rows')
})
