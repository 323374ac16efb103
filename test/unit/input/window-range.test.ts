/**
 * Bisecting a plain file by its lines' times (src/input/window-range.ts):
 * the stretch where a window's lines can be, found with a few small reads;
 * what a probed line tells is the caller's (its side of the window).
 */

import { closeSync, openSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { lineStartAtOrAfter, windowRange, type LineSide } from '../../../src/input/window-range.js'
import { descriptorFile } from '../../../src/workers/descriptor-file.js'

/** A file of `count` lines `t=<second> <padding>`, about 100 bytes each, one a second; its path and each line's start. */
function timedFile(dir: string, count: number, odd: (i: number) => string | null = () => null): { path: string; starts: number[]; size: number } {
  const starts: number[] = []
  let text = ''
  for (let i = 0; i < count; i++) {
    starts.push(text.length)
    text += `${odd(i) ?? `t=${i} ${'x'.repeat(90)}`}\n`
  }
  const path = join(dir, 'x.log')
  writeFileSync(path, text)
  return { path, starts, size: text.length }
}

/** Seconds in [low, high) are the window; a tolerance of `tolerance` seconds; probed lines are counted. */
function sides(low: number, high: number, tolerance = 0, probed: number[] = []): LineSide {
  return (raw) => {
    const m = /^t=(\d+) /.exec(raw)
    if (!m) return null
    const time = Number(m[1])
    probed.push(time)
    return { side: time + tolerance < low ? 'before' : time - tolerance >= high ? 'after' : 'within', time }
  }
}

function withFile<T>(path: string, use: (file: ReturnType<typeof descriptorFile>) => Promise<T>): Promise<T> {
  const fd = openSync(path, 'r')
  return use(descriptorFile(fd)).finally(() => closeSync(fd))
}

t.test('a line start at or after an offset, not past an end', async (t) => {
  const path = join(t.testdir(), 'x.log')
  writeFileSync(path, 'ab\ncd\n\nef')
  await withFile(path, async (file) => {
    const starts = await Promise.all([0, 1, 2, 3, 4, 6, 7, 8, 10].map((at) => lineStartAtOrAfter(file, at, 10)))
    t.strictSame(starts, [0, 3, 3, 3, 6, 6, 7, 10, 10])
    t.equal(await lineStartAtOrAfter(file, 4, 5), 5, 'not past the end given')
  })
})

t.test('the stretch of a window in the middle of a large file: every line of it, few lines around it, a few reads', async (t) => {
  const { path, starts, size } = timedFile(t.testdir(), 100_000)
  const probed: number[] = []
  const range = await withFile(path, (file) => windowRange(file, size, sides(50_000, 50_010, 0, probed)))
  t.ok(range.from <= (starts[50_000] as number) && range.to >= (starts[50_010] as number), `${range.from}..${range.to} holds the window`)
  t.ok(range.to - range.from < 200 * 1024, `${range.to - range.from} bytes to read, of ${size}`)
  t.ok(starts.includes(range.from) && (starts.includes(range.to) || range.to === size), 'both ends are line starts')
  t.equal(range.fromTime, starts.indexOf(range.from), 'the time of the line probed at the start (second i starts line i)')
  t.ok(probed.length < 60, `${probed.length} lines probed`)
})

t.test('the tolerance widens the stretch; a window before or after every line leaves nothing between', async (t) => {
  const { path, starts, size } = timedFile(t.testdir(), 20_000)
  await withFile(path, async (file) => {
    const tolerant = await windowRange(file, size, sides(10_000, 10_001, 3_000))
    t.ok(tolerant.from <= (starts[7_000] as number) && tolerant.to >= (starts[13_001] as number), 'the lines the tolerance allows')
    const early = await windowRange(file, size, sides(-100, -50))
    t.ok(early.to - early.from <= 64 * 1024 && early.from === 0, 'a window before the file: at most a read at its start')
    const late = await windowRange(file, size, sides(50_000, 60_000))
    t.ok(late.to - late.from <= 64 * 1024 + 100 && late.to === size, 'a window after the file: at most a read at its end')
  })
})

t.test('lines no format reads are passed over by a probe; a file of none is read whole', async (t) => {
  const { path, starts, size } = timedFile(t.testdir(), 20_000, (i) => (i % 3 === 0 || (i > 4_000 && i < 6_000) ? `junk ${i}` : null))
  const range = await withFile(path, (file) => windowRange(file, size, sides(12_000, 12_005)))
  t.ok(range.from <= (starts[12_000] as number) && range.to >= (starts[12_005] as number))
  t.ok(range.to - range.from < 200 * 1024)
  const junk = timedFile(t.testdir(), 5_000, (i) => `junk ${i}`)
  const none = await withFile(junk.path, (file) => windowRange(file, junk.size, sides(0, 10)))
  t.equal(none.from, 0)
  t.ok(none.to <= junk.size, 'lines no format reads cannot be rows: the end may move before them')
})

t.test('lines longer than a read: the probe moves on to the next line', async (t) => {
  const { path, starts, size } = timedFile(t.testdir(), 3_000, (i) => (i % 500 === 250 ? `t=${i} ${'y'.repeat(100_000)}` : null))
  const range = await withFile(path, (file) => windowRange(file, size, sides(2_000, 2_001)))
  t.ok(range.from <= (starts[2_000] as number) && range.to >= (starts[2_001] as number))
})
