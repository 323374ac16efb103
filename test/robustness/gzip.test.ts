/**
 * Broken gzip input: a truncated or corrupt `.gz` is an input error (exit 2)
 * and nothing is published, unless --partial-ok, which publishes exactly the
 * rows of the lines read before the break and says so in one line.
 */

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { constants, gunzipSync, gzipSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { countLine, rowSummaries, tableRows } from '../helpers/page.js'
import { fixture, runCli } from '../helpers/run-cli.js'

const OLD_PAGE = '<!DOCTYPE html><p>previous page</p>\n'
/** The nginx fixture 30 times over: about 530 KB, 5.5 KB gzipped. */
const LOG = Buffer.concat(Array.from({ length: 30 }, () => readFileSync(fixture('nginx/access.log'))))
const GZ = gzipSync(LOG, { level: 9 })

/** The complete lines a reader gets out of a broken gzip before it fails. */
const completeLinesOf = (broken: Buffer): Buffer => {
  const text = gunzipSync(broken, { finishFlush: constants.Z_SYNC_FLUSH })
  return text.subarray(0, text.lastIndexOf(0x0a) + 1)
}

const lineCount = (text: Buffer): number => text.toString('utf8').split('\n').filter((line) => line !== '').length

const assertNothingPublished = (t: Test, dir: string): void => {
  t.equal(readFileSync(`${dir}/out.html`, 'utf8'), OLD_PAGE, 'the previous page is left as it was')
  t.strictSame(readdirSync(dir).filter((name) => name.endsWith('.tmp')), [], 'no temporary file is left')
}

const truncations = [
  { name: 'cut after 60% of its bytes', bytes: GZ.subarray(0, Math.floor(GZ.length * 0.6)) },
  { name: 'cut in the first block', bytes: GZ.subarray(0, 1000) },
  { name: 'missing only its 8-byte trailer', bytes: GZ.subarray(0, GZ.length - 8) },
]

for (const { name, bytes } of truncations) {
  t.test(`a truncated .gz (${name}): exit 2, nothing published; --partial-ok publishes the lines before the cut`, async (t) => {
    const dir = t.testdir({ 'out.html': OLD_PAGE, 'access.log.2.gz': bytes, 'complete-lines.log': completeLinesOf(bytes) })
    const gz = `${dir}/access.log.2.gz`
    const failed = await runCli(['build', gz, '-o', `${dir}/out.html`])
    t.equal(failed.code, 2)
    t.equal(failed.stderr, `profiler-search: cannot read ${gz}: the gzip data is truncated or corrupt (unexpected end of file) (check the file with gzip -t)\n`)
    assertNothingPublished(t, dir)

    const partial = await runCli(['build', '--partial-ok', gz, '-o', `${dir}/partial.html`])
    const oracle = await runCli(['build', `${dir}/complete-lines.log`])
    t.equal(partial.code, 0)
    const kept = lineCount(completeLinesOf(bytes))
    t.equal(partial.stderr.split('\n')[0],
      `profiler-search: cannot read ${gz}: the gzip data is truncated or corrupt (unexpected end of file); kept the ${kept} lines read before the error (--partial-ok)`)
    const published = readFileSync(`${dir}/partial.html`, 'utf8')
    t.strictSame(tableRows(published), tableRows(oracle.stdout), 'exactly the rows (and tokens) of the complete lines before the cut')
    t.equal(countLine(published), countLine(oracle.stdout))
  })
}

t.test('a corrupt .gz (a flipped byte): exit 2 naming the zlib error; --partial-ok keeps what came before', async (t) => {
  const corrupt = Buffer.from(GZ)
  corrupt[2000] = (corrupt[2000] as number) ^ 0xff
  const dir = t.testdir({ 'out.html': OLD_PAGE, 'bad.gz': corrupt })
  const failed = await runCli(['build', `${dir}/bad.gz`, '-o', `${dir}/out.html`])
  t.equal(failed.code, 2)
  t.match(failed.stderr, new RegExp(`^profiler-search: cannot read ${dir}/bad.gz: the gzip data is truncated or corrupt \\([^)\\n]+\\) \\(check the file with gzip -t\\)\\n$`))
  assertNothingPublished(t, dir)
  const partial = await runCli(['build', '--partial-ok', `${dir}/bad.gz`, '-o', `${dir}/out.html`])
  t.equal(partial.code, 0)
  t.match(partial.stderr, /; kept the \d+ lines read before the error \(--partial-ok\)\n/)
  t.not(readFileSync(`${dir}/out.html`, 'utf8'), OLD_PAGE, 'published')
})

t.test('--partial-ok in a rotated set: the broken .gz keeps its first lines, the other inputs are read in full', async (t) => {
  const rotated = fixture('nginx/rotated')
  const gz = readFileSync(`${rotated}/access.log.2.gz`)
  const dir = t.testdir({ 'access.log.2.gz': gz.subarray(0, gz.length - 8) })
  const args = ['--limit', '100', '--tz', 'UTC']
  const whole = await runCli(['build', ...args, `${rotated}/access.log.2.gz`, `${rotated}/access.log.1`, `${rotated}/access.log`])
  const partial = await runCli(['build', ...args, '--partial-ok', `${dir}/access.log.2.gz`, `${rotated}/access.log.1`, `${rotated}/access.log`])
  t.equal(partial.code, 0)
  t.equal(partial.stderr,
    `profiler-search: cannot read ${dir}/access.log.2.gz: the gzip data is truncated or corrupt (unexpected end of file); kept the 27 lines read before the error (--partial-ok)\n`,
    'all 27 lines came out before the missing trailer was noticed')
  t.strictSame(rowSummaries(partial.stdout), rowSummaries(whole.stdout))
  t.equal(countLine(partial.stdout), countLine(whole.stdout))
})

t.test('a truncated .gz on stdin: exit 2, and with --partial-ok the page goes to stdout', async (t) => {
  const bytes = GZ.subarray(0, Math.floor(GZ.length / 2))
  const failed = await runCli(['build', '-'], { input: bytes })
  t.equal(failed.code, 2)
  t.equal(failed.stdout, '', 'nothing on stdout')
  t.equal(failed.stderr, 'profiler-search: cannot read stdin: the gzip data is truncated or corrupt (unexpected end of file) (check the file with gzip -t)\n')
  const partial = await runCli(['build', '--partial-ok', '-'], { input: bytes })
  t.equal(partial.code, 0)
  t.match(partial.stdout, /<\/html>\n$/)
  t.match(partial.stderr, /^profiler-search: cannot read stdin: .*; kept the \d+ lines read before the error \(--partial-ok\)\n/)
})

t.test('--partial-ok does not hide other errors: a missing input and a file that is not a log still fail', async (t) => {
  const dir = t.testdir({ 'out.html': OLD_PAGE })
  const missing = await runCli(['build', '--partial-ok', `${dir}/nope.gz`, '-o', `${dir}/out.html`])
  t.equal(missing.code, 2)
  t.equal(missing.stderr, `profiler-search: cannot read ${dir}/nope.gz: no such file (check the path; use - to read stdin)\n`)
  writeFileSync(`${dir}/notes.gz`, gzipSync('just some notes\n'.repeat(200)))
  const notLog = await runCli(['build', '--partial-ok', `${dir}/notes.gz`, '-o', `${dir}/out.html`])
  t.equal(notLog.code, 1)
  assertNothingPublished(t, dir)
  t.equal(existsSync(`${dir}/partial.html`), false)
})
