/** `--notices`: the PHP Deprecated preface on the built page, for every shape of PHP error output. */

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { prefaceLines, tableRows } from '../helpers/page.js'
import { fixture, runCli as runCliAsIs } from '../helpers/run-cli.js'
import {
  db, ERROR_LOG_ALL, ERROR_LOG_PREFACE, float, ITERATOR, NGINX_PREFACE, phpFixture, PREFACE_OF_FILE, SCREEN_TEXT_FLOATS, times,
} from '../unit/notices/php-fixtures.js'


/** These tests read PHP's own text, its file paths whole: `--full-paths` (the default shortens them: see the last test). */
const runCli = (args: string[], options?: Parameters<typeof runCliAsIs>[1]): ReturnType<typeof runCliAsIs> =>
  runCliAsIs(args[0] === 'build' ? [...args, '--full-paths'] : args, options)

const ACCESS = fixture('handmade/mixed.log')

const build = async (args: string[], input?: string | Buffer): Promise<{ code: number | null; page: string; stderr: string }> => {
  const r = await runCli(['build', ACCESS, ...args], input === undefined ? {} : { input })
  return { code: r.code, page: r.stdout, stderr: r.stderr }
}

t.test('each shape of PHP error output: the page begins with exactly its Deprecated notices', async (t) => {
  const plain = await build([])
  for (const [file, expected] of PREFACE_OF_FILE) {
    const r = await build(['--notices', phpFixture(file)])
    t.equal(r.code, 0, `${file}: exit 0`)
    t.strictSame(prefaceLines(r.page), expected, `${file}: the preface`)
    t.ok(r.page.startsWith('<!DOCTYPE html>\n<html lang="en">\n'), `${file}: still standards mode`)
    t.strictSame(tableRows(r.page), tableRows(plain.page), `${file}: the rows are unchanged`)
    t.equal(r.stderr, plain.stderr, `${file}: no extra stderr`)
  }
})

t.test('the preface markup: first in the body, PHP\'s own look, escaped', async (t) => {
  const dir = t.testdir({
    'error.log': '[22-Nov-2026 10:00:00 UTC] PHP Deprecated:  <script>alert(1)</script> & "q" \'a\' in /var/www/<b>.php on line 7\n',
  })
  const r = await build(['--notices', `${dir}/error.log`])
  t.match(r.page, [
    '<body>',
    '<section id="php-notices" aria-label="PHP Deprecated notices">',
    '<div class="php-notice"><b>Deprecated</b>: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#x27;a&#x27; in <b>/var/www/&lt;b&gt;.php</b> on line <b>7</b></div>',
    '</section>',
    '<div id="header">',
  ].join('\n'))
  t.strictSame(prefaceLines(r.page), ['Deprecated: <script>alert(1)</script> & "q" \'a\' in /var/www/<b>.php on line 7'])
  t.notMatch(r.page, '<script>')
})

t.test('--notices-limit keeps the N seen most recently, in first-appearance order', async (t) => {
  const r = await build(['--notices', phpFixture('error_log'), '--notices-limit', '2'])
  t.strictSame(prefaceLines(r.page), [times(float('1795351686.457462'), 8), times(db(22), 12)])
  const one = await build(['--notices', phpFixture('error_log'), '--notices-limit', '1'])
  t.strictSame(prefaceLines(one.page), [times(float('1795351686.457462'), 8)])
  const many = await build(['--notices', phpFixture('error_log'), '--notices-limit', '100'])
  t.strictSame(prefaceLines(many.page), ERROR_LOG_PREFACE, 'all 3 distinct notices')
})

t.test('notices that differ only in numbers in the message are one: the latest text, and how many times', async (t) => {
  const at = (second: number, message: string, file = '/var/www/shop/engine/Shopware/Components/GeneralCollector.php', line = 10): string =>
    `[22-Nov-2026 10:00:${String(second).padStart(2, '0')} UTC] PHP Deprecated:  ${message} in ${file} on line ${line}\n`
  const conversion = (value: string): string => `Implicit conversion from float ${value} to int loses precision`
  const dir = t.testdir({
    'error.log': [
      at(0, conversion('1795685340.852084')),
      at(1, 'utf8_encode(): Function is deprecated', '/var/www/shop/a.php', 3),
      at(2, conversion('1795685341.1')),
      at(3, 'utf16_encode(): Function is deprecated', '/var/www/shop/a.php', 3),
      at(4, conversion('1795685342.25'), '/var/www/shop/other.php'),
      at(5, conversion('1795685343.000001')),
      at(6, conversion('1795685344.5'), undefined, 11),
    ].join(''),
  })
  const page = (await build(['--notices', `${dir}/error.log`])).page
  const shown = (message: string, file = '/var/www/shop/engine/Shopware/Components/GeneralCollector.php', line = 10): string =>
    `Deprecated: ${message} in ${file} on line ${line}`
  t.strictSame(prefaceLines(page), [
    times(shown(conversion('1795685343.000001')), 3),
    shown('utf8_encode(): Function is deprecated', '/var/www/shop/a.php', 3),
    shown('utf16_encode(): Function is deprecated', '/var/www/shop/a.php', 3),
    shown(conversion('1795685342.25'), '/var/www/shop/other.php'),
    shown(conversion('1795685344.5'), undefined, 11),
  ], 'one notice per file, line and message up to its numbers; a digit inside a name is part of the name')
  t.match(page, '<span class="notice-count">(3 times)</span></div>')
  const all = (await build(['--notices', `${dir}/error.log`, '--all-notices'])).page
  t.equal(prefaceLines(all).length, 7, '--all-notices: every occurrence')
  t.notMatch(all, 'times)', '--all-notices: no counts')
})

t.test('--all-notices keeps every occurrence in file order; the limit does not apply', async (t) => {
  for (const extra of [[], ['--notices-limit', '3']]) {
    const r = await build(['--notices', phpFixture('error_log'), '--all-notices', ...extra])
    t.strictSame(prefaceLines(r.page), ERROR_LOG_ALL, extra.join(' ') || 'default limit')
  }
})

t.test('several files are read in the order given', async (t) => {
  const [sa, sb] = SCREEN_TEXT_FLOATS
  const screenFirst = await build(['--notices', phpFixture('screen-text.txt'), '--notices', phpFixture('error_log')])
  t.strictSame(prefaceLines(screenFirst.page), [times(ITERATOR, 5), times(float('1795351686.457462'), 10), times(db(22), 15)],
    'the screen file is older: the latest text is error_log\'s')
  const logFirst = await build(['--notices', phpFixture('error_log'), '--notices', phpFixture('screen-text.txt')])
  t.strictSame(prefaceLines(logFirst.page), [times(ITERATOR, 5), times(float(sb), 10), times(db(22), 15)], 'the latest text is the screen file\'s')
  const all = await build(['--notices', phpFixture('screen-text.txt'), '--notices', phpFixture('error_log'), '--all-notices'])
  t.strictSame(prefaceLines(all.page), [ITERATOR, float(sa), db(20), db(20), db(22), float(sb), ...ERROR_LOG_ALL])
})

t.test('--redact-path shows server path prefixes as …', async (t) => {
  const r = await build(['--notices', phpFixture('error_log'), '--redact-path', '/var/www/shop/'])
  t.strictSame(prefaceLines(r.page), ERROR_LOG_PREFACE.map((line) => line.replaceAll('/var/www/shop', '…')))
  t.equal(prefaceLines(r.page)[2], 'Deprecated: Shopware()->Db() called in …/shopware.php on line 22 is deprecated since 5.7, use the DBAL connection in …/engine/Shopware/Components/LegacyDb.php on line 11 (12 times)')
  const two = await build(['--notices', phpFixture('error_log'), '--notices-limit', '2', '--redact-path', '/var/www/shop', '--redact-path', '/var/www/shop/engine'])
  t.strictSame(prefaceLines(two.page), [
    'Deprecated: Implicit conversion from float 1795351686.457462 to int loses precision in …/Library/Enlight/Template/Plugins/modifier.currency.php on line 10 (8 times)',
    'Deprecated: Shopware()->Db() called in …/shopware.php on line 22 is deprecated since 5.7, use the DBAL connection in …/Shopware/Components/LegacyDb.php on line 11 (12 times)',
  ], 'the longer prefix first')
})

t.test('gzip is recognised by content; stdin works when the access logs are files', async (t) => {
  const dir = t.testdir()
  writeFileSync(`${dir}/php-errors.log`, gzipSync(readFileSync(phpFixture('error_log'))))
  t.strictSame(prefaceLines((await build(['--notices', `${dir}/php-errors.log`])).page), ERROR_LOG_PREFACE)
  t.strictSame(prefaceLines((await build(['--notices', '-'], readFileSync(phpFixture('nginx-error.log')))).page), NGINX_PREFACE)
})

t.test('a file without Deprecated notices adds nothing: the page is the same as without it', async (t) => {
  const dir = t.testdir({ 'warnings.log': '[22-Nov-2026 10:00:00 UTC] PHP Warning:  Deprecated: no in /a.php on line 1\n', 'empty.log': '' })
  const plain = await build([])
  for (const file of ['warnings.log', 'empty.log']) {
    const r = await build(['--notices', `${dir}/${file}`])
    t.equal(r.code, 0)
    t.equal(r.page, plain.page, file)
    t.notMatch(r.page, 'id="php-notices"', `${file}: no preface block`)
  }
})

t.test('--out-dir: the site\'s index.html has the preface, the profile pages do not', async (t) => {
  const dir = t.testdir({})
  const r = await runCli(['build', ACCESS, '--notices', phpFixture('error_log'), '--notices-limit', '2', '--out-dir', `${dir}/site`])
  t.equal(r.code, 0)
  t.strictSame(prefaceLines(readFileSync(`${dir}/site/index.html`, 'utf8')), [times(float('1795351686.457462'), 8), times(db(22), 12)])
  const profiles = readdirSync(`${dir}/site/profiles`)
  t.ok(profiles.length > 0)
  for (const page of profiles) t.notMatch(readFileSync(`${dir}/site/profiles/${page}`, 'utf8'), 'id="php-notices"', page)
})

t.test('a line over 64 KiB (bytes, not characters) is skipped and counted on stderr; --strict fails on it', async (t) => {
  const notice = (n: number, message = `N${n}`): string => `[22-Nov-2026 10:00:00 UTC] PHP Deprecated:  ${message} in /a.php on line ${n}`
  const atCap = notice(3, 'x'.repeat(65_536 - notice(3, '').length))
  // é is 2 bytes: 40,000 of them are fewer characters than the cap, but more bytes
  const lines = [notice(1), notice(2, 'é'.repeat(40_000)), atCap, notice(4), '']
  t.equal(Buffer.byteLength(atCap), 65_536)
  const dir = t.testdir({ 'error.log': lines.join('\n') })
  const log = fixture('nginx/access.log')
  const plain = await runCli(['build', log])
  t.equal(plain.stderr, '', 'the access log alone skips nothing')
  const r = await runCli(['build', log, '--notices', `${dir}/error.log`, '--all-notices'])
  t.equal(r.code, 0)
  t.strictSame(prefaceLines(r.stdout), [notice(1), atCap, notice(4)].map((line) => line.replace(/^.*PHP Deprecated: {2}/, 'Deprecated: ')),
    'the line of exactly 64 KiB is read')
  t.equal(r.stderr, `profiler-search: --notices: skipped 1 of 4 lines (1 line too long); first at ${dir}/error.log:2\n`)
  t.equal((await runCli(['build', log, '--quiet', '--notices', `${dir}/error.log`])).stderr, '', '--quiet says nothing')
  const strict = await runCli(['build', log, '--strict', '--notices', `${dir}/error.log`, '-o', `${dir}/out.html`])
  t.equal(strict.code, 1)
  t.equal(strict.stderr, `profiler-search: --strict: --notices: skipped 1 of 4 lines (1 line too long); first at ${dir}/error.log:2 (nothing was written)\n`)
  t.strictSame(readdirSync(dir), ['error.log'], 'nothing written')
})

t.test('user mistakes: exit 2, one line on stderr, nothing written', async (t) => {
  const OLD = '<!DOCTYPE html><p>previous page</p>\n'
  const cases: [string, (dir: string) => string[], (dir: string) => string][] = [
    ['a missing --notices file',
      (dir) => ['build', ACCESS, '--notices', phpFixture('error_log'), '--notices', `${dir}/nope.log`, '-o', `${dir}/out.html`],
      (dir) => `profiler-search: --notices: cannot read ${dir}/nope.log: no such file (check the path; use - to read stdin)\n`],
    ['a folder as --notices',
      (dir) => ['build', ACCESS, '--notices', dir, '-o', `${dir}/out.html`],
      (dir) => `profiler-search: --notices: cannot read ${dir}: it is a folder (name the log files in it, e.g. ${dir}/access.log)\n`],
    ['stdin for both',
      (dir) => ['build', '--notices', '-', '-o', `${dir}/out.html`],
      () => 'profiler-search: --notices: stdin (-) is already read (name stdin once: give the access logs as files, or the notices as a file)\n'],
    ['--notices-limit 0',
      (dir) => ['build', ACCESS, '--notices', phpFixture('error_log'), '--notices-limit', '0', '-o', `${dir}/out.html`],
      () => "profiler-search: option '--notices-limit <n>' argument '0' is invalid. give a whole number of 1 or more (see profiler-search build --help)\n"],
    ['--redact-path /',
      (dir) => ['build', ACCESS, '--redact-path', '/', '-o', `${dir}/out.html`],
      () => "profiler-search: option '--redact-path <prefix>' argument '/' is invalid. give a server path prefix such as /var/www/shop (see profiler-search build --help)\n"],
    ['an empty --notices',
      (dir) => ['build', ACCESS, '--notices', '', '-o', `${dir}/out.html`],
      () => "profiler-search: option '--notices <file>' argument '' is invalid. give a PHP error log: a path, a .gz file, or - for stdin (see profiler-search build --help)\n"],
  ]
  for (const [name, args, stderr] of cases) {
    const dir = t.testdir({ 'out.html': OLD })
    const r = await runCli(args(dir))
    t.equal(r.code, 2, `${name}: exit 2`)
    t.equal(r.stderr, stderr(dir), `${name}: the stderr line`)
    t.equal(r.stdout, '', `${name}: nothing on stdout`)
    t.equal(readFileSync(`${dir}/out.html`, 'utf8'), OLD, `${name}: the previous page stays`)
    t.strictSame(readdirSync(dir), ['out.html'], `${name}: no temporary file`)
  }
  const fresh = t.testdir({})
  const r = await runCli(['build', ACCESS, '--notices', `${fresh}/nope.log`, '-o', `${fresh}/out.html`])
  t.equal(r.code, 2)
  t.notOk(existsSync(`${fresh}/out.html`), 'no output file')
})

t.test('by default an absolute FILE shows as …/ and its name, its folder shortened in the message too; --full-paths shows it whole', async (t) => {
  const dir = t.testdir({
    'error.log': '[22-Nov-2026 10:00:00 UTC] PHP Deprecated:  Db() called from /var/www/shop/engine/Db.php is deprecated in /var/www/shop/engine/Db.php on line 7\n',
  })
  const shortened = await runCliAsIs(['build', ACCESS, '--notices', `${dir}/error.log`])
  t.match(shortened.stdout, '<b>Deprecated</b>: Db() called from …/Db.php is deprecated in <b>…/Db.php</b> on line <b>7</b>')
  t.notMatch(shortened.stdout, '/var/www/shop')
  const whole = await runCliAsIs(['build', ACCESS, '--notices', `${dir}/error.log`, '--full-paths'])
  t.match(whole.stdout, '<b>Deprecated</b>: Db() called from /var/www/shop/engine/Db.php is deprecated in <b>/var/www/shop/engine/Db.php</b> on line <b>7</b>')
})
