import t from 'tap'
import { generationOf, offsetOf, RowBuffer, sequence, StreamRows } from '../../../../src/jobs/ship/shipped-rows.js'
import type { AccessRecord } from '../../../../src/record.js'

t.test('a sequence number holds the generation and the byte offset', async (t) => {
  const seq = sequence(3, 12345)
  t.strictSame([seq, generationOf(seq), offsetOf(seq)], [3 * 2 ** 40 + 12345, 3, 12345])
})

t.test('the buffer hands out its first rows, forgets them once inserted, and those the table holds', async (t) => {
  const buffer = new RowBuffer()
  const rows = new StreamRows('/a.log', buffer)
  t.equal(rows.admits({} as never), true)
  for (const [time, seq] of [[1500, 1], [2000, 2], [2999, sequence(1, 0)], [3000, sequence(1, 9)]] as const) {
    t.equal(rows.keep({ time, byteOffset: seq, raw: `line ${seq}` } as AccessRecord), false)
  }
  t.strictSame(buffer.first(2), [{ time: 1, file: '/a.log', seq: 1, message: 'line 1' }, { time: 2, file: '/a.log', seq: 2, message: 'line 2' }])
  t.equal(buffer.rows, 4)
  const bytes = buffer.bytes
  buffer.drop(1)
  t.equal(buffer.rows, 3)
  t.ok(buffer.bytes < bytes)
  buffer.dropStored((file, generation) => (file === '/a.log' && generation === 1 ? sequence(1, 0) : null))
  t.strictSame(buffer.first(9).map((row) => row.seq), [2, sequence(1, 9)])
})
