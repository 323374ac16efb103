import t from 'tap'
import { LineSplitter, MAX_LINE_LENGTH, TOO_LONG_HEAD } from '../../../src/input/line-splitter.js'
import { seeded } from '../../helpers/seeded.js'

type Event = string | { tooLong: string }

/** The splitter reads bytes: a string chunk is its UTF-8. */
const split = (chunks: (string | Buffer)[], max?: number): Event[] => {
  const events: Event[] = []
  const splitter = new LineSplitter({ line: (l) => events.push(l), tooLong: (head) => events.push({ tooLong: head }) }, max)
  for (const chunk of chunks) splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  splitter.end()
  return events
}

t.test('lines, CRLF, a last line without newline, empty chunks', async (t) => {
  t.strictSame(split(['a\r\nb\n', '', 'c']), ['a', 'b', 'c'])
  t.strictSame(split(['a\n\nb\n']), ['a', '', 'b'])
  t.strictSame(split(['a\r', '\nb']), ['a', 'b'], 'CR and LF in different chunks')
  t.strictSame(split(['a\rb\n']), ['a\rb'], 'a lone CR stays')
  t.strictSame(split(['x\r']), ['x\r'], 'a CR at the very end without LF stays')
  t.strictSame(split([]), [])
  t.strictSame(split(['']), [])
  t.strictSame(split(['\n']), [''])
})

t.test('the cap: a line of exactly max bytes passes, one more is too long', async (t) => {
  t.strictSame(split(['abcd\nabcde\nxy\n'], 4), ['abcd', { tooLong: 'abcde' }, 'xy'])
  // The bytes before the \n count, the CR of CRLF too, as reading from the end counts them (backward-lines.ts).
  t.strictSame(split(['abcd\r\n'], 4), [{ tooLong: 'abcd\r' }], 'the CR of CRLF counts')
  t.strictSame(split(['abc\r\n'], 4), ['abc'])
  t.strictSame(split(['ab', 'cd', '\r', '\n'], 4), [{ tooLong: 'abcd\r' }])
  t.strictSame(split(['ab', 'c', '\r', '\n'], 4), ['abc'])
  t.strictSame(split(['ab', 'cde', 'fgh\nok'], 4), [{ tooLong: 'abcde' }, 'ok'],
    'one byte over the cap is too long at once: nothing is held for a CR')
  t.strictSame(split(['ab', 'cdefg', 'hij\nok'], 4), [{ tooLong: 'abcdefg' }, 'ok'],
    'past the cap the line is dropped: the head is what had arrived by then')
  t.strictSame(split(['ab', 'cdefgh'], 4), [{ tooLong: 'abcdefgh' }], 'an overlong last line without newline')
  t.strictSame(split(['abcde'], 4), [{ tooLong: 'abcde' }], 'one over the cap at the end: no CR came, so it is too long')
  t.strictSame(split(['abc\r'], 4), ['abc\r'], 'a last line of max characters with a CR but no LF keeps the CR')
  t.equal(MAX_LINE_LENGTH, 65536)
})

t.test('the head of an overlong line is its first 120 characters', async (t) => {
  const long = 'x'.repeat(TOO_LONG_HEAD) + 'y'.repeat(MAX_LINE_LENGTH)
  t.strictSame(split([`${long}\nnext\n`]), [{ tooLong: 'x'.repeat(120) }, 'next'])
  t.strictSame(split([long.slice(0, 50), long.slice(50), '\n']), [{ tooLong: 'x'.repeat(120) }])
})

t.test('a 10 MB line fed in 64 KiB chunks: memory stays bounded, lines around it survive', async (t) => {
  const events: Event[] = []
  const splitter = new LineSplitter({ line: (l) => events.push(l), tooLong: (head) => events.push({ tooLong: head }) })
  const CHUNK = 64 * 1024
  const TOTAL = 10 * 1024 * 1024
  let maxBuffered = 0
  splitter.push(Buffer.from('before\nAAAA'))
  const filler = Buffer.from('B'.repeat(CHUNK))
  for (let sent = 0; sent < TOTAL; sent += CHUNK) {
    splitter.push(filler)
    maxBuffered = Math.max(maxBuffered, splitter.buffered)
  }
  splitter.push(Buffer.from('tail\r\nafter\n'))
  splitter.end()
  t.ok(maxBuffered <= MAX_LINE_LENGTH, `never more than 64 KiB held (max ${maxBuffered})`)
  t.equal(splitter.buffered, 0)
  t.strictSame(events, ['before', { tooLong: `AAAA${'B'.repeat(116)}` }, 'after'])
})

t.test('any cutting of the text into chunks gives the lines of the whole text', async (t) => {
  const random = seeded(5)
  const MAX = 6
  /** The rule, on the whole text at once. */
  const reference = (text: string): Event[] => {
    const parts = text.split('\n')
    if (parts[parts.length - 1] === '') parts.pop()
    return parts.map((part, i) => {
      const line = i < parts.length - 1 || text.endsWith('\n') ? part.replace(/\r$/, '') : part
      // the cap counts every byte before the \n, a CR too; an overlong line is compared by its raw text
      return part.length > MAX ? { tooLong: part } : line
    })
  }
  let disagreements = 0
  for (let n = 0; n < 2000; n++) {
    let text = ''
    const alphabet = ['a', 'b', '\r', '\n', '\n', 'x', 'y', 'z', 'w']
    for (let k = Math.floor(random() * 40); k > 0; k--) text += alphabet[Math.floor(random() * alphabet.length)]
    const chunks: string[] = []
    for (let at = 0; at < text.length;) {
      const size = Math.floor(random() * 9)
      chunks.push(text.slice(at, at + size))
      at += size
    }
    const got = split(chunks, MAX)
    const want = reference(text)
    // an overlong line is given by the head that had arrived when it went over the cap
    const same = got.length === want.length && got.every((event, i) => {
      const expected = want[i] as Event
      if (typeof event === 'string' || typeof expected === 'string') return event === expected
      return expected.tooLong.startsWith(event.tooLong) && event.tooLong.length > MAX
    })
    if (!same) {
      disagreements++
      t.fail(JSON.stringify(chunks))
    }
  }
  t.equal(disagreements, 0)
})

t.test('each line comes with the byte offset of its first byte, however the bytes are cut', async (t) => {
  const random = seeded(11)
  const MAX = 8
  const alphabet = ['a', 'é', '€', '\r', '\n', '\n', 'x', '\uFFFD']
  for (let n = 0; n < 1000; n++) {
    let text = ''
    for (let k = Math.floor(random() * 60); k > 0; k--) text += alphabet[Math.floor(random() * alphabet.length)]
    const bytes = Buffer.from(text)
    // the rule: a line starts at 0 and after each \n; a last line needs no \n
    const starts: number[] = []
    for (let at = 0; at < bytes.length; at = bytes.indexOf(0x0a, at) + 1) {
      starts.push(at)
      if (bytes.indexOf(0x0a, at) < 0) break
    }
    const got: number[] = []
    const splitter = new LineSplitter({ line: (_, start) => got.push(start), tooLong: (_, start) => got.push(start) }, MAX)
    for (let at = 0; at < bytes.length;) {
      // bytes cut anywhere, inside a character too
      const size = 1 + Math.floor(random() * 9)
      splitter.push(bytes.subarray(at, at + size))
      at += size
    }
    splitter.end()
    if (JSON.stringify(got) !== JSON.stringify(starts)) t.fail(JSON.stringify(text))
  }
  const offsets: Array<[string, number]> = []
  const splitter = new LineSplitter({ line: (l, at) => offsets.push([l, at]), tooLong: (h, at) => offsets.push([`!${h}`, at]) }, 4)
  splitter.push(Buffer.from('ab\r\n€\nabcdefg\nz'))
  splitter.end()
  t.strictSame(offsets, [['ab', 0], ['€', 4], ['!abcdefg', 8], ['z', 16]])
})

t.test('a splitter of a piece read elsewhere counts offsets from where the piece starts in the input', async (t) => {
  const got: [string, number][] = []
  const splitter = new LineSplitter({ line: (line, start) => void got.push([line, start]), tooLong: (head, start) => void got.push([`long ${head.length}`, start]) }, 8, 1000)
  splitter.push(Buffer.from('ab\nxxxxxxxxxx\ncd'))
  splitter.end()
  t.strictSame(got, [['ab', 1000], ['long 10', 1003], ['cd', 1014]])
})

t.test('with literals: only the lines holding every one are decoded; the rest are counted, in order; an overlong line is too long whatever it holds', async (t) => {
  const events: string[] = []
  const literals = [Buffer.from('10.0.3.9'), Buffer.from('GET')]
  const splitter = new LineSplitter({
    line: (l, start) => events.push(`${start}:${l}`),
    tooLong: (head, start) => events.push(`${start}:long ${head.slice(0, 4)}`),
    literals: () => literals,
    passedOver: (lines, blank) => events.push(`passed ${lines} (${blank} blank)`),
  }, 40)
  const lines = ['first', '10.0.3.9 GET a', '10.0.3.1 GET b', '', '10.0.3.9 POST c', 'GET 10.0.3.9 d\r', 'x', '\r', 'y'.repeat(50), 'last']
  splitter.push(Buffer.from(`${lines.join('\n')}\n`))
  splitter.end()
  const at = (k: number): number => lines.slice(0, k).join('\n').length + (k > 0 ? 1 : 0)
  t.strictSame(events, [
    '0:first', `${at(1)}:10.0.3.9 GET a`, 'passed 3 (1 blank)', `${at(5)}:GET 10.0.3.9 d`, 'passed 2 (1 blank)', `${at(8)}:long yyyy`,
    'passed 1 (0 blank)',
  ])
})
