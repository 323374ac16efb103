import { readFileSync } from 'node:fs'
import t from 'tap'
import { noticeText } from '../../../src/notices/php-notice.js'
import { NoticeScanner } from '../../../src/notices/recognise.js'
import { screenTextShape } from '../../../src/notices/screen-text.js'
import { db, float, ITERATOR, phpFixture, SCREEN_TEXT_FLOATS } from './php-fixtures.js'

const read = (lines: readonly string[]): string[] => {
  const found: string[] = []
  const scanner = new NoticeScanner((n) => found.push(noticeText(n)), [screenTextShape])
  for (const line of lines) scanner.line(line)
  scanner.end()
  return found
}

t.test('the real screen output: notices before and inside the page, the fatal error passed over', async (t) => {
  const [first, second] = SCREEN_TEXT_FLOATS
  t.strictSame(read(readFileSync(phpFixture('screen-text.txt'), 'utf8').split('\n')),
    [ITERATOR, float(first), db(20), db(20), db(22), float(second)])
})

t.test('one space after the level; the level must be Deprecated', async (t) => {
  t.strictSame(read([
    '',
    'Deprecated: A in /a.php on line 1',
    'Warning: Deprecated: no in /b.php on line 2',
    'Notice: Deprecated: no in /b.php on line 3',
    'Fatal error: Uncaught TypeError: Deprecated: no in /b.php:20',
    'TypeError: Deprecated: no in /b.php on line 20',
    '',
    'Call Stack:',
    '    0.0051     395264   1. {main}() /b.php:0',
    '<p>Deprecated: page text, not at a line start</p>',
    'Deprecated: B in /b.php on line 4',
  ]), ['Deprecated: A in /a.php on line 1', 'Deprecated: B in /b.php on line 4'])
})

t.test('a message over two lines', async (t) => {
  t.strictSame(read(['Deprecated: two', 'lines in /x.php on line 3']), ['Deprecated: two\nlines in /x.php on line 3'])
  t.strictSame(read(['Deprecated: never ends', '<html>', '</html>']), [])
})
