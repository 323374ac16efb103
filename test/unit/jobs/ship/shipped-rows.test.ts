import t from 'tap'
import { bufferLines, generationOf, OFFSET_PLACES, offsetOf, RowBuffer, sequence } from '../../../../src/jobs/ship/shipped-rows.js'
import { parseLogFormat } from '../../../../src/parse/format/log-format-option.js'
import { LogLines } from '../../../../src/source/log-lines.js'
import { NewestLine } from '../../../../src/source/newest-line.js'
import { DEFAULT_READ_OPTIONS, readSettings } from '../../../../src/source/read-settings.js'
import { SkippedLines } from '../../../../src/source/skipped-lines.js'

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

t.test("a stream's lines, read as lines (no gate): each valid one a row with the second read and its offset as sequence number, in order; the others none", async (t) => {
  const buffer = new RowBuffer('h')
  const skipped = new SkippedLines()
  const settings = readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC', logFormat: parseLogFormat('combined') })
  const lines = new LogLines({ settings, gate: null, skipped, note: () => undefined, newest: new NewestLine() }, '/a.log', 'offsets', OFFSET_PLACES)
  const a = '192.0.2.1 - - [22/Nov/2026:10:00:01 +0000] "GET /a HTTP/1.1" 200 3 "-" "curl"'
  const c = '192.0.2.3 - - [22/Nov/2026:10:00:04 +0000] "GET /c HTTP/1.1" 200 3 "-" "curl"'
  lines.line(a, 0)
  lines.line('junk', 100)
  lines.line(c, sequence(2, 200))
  lines.tooLong('d'.repeat(10), sequence(2, 300))
  const second = (text: string): number => Date.parse(`2026-11-22T10:00:0${text === a ? 1 : 4}Z`) / 1000
  t.equal(bufferLines(lines.takeBatch(), '/a.log', buffer), 2)
  t.equal(buffer.body(9).toString(), `${second(a)}\th\t/a.log\t0\t${a}\n${second(c)}\th\t/a.log\t${sequence(2, 200)}\t${c}\n`)
  t.equal(skipped.count, 2, 'the junk line and the overlong one: counted, not shipped')
  t.equal(bufferLines(lines.takeBatch(), '/a.log', buffer), 0, 'taken: nothing twice')
})
