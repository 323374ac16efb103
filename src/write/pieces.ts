/**
 * Output made and written in pieces: a page or a data listing is rendered
 * piece by piece (a row, a notice) and written as it comes, so memory holds
 * a piece and a buffer, never the whole output (which may be larger than a
 * string can hold).
 */

/** Text in order: one string, or its pieces, made at once or as they are asked for. */
export type Pieces = string | Iterable<string> | AsyncIterable<string>

/** Bytes gathered for one write. */
const BATCH_BYTES = 64 * 1024

/** The pieces as UTF-8 buffers of about BATCH_BYTES (fewer, larger writes; a long piece is one buffer). */
export async function* batched(pieces: Pieces): AsyncGenerator<Buffer> {
  let held: string[] = []
  let length = 0
  for await (const piece of typeof pieces === 'string' ? [pieces] : pieces) {
    held.push(piece)
    length += piece.length
    if (length >= BATCH_BYTES) {
      yield Buffer.from(held.join(''), 'utf8')
      held = []
      length = 0
    }
  }
  if (length > 0) yield Buffer.from(held.join(''), 'utf8')
}
