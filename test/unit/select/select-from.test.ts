/**
 * The spine (src/select/select-from.ts): sources read in the order given,
 * each batch added to the selection; the early stop: a source read newest
 * first stops as soon as the selection is decided, any other only at its
 * end; the older sources are then let go unread, and --verbose says so.
 */

import t from 'tap'
import { selectFrom, type SelectOptions } from '../../../src/select/select-from.js'
import type { Selection } from '../../../src/select/selection.js'
import type { Batch, RecordSink } from '../../../src/source/batch.js'
import type { RecordSource } from '../../../src/source/record-source.js'

/** What happened, in order: batches pulled and added, decisions asked for, sources let go. */
type Trace = string[]

/** A source of scripted batches (items are numbers; `bytes` after each batch), tracing what is asked of it. */
class FakeSource implements RecordSource {
  readonly #batches: { items: number[]; earliest: number | null; bytes: number }[]
  readonly #trace: Trace
  #bytes = 0

  readonly #sink: RecordSink<number>

  constructor(readonly label: string, readonly newestFirst: boolean, batches: { items: number[]; earliest: number | null; bytes?: number }[], trace: Trace, sink: RecordSink<number>) {
    this.#batches = batches.map((batch, i) => ({ ...batch, bytes: batch.bytes ?? 10 * (i + 1) }))
    this.#trace = trace
    this.#sink = sink
  }

  bytesRead(): number {
    return this.#bytes
  }

  async *batches(): AsyncGenerator<Batch> {
    try {
      for (const { items, earliest, bytes } of this.#batches) {
        this.#bytes = bytes
        this.#trace.push(`${this.label} batch [${items.join(',')}]`)
        yield { kept: items.filter((item) => this.#sink.keep(item, 0)).length, earliest }
      }
      this.#trace.push(`${this.label} end`)
    } finally {
      this.#trace.push(`${this.label} let go`)
    }
  }

  close(): Promise<void> {
    this.#trace.push(`${this.label} closed`)
    return Promise.resolve()
  }
}

/** A selection decided once the earliest time read is at most `decidedAt`; it traces adds and questions, with the progress bytes then. */
class FakeSelection implements Selection<number> {
  readonly limit = 3
  readonly certainty = 'the newest 3 are certain'
  readonly kept: number[] = []

  constructor(readonly decidedAt: number, readonly trace: Trace, readonly progress: { bytes: number } = { bytes: 0 }) {}

  get size(): number {
    return this.kept.length
  }

  keep(item: number): boolean {
    this.kept.push(item)
    return true
  }

  isDecidedBy(earliest: number | null): boolean {
    const decided = earliest !== null && earliest <= this.decidedAt
    this.trace.push(`decided by ${earliest} at ${this.progress.bytes} bytes: ${decided}`)
    return decided
  }

  newestFirst(): number[] {
    return this.kept
  }
}

const run = async (sources: (trace: Trace, sink: RecordSink<number>) => FakeSource[], decidedAt: number, stopEarly = true, stop?: SelectOptions['stop']) => {
  const trace: Trace = []
  const notes: string[] = []
  const progress = { bytes: 0 }
  const selection = new FakeSelection(decidedAt, trace, progress)
  const options: SelectOptions = { stopEarly, note: (line) => notes.push(line), progress, ...(stop ? { stop } : {}) }
  const reach = await selectFrom(sources(trace, selection), selection, options)
  return { trace, notes, kept: selection.kept, bytes: progress.bytes, reach }
}

t.test('never decided: every source read to its end, in order, every batch added', async (t) => {
  const r = await run((trace, sink) => [
    new FakeSource('new.log', true, [{ items: [9, 8], earliest: 80 }, { items: [7], earliest: 70 }], trace, sink),
    new FakeSource('old.log', false, [{ items: [5], earliest: 50 }], trace, sink),
  ], 0)
  t.strictSame(r.kept, [9, 8, 7, 5])
  t.strictSame(r.trace, [
    'new.log batch [9,8]', 'decided by 80 at 10 bytes: false',
    'new.log batch [7]', 'decided by 70 at 20 bytes: false',
    'new.log end', 'new.log let go', 'decided by 70 at 20 bytes: false',
    'old.log batch [5]', 'old.log end', 'old.log let go', 'decided by 50 at 30 bytes: false',
  ])
  t.strictSame(r.notes, [])
  t.equal(r.bytes, 30, 'progress: the bytes of the sources read before, and of this one')
})

t.test('a source read newest first stops as soon as the selection is decided; the older ones are let go unread', async (t) => {
  const r = await run((trace, sink) => [
    new FakeSource('access.log', true, [{ items: [9], earliest: 90 }, { items: [8], earliest: 60 }, { items: [7], earliest: 10 }], trace, sink),
    new FakeSource('access.log.1', true, [{ items: [5], earliest: 50 }], trace, sink),
    new FakeSource('access.log.2.gz', false, [{ items: [4], earliest: 40 }], trace, sink),
  ], 60)
  t.strictSame(r.kept, [9, 8])
  t.strictSame(r.trace, [
    'access.log batch [9]', 'decided by 90 at 10 bytes: false',
    'access.log batch [8]', 'decided by 60 at 20 bytes: true',
    'access.log let go',
    'decided by 60 at 20 bytes: true',
    'access.log.1 closed', 'access.log.2.gz closed',
  ])
  t.strictSame(r.notes, ['access.log: stopped reading, the newest 3 are certain; 2 older input(s) not read'])
})

t.test('a source read forwards is read to its end before the stop: its later lines are newer', async (t) => {
  const r = await run((trace, sink) => [
    new FakeSource('stdin', false, [{ items: [9], earliest: 10 }, { items: [8], earliest: 80 }], trace, sink),
    new FakeSource('older.log', false, [{ items: [5], earliest: 5 }], trace, sink),
  ], 60)
  t.strictSame(r.kept, [9, 8])
  t.strictSame(r.trace, [
    'stdin batch [9]', 'stdin batch [8]', 'stdin end', 'stdin let go',
    'decided by 10 at 20 bytes: true', 'older.log closed',
  ])
  t.strictSame(r.notes, ['stdin: stopped reading, the newest 3 are certain; 1 older input(s) not read'])
})

t.test('decided by the last source: the note names no older inputs', async (t) => {
  const r = await run((trace, sink) => [new FakeSource('only.log', true, [{ items: [1], earliest: 1 }, { items: [0], earliest: 0 }], trace, sink)], 1)
  t.strictSame(r.trace, ['only.log batch [1]', 'decided by 1 at 10 bytes: true', 'only.log let go', 'decided by 1 at 10 bytes: true'])
  t.strictSame(r.notes, ['only.log: stopped reading, the newest 3 are certain'])
})

t.test('the earliest time is each source\'s own, over all its batches; a batch without one changes nothing', async (t) => {
  const r = await run((trace, sink) => [
    new FakeSource('new.log', true, [{ items: [], earliest: 70 }, { items: [9], earliest: null }, { items: [8], earliest: 75 }], trace, sink),
    new FakeSource('old.log', true, [{ items: [], earliest: null }, { items: [5], earliest: 65 }], trace, sink),
  ], 0)
  t.strictSame(r.trace.filter((line) => line.startsWith('decided')).map((line) => line.replace(/ at .*/, '')), [
    'decided by 70', 'decided by 70', 'decided by 70', 'decided by 70',
    'decided by null', 'decided by 65', 'decided by 65',
  ])
})

t.test('a full scan (no early stop) reads everything, decided or not, and asks nothing', async (t) => {
  const r = await run((trace, sink) => [
    new FakeSource('new.log', true, [{ items: [9], earliest: 0 }, { items: [8], earliest: 0 }], trace, sink),
    new FakeSource('old.log', false, [{ items: [5], earliest: 0 }], trace, sink),
  ], 100, false)
  t.strictSame(r.kept, [9, 8, 5])
  t.strictSame(r.trace, ['new.log batch [9]', 'new.log batch [8]', 'new.log end', 'new.log let go', 'old.log batch [5]', 'old.log end', 'old.log let go'])
  t.strictSame(r.notes, [])
})

t.test('without a progress counter: the same reading', async (t) => {
  const trace: Trace = []
  const selection = new FakeSelection(0, trace)
  await selectFrom([new FakeSource('a.log', true, [{ items: [1], earliest: 5 }], trace, selection)], selection, { stopEarly: true, note: () => undefined })
  t.strictSame(selection.kept, [1])
})

t.test('read as far as needed: the reach says nothing was cut short', async (t) => {
  const r = await run((trace, sink) => [new FakeSource('a.log', true, [{ items: [1], earliest: 5 }], trace, sink)], 0)
  t.strictSame(r.reach, { stopped: false, partly: null, unread: 0 })
})

t.test('a stop between two batches ends reading there: the source cut short and the older ones let go, the reach says how far', async (t) => {
  const stop = { requested: false }
  const r = await run((trace, sink) => [
    new FakeSource('access.log', true, [{ items: [9], earliest: 90 }, { items: [8], earliest: 80 }, { items: [7], earliest: 70 }], trace, {
      keep: (item, place) => {
        // the deadline passes while the second batch is read
        if (item === 8) stop.requested = true
        return sink.keep(item, place)
      },
    }),
    new FakeSource('access.log.1', true, [{ items: [5], earliest: 50 }], trace, sink),
    new FakeSource('access.log.2.gz', false, [{ items: [4], earliest: 40 }], trace, sink),
  ], 0, true, stop)
  t.strictSame(r.kept, [9, 8], 'what was read is kept; nothing after the stop is read')
  t.strictSame(r.trace, [
    'access.log batch [9]', 'decided by 90 at 10 bytes: false',
    'access.log batch [8]', 'decided by 80 at 20 bytes: false',
    'access.log let go', 'access.log closed', 'access.log.1 closed', 'access.log.2.gz closed',
  ])
  t.strictSame(r.reach, { stopped: true, partly: { label: 'access.log', newestFirst: true, earliest: 80 }, unread: 2 })
  t.strictSame(r.notes, [], 'a stop is no early stop: --verbose says nothing of certainty')
})

t.test('a stop heard between two sources: the one read stays whole, the rest are unread', async (t) => {
  const stop = { requested: false }
  const r = await run((trace, sink) => [
    new FakeSource('stdin', false, [{ items: [9], earliest: 10 }], trace, {
      keep: (item, place) => {
        stop.requested = true
        return sink.keep(item, place)
      },
    }),
    new FakeSource('older.log', false, [{ items: [5], earliest: 5 }], trace, sink),
  ], -1, true, stop)
  t.strictSame(r.kept, [9])
  t.strictSame(r.reach, { stopped: true, partly: { label: 'stdin', newestFirst: false, earliest: 10 }, unread: 1 },
    'heard after the batch: stdin counts as cut short, it may have more')
  const before = await run((trace, sink) => [new FakeSource('a.log', true, [{ items: [1], earliest: 1 }], trace, sink)], 0, true, { requested: true })
  t.strictSame(before.kept, [])
  t.strictSame(before.trace, ['a.log closed'], 'asked before reading: nothing is read')
  t.strictSame(before.reach, { stopped: true, partly: null, unread: 1 })
})

t.test('decided and stopped at once: decided wins, the result is certain', async (t) => {
  const r = await run((trace, sink) => [new FakeSource('a.log', true, [{ items: [1], earliest: 1 }, { items: [0], earliest: 0 }], trace, sink)], 1, true, { requested: true })
  t.strictSame(r.reach.stopped, true, 'asked before the first batch')
  const stop = { requested: false }
  const s = await run((trace, sink) => [new FakeSource('a.log', true, [{ items: [1], earliest: 1 }, { items: [0], earliest: 0 }], trace, {
    keep: (item, place) => {
      stop.requested = true
      return sink.keep(item, place)
    },
  })], 1, true, stop)
  t.strictSame(s.reach, { stopped: false, partly: null, unread: 0 })
  t.strictSame(s.notes, ['a.log: stopped reading, the newest 3 are certain'])
})
