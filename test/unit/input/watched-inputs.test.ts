import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { MAX_LINE_LENGTH } from '../../../src/input/line-splitter.js'
import { openInputs, type SeekableFile } from '../../../src/input/open-inputs.js'
import { completeLinesEnd, watchedInputs, type WatchedInput } from '../../../src/input/watched-inputs.js'

/** What the scan reads of an input, as text. */
const scannedText = async (input: WatchedInput): Promise<string> => {
  const opened = input.kind === 'live' ? input.scanned : input.input
  const chunks: Buffer[] = []
  for await (const chunk of opened.chunks()) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

t.test('live logs, history and streams', async (t) => {
  const dir = t.testdir({
    'access.log': 'a\nb\npartial',
    'access.log.1': 'old\n',
    'access.log-20261121': 'older\n',
    'other.log': Buffer.from(gzipSync('zipped\n')),
  })
  const opened = await openInputs(['access.log', 'access.log.1', 'access.log-20261121', 'other.log', '-'], () => Readable.from([]), dir)
  const watched = await watchedInputs(opened, dir)
  t.strictSame(watched.map((input) => input.kind), ['live', 'history', 'history', 'history', 'stream'])
  const live = watched[0] as Extract<WatchedInput, { kind: 'live' }>
  t.equal(live.path, `${dir}/access.log`)
  t.strictSame([live.start.offset, live.start.midLine], [4, false], 'follows from after the last complete line')
  t.equal(live.scanned.seekable?.size, 4, 'read from its end, the scan starts there')
  t.equal(await scannedText(live), 'a\nb\n', 'read whole, the scan reads the complete lines only')
  t.equal((await live.start.handle.stat()).size, 11, 'the handle stays open for the follower')
  await live.start.handle.close()
  t.equal(await scannedText(watched[1] as WatchedInput), 'old\n')
  for (const input of opened) await input.close()
})

t.test('where the complete lines end', async (t) => {
  const dir = t.testdir({
    empty: '',
    whole: 'a\nb\n',
    cut: 'a\nbc',
    none: 'abc',
    long: `a\n${'x'.repeat(MAX_LINE_LENGTH + 1)}`,
    fits: `a\n${'x'.repeat(MAX_LINE_LENGTH)}`,
  })
  const ends: Record<string, [number, boolean]> = {}
  const opened = await openInputs(['empty', 'whole', 'cut', 'none', 'long', 'fits'], () => Readable.from([]), dir)
  for (const input of opened) {
    const { offset, midLine } = await completeLinesEnd(input.seekable as SeekableFile)
    ends[input.label] = [offset, midLine]
    await input.close()
  }
  t.strictSame(ends, {
    empty: [0, false],
    whole: [4, false],
    cut: [2, false],
    none: [0, false],
    long: [MAX_LINE_LENGTH + 3, true],
    fits: [2, false],
  }, 'a line over the cap still being written is counted as too long by the scan, and following starts in it')
})
