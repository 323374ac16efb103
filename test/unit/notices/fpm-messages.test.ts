/**
 * What php-fpm sends on FastCGI stderr, as the web server logged it
 * (src/notices/fpm-messages.ts): the Deprecated notices among the messages
 * of one record, however they are glued together.
 */

import t from 'tap'
import { fpmNotices } from '../../../src/notices/fpm-messages.js'

const A = 'PHP message: PHP Deprecated:  Function strftime() is deprecated in /var/www/a.php on line 193'
const B = 'PHP message: PHP Deprecated:  Creation of dynamic property X::$y is deprecated in /var/www/b.php on line 7'
const WARNING = 'PHP message: PHP Warning:  Undefined variable $x in /var/www/c.php on line 3'

const NOTICE_A = { message: 'Function strftime() is deprecated', file: '/var/www/a.php', line: '193' }
const NOTICE_B = { message: 'Creation of dynamic property X::$y is deprecated', file: '/var/www/b.php', line: '7' }

t.test('messages glued with nothing (PHP 8.1), by "; " (8.2.2+) or by a line break', async (t) => {
  t.strictSame(fpmNotices(`FastCGI sent in stderr: "${A}${B}`, false), [NOTICE_A, NOTICE_B])
  t.strictSame(fpmNotices(`${A}; ${B}`, false), [NOTICE_A, NOTICE_B])
  t.strictSame(fpmNotices(`${A}\n${B}\n`, false), [NOTICE_A, NOTICE_B])
  t.strictSame(fpmNotices(`${A};  \n`, false), [NOTICE_A], 'separators at the end go')
})

t.test('Deprecated notices only; text that is no message gives none', async (t) => {
  t.strictSame(fpmNotices(`${WARNING}${A}`, false), [NOTICE_A])
  t.strictSame(fpmNotices('Primary script unknown', false), [])
  t.strictSame(fpmNotices('', false), [])
})

t.test('a record cut short: its last message may have lost its end, and is dropped', async (t) => {
  t.strictSame(fpmNotices(`${A}${B.slice(0, -1)}`, true), [NOTICE_A], 'line 7 could have been line 7x')
  t.strictSame(fpmNotices(`${A}${B}`, true), [NOTICE_A], 'even when it looks whole')
  t.strictSame(fpmNotices(A, true), [])
})
