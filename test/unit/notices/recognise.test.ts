import t from 'tap'
import { noticeText } from '../../../src/notices/php-notice.js'
import { MAX_ENTRY_CHARS, MAX_ENTRY_LINES, NOTICE_SHAPES, NoticeScanner, startsPhpErrorOutput } from '../../../src/notices/recognise.js'
import { recogniseNotices } from '../../helpers/notices.js'

const texts = (lines: readonly string[]): string[] => recogniseNotices(lines).map(noticeText)

t.test('each line goes to the one shape that starts with it', async (t) => {
  const lines = [
    '[22-Nov-2026 10:00:00 Europe/Berlin] PHP Deprecated:  log in /a.php on line 1',
    'Deprecated: text in /b.php on line 2',
    '<b>Deprecated</b>:  html in <b>/c.php</b> on line <b>3</b><br />',
    '2026/11/22 10:00:00 [error] 1#1: *2 FastCGI sent in stderr: "PHP message: PHP Deprecated:  nginx in /d.php on line 4" while reading upstream, client: 127.0.0.1',
    "[Sun Nov 22 10:00:00.000001 2026] [proxy_fcgi:error] [pid 1:tid 2] [client 127.0.0.1:5] AH01071: Got error 'PHP message: PHP Deprecated:  apache in /e.php on line 5'",
  ]
  t.strictSame(texts(lines), [
    'Deprecated: log in /a.php on line 1',
    'Deprecated: text in /b.php on line 2',
    'Deprecated: html in /c.php on line 3',
    'Deprecated: nginx in /d.php on line 4',
    'Deprecated: apache in /e.php on line 5',
  ])
  for (const line of lines) {
    t.equal(NOTICE_SHAPES.filter((shape) => shape.starts(line)).length, 1, `one shape starts ${line.slice(0, 30)}`)
  }
})

t.test('a new entry ends the open one', async (t) => {
  t.strictSame(texts([
    '2026/11/22 10:00:00 [error] 1#1: *2 FastCGI sent in stderr: "PHP message: PHP Deprecated:  A in /a.php on line 1',
    '[22-Nov-2026 10:00:00 UTC] PHP Deprecated:  B in /b.php on line 2',
  ]), ['Deprecated: B in /b.php on line 2'], 'the nginx entry lost its end: its last message is not trusted')
  t.strictSame(texts(['Deprecated: unfinished', 'Deprecated: C in /c.php on line 3']), ['Deprecated: C in /c.php on line 3'])
})

t.test('nothing recognisable, nothing found; nothing crashes', async (t) => {
  t.strictSame(texts(['', 'hello', '\u0000\ufffd', '[', '<b>', '2026/', 'PHP', 'Deprecated:', ' in  on line 1']), [])
  t.strictSame(texts([]), [])
})

t.test('an entry keeps at most MAX_ENTRY_LINES lines and MAX_ENTRY_CHARS characters', async (t) => {
  const long = 'x'.repeat(1000)
  const manyLines = ['Deprecated: start', ...Array.from({ length: MAX_ENTRY_LINES }, () => 'more'), 'end in /a.php on line 1']
  t.strictSame(texts(manyLines), [], 'too many lines: cut, dropped')
  const manyChars = ['Deprecated: start', ...Array.from({ length: Math.ceil(MAX_ENTRY_CHARS / long.length) + 1 }, () => long), 'end in /a.php on line 1']
  t.strictSame(texts(manyChars), [], 'too many characters: cut, dropped')
  t.strictSame(texts([`Deprecated: ${'y'.repeat(MAX_ENTRY_CHARS * 2)} in /a.php on line 1`]).length, 1, 'a long first line is kept')
  t.strictSame(texts(['Deprecated: ok', ...Array.from({ length: MAX_ENTRY_LINES - 2 }, () => 'more'), 'end in /a.php on line 1']).length, 1)
})

t.test('settle: a paused input finishes an entry that has no end of its own (nginx), not one that ends by its content', async (t) => {
  const found: string[] = []
  const scanner = new NoticeScanner((notice) => found.push(noticeText(notice)))
  scanner.line('2026/11/22 10:00:00 [error] 1#1: *2 FastCGI sent in stderr: "PHP message: PHP Deprecated:  N in /n.php on line 1" while reading upstream, client: 127.0.0.1')
  t.strictSame(found, [], 'an nginx entry may go on over the next lines')
  scanner.settle()
  t.strictSame(found, ['Deprecated: N in /n.php on line 1'], 'settled: finished')
  scanner.line('[22-Nov-2026 10:00:00 UTC] PHP Deprecated:  first line')
  scanner.settle()
  scanner.line('second line in /e.php on line 2')
  t.strictSame(found.slice(1), ['Deprecated: first line\nsecond line in /e.php on line 2'], 'an error_log entry waits for its " on line N"')
  scanner.settle()
  scanner.end()
  t.equal(found.length, 2, 'nothing twice')
})

t.test('a line dropped as too long cuts the entry it was part of; outside an entry it changes nothing', async (t) => {
  const found: string[] = []
  const scanner = new NoticeScanner((notice) => found.push(noticeText(notice)))
  scanner.line('[22-Nov-2026 10:00:00 UTC] PHP Deprecated:  first line')
  scanner.tooLong()
  scanner.line('last line in /e.php on line 2')
  t.strictSame(found, [], 'the entry lost a line: not shown')
  scanner.tooLong()
  scanner.line('Deprecated: next in /f.php on line 3')
  t.strictSame(found, ['Deprecated: next in /f.php on line 3'], 'the next entry is whole')
})

t.test('PHP error output is told by its first line, whatever its shape', async (t) => {
  for (const line of [
    '[22-Nov-2026 10:00:00 Europe/Berlin] PHP Warning:  x in /a.php on line 1',
    'Deprecated: text in /b.php on line 2',
    '<b>Warning</b>:  html in <b>/c.php</b> on line <b>3</b><br />',
  ]) t.equal(startsPhpErrorOutput(line), true, line)
  for (const line of ['192.0.2.1 - - [22/Nov/2026:10:00:00 +0100] "GET / HTTP/1.1" 200 3', '# Access-log fixtures', '']) {
    t.equal(startsPhpErrorOutput(line), false, line)
  }
})
