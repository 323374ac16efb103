import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { backwardLines, type BackwardOptions } from '../../../src/input/backward-lines.js'

const dir = mkdtempSync(join(tmpdir(), 'backward-lines-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

interface Seen {
  lines: [string, number][]
  tooLong: number[]
}

const readBackward = async (content: string | Buffer, options: BackwardOptions = {}): Promise<Seen> => {
  const path = join(dir, 'log')
  writeFileSync(path, content)
  const handle = await open(path, 'r')
  try {
    const seen: Seen = { lines: [], tooLong: [] }
    const { size } = await handle.stat()
    const sink = { line: (line: string, offset: number) => void seen.lines.push([line, offset]), tooLong: (_head: string, offset: number) => void seen.tooLong.push(offset) }
    for await (const _ of backwardLines(handle, size, sink, options)) {
      // every block
    }
    return seen
  } finally {
    await handle.close()
  }
}

/** The same lines read forwards, with their byte offsets, reversed. */
const expected = (content: string, maxLine = 64 * 1024): Seen => {
  const bytes = Buffer.from(content)
  const parts: [string, number][] = []
  const tooLong: number[] = []
  let offset = 0
  const pieces = bytes.length === 0 ? [] : content.split('\n')
  if (content.endsWith('\n')) pieces.pop()
  for (const piece of pieces) {
    const length = Buffer.byteLength(piece)
    if (length > maxLine) tooLong.push(offset)
    else parts.push([piece.endsWith('\r') ? piece.slice(0, -1) : piece, offset])
    offset += length + 1
  }
  return { lines: parts.reverse(), tooLong: tooLong.reverse() }
}

t.test('lines come last first, with their byte offsets', async (t) => {
  t.same(await readBackward('one\ntwo\nthree\n'), { lines: [['three', 8], ['two', 4], ['one', 0]], tooLong: [] })
  t.same((await readBackward('one\ntwo')).lines, [['two', 4], ['one', 0]], 'no newline at the end')
  t.same((await readBackward('a\r\nb\r\n')).lines, [['b', 3], ['a', 0]], 'CRLF')
  t.same((await readBackward('a\n\nb\n')).lines, [['b', 3], ['', 2], ['a', 0]], 'an empty line inside')
  t.same((await readBackward('')).lines, [], 'empty file')
  t.same((await readBackward('caf\u00e9 \u2603\n\u00fc\n', { blockSize: 2 })).lines, [['\u00fc', 10], ['caf\u00e9 \u2603', 0]], 'UTF-8 split across blocks')
})

t.test('each step hands over one block; a caller that stops asking reads only the end of the file', async (t) => {
  const content = Array.from({ length: 300_000 }, (_, i) => `line ${i}`).join('\n') + '\n'
  const path = join(dir, 'big')
  writeFileSync(path, content)
  const handle = await open(path, 'r')
  const { size } = await handle.stat()
  const got: string[] = []
  const steps: number[] = []
  for await (const bytesRead of backwardLines(handle, size, { line: (line) => void got.push(line), tooLong: () => undefined })) {
    steps.push(bytesRead)
    if (steps.length === 2) break
  }
  await handle.close()
  t.strictSame(steps, [64 * 1024, 64 * 1024 + 1024 * 1024], 'a first block of 64 KiB, then 1 MiB blocks')
  t.strictSame(got.slice(0, 3), ['line 299999', 'line 299998', 'line 299997'])
  t.equal(got.at(-1), `line ${300_000 - got.length}`, 'the lines of two blocks, in order, and no more')
})

t.test('a line longer than the cap is reported, not decoded or kept', async (t) => {
  const long = 'x'.repeat(50)
  const content = `a\n${long}\nb\n${long}`
  t.same(await readBackward(content, { blockSize: 7, maxLineBytes: 20 }), {
    lines: [['b', 53], ['a', 0]], tooLong: [55, 2],
  })
  t.same(await readBackward(long, { blockSize: 8, maxLineBytes: 20 }), { lines: [], tooLong: [0] }, 'a file that is one long line')
})

t.test('any block size gives the forward reading, reversed', async (t) => {
  let seed = 12345
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
  const alphabet = ['a', 'b', '\n', '\n', '\r\n', '\u00e9', '\u2603', ' ']
  for (let round = 0; round < 60; round++) {
    const length = Math.floor(random() * 200)
    let content = ''
    for (let i = 0; i < length; i++) content += alphabet[Math.floor(random() * alphabet.length)]
    const blockSize = 1 + Math.floor(random() * 40)
    const maxLineBytes = 4 + Math.floor(random() * 30)
    const got = await readBackward(content, { blockSize, maxLineBytes })
    t.same(got, expected(content, maxLineBytes), `round ${round}: block ${blockSize}, cap ${maxLineBytes}, ${JSON.stringify(content)}`)
  }
})

t.test('a stretch: the lines from `from` to `to`, last first, and how far down they have been handed over', async (t) => {
  const content = 'aa\nbbb\ncccc\nddddd\neeeeee\n'
  const path = join(dir, 'stretch')
  writeFileSync(path, content)
  const handle = await open(path, 'r')
  t.teardown(() => handle.close())
  const from = content.indexOf('bbb')
  const to = content.indexOf('eeeeee')
  const lines: [string, number][] = []
  const handed = { from: -1 }
  const steps: number[] = []
  for await (const _ of backwardLines(handle, content.length, { line: (line, at) => void lines.push([line, at]), tooLong: () => undefined }, { from, to, blockSize: 6, handed })) steps.push(handed.from)
  t.strictSame(lines, [['ddddd', content.indexOf('ddddd')], ['cccc', content.indexOf('cccc')], ['bbb', from]])
  t.strictSame(steps, [to, content.indexOf('cccc'), from], 'after each block: where the lines handed over start (ddddd not yet after the first: the block began with it)')
  const none: string[] = []
  for await (const _ of backwardLines(handle, content.length, { line: (line) => void none.push(line), tooLong: () => undefined }, { from: to, to })) {
    // an empty stretch
  }
  t.strictSame(none, [])
})

t.test('with literals: only the lines holding every one are decoded, and the newest and oldest of each block; the rest are counted', async (t) => {
  const path = join(dir, 'literals')
  const lines = Array.from({ length: 3000 }, (_, i) => (i % 700 === 5 ? `hit ${i} GET` : i % 700 === 6 ? `hit ${i} POST` : `line ${i}`))
  writeFileSync(path, `${lines.join('\n')}\n`)
  const handle = await open(path, 'r')
  t.teardown(() => handle.close())
  const seen: string[] = []
  const edges: string[] = []
  let passed = 0
  const sink = {
    line: (line: string) => void seen.push(line),
    tooLong: () => undefined,
    literals: () => [Buffer.from('hit'), Buffer.from('GET')],
    passedOver: (lines: number) => void (passed += lines),
    passedOverLine: (line: string) => void edges.push(line),
  }
  const { size } = await handle.stat()
  for await (const _ of backwardLines(handle, size, sink, { blockSize: 8192 })) {
    // every block
  }
  t.strictSame(seen.filter((line) => line.startsWith('hit') && line.endsWith('GET')), ['hit 2805 GET', 'hit 2105 GET', 'hit 1405 GET', 'hit 705 GET', 'hit 5 GET'],
    'the lines holding both, newest first')
  t.equal(seen.length, 5, 'no line lacking one is handed as a line')
  t.equal(seen.length + edges.length + passed, lines.length, 'every line handed, decoded for its time or counted')
  t.ok(edges.includes('line 2999') && edges.includes('line 0'), 'the newest line and the first: decoded for their times')
  t.ok(edges.length < 60, `${edges.length} decoded for their times, of ${lines.length}`)
})

t.test('the buffers lent are read into turn by turn: two for any number of blocks, each line right though its bytes were read into a buffer used before', async (t) => {
  // lines of several lengths, so that lines cross the blocks' edges at every place, some over several blocks
  const content = Array.from({ length: 2_000 }, (_, i) => `${i} ${'x'.repeat((i * 37) % 300)}`).join('\n') + '\n'
  const buffers: Buffer[] = []
  const options = { blockSize: 100, maxLineBytes: 1_000, buffers }
  t.same(await readBackward(content, options), expected(content, 1_000), 'the whole file')
  t.equal(buffers.length, 2, 'given back: the one read into last and the one read into before it')
  const lent = new Set(buffers)
  // a second reading with the same buffers (as a worker reads one range after another): the same lines, no buffer more
  t.same(await readBackward(content, options), expected(content, 1_000), 'read again with the buffers lent')
  t.equal(buffers.length, 2)
  t.ok(buffers.every((buffer) => lent.has(buffer)), 'the same two buffers')
})
