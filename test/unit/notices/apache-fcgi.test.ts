import { readFileSync } from 'node:fs'
import t from 'tap'
import { apacheShape } from '../../../src/notices/apache-fcgi.js'
import { noticeText } from '../../../src/notices/php-notice.js'
import { NoticeScanner } from '../../../src/notices/recognise.js'
import { ERROR_LOG_ALL, phpFixture } from './php-fixtures.js'

const read = (lines: readonly string[]): string[] => {
  const found: string[] = []
  const scanner = new NoticeScanner((n) => found.push(noticeText(n)), [apacheShape])
  for (const line of lines) scanner.line(line)
  scanner.end()
  return found
}

const fcgi = (text: string, after = ''): string =>
  `[Sun Nov 22 13:47:44.112000 2026] [proxy_fcgi:error] [pid 4701:tid 139871100000000] [client 127.0.0.22:51200] AH01071: Got error '${text}'${after}`

t.test('mod_proxy_fcgi and mod_php error logs hold the same notices as error_log', async (t) => {
  t.strictSame(read(readFileSync(phpFixture('apache-error.log'), 'utf8').split('\n')), ERROR_LOG_ALL, 'AH01071')
  t.strictSame(read(readFileSync(phpFixture('apache-mod_php-error.log'), 'utf8').split('\n')), ERROR_LOG_ALL, 'mod_php')
})

t.test('AH01071: messages glued or separated, referer after the quote, escapes decoded', async (t) => {
  t.strictSame(read([
    fcgi("PHP message: PHP Deprecated:  it's #[\\\\ReturnTypeWillChange] caf\\xc3\\xa9 in /var/www/a.php on line 1PHP message: PHP Warning:  Deprecated: no in /w.php on line 2; PHP message: PHP Deprecated:  B in /var/www/b.php on line 3", ', referer: https://shop.example/?a=1'),
  ]), [
    "Deprecated: it's #[\\ReturnTypeWillChange] caf\u00e9 in /var/www/a.php on line 1",
    'Deprecated: B in /var/www/b.php on line 3',
  ])
})

t.test('AH01071: a fatal error with \\n escapes is passed over; a line cut short loses its last message', async (t) => {
  t.strictSame(read([
    fcgi('PHP message: PHP Fatal error:  Uncaught Exception: Deprecated: x in /a.php:3\\nStack trace:\\n#0 {main}\\n  thrown in /a.php on line 3; PHP message: PHP Deprecated:  D in /d.php on line 4'),
    fcgi('PHP message: PHP Deprecated:  E in /e.php on line 5PHP message: PHP Deprecated:  F in /f.php on line 6').slice(0, -1),
    fcgi('Primary script unknown'),
  ]), ['Deprecated: D in /d.php on line 4', 'Deprecated: E in /e.php on line 5'])
})

t.test('mod_php: one message per line, IPv6 client, referer trailer', async (t) => {
  t.strictSame(read([
    '[Sun Nov 22 13:47:44.152019 2026] [php:error] [pid 4702] [client [::1]:51251] PHP Deprecated:  A in /var/www/a.php on line 16, referer: https://shop.example/',
    '[Sun Nov 22 13:47:44.152019 2026] [php:error] [pid 4702] [client [::1]:51251] PHP Deprecated:  x, referer: y in /var/www/b.php on line 2',
    '[Sun Nov 22 13:47:44.152019 2026] [php:error] [pid 4702] [client 127.0.0.1:5] PHP Warning:  Deprecated: no in /w.php on line 2',
    '[Sun Nov 22 13:47:44.152019 2026] [php:error] [pid 4702] PHP Stack trace:',
    '[Sun Nov 22 13:47:44.152019 2026] [core:error] [pid 4702] [client 127.0.0.9:51190] AH00128: File does not exist: /var/www/shop/old.php',
  ]), ['Deprecated: A in /var/www/a.php on line 16', 'Deprecated: x, referer: y in /var/www/b.php on line 2'])
})

t.test('every Apache line is an entry of its own', async (t) => {
  t.equal(apacheShape.ends?.('anything'), true)
  t.equal(apacheShape.starts('[22-Nov-2026 13:47:44 Europe/Berlin] PHP Deprecated:  x in /a.php on line 1'), false, 'error_log is not Apache')
})
