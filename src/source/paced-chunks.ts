/**
 * The chunks of an input handed on in pieces, with a turn of the event loop
 * between two pieces once the work since the last turn passed PACE_MS. A
 * stop signal's handler only runs in such a turn (src/stop.ts),
 * and reading is synchronous from one chunk to the next: without turns, a
 * chunk whose lines each cost much (a config's many patterns, hostile
 * lines) would keep SIGTERM waiting for as long as the chunk takes.
 */

import { setImmediate as nextTurn } from 'node:timers/promises'

/** The most bytes handed on at once: as many as the line splitter decodes at once (input/lines.ts). */
export const PIECE_BYTES = 64 * 1024

/** The longest the reading goes on without a turn of the event loop, give or take a piece. */
export const PACE_MS = 50

/** `chunks` in pieces of at most PIECE_BYTES, with a turn of the event loop at least every PACE_MS. */
export async function* pacedChunks(chunks: AsyncIterable<Buffer>, clock: () => number = performance.now.bind(performance)): AsyncGenerator<Buffer> {
  let turned = clock()
  for await (const chunk of chunks) {
    for (let start = 0; start < chunk.length; start += PIECE_BYTES) {
      if (clock() - turned > PACE_MS) {
        await nextTurn()
        turned = clock()
      }
      yield start === 0 && chunk.length <= PIECE_BYTES ? chunk : chunk.subarray(start, start + PIECE_BYTES)
    }
  }
}
