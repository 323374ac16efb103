import t from 'tap'
import { PACE_MS, PIECE_BYTES, pacedChunks } from '../../../src/source/paced-chunks.js'

async function* chunksOf(buffers: readonly Buffer[]): AsyncGenerator<Buffer> {
  for (const buffer of buffers) yield buffer
}

t.test('the same bytes, in pieces of at most 64 KiB', async (t) => {
  const chunks = [Buffer.alloc(200_000, 1), Buffer.alloc(10, 2), Buffer.alloc(PIECE_BYTES, 3)]
  const pieces: Buffer[] = []
  for await (const piece of pacedChunks(chunksOf(chunks), () => 0)) pieces.push(piece)
  t.strictSame(pieces.map((piece) => piece.length), [65_536, 65_536, 65_536, 3_392, 10, 65_536])
  t.ok(Buffer.concat(pieces).equals(Buffer.concat(chunks)))
})

t.test('a turn of the event loop before the next piece once the work since the last turn passed PACE_MS', async (t) => {
  let now = 0
  let immediates = 0
  /** How many immediates had run when each piece came: one is set before each next piece is asked for. */
  const ranBefore: number[] = []
  for await (const piece of pacedChunks(chunksOf([Buffer.alloc(5 * PIECE_BYTES)]), () => now)) {
    t.equal(piece.length, PIECE_BYTES)
    ranBefore.push(immediates)
    setImmediate(() => immediates++)
    now += PACE_MS * 0.6 // the work each piece takes
  }
  // 0.6, 1.2 (a turn), 0.6, 1.2 (a turn) times PACE_MS since the last turn
  t.strictSame(ranBefore, [0, 0, 2, 2, 4])
})
