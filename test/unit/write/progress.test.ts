import { Writable } from 'node:stream'
import t from 'tap'
import { progressLine, startProgress } from '../../../src/write/progress.js'

const terminal = (isTTY: boolean): Writable & { isTTY: boolean; columns: number; text: () => string } => {
  const chunks: string[] = []
  const stream = new Writable({ write: (chunk: Buffer, _e, done) => { chunks.push(chunk.toString()); done() } })
  return Object.assign(stream, { isTTY, columns: 200, text: () => chunks.join('') })
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

t.test('the progress line', async (t) => {
  t.equal(progressLine(52_400_000, 1_048_576_000, 250_000, 0.5, 10), 'reading 52.4 MB of 1.05 GB (4%), 500k lines/s, 10 rows kept')
  t.equal(progressLine(3_000_000_000, null, 3_000_000, 2, 1), 'reading 3.00 GB, 1.50M lines/s, 1 row kept')
  t.equal(progressLine(1_000, 2_000, 0, 0, 0), 'reading 1 kB of 2 kB (50%), 0k lines/s, 0 rows kept')
})

t.test('drawn on a terminal after the delay, erased at the end', async (t) => {
  const tty = terminal(true)
  let bytes = 0
  let clock = 0
  const progress = startProgress(() => tty, { bytes: () => bytes, lines: () => 1000, rows: () => 3 }, 4000,
    { quiet: false, delayMs: 20, everyMs: 10, now: () => clock })
  bytes = 1000
  clock = 1000
  await wait(60)
  progress.stop()
  const text = tty.text()
  t.ok(text.startsWith('\rreading 1 kB of 4 kB (25%), 1k lines/s, 3 rows kept\x1b[K'), 'drawn in place')
  t.ok(text.endsWith('\r\x1b[K'), 'erased')
})

t.test('nothing when not a terminal, with --quiet, or for a short run', async (t) => {
  for (const [tty, quiet] of [[false, false], [true, true]] as const) {
    const stream = terminal(tty)
    const progress = startProgress(() => stream, { bytes: () => 1, lines: () => 1, rows: () => 1 }, null, { quiet, delayMs: 1, everyMs: 1 })
    await wait(20)
    progress.stop()
    t.equal(stream.text(), '', `tty ${tty}, quiet ${quiet}`)
  }
  const stream = terminal(true)
  startProgress(() => stream, { bytes: () => 1, lines: () => 1, rows: () => 1 }, null, { quiet: false, delayMs: 1000 }).stop()
  t.equal(stream.text(), '', 'stopped before the delay')
})

t.test('a run that ends within the delay never asks for stderr (Node makes it when asked)', async (t) => {
  let asked = 0
  const progress = startProgress(() => {
    asked++
    return terminal(true)
  }, { bytes: () => 1, lines: () => 1, rows: () => 1 }, null, { quiet: false, delayMs: 50 })
  await wait(5)
  progress.stop()
  await wait(60)
  t.equal(asked, 0)
})
