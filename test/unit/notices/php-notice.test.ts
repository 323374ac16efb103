import t from 'tap'
import { noticeKey, noticeText, parseLoggedMessage, parseNoticeBody, visibleNotice } from '../../../src/notices/php-notice.js'

t.test('MSG in FILE on line N is read from the right', async (t) => {
  t.strictSame(parseNoticeBody('Implicit conversion from float 1663844067.342599 to int loses precision in /var/www/shop/engine/modifier.currency.php on line 193'), {
    message: 'Implicit conversion from float 1663844067.342599 to int loses precision',
    file: '/var/www/shop/engine/modifier.currency.php',
    line: '193',
  })
  t.strictSame(parseNoticeBody('Db() called in /var/www/a.php on line 20 is deprecated in /var/www/b.php on line 11'), {
    message: 'Db() called in /var/www/a.php on line 20 is deprecated',
    file: '/var/www/b.php',
    line: '11',
  }, 'a message with its own " in " and " on line "')
  t.strictSame(parseNoticeBody(' in /x.php on line 3'), { message: '', file: '/x.php', line: '3' }, 'an empty message')
  t.strictSame(parseNoticeBody('two\nlines in /x.php on line 3'), { message: 'two\nlines', file: '/x.php', line: '3' })
})

t.test('text that does not end in FILE on line N is no notice', async (t) => {
  for (const body of [
    'Uncaught TypeError: x in /x.php:20',
    'message in /x.php on line',
    'message in /x.php on line 3 ',
    'message on line 3',
    'message in  on line 3'.replace('  ', ' '),
    '',
  ]) t.equal(parseNoticeBody(body), null, JSON.stringify(body))
})

t.test('hostile text is read in linear time', async (t) => {
  // a megabyte each: a reading that tries every ' in ' against every ' on line' would not end before the suite's timeout
  t.equal(parseNoticeBody(' in '.repeat(250_000) + ' on line x'), null)
  t.equal(parseNoticeBody(' on line 1'.repeat(100_000) + ' in '), null)
  t.strictSame(parseNoticeBody(`${' in '.repeat(250_000)}/f.php on line 7`)?.file, '/f.php')
})

t.test('only the level Deprecated counts', async (t) => {
  t.strictSame(parseLoggedMessage('PHP Deprecated:  Function x() is deprecated in /x.php on line 4'),
    { message: 'Function x() is deprecated', file: '/x.php', line: '4' }, 'two spaces, as PHP logs it')
  t.strictSame(parseLoggedMessage('PHP Deprecated: Function x() is deprecated in /x.php on line 4'),
    { message: 'Function x() is deprecated', file: '/x.php', line: '4' }, 'one space')
  t.equal(parseLoggedMessage('PHP Warning:  Deprecated: the old cache is gone in /x.php on line 18'), null, 'a Warning that says Deprecated:')
  t.equal(parseLoggedMessage('PHP Notice:  Deprecated: x in /x.php on line 1'), null)
  t.equal(parseLoggedMessage('PHP Fatal error:  Uncaught RuntimeException: Deprecated: x in /x.php:12'), null)
  t.equal(parseLoggedMessage('PHP Stack trace:'), null)
  t.equal(parseLoggedMessage('Deprecated: x in /x.php on line 1'), null, 'not a logged message')
})

t.test('text form, key and visible form', async (t) => {
  const notice = { message: 'a\tb\u202e', file: '/x.php', line: '7' }
  t.equal(noticeText({ message: 'M', file: '/f.php', line: '3' }), 'Deprecated: M in /f.php on line 3')
  t.strictSame(visibleNotice(notice), { message: 'a\u2409b<U+202E>', file: '/x.php', line: '7' })
  t.equal(noticeKey(notice), noticeKey({ ...notice }))
  t.not(noticeKey(notice), noticeKey({ ...notice, line: '8' }))
  t.not(noticeKey({ message: 'a', file: 'b c', line: '1' }), noticeKey({ message: 'a b', file: 'c', line: '1' }))
})
