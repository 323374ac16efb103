import t from 'tap'
import { compileRedaction, redactPrefixProblem } from '../../../src/notices/redact.js'

const notice = {
  message: 'Shopware()->Db() called in /var/www/shop/shopware.php on line 20 is deprecated',
  file: '/var/www/shop/engine/Shopware/Components/LegacyDb.php',
  line: '11',
}

t.test('the prefix becomes … at the start of FILE and wherever it is a path in the message', async (t) => {
  t.strictSame(compileRedaction(['/var/www/shop'])(notice), {
    message: 'Shopware()->Db() called in …/shopware.php on line 20 is deprecated',
    file: '…/engine/Shopware/Components/LegacyDb.php',
    line: '11',
  })
  t.strictSame(compileRedaction(['/var/www/shop/'])(notice), compileRedaction(['/var/www/shop'])(notice), 'a trailing slash changes nothing')
})

t.test('only whole path prefixes', async (t) => {
  const redact = compileRedaction(['/var/www/shop'])
  t.strictSame(redact({ message: 'see /var/www/shopware/x and /srv/var/www/shop/y and (/var/www/shop) and "/var/www/shop/z"', file: '/var/www/shopware/a.php', line: '1' }), {
    message: 'see /var/www/shopware/x and /srv/var/www/shop/y and (…) and "…/z"',
    file: '/var/www/shopware/a.php',
    line: '1',
  })
  t.strictSame(redact({ message: 'm', file: '/srv/var/www/shop/a.php', line: '1' }).file, '/srv/var/www/shop/a.php', 'FILE only at its start')
  t.strictSame(redact({ message: 'm', file: '/var/www/shop', line: '1' }).file, '…')
})

t.test('several prefixes: the longest first', async (t) => {
  const redact = compileRedaction(['/var/www', '/var/www/shop', 'C:\\inetpub\\shop\\'])
  t.strictSame(redact({ message: '/var/www/shop/a /var/www/other/b C:\\inetpub\\shop\\c.php', file: '/var/www/other/b.php', line: '2' }), {
    message: '…/a …/other/b …\\c.php',
    file: '…/other/b.php',
    line: '2',
  })
})

t.test('no prefixes: unchanged', async (t) => {
  t.equal(compileRedaction([])(notice), notice)
})

t.test('bad prefixes are refused with a hint', async (t) => {
  for (const bad of ['', '/', '///', '\\', 'a\nb', 'a\u0000']) {
    t.equal(redactPrefixProblem(bad), 'give a server path prefix such as /var/www/shop', JSON.stringify(bad))
  }
  for (const good of ['/var/www/shop', '/var/www/shop/', 'C:\\inetpub', 'shop']) t.equal(redactPrefixProblem(good), undefined, good)
})
