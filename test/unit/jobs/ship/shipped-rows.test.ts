import t from 'tap'
import { generationOf, offsetOf, RowBuffer, sequence, StreamRows } from '../../../../src/jobs/ship/shipped-rows.js'
import type { AccessRecord } from '../../../../src/record.js'

t.test('a sequence number holds the generation and the byte offset', async (t) => {
  const seq = sequence(3, 12345)
  t.strictSame([seq, generationOf(seq), offsetOf(seq)], [3 * 2 ** 40 + 12345, 3, 12345])
})

t.test('the buffer: rows as the TabSeparated bytes of an insert; the first handed out, forgotten once inserted, and those the table holds', async (t) => {
  const buffer = new RowBuffer('web\t1')
  buffer.push(1, '/a.log', 1, 'line\t1\\')
  buffer.push(2, '/a.log', 2, 'line 2')
  buffer.push(2, '/a.log', sequence(1, 0), 'x'.repeat(600_000))
  buffer.push(3, '/a.log', sequence(1, 9), 'y'.repeat(600_000))
  t.equal(buffer.body(2).toString(), '1\tweb\\t1\t/a.log\t1\tline\\t1\\\\\n2\tweb\\t1\t/a.log\t2\tline 2\n')
  t.equal(buffer.body(4).length, buffer.bytes, 'rows across blocks')
  t.equal(buffer.rows, 4)
  buffer.drop(1)
  t.strictSame([buffer.rows, buffer.keys(9).map((key) => key.seq)], [3, [2, sequence(1, 0), sequence(1, 9)]])
  buffer.dropStored((file, generation) => (file === '/a.log' && generation === 1 ? sequence(1, 0) : null))
  t.strictSame(buffer.keys(9), [{ file: '/a.log', seq: 2 }, { file: '/a.log', seq: sequence(1, 9) }])
  t.equal(buffer.body(2).toString(), `2\tweb\\t1\t/a.log\t2\tline 2\n3\tweb\\t1\t/a.log\t${sequence(1, 9)}\t${'y'.repeat(600_000)}\n`)
  buffer.drop(2)
  t.strictSame([buffer.rows, buffer.bytes, buffer.body(5).length], [0, 0, 0])
})

t.test("the files of a batch, each once in the order they come, and its first row's sequence number (an insert's query_id)", async (t) => {
  const buffer = new RowBuffer('h')
  t.strictSame([buffer.files(5), buffer.firstSeq()], [[], -1])
  for (const [file, seq] of [['/b.log', 7], ['/b.log', 8], ['/a.log', 3], ['/b.log', 9], ['/c.log', 1]] as const) buffer.push(1, file, seq, 'm')
  t.strictSame([buffer.files(5), buffer.files(3), buffer.firstSeq()], [['/b.log', '/a.log', '/c.log'], ['/b.log', '/a.log'], 7])
  buffer.drop(2)
  t.strictSame([buffer.files(1), buffer.firstSeq()], [['/a.log'], 3])
})

t.test("a stream's lines: each parsed one a row with the time read, each skipped one none, in order", async (t) => {
  const buffer = new RowBuffer('h')
  const rows = new StreamRows('/a.log', buffer)
  const handed: string[] = []
  const sink = rows.sinkInto({ line: (text) => void handed.push(text), tooLong: (head) => void handed.push(head) })
  for (const [text, seq] of [['a', 0], ['', 2], ['b', 3], ['c', 5]] as const) sink.line(text, seq)
  sink.tooLong('d', 7)
  // decided later, in order: a parses, b is skipped, c parses, d (too long) is skipped
  t.equal(rows.admits({ time: 1500 } as never), false)
  rows.skipped()
  t.equal(rows.admits({ time: 4000 } as never), false)
  rows.skipped()
  t.equal(rows.keep({} as AccessRecord), false)
  t.strictSame(handed, ['a', '', 'b', 'c', 'd'])
  t.equal(buffer.body(9).toString(), '1\th\t/a.log\t0\ta\n4\th\t/a.log\t5\tc\n')
})
