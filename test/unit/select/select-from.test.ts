/**
 * The spine (src/select/select-from.ts): the sources of a run read side by
 * side, newest first across all of them, each batch added to the selection;
 * the early stop: once the source whose unread lines may be the newest
 * cannot change the selection, reading ends and every source not read to its
 * end is let go, --verbose says which. Without the early stop, the sources
 * are read one after the other, in the order given.
 */

import t from 'tap'
import { selectFrom, type SelectOptions } from '../../../src/select/select-from.js'
import type { Selection } from '../../../src/select/selection.js'
import type { Batch } from '../../../src/source/batch.js'
import type { RecordSource, UnreadPart } from '../../../src/source/record-source.js'

/** What happened, in order: batches pulled and added, decisions asked for, sources let go. */
type Trace = string[]

/**
 * A source of scripted batches (items are numbers; `bytes` after each batch), tracing what is asked of it.
 * `newestFirst`: its unread lines were written before the earliest time read (else any time, until it ends).
 */
class FakeSource implements RecordSource<number> {
  readonly #batches: { items: number[]; earliest: number | null; bytes: number }[]
  readonly #trace: Trace
  readonly #whileRead: (item: number) => void
  #bytes = 0
  #earliest = Infinity

  constructor(readonly label: string, readonly newestFirst: boolean, batches: { items: number[]; earliest: number | null; bytes?: number }[], trace: Trace,
    whileRead: (item: number) => void = () => undefined, readonly unstarted?: number) {
    this.#batches = batches.map((batch, i) => ({ ...batch, bytes: batch.bytes ?? 10 * (i + 1) }))
    this.#trace = trace
    this.#whileRead = whileRead
  }

  unread(): UnreadPart {
    return { before: this.newestFirst ? this.#earliest : Infinity, placesBelow: 0 }
  }

  bytesRead(): number {
    return this.#bytes
  }

  async *batches(): AsyncGenerator<Batch<number>> {
    try {
      for (const { items, earliest, bytes } of this.#batches) {
        this.#bytes = bytes
        this.#trace.push(`${this.label} batch [${items.join(',')}]`)
        if (earliest !== null) this.#earliest = Math.min(this.#earliest, earliest)
        for (const item of items) this.#whileRead(item)
        yield { records: items.map((item) => [item, 0]), earliest }
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

/** A selection decided once the unread lines are written before `decidedAt`; it traces adds and questions, with the progress bytes then. */
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

  isDecidedBy(unread: UnreadPart): boolean {
    const decided = unread.before <= this.decidedAt
    this.trace.push(`decided by ${unread.before} at ${this.progress.bytes} bytes: ${decided}`)
    return decided
  }

  newestFirst(): number[] {
    return this.kept
  }
}

const run = async (sources: (trace: Trace) => FakeSource[], decidedAt: number, stopEarly = true, stop?: SelectOptions['stop']) => {
  const trace: Trace = []
  const notes: string[] = []
  const progress = { bytes: 0 }
  const selection = new FakeSelection(decidedAt, trace, progress)
  const options: SelectOptions = { stopEarly, note: (line) => notes.push(line), progress, ...(stop ? { stop } : {}) }
  const reach = await selectFrom(sources(trace), selection, options)
  return { trace, notes, kept: selection.kept, bytes: progress.bytes, reach }
}

/** The trace without the closes of sources already let go (a source is closed once more when the run ends: harmless). */
const reads = (trace: Trace): Trace => trace.filter((line) => !line.endsWith(' closed'))

t.test('never decided: every source read to its end, the next batch always of the source whose unread lines may be newest', async (t) => {
  const r = await run((trace) => [
    new FakeSource('new.log', true, [{ items: [9, 8], earliest: 80 }, { items: [7], earliest: 70 }], trace),
    new FakeSource('old.log', false, [{ items: [5], earliest: 50 }], trace),
  ], 0)
  t.strictSame(r.kept, [9, 8, 5, 7])
  t.strictSame(reads(r.trace), [
    'decided by Infinity at 0 bytes: false', 'new.log batch [9,8]',
    'decided by Infinity at 10 bytes: false', 'old.log batch [5]',
    'decided by Infinity at 20 bytes: false', 'old.log end', 'old.log let go',
    'decided by 80 at 20 bytes: false', 'new.log batch [7]',
    'decided by 70 at 30 bytes: false', 'new.log end', 'new.log let go',
  ], 'old.log is read from its start: any line of it may be newer than new.log\'s, so it is read to its end before new.log goes on')
  t.strictSame(r.notes, [])
  t.equal(r.bytes, 30, 'progress: the bytes of all the sources')
  t.strictSame(r.reach, { stopped: false, partly: [], unread: 0 })
})

t.test('two logs whose times overlap: read side by side, newest first across both, until neither can change the result', async (t) => {
  const r = await run((trace) => [
    new FakeSource('web1.log', true, [{ items: [90], earliest: 90 }, { items: [70], earliest: 70 }, { items: [40], earliest: 40 }], trace),
    new FakeSource('web2.log', true, [{ items: [95], earliest: 95 }, { items: [80], earliest: 80 }, { items: [60], earliest: 60 }, { items: [10], earliest: 10 }],
      trace),
  ], 65)
  t.strictSame(r.kept, [90, 95, 80, 70, 60, 40])
  t.strictSame(reads(r.trace).filter((line) => !line.includes('let go')), [
    'decided by Infinity at 0 bytes: false', 'web1.log batch [90]',
    'decided by Infinity at 10 bytes: false', 'web2.log batch [95]',
    'decided by 95 at 20 bytes: false', 'web2.log batch [80]',
    'decided by 90 at 30 bytes: false', 'web1.log batch [70]',
    'decided by 80 at 40 bytes: false', 'web2.log batch [60]',
    'decided by 70 at 50 bytes: false', 'web1.log batch [40]',
    'decided by 60 at 60 bytes: true',
  ], 'each question is asked of the source whose unread lines may be newest; once it is decided, so is the other (older still)')
  t.strictSame(r.notes, ['web1.log: stopped reading, the newest 3 are certain', 'web2.log: stopped reading, the newest 3 are certain'],
    'a note for each source left, in the order given')
  t.ok(r.trace.includes('web1.log let go') && r.trace.includes('web2.log let go'))
})

t.test('the order the sources are given in changes nothing but ties: the same batches are read', async (t) => {
  const sources = (names: [string, string]) => (trace: Trace) => names.map((name) => name === 'a.log'
    ? new FakeSource('a.log', true, [{ items: [9], earliest: 90 }, { items: [5], earliest: 50 }, { items: [1], earliest: 10 }], trace)
    : new FakeSource('b.log', true, [{ items: [8], earliest: 80 }, { items: [6], earliest: 60 }, { items: [2], earliest: 20 }], trace))
  const ab = await run(sources(['a.log', 'b.log']), 55)
  const ba = await run(sources(['b.log', 'a.log']), 55)
  t.strictSame(ab.kept.slice().sort(), ba.kept.slice().sort())
  t.strictSame(ab.kept.slice().sort(), [2, 5, 6, 8, 9])
  t.strictSame(reads(ab.trace).filter((line) => line.includes('batch')).slice(2), reads(ba.trace).filter((line) => line.includes('batch')).slice(2),
    'once each has a time, the newest unread decides')
})

t.test('a rotated set counts the older generations it left: the note says so', async (t) => {
  const r = await run((trace) => [
    new FakeSource('access.log', true, [{ items: [9], earliest: 90 }, { items: [8], earliest: 60 }, { items: [7], earliest: 10 }], trace, undefined, 2),
  ], 60)
  t.strictSame(r.kept, [9, 8])
  t.strictSame(r.trace, [
    'decided by Infinity at 0 bytes: false', 'access.log batch [9]',
    'decided by 90 at 10 bytes: false', 'access.log batch [8]',
    'decided by 60 at 20 bytes: true',
    'access.log let go', 'access.log closed',
  ])
  t.strictSame(r.notes, ['access.log: stopped reading, the newest 3 are certain; 2 older input(s) not read'])
})

t.test('a source read forwards is read to its end before any decision: its later lines are newer', async (t) => {
  const r = await run((trace) => [
    new FakeSource('stdin', false, [{ items: [9], earliest: 10 }, { items: [8], earliest: 80 }], trace),
    new FakeSource('big.log', true, [{ items: [5], earliest: 5 }, { items: [4], earliest: 4 }], trace),
  ], 60)
  t.strictSame(r.kept, [9, 8, 5])
  t.strictSame(reads(r.trace).filter((line) => !line.startsWith('decided')), ['stdin batch [9]', 'stdin batch [8]', 'stdin end', 'stdin let go', 'big.log batch [5]', 'big.log let go'])
  t.strictSame(r.notes, ['big.log: stopped reading, the newest 3 are certain'])
})

t.test('the earliest time is each source\'s own; a batch without one changes nothing', async (t) => {
  const r = await run((trace) => [
    new FakeSource('new.log', true, [{ items: [], earliest: 70 }, { items: [9], earliest: null }, { items: [8], earliest: 75 }], trace),
    new FakeSource('old.log', true, [{ items: [], earliest: null }, { items: [5], earliest: 65 }], trace),
  ], 0)
  t.strictSame(r.trace.filter((line) => line.startsWith('decided')).map((line) => line.replace(/ at .*/, '')), [
    'decided by Infinity', 'decided by Infinity', 'decided by Infinity', 'decided by 70', 'decided by 70', 'decided by 70', 'decided by 65',
  ], 'old.log goes on while it has no time; then new.log, whose unread lines may be newer')
  t.strictSame(r.kept, [5, 9, 8])
})

t.test('a full scan (no early stop) reads everything, one source after the other, and asks nothing', async (t) => {
  const r = await run((trace) => [
    new FakeSource('new.log', true, [{ items: [9], earliest: 0 }, { items: [8], earliest: 0 }], trace),
    new FakeSource('old.log', false, [{ items: [5], earliest: 0 }], trace),
  ], 100, false)
  t.strictSame(r.kept, [9, 8, 5])
  t.strictSame(reads(r.trace), ['new.log batch [9]', 'new.log batch [8]', 'new.log end', 'new.log let go', 'old.log batch [5]', 'old.log end', 'old.log let go'])
  t.strictSame(r.notes, [])
})

t.test('without a progress counter: the same reading', async (t) => {
  const trace: Trace = []
  const selection = new FakeSelection(0, trace)
  await selectFrom([new FakeSource('a.log', true, [{ items: [1], earliest: 5 }], trace)], selection, { stopEarly: true, note: () => undefined })
  t.strictSame(selection.kept, [1])
})

t.test('a stop between two batches ends reading there: the sources begun are read in part, the others not at all', async (t) => {
  const stop = { requested: false }
  const r = await run((trace) => [
    new FakeSource('access.log', true, [{ items: [9], earliest: 90 }, { items: [8], earliest: 80 }, { items: [7], earliest: 70 }], trace, (item) => {
      // the deadline passes while the second batch is read
      if (item === 8) stop.requested = true
    }, 2),
    new FakeSource('other.log', true, [{ items: [5], earliest: 85 }], trace),
  ], 0, true, stop)
  t.strictSame(r.kept, [9, 5, 8], 'what was read is kept; nothing after the stop is read')
  t.strictSame(reads(r.trace).filter((line) => !line.startsWith('decided')), [
    'access.log batch [9]', 'other.log batch [5]', 'access.log batch [8]', 'access.log let go', 'other.log let go',
  ])
  t.strictSame(r.reach, { stopped: true, partly: [{ label: 'access.log', before: 80 }, { label: 'other.log', before: 85 }], unread: 2 })
  t.strictSame(r.notes, [], 'a stop is no early stop: --verbose says nothing of certainty')
})

t.test('a stop before a source is begun: it counts as not read; one read from its start and cut short has no time to go back to', async (t) => {
  const stop = { requested: false }
  const r = await run((trace) => [
    new FakeSource('stdin', false, [{ items: [9], earliest: 10 }, { items: [7], earliest: 10 }], trace, () => {
      stop.requested = true
    }),
    new FakeSource('older.log', false, [{ items: [5], earliest: 5 }], trace),
  ], -1, true, stop)
  t.strictSame(r.kept, [9])
  t.strictSame(r.reach, { stopped: true, partly: [{ label: 'stdin', before: null }], unread: 1 })
  const before = await run((trace) => [new FakeSource('a.log', true, [{ items: [1], earliest: 1 }], trace)], 0, true, { requested: true })
  t.strictSame(before.kept, [])
  t.strictSame(before.trace, ['a.log closed'], 'asked before reading: nothing is read')
  t.strictSame(before.reach, { stopped: true, partly: [], unread: 1 })
})

t.test('decided and stopped at once: decided wins, the result is certain', async (t) => {
  const stop = { requested: false }
  const s = await run((trace) => [new FakeSource('a.log', true, [{ items: [1], earliest: 1 }, { items: [0], earliest: 0 }], trace, () => {
    stop.requested = true
  })], 1, true, stop)
  t.strictSame(s.reach.stopped, true, 'a stop is heard first: the batch read is kept, and nothing more')
  t.strictSame(s.kept, [1])
})

t.test('a source that throws: the others are let go, the error is the run\'s', async (t) => {
  const trace: Trace = []
  const selection = new FakeSelection(0, trace)
  const failing: RecordSource<number> = {
    label: 'bad.log',
    unread: () => ({ before: Infinity, placesBelow: 0 }),
    bytesRead: () => 0,
    // eslint-disable-next-line require-yield
    batches: async function* () {
      throw new Error('EIO')
    },
    close: () => Promise.resolve(),
  }
  const good = new FakeSource('good.log', true, [{ items: [1], earliest: 5 }, { items: [0], earliest: 1 }], trace)
  await t.rejects(selectFrom([good, failing], selection, { stopEarly: true, note: () => undefined }), { message: 'EIO' })
  t.ok(trace.includes('good.log let go'), 'the source begun was let go')
})
