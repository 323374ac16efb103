import { Writable } from 'node:stream'
import t from 'tap'
import { progressLine, startProgress } from '../../../src/write/progress.js'
import { withFakeTimers } from '../../helpers/fake-timers.js'

const terminal = (isTTY: boolean): Writable & { isTTY: boolean; columns: number; text: () => string } => {
  const chunks: string[] = []
  const stream = new Writable({ write: (chunk: Buffer, _e, done) => { chunks.push(chunk.toString()); done() } })
  return Object.assign(stream, { isTTY, columns: 200, text: () => chunks.join('') })
}

t.test('the progress line', async (t) => {
  t.equal(progressLine(52_400_000, 1_048_576_000, 250_000, 0.5, 10), 'reading 52.4 MB of 1.05 GB (4%), 500k lines/s, 10 rows kept')
  t.equal(progressLine(3_000_000_000, null, 3_000_000, 2, 1), 'reading 3.00 GB, 1.50M lines/s, 1 row kept')
  t.equal(progressLine(1_000, 2_000, 0, 0, 0), 'reading 1 kB of 2 kB (50%), 0k lines/s, 0 rows kept')
})

const ONE = { bytes: () => 1, lines: () => 1, rows: () => 1 }

t.test('drawn on a terminal after the delay, redrawn every so often, erased at the end', async (t) => {
  withFakeTimers((tick) => {
    const tty = terminal(true)
    let bytes = 0
    let clock = 0
    const progress = startProgress(() => tty, { bytes: () => bytes, lines: () => 1000, rows: () => 3 }, 4000,
      { quiet: false, delayMs: 20, everyMs: 10, now: () => clock })
    tick(19)
    t.equal(tty.text(), '', 'nothing before the delay')
    bytes = 1000
    clock = 1000
    tick(1)
    const first = '\rreading 1 kB of 4 kB (25%), 1k lines/s, 3 rows kept\x1b[K'
    t.equal(tty.text(), first, 'drawn in place at the delay')
    bytes = 3000
    clock = 4000
    tick(10)
    const second = '\rreading 3 kB of 4 kB (75%), 0k lines/s, 3 rows kept\x1b[K'
    t.equal(tty.text(), first + second, 'drawn again over it')
    progress.stop()
    tick(100)
    t.equal(tty.text(), `${first}${second}\r\x1b[K`, 'erased, and not drawn again')
  })
})

t.test('nothing when not a terminal, with --quiet, or for a short run', async (t) => {
  withFakeTimers((tick) => {
    for (const [tty, quiet] of [[false, false], [true, true]] as const) {
      const stream = terminal(tty)
      let asked = 0
      const progress = startProgress(() => {
        asked++
        return stream
      }, ONE, null, { quiet, delayMs: 1, everyMs: 1 })
      tick(1000)
      progress.stop()
      // not a terminal: stderr is asked once, at the delay, whether it is one
      t.strictSame([stream.text(), asked], ['', quiet ? 0 : 1], `tty ${tty}, quiet ${quiet}`)
    }
    const stream = terminal(true)
    startProgress(() => stream, ONE, null, { quiet: false, delayMs: 1000 }).stop()
    tick(10_000)
    t.equal(stream.text(), '', 'stopped before the delay')
  })
})

t.test('a run that ends within the delay never asks for stderr (Node makes it when asked)', async (t) => {
  withFakeTimers((tick) => {
    const asked = { short: 0, long: 0 }
    const progress = (run: keyof typeof asked) => startProgress(() => {
      asked[run]++
      return terminal(true)
    }, ONE, null, { quiet: false, delayMs: 50 })
    const short = progress('short')
    const long = progress('long')
    tick(49)
    short.stop()
    tick(1)
    t.strictSame(asked, { short: 0, long: 2 }, 'the run still going asks at the delay: whether it is a terminal, then to draw')
    tick(10_000)
    long.stop()
    t.equal(asked.short, 0, 'the one that ended within it never asked')
  })
})
