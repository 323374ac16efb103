/** Pieces of whole lines (src/input/line-pieces.ts): cut anywhere, their lines are those of the input read whole. */

import t from 'tap'
import { linePieces, splitPiece, type LinePiece } from '../../../src/input/line-pieces.js'
import type { LineSink } from '../../../src/input/line-splitter.js'
import { forEachLine } from '../../../src/input/lines.js'
import { between, pickOne, seeded, type Random } from '../../helpers/seeded.js'

type Seen = (readonly [string, string, number])[]

function recorder(): { sink: LineSink; seen: Seen } {
  const seen: Seen = []
  return { seen, sink: { line: (text, start) => void seen.push(['line', text, start]), tooLong: (head, start) => void seen.push(['tooLong', head, start]) } }
}

async function* chunked(bytes: Buffer, sizes: () => number, failAfter: number | null = null): AsyncGenerator<Buffer> {
  let at = 0
  while (at < bytes.length) {
    if (failAfter !== null && at >= failAfter) throw Object.assign(new Error('broken'), { code: 'EIO' })
    const size = sizes()
    yield Buffer.from(bytes.subarray(at, at + size))
    at += size
  }
}

async function piecesOf(chunks: AsyncIterable<Buffer>, size: () => number, max: number, eachChunk = (): boolean => false): Promise<LinePiece[]> {
  const pieces: LinePiece[] = []
  for await (const piece of linePieces(chunks, size, max, undefined, eachChunk)) pieces.push(piece)
  return pieces
}

/** The cap in these tests: low, but above the bytes of an overlong line's head (as the real cap is), which then never depends on where reads end. */
const MAX = 500

/** A log of many kinds of lines: short, empty, CRLF, multi-byte, invalid UTF-8, overlong (over MAX bytes), with or without a newline at the end. */
function text(random: Random): Buffer {
  const lines: Buffer[] = []
  for (let i = between(random, 0, 60); i > 0; i--) {
    lines.push(Buffer.from(pickOne(random, [
      'GET /a', '', 'x'.repeat(between(random, 490, 510)), 'y'.repeat(between(random, 600, 1500)), 'crlf\r', 'caf\u00e9 \u2603 \u{1F600}',
      '\u00e9'.repeat(between(random, 245, 255)), '\r', 'z', '\u2603'.repeat(between(random, 150, 200)),
    ])))
    if (random() < 0.1) lines.push(Buffer.from([0xff, 0xe2, 0x82, 0x41]))
  }
  const joined = Buffer.concat(lines.flatMap((line) => [line, Buffer.from('\n')]))
  return random() < 0.3 ? joined.subarray(0, Math.max(0, joined.length - between(random, 1, 5))) : joined
}

t.test('cut anywhere, the pieces hold the lines of the input read whole, with the same offsets, overlong ones in order', async (t) => {
  const random = seeded(2026_11_27)
  for (let round = 0; round < 300; round++) {
    const bytes = text(random)
    const max = MAX
    const whole = recorder()
    await forEachLine(chunked(bytes, () => between(random, 1, 900)), 'x.log', whole.sink, max)
    const eachChunk = random() < 0.5
    const pieces = await piecesOf(chunked(bytes, () => between(random, 1, 900)), () => between(random, 1, 1200), max, () => eachChunk && random() < 0.5)
    const parts = recorder()
    for (const piece of pieces) Array.from(splitPiece(piece, parts.sink, max))
    t.strictSame(parts.seen, whole.seen, `round ${round}`)
    for (const piece of pieces) {
      if (piece.bytes.buffer.byteLength !== piece.bytes.length || piece.bytes.byteOffset !== 0) t.fail(`round ${round}: a piece shares its memory`)
      if (piece.tooLong === null && piece !== pieces.at(-1) && piece.bytes.at(-1) !== 0x0a) t.fail(`round ${round}: a piece ends inside a line`)
    }
  }
})

t.test('an input that breaks off hands on its whole lines first, then the error; the line it broke off in is not one', async (t) => {
  const broken = async (failAfter: number): Promise<Seen> => {
    const bytes = Buffer.from(`one\n${'x'.repeat(600)}\ntwo\nthr`)
    const pieces: LinePiece[] = []
    await t.rejects(async () => {
      for await (const piece of linePieces(chunked(bytes, () => 5, failAfter), () => 10_000, MAX)) pieces.push(piece)
    }, { message: 'broken' })
    const seen = recorder()
    for (const piece of pieces) Array.from(splitPiece(piece, seen.sink, MAX))
    return seen.seen
  }
  t.strictSame(await broken(520), [['line', 'one', 0]], 'the overlong line had not ended')
  t.strictSame(await broken(605), [['line', 'one', 0], ['tooLong', 'x'.repeat(120), 4]], 'it had; "two" had not begun')
  t.strictSame(await broken(610), [['line', 'one', 0], ['tooLong', 'x'.repeat(120), 4], ['line', 'two', 605]], '"thr" had not ended')
})

t.test('pieces are about the size asked for at each cut', async (t) => {
  const bytes = Buffer.from('0123456789\n'.repeat(100))
  const pieces: LinePiece[] = []
  for await (const piece of linePieces(chunked(bytes, () => 7), () => (pieces.length < 2 ? 20 : 200), 64)) pieces.push(piece)
  t.strictSame(pieces.map((piece) => piece.bytes.length), [22, 22, 209, 209, 209, 209, 209, 11], 'whole lines, once the size asked for then is reached')
  t.strictSame(pieces.map((piece) => piece.start), pieces.map((_, i) => pieces.slice(0, i).reduce((sum, p) => sum + p.bytes.length, 0)), 'each starts where the one before ended')
  t.strictSame(await piecesOf(chunked(Buffer.alloc(0), () => 7), () => 10, 64), [], 'an empty input, no piece')
})

t.test('eachChunk: the whole lines of a chunk are a piece before the next chunk is asked for', async (t) => {
  const asked: string[] = []
  async function* slow(): AsyncGenerator<Buffer> {
    asked.push('first')
    yield Buffer.from('one\ntwo\nthr')
    asked.push('second')
    yield Buffer.from('ee\n')
  }
  const pieces: string[] = []
  for await (const piece of linePieces(slow(), () => 1024 * 1024, MAX, undefined, () => true)) pieces.push(`${asked.length}:${piece.start}:${piece.bytes.toString()}`)
  t.strictSame(pieces, ['1:0:one\ntwo\n', '2:8:three\n'], 'one and two before the second chunk was read; the line begun waits for its end')
  const held: string[] = []
  for await (const piece of linePieces(slow(), () => 1024 * 1024, MAX)) held.push(piece.bytes.toString())
  t.strictSame(held, ['one\ntwo\nthree\n'], 'without it, the piece waits for its size or the end')
})
