/**
 * SIGTERM ends a run, also while it matches log lines against a config
 * file's segment types. A pattern such as `(a+)+$` took a backtracking
 * engine longer than a lifetime on a segment of forty a's and a b, in one
 * synchronous call: the signal handler never got its turn. In RE2 the lines
 * are matched at once and the run, waiting for more of stdin, ends by the
 * signal. And many patterns: each line was tried
 * against each pattern, and a megabyte of lines took seconds in one
 * synchronous stretch; at the cap on patterns a run now hears the signal
 * between pieces of at most 64 KiB, each matched in one walk of the patterns'
 * tree.
 */

import { readdirSync, readFileSync } from 'node:fs'
import t from 'tap'
import { tableRows } from '../helpers/page.js'
import { seeded } from '../helpers/seeded.js'
import { startCli } from '../helpers/run-cli.js'
import { waitFor } from '../helpers/wait-for.js'
import { combinedLine } from '../helpers/log-line.js'

const OLD_PAGE = '<!DOCTYPE html><p>previous page</p>\n'
const CONFIG = { shapes: { patterns: ['/p/{evil}', '/q/{worse}'], segmentTypes: { evil: '(a+)+$', worse: '(x+x+)+y' } } }
const line = (target: string): string => `${combinedLine({ time: '22/Nov/2026:12:00:01 +0000', url: target })}\n`
/** Lines that make a backtracking engine try about 2^40 ways each. */
const EVIL_LINES = line(`/p/${'a'.repeat(40)}b`) + line(`/q/${'x'.repeat(40)}`)

/** A line that is no log line: --verbose shows it as it is read. */
const AFTER_EVIL = 'a line that is no log line, read after the evil ones'

t.test('SIGTERM ends a build while it reads lines a backtracking segment type chokes on', async (t) => {
  const dir = t.testdir({ 'index.html': OLD_PAGE, 'config.json': JSON.stringify(CONFIG) })
  // A run that does not end is killed after 10 s, and fails.
  // --log-format combined: `auto` would hold the lines back until it has seen enough of them to choose.
  const { child, result } = startCli(['build', '--config', `${dir}/config.json`, '--log-format', 'combined', '--verbose', '-', '-o', `${dir}/index.html`],
    { timeoutMs: 10_000 })
  let stderr = ''
  child.stderr.on('data', (b: Buffer) => {
    stderr += b.toString('utf8')
  })
  await waitFor('the temporary file (the stop handler is in place)', () => readdirSync(dir).some((name) => name.endsWith('.tmp')))
  child.stdin.write(`${line('/p/aaa')}${EVIL_LINES}${AFTER_EVIL}\n`)
  // shown once the evil lines were matched: a backtracking engine would still be at the first of them
  await waitFor('the line after the evil ones', () => stderr.includes(AFTER_EVIL))
  t.ok(child.kill('SIGTERM'))
  const r = await result
  t.equal(r.timedOut, false, 'it ended')
  t.equal(r.signal, 'SIGTERM', 'ended by the signal')
  t.equal(r.stderr, `profiler-search: config file ${dir}/config.json (--config)\nprofiler-search: stdin:4: not a log line: ${AFTER_EVIL}\n`)
  t.strictSame(readdirSync(dir).sort(), ['config.json', 'index.html'], 'the temporary file is gone')
  t.equal(readFileSync(`${dir}/index.html`, 'utf8'), OLD_PAGE, 'the previous page stays')
})

t.test('the same lines to the end of the input: the page lists the ones that match, at once', async (t) => {
  const dir = t.testdir({ 'config.json': JSON.stringify(CONFIG) })
  const { child, result } = startCli(['build', '--config', `${dir}/config.json`, '--tz', 'UTC', '-'], { timeoutMs: 10_000 })
  child.stdin.end(line('/p/aaa') + EVIL_LINES + line('/q/xxy'))
  const r = await result
  t.equal(r.timedOut, false)
  t.equal(r.code, 0, r.stderr)
  t.strictSame(tableRows(r.stdout).map((cells) => cells[3]), ['/q/xxy', '/p/aaa'])
})

/** A config at the cap on patterns: 1,000 of 8 segments, 7 of them of the type (it reads `(a+)+`, for RE2 no harm). */
const AT_THE_CAP = {
  shapes: {
    patterns: Array.from({ length: 1000 }, (_, i) => `/${'{seg}/'.repeat(7)}p${i}`),
    segmentTypes: { seg: '(?:[a-z]+[a-z]*)+[0-9]?' },
  },
}
const MARKER = 'a line that is no log line, where reading is in full swing'

/**
 * Over 4 MiB of lines whose first 7 segments have the type and whose last is
 * no pattern's, so every line is tried against all the patterns and none is a
 * row. The file is read from its end; the marker line comes after the first
 * 64 KiB read, followed by `after` bytes.
 */
const hostileLog = (): { text: string; after: number } => {
  const random = seeded(4)
  const word = (): string => Array.from({ length: 40 }, () => String.fromCharCode(0x61 + Math.floor(random() * 26))).join('')
  const lines = Array.from({ length: 14_000 }, () => line(`/${Array.from({ length: 8 }, word).join('/')}`))
  const tail = lines.slice(-220)
  const after = tail.join('').length
  return { text: [...lines.slice(0, -220), `${MARKER}\n`, ...tail].join(''), after }
}

t.test('SIGTERM ends a build at the cap on patterns while it matches lines against all of them, nothing written', async (t) => {
  const { text, after } = hostileLog()
  t.ok(text.length > 4 * 1024 * 1024 && after > 64 * 1024, 'read from its end, the marker after the first 64 KiB')
  const dir = t.testdir({ 'index.html': OLD_PAGE, 'config.json': JSON.stringify(AT_THE_CAP), 'access.log': text })
  // the notices on stdin, read after the log, keep a run that is done with the log waiting; --verbose shows the marker as it is read
  const { child, result } = startCli(['build', '--config', `${dir}/config.json`, '--log-format', 'combined', '--verbose', `${dir}/access.log`, '--notices', '-',
    '-o', `${dir}/index.html`], { timeoutMs: 3_000 })
  let stderr = ''
  child.stderr.on('data', (b: Buffer) => {
    stderr += b.toString('utf8')
  })
  await waitFor('the marker line', () => stderr.includes(MARKER))
  t.ok(child.kill('SIGTERM'))
  const r = await result
  t.equal(r.timedOut, false, 'it ended (a run that does not is killed after 3 s)')
  t.equal(r.signal, 'SIGTERM', 'ended by the signal')
  t.equal(r.stderr, `profiler-search: config file ${dir}/config.json (--config)\n` +
    `profiler-search: ${dir}/access.log@byte ${text.length - after - MARKER.length - 1}: not a log line: ${MARKER}\n`)
  t.strictSame(readdirSync(dir).sort(), ['access.log', 'config.json', 'index.html'], 'the temporary file is gone')
  t.equal(readFileSync(`${dir}/index.html`, 'utf8'), OLD_PAGE, 'the previous page stays')
})
