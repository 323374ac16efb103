import { readFileSync } from 'node:fs'
import t from 'tap'
import { noticeText } from '../../../src/notices/php-notice.js'
import { NoticeScanner } from '../../../src/notices/recognise.js'
import { screenHtmlShape } from '../../../src/notices/screen-html.js'
import { db, float, ITERATOR, phpFixture, SCREEN_HTML_FLOATS } from './php-fixtures.js'

const read = (lines: readonly string[]): string[] => {
  const found: string[] = []
  const scanner = new NoticeScanner((n) => found.push(noticeText(n)), [screenHtmlShape])
  for (const line of lines) scanner.line(line)
  scanner.end()
  return found
}

t.test('the real html_errors output', async (t) => {
  const [first, second] = SCREEN_HTML_FLOATS
  t.strictSame(read(readFileSync(phpFixture('screen-html.html'), 'utf8').split('\n')),
    [ITERATOR, float(first), db(20), db(20), db(22), float(second)])
})

t.test('PHP does not escape the message: markup is taken as written', async (t) => {
  t.strictSame(read([
    '<br />',
    '<b>Deprecated</b>:  <x> & "y" caf\u00e9 in /fake.php on line 3 tail in <b>/var/www/esc.php</b> on line <b>2</b><br />',
    '<br />',
    '<b>Warning</b>:  Deprecated: no in <b>/var/www/a.php</b> on line <b>18</b><br />',
    '<br />',
    '<b>Deprecated</b>:  two',
    'lines in <b>/var/www/esc.php</b> on line <b>3</b><br />',
  ]), [
    'Deprecated: <x> & "y" caf\u00e9 in /fake.php on line 3 tail in /var/www/esc.php on line 2',
    'Deprecated: two\nlines in /var/www/esc.php on line 3',
  ])
})

t.test('the fatal error with its stack trace is passed over', async (t) => {
  t.strictSame(read([
    '<b>Fatal error</b>:  Uncaught RuntimeException: Deprecated: x in /var/www/b.php:12',
    'Stack trace:',
    '#0 {main}',
    '  thrown in <b>/var/www/b.php</b> on line <b>12</b><br />',
    '<b>Deprecated</b>:  after in <b>/var/www/c.php</b> on line <b>1</b><br />',
  ]), ['Deprecated: after in /var/www/c.php on line 1'])
})
