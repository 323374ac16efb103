import { writeFileSync } from 'node:fs'
import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { noticeText } from '../../../src/notices/php-notice.js'
import { noticeCollector, openNoticeFiles, readNotices, type NoticesOptions } from '../../../src/notices/read-notices.js'
import { phpFixture } from './php-fixtures.js'

const stdin = (text: string, isTTY = false): Readable & { isTTY?: boolean } =>
  Object.assign(Readable.from([Buffer.from(text)]), { isTTY })

const options = (over: Partial<NoticesOptions> = {}): NoticesOptions =>
  ({ files: [], limit: 10, all: false, redactPaths: [], ...over })

const texts = async (files: string[], input = stdin(''), over: Partial<NoticesOptions> = {}): Promise<string[]> => {
  const opened = await openNoticeFiles(files, () => input, false, process.cwd())
  return (await readNotices(opened, options({ files, ...over }))).notices.map(noticeText)
}

t.test('files are read in the order given; gzip by content; a BOM is ignored', async (t) => {
  const dir = t.testdir()
  writeFileSync(`${dir}/a.log`, '\uFEFF[22-Nov-2026 10:00:00 UTC] PHP Deprecated:  A in /a.php on line 1\n')
  writeFileSync(`${dir}/b.txt`, gzipSync('Deprecated: B in /b.php on line 2\r\nDeprecated: A in /a.php on line 1\r\n'))
  t.strictSame(await texts([`${dir}/a.log`, `${dir}/b.txt`]), ['Deprecated: A in /a.php on line 1', 'Deprecated: B in /b.php on line 2'])
  t.strictSame(await texts([`${dir}/b.txt`, `${dir}/a.log`], undefined, { all: true }),
    ['Deprecated: B in /b.php on line 2', 'Deprecated: A in /a.php on line 1', 'Deprecated: A in /a.php on line 1'])
})

t.test('stdin as a notices file', async (t) => {
  t.strictSame(await texts(['-'], stdin('Deprecated: S in /s.php on line 3\n')), ['Deprecated: S in /s.php on line 3'])
})

t.test('redaction, then the visible form for the page', async (t) => {
  const dir = t.testdir({ 'e.log': 'Deprecated: tab\there\u202e in /var/www/shop/x.php on line 4\nDeprecated: tab\there\u202e in /var/www/shop/x.php on line 4\n' })
  t.strictSame(await texts([`${dir}/e.log`], undefined, { redactPaths: ['/var/www/shop'] }),
    ['Deprecated: tab\u2409here<U+202E> in …/x.php on line 4'])
})

t.test('a file without Deprecated notices adds nothing', async (t) => {
  t.strictSame(await texts([phpFixture('error_log'), `${t.testdir({ 'x.log': 'PHP Warning:  w in /a.php on line 1\n' })}/x.log`], undefined, { limit: 1 }),
    ['Deprecated: Implicit conversion from float 1795351686.457462 to int loses precision in /var/www/shop/engine/Library/Enlight/Template/Plugins/modifier.currency.php on line 10'])
})

t.test('errors name --notices and the file', async (t) => {
  const dir = t.testdir({ 'trunc.gz': gzipSync('Deprecated: x in /a.php on line 1\n'.repeat(100)).subarray(0, 30) })
  await t.rejects(openNoticeFiles([`${dir}/nope.log`], () => stdin(''), false, process.cwd()),
    { message: `--notices: cannot read ${dir}/nope.log: no such file`, hint: 'check the path; use - to read stdin', exitCode: 2 })
  await t.rejects(openNoticeFiles([dir], () => stdin(''), false, process.cwd()), { message: `--notices: cannot read ${dir}: it is a folder`, exitCode: 2 })
  await t.rejects(openNoticeFiles(['-'], () => stdin(''), true, process.cwd()), { message: '--notices: stdin (-) is already read', exitCode: 2 })
  await t.rejects(openNoticeFiles(['-', '-'], () => stdin(''), false, process.cwd()), { message: '--notices: stdin (-) is already read', exitCode: 2 })
  await t.rejects(openNoticeFiles(['-'], () => stdin('', true), false, process.cwd()), { message: '--notices: stdin is a terminal', exitCode: 2 })
  const opened = await openNoticeFiles([`${dir}/trunc.gz`], () => stdin(''), false, process.cwd())
  await t.rejects(readNotices(opened, options()), { message: /^--notices: cannot read .*trunc\.gz: the gzip data is truncated or corrupt/, exitCode: 2 })
})

t.test('a collector takes lines as they arrive too: each input its own scanner, one pick for all', async (t) => {
  const dir = t.testdir({ 'a.log': 'Deprecated: A in /a.php on line 1\n' })
  const collector = noticeCollector(options({ limit: 2 }))
  const [a] = await openNoticeFiles([`${dir}/a.log`], () => stdin(''), false, process.cwd())
  await collector.read(a as NonNullable<typeof a>)
  const followed = collector.lines()
  followed.line('\uFEFFDeprecated: B in /b.php on line 2', 0)
  followed.line('Deprecated: C in /c.php on line 3', 35)
  t.strictSame(collector.picked().map(noticeText), ['Deprecated: B in /b.php on line 2', 'Deprecated: C in /c.php on line 3'],
    'the most recent two; the BOM at the start of the file is taken off')
  followed.line('2026/11/22 10:00:00 [error] 1#1: *2 FastCGI sent in stderr: "PHP message: PHP Deprecated:  A in /a.php on line 1" while reading upstream, client: 127.0.0.1', 80)
  t.strictSame(collector.picked().map(noticeText), ['Deprecated: B in /b.php on line 2', 'Deprecated: C in /c.php on line 3'],
    'an nginx entry waits for the next line or a pause')
  followed.settle()
  t.strictSame(collector.picked().map(noticeText), ['Deprecated: A in /a.php on line 1', 'Deprecated: C in /c.php on line 3'],
    'settled: A, seen again, is among the most recent two, in first-appearance order')
})
