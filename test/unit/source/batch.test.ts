/** What a source hands the selection (src/source/batch.ts): empty batches, the earlier of two times, and each record's place. */

import t from 'tap'
import type { AccessRecord } from '../../../src/record.js'
import { ArrivalPlaces, earlier, emptyBatch, InputPlaces, keepBatch } from '../../../src/source/batch.js'

const PER_INPUT = 2 ** 40

t.test('an empty batch: no record, no time; a new one each time', async (t) => {
  const batch = emptyBatch()
  t.strictSame(batch, { records: [], earliest: null })
  batch.records.push([{} as AccessRecord, 1])
  t.strictSame(emptyBatch().records, [], 'not shared')
})

t.test('keepBatch: each record to the sink at its place, in order; says how many it kept', async (t) => {
  const handed: string[] = []
  const sink = { keep: (item: string, place: number) => handed.push(`${item}@${place}`) % 2 === 1 }
  t.equal(keepBatch(sink, { records: [['a', 3], ['b', 1], ['c', 2]], earliest: null }), 2)
  t.strictSame(handed, ['a@3', 'b@1', 'c@2'])
  t.equal(keepBatch(sink, emptyBatch()), 0)
})

t.test('earlier: the smaller time; a missing one does not count', async (t) => {
  t.equal(earlier(null, null), null)
  t.equal(earlier(null, 5), 5)
  t.equal(earlier(5, null), 5)
  t.equal(earlier(3, 7), 3)
  t.equal(earlier(7, 3), 3)
  t.equal(earlier(0, 3), 0, '0 is a time (1970), not a missing one')
  t.equal(earlier(-1, 0), -1)
})

t.test('input places: the rank in the age order, then the line number or byte offset', async (t) => {
  t.equal(new InputPlaces(0).of(5), 5)
  t.equal(new InputPlaces(2).of(5), 2 * PER_INPUT + 5)
  t.ok(new InputPlaces(1).of(0) > new InputPlaces(0).of(PER_INPUT - 1), 'every line of a newer input comes after every line of an older one')
  t.ok(new InputPlaces(3).of(8) > new InputPlaces(3).of(7), 'within an input, a later line comes after')
})

t.test('arrival places: one after the other, after every place of the scanned inputs', async (t) => {
  const arrivals = new ArrivalPlaces(3)
  t.strictSame([arrivals.of(), arrivals.of(), arrivals.of()], [3 * PER_INPUT, 3 * PER_INPUT + 1, 3 * PER_INPUT + 2])
  t.ok(new ArrivalPlaces(3).of() > new InputPlaces(2).of(PER_INPUT - 1), 'after the newest input of the scan')
})
