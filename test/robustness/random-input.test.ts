/**
 * Random and damaged input, from fixed seeds: random bytes, mutated real
 * lines, CRLF endings and NUL bytes. Nothing crashes or hangs, every non-blank
 * line is either a row candidate or a counted skipped line, and the page is
 * the same whether the bytes come from a file or from stdin.
 */

import { readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { countLine, rowSummaries, tableRows } from '../helpers/page.js'
import { fixture, runCli, type CliOptions, type CliResult } from '../helpers/run-cli.js'
import { between, pickOne, randomBytes, seeded, type Random } from '../helpers/seeded.js'

/** A run in this process: one that hangs fails the file at tap's timeout. */
const run = (args: string[], options: CliOptions = {}): Promise<CliResult> => runCli(args, options)

const NGINX = readFileSync(fixture('nginx/access.log'))
const NGINX_LINES = NGINX.toString('utf8').trimEnd().split('\n')

/** Non-blank lines as the reader splits them (`\n`, with one `\r` before it dropped). */
const nonBlankLines = (bytes: Buffer): number =>
  bytes.toString('utf8').split('\n').filter((line) => line.replace(/\r$/, '') !== '').length

const SUMMARY = /^profiler-search: skipped (\d+) of (\d+) lines \(([^)]*)\); first at [^\n]+:\d+\n$/

/** The stderr summary as numbers; null when nothing was skipped. */
const summary = (r: CliResult): { skipped: number; lines: number } | null => {
  if (r.stderr === '') return null
  const match = SUMMARY.exec(r.stderr)
  if (!match) throw new Error(`not a summary line: ${r.stderr}`)
  return { skipped: Number(match[1]), lines: Number(match[2]) }
}

/** One mutation of a real line: what broken writers, cut files and attackers do to log lines. */
const mutate = (random: Random, line: string): string => {
  const at = between(random, 0, line.length - 1)
  switch (between(random, 0, 7)) {
    case 0: return line.slice(0, at) + line.slice(at + 1)
    case 1: return line.slice(0, at) + pickOne(random, ['"', '\\', '[', ']', ' ', '\x00', '\t', '\u202e', '\ufffd']) + line.slice(at)
    case 2: return line.slice(0, at)
    case 3: return line.slice(0, at) + String.fromCharCode(between(random, 0, 0xffff)) + line.slice(at + 1)
    case 4: return line + line.slice(at)
    case 5: return line.replace(/"/g, () => (random() < 0.5 ? '\\"' : '"'))
    case 6: return line.replace(/\d/g, (d) => (random() < 0.2 ? String(between(random, 0, 9)) : d))
    default: return line.slice(at) + line.slice(0, at)
  }
}

t.test('random bytes: exit 1 (not an access log) with one line, nothing on stdout, no crash', async (t) => {
  for (const seed of [1, 2, 3]) {
    const random = seeded(seed)
    const bytes = randomBytes(random, 256 * 1024)
    bytes[0] = 0x41 // not the gzip magic: read as text
    const r = await run(['build', '-'], { input: bytes })
    t.equal(r.code, 1, `seed ${seed}`)
    t.equal(r.stdout, '')
    t.match(r.stderr, /^profiler-search: stdin: (?:none of (?:its|the first) \d+ lines is|its only line is not) [^\n]*\n$/)
  }
})

t.test('random bytes after real lines: every random line is a counted skipped line', async (t) => {
  for (const seed of [11, 12, 13]) {
    const random = seeded(seed)
    const noise = randomBytes(random, 512 * 1024)
    const input = Buffer.concat([NGINX, noise, Buffer.from('\n')])
    const dir = t.testdir({ 'noisy.log': input })
    const r = await run(['build', '--limit', '100', '--tz', 'UTC', `${dir}/noisy.log`])
    t.equal(r.code, 0, `seed ${seed}`)
    const clean = await run(['build', '--limit', '100', '--tz', 'UTC', fixture('nginx/access.log')])
    t.strictSame(rowSummaries(r.stdout), rowSummaries(clean.stdout), 'the rows of the real lines, no more')
    const counted = summary(r)
    t.equal(counted?.lines, nonBlankLines(input), 'every non-blank line was read')
    t.equal(counted?.skipped, (summary(clean)?.skipped ?? 0) + nonBlankLines(noise), 'every random line was skipped')
    const piped = await run(['build', '--limit', '100', '--tz', 'UTC', '-'], { input })
    t.strictSame(tableRows(piped.stdout), tableRows(r.stdout), 'the same rows and tokens from stdin')
  }
})

t.test('mutated real lines: no crash, a valid page, every line accounted for', async (t) => {
  for (const seed of [21, 22, 23, 24]) {
    const random = seeded(seed)
    const mutated = Array.from({ length: 3000 }, () => {
      let line = pickOne(random, NGINX_LINES)
      for (let n = between(random, 1, 3); n > 0; n--) line = mutate(random, line)
      return line
    })
    const input = Buffer.from([...NGINX_LINES.slice(0, 20), ...mutated].join('\n') + '\n', 'utf8')
    const r = await run(['build', '--limit', '500', '--tz', 'UTC', '-'], { input })
    t.equal(r.code, 0, `seed ${seed}: ${r.stderr.slice(0, 200)}`)
    t.match(r.stdout, /^<!DOCTYPE html>\n[\s\S]*<\/html>\n$/)
    const rows = tableRows(r.stdout)
    t.equal(countLine(r.stdout), `${rows.length} results found`)
    t.ok(rows.length >= 10, `seed ${seed}: ${rows.length} rows`)
    t.ok(rows.every((cells) => cells[0] === '200' && cells[2] === 'GET'), 'only GET 200 rows')
    t.equal(summary(r)?.lines, nonBlankLines(input))
    const dir = t.testdir({ 'mutated.log': input })
    const fromFile = await run(['build', '--limit', '500', '--tz', 'UTC', `${dir}/mutated.log`])
    t.strictSame(tableRows(fromFile.stdout), tableRows(r.stdout), 'the same rows and tokens from a file')
  }
})

t.test('CRLF endings give the same page as LF; mixed endings too; a lone CR is not a line break', async (t) => {
  const lf = await run(['build', '--limit', '100', '-'], { input: NGINX })
  const crlf = Buffer.from(NGINX.toString('utf8').replace(/\n/g, '\r\n'))
  const mixed = Buffer.from(NGINX_LINES.map((line, i) => line + (i % 2 ? '\r\n' : '\n')).join(''))
  for (const [name, input] of [['CRLF', crlf], ['mixed', mixed]] as const) {
    const r = await run(['build', '--limit', '100', '-'], { input })
    t.equal(r.code, 0, name)
    t.equal(r.stdout, lf.stdout, `${name}: byte-identical page, tokens and raw lines included`)
    t.equal(r.stderr, lf.stderr)
  }
  // CR-only endings make the whole file one line: the first log line with the rest as trailing text.
  const crOnly = await run(['build', '-'], { input: NGINX.toString('utf8').replace(/\n/g, '\r') })
  t.equal(crOnly.code, 0)
  t.equal(crOnly.stderr, '')
  const first = await run(['build', '-'], { input: `${NGINX_LINES[0]}\n` })
  t.strictSame(rowSummaries(crOnly.stdout), rowSummaries(first.stdout), 'one row: the first line')
})

t.test('NUL bytes: inside lines, whole NUL lines, and a NUL block left by a crash', async (t) => {
  const dir = t.testdir({})
  const lines = NGINX_LINES.slice(0, 30)
  // A crash can leave a block of NULs in a log file; the next line is written right after it.
  const input = Buffer.concat([
    Buffer.from(lines.slice(0, 10).join('\n') + '\n'),
    Buffer.alloc(65536),
    Buffer.from(lines.slice(10, 20).join('\n') + '\n'),
    Buffer.from('\x00\x00\x00\n\x00\n'),
    Buffer.from(lines.slice(20).map((line) => line.replace('Mozilla', 'Moz\x00illa')).join('\n') + '\n'),
  ])
  writeFileSync(`${dir}/nul.log`, input)
  const r = await run(['build', '--limit', '100', '--tz', 'UTC', `${dir}/nul.log`])
  t.equal(r.code, 0)
  const clean = Buffer.from([...lines.slice(0, 10), ...lines.slice(11)].join('\n') + '\n')
  const expected = await run(['build', '--limit', '100', '--tz', 'UTC', '-'], { input: clean })
  t.strictSame(rowSummaries(r.stdout), rowSummaries(expected.stdout),
    'the line glued to the NUL block is lost, a NUL in a User-Agent is harmless')
  t.equal(summary(r)?.lines, 32, '30 lines and 2 NUL lines')
  t.equal(summary(r)?.skipped, (summary(expected)?.skipped ?? 0) + 3, 'the glued line and the 2 NUL lines')
})
