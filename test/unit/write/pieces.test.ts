import t from 'tap'
import { batched } from '../../../src/write/pieces.js'
import { joined } from '../../helpers/pieces.js'

const all = async (pieces: AsyncIterable<Buffer>): Promise<Buffer[]> => {
  const out: Buffer[] = []
  for await (const piece of pieces) out.push(piece)
  return out
}

t.test('a string is one buffer', async (t) => {
  t.strictSame((await all(batched('héllo'))).map(String), ['héllo'])
  t.strictSame(await all(batched('')), [], 'nothing to write for nothing')
})

t.test('small pieces are gathered into writes of about 64 KiB', async (t) => {
  const pieces = Array.from({ length: 3000 }, (_, i) => `${String(i).padStart(49, '.')}\n`)
  const buffers = await all(batched(pieces))
  t.strictSame(buffers.map((b) => b.length), [65_550, 65_550, 18_900])
  t.equal(Buffer.concat(buffers).toString(), pieces.join(''))
})

t.test('an async source is read as it yields, and UTF-8 is never split inside a character', async (t) => {
  async function* source(): AsyncGenerator<string> {
    yield 'ä'.repeat(40_000)
    yield '€'.repeat(30_000)
    yield 'end'
  }
  const buffers = await all(batched(source()))
  t.strictSame(buffers.map((b) => b.length), [170_000, 3])
  t.equal(await joined(source()), `${'ä'.repeat(40_000)}${'€'.repeat(30_000)}end`)
})
