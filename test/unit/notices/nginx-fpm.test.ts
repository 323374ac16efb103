import { readFileSync } from 'node:fs'
import t from 'tap'
import { decodeNginxText, nginxShape } from '../../../src/notices/nginx-fpm.js'
import { noticeText } from '../../../src/notices/php-notice.js'
import { NoticeScanner } from '../../../src/notices/recognise.js'
import { db, float, ITERATOR, LOG_FLOATS, phpFixture, requestNotices } from './php-fixtures.js'

const read = (lines: readonly string[]): string[] => {
  const found: string[] = []
  const scanner = new NoticeScanner((n) => found.push(noticeText(n)), [nginxShape])
  for (const line of lines) scanner.line(line)
  scanner.end()
  return found
}

const TRAILER = ' while reading response header from upstream, client: 127.0.0.1, server: shop.example, request: "GET / HTTP/1.1", upstream: "fastcgi://unix:/run/php/php8.2-fpm.sock:", host: "shop.example"'
const entry = (text: string, trailer = TRAILER): string =>
  `2026/11/22 10:00:00 [error] 123#123: *45 FastCGI sent in stderr: "${text}"${trailer}`

t.test('the real-shaped nginx error.log: glued and "; " entries, the cut entry, the multi-line fatal', async (t) => {
  const [r1, r2, r3, r4] = LOG_FLOATS
  t.strictSame(read(readFileSync(phpFixture('nginx-error.log'), 'utf8').split('\n')), [
    ...requestNotices(r1),
    // request 2: nginx cut the entry at 2048 bytes, after the second db(20) notice
    ITERATOR, float(r2[0]), db(20), db(20),
    ...requestNotices(r3),
    ...requestNotices(r4),
  ])
})

t.test('several messages in one entry: glued (8.1, 8.2.0-8.2.1), "; " (8.2.2+), line breaks', async (t) => {
  const a = 'PHP message: PHP Deprecated:  A in /var/www/a.php on line 193'
  const w = 'PHP message: PHP Warning:  Deprecated: no in /var/www/w.php on line 5'
  const b = 'PHP message: PHP Deprecated:  B; still B in /var/www/b.php on line 7'
  const expected = ['Deprecated: A in /var/www/a.php on line 193', 'Deprecated: B; still B in /var/www/b.php on line 7']
  t.strictSame(read([entry(a + w + b)]), expected, 'glued')
  t.strictSame(read([entry(`${a}; ${w}; ${b}`)]), expected, 'separated by ; ')
  t.strictSame(read([entry(`${a}\n${w}\n${b}`)]), expected, 'separated by line breaks')
})

t.test('an entry spans lines until the next nginx date', async (t) => {
  t.strictSame(read([
    '2026/11/22 10:00:00 [error] 1#1: *5 FastCGI sent in stderr: "PHP message: PHP Fatal error:  Uncaught Exception: x in /var/www/a.php:3',
    'Stack trace:',
    '#0 {main}',
    '  thrown in /var/www/a.php on line 3; PHP message: PHP Deprecated:  after the fatal in /var/www/a.php on line 9"' + TRAILER,
    'PHP message: PHP Deprecated:  not in an nginx entry in /var/www/z.php on line 1',
    '2026/11/22 10:00:01 [notice] 1#1: signal process started',
  ]), ['Deprecated: after the fatal in /var/www/a.php on line 9'])
})

t.test('an entry cut at 2048 bytes: its last message is not trusted', async (t) => {
  const cut = entry('PHP message: PHP Deprecated:  A in /a.php on line 1PHP message: PHP Deprecated:  B in /b.php on line 19', '').slice(0, -1)
  t.strictSame(read([cut]), ['Deprecated: A in /a.php on line 1'], 'line 193 cut to 19 is not shown')
  t.strictSame(nginxShape.notices(entry('PHP message: PHP Deprecated:  A in /a.php on line 1PHP message: PHP Deprecated:  B in /b.php on line 2'), true),
    [{ message: 'A', file: '/a.php', line: '1' }], 'an entry cut by our own size cap likewise')
})

t.test('the quoted text ends where nginx\'s " while ..., client: or ", client: begins', async (t) => {
  t.strictSame(read([entry('PHP message: PHP Deprecated:  say "hi" while here in /a.php on line 1', ', client: 127.0.0.1, server: x')]),
    ['Deprecated: say "hi" while here in /a.php on line 1'])
  t.strictSame(read([entry('PHP message: PHP Deprecated:  x in /a.php on line 2', ' while reading upstream, client: ::1, referrer: "https://shop.example/"')]),
    ['Deprecated: x in /a.php on line 2'])
  t.strictSame(read([entry('PHP message: PHP Deprecated:  x in /a.php on line 3',
    ', client: 127.0.0.1, server: x, request: "GET /" while y, client: PHP message: PHP Deprecated:  fake in /f.php on line 1" HTTP/1.1"')]),
  ['Deprecated: x in /a.php on line 3'], 'the request line cannot add notices')
})

t.test('nginx escapes are decoded; PHP backslashes stay', async (t) => {
  t.equal(decodeNginxText('caf\\xC3\\xA9 \\"quoted\\" Shopware\\Components #[\\ReturnTypeWillChange] \\xZZ \\xab'),
    'caf\u00e9 "quoted" Shopware\\Components #[\\ReturnTypeWillChange] \\xZZ \\xab')
  t.equal(decodeNginxText('bad \\xFF utf-8'), 'bad \ufffd utf-8')
  t.strictSame(read([entry('PHP message: PHP Deprecated:  caf\\xC3\\xA9 \\"x\\" in /var/www/\\xC3\\xBC.php on line 4')]),
    ['Deprecated: caf\u00e9 "x" in /var/www/\u00fc.php on line 4'])
})

t.test('other nginx messages are no notices', async (t) => {
  t.strictSame(read([
    '2026/11/22 10:00:00 [error] 1#1: *6 FastCGI sent in stderr: "Primary script unknown"' + TRAILER,
    '2026/11/22 10:00:00 [error] 1#1: *4 open() "/var/www/shop/favicon.ico" failed (2: No such file or directory), client: 127.0.0.1',
    '2026/11/22 10:00:00 [warn] 1#1: *7 an upstream response is buffered to a temporary file PHP message: PHP Deprecated:  x in /a.php on line 1',
  ]), [])
})
