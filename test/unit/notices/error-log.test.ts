import { readFileSync } from 'node:fs'
import t from 'tap'
import { errorLogShape } from '../../../src/notices/error-log.js'
import { noticeText } from '../../../src/notices/php-notice.js'
import { NoticeScanner } from '../../../src/notices/recognise.js'
import { ERROR_LOG_ALL, phpFixture } from './php-fixtures.js'

const read = (lines: readonly string[]): string[] => {
  const found: string[] = []
  const scanner = new NoticeScanner((n) => found.push(noticeText(n)), [errorLogShape])
  for (const line of lines) scanner.line(line)
  scanner.end()
  return found
}

t.test('every Deprecated notice of the real error_log, in file order', async (t) => {
  const lines = readFileSync(phpFixture('error_log'), 'utf8').split('\n')
  t.strictSame(read(lines), ERROR_LOG_ALL)
})

t.test('Xdebug stack traces, other levels and multi-line fatal errors are passed over', async (t) => {
  t.strictSame(read([
    '[22-Nov-2026 13:47:45 Europe/Berlin] PHP Deprecated:  A in /var/www/a.php on line 1',
    '[22-Nov-2026 13:47:45 Europe/Berlin] PHP Stack trace:',
    '[22-Nov-2026 13:47:45 Europe/Berlin] PHP   1. {main}() /var/www/shop/shopware.php:0',
    '[22-Nov-2026 13:47:45 Europe/Berlin] PHP   2. trigger_error($message = \'Deprecated: no\', $error_level = 16384) /var/www/a.php:1',
    '[22-Nov-2026 13:47:45 Europe/Berlin] PHP Warning:  Deprecated: the sw:cache command moved in /var/www/shop/shopware.php on line 24',
    '[22-Nov-2026 13:47:45 Europe/Berlin] PHP Notice:  Shop locale not set in /var/www/shop/shopware.php on line 25',
    '[22-Nov-2026 13:47:49 Europe/Berlin] PHP Fatal error:  Uncaught RuntimeException: Deprecated: plugin API v1 was removed in /var/www/b.php:12',
    'Stack trace:',
    '#0 /var/www/b.php(7): B->checkApi(1)',
    'Deprecated: not a log line in /var/www/c.php on line 3',
    '#1 {main}',
    '  thrown in /var/www/b.php on line 12',
    '[22-Nov-2026 13:47:50 UTC] PHP Deprecated:  B in /var/www/b.php on line 2',
  ]), [
    'Deprecated: A in /var/www/a.php on line 1',
    'Deprecated: B in /var/www/b.php on line 2',
  ])
})

t.test('a message over several lines is one notice; lines after a complete entry are not part of it', async (t) => {
  t.strictSame(read([
    '[22-Nov-2026 12:43:03 UTC] PHP Deprecated:  two',
    'lines in /var/www/x.php on line 3',
    'stray output in /var/www/y.php on line 9',
  ]), ['Deprecated: two\nlines in /var/www/x.php on line 3'])
})

t.test('CLI logging to stderr has no date', async (t) => {
  t.strictSame(read(['PHP Deprecated:  x in /var/www/shop/a.php on line 1', 'PHP Warning:  y in /a.php on line 2']),
    ['Deprecated: x in /var/www/shop/a.php on line 1'])
})

t.test('an entry that never ends is dropped', async (t) => {
  t.strictSame(read(['[22-Nov-2026 12:43:03 UTC] PHP Deprecated:  cut off', 'and more']), [])
  t.strictSame(errorLogShape.notices('[22-Nov-2026 12:43:03 UTC] PHP Deprecated:  x in /a.php on line 1', true), [], 'nor is a cut entry trusted')
})
