/**
 * Property: the inputs of a run are a set. On random sets of 1 to 5 logs
 * (each a plain file, a .gz, or a rotated set of generations; times
 * disjoint, overlapping, or interleaved line by line with equal seconds
 * across files; Apache's out-of-order stamps; sizes on both sides of the
 * size from which files are read from their end; one name in two folders),
 * named in a random order, with random filters and limits, on one thread
 * or two: the default run (a time window bisected, lines without the
 * search's literals passed over) lists the rows of a full scan that parses
 * every line, byte for byte (but where each line was found), another order of the same inputs writes the
 * same bytes and the same --verbose notes, and --token finds every token
 * the page lists.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PassThrough } from 'node:stream'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { isUserError } from '../../src/errors.js'
import { build } from '../../src/jobs/build.js'
import type { BuildOptions } from '../../src/jobs/build-options.js'
import { CRITERION_PARSERS, DEFAULT_CRITERIA, type Criteria } from '../../src/select/criteria.js'
import { WorkerPool } from '../../src/workers/worker-pool.js'
import { buildOptions } from '../helpers/build-options.js'
import { collector, SOURCE_DATE_EPOCH } from '../helpers/run-cli.js'
import { clfTime } from '../helpers/log-line.js'
import { between, pickOne, seeded, type Random } from '../helpers/seeded.js'

const CASES = Number(process.env.INPUT_SET_CASES ?? 60)
const dir = mkdtempSync(join(tmpdir(), 'input-set-property-'))
const pool = new WorkerPool(2)
t.teardown(async () => {
  await pool.close()
  rmSync(dir, { recursive: true, force: true })
})

const URLS = ['/moebel/', '/moebel/12/sofa-bergen', '/lampen/tische/7/lampe-x?c=3', '/robots.txt', '/media/x.png', '/checkout/cart', '/garten/rare-find/']
const NAMES = ['web1/access.log', 'web2/access.log', 'shop.log', 'api/access.log', 'b.example.log']
const START = Date.UTC(2026, 10, 22, 8)

/** A file of the case: its path in the case's folder, its lines, gzip or not. */
interface LogFile {
  path: string
  lines: string[]
  gzip: boolean
}

interface Case {
  files: LogFile[]
  /** How the times of the logs lie to each other. */
  times: 'disjoint' | 'overlapping' | 'interleaved'
  options: Partial<BuildOptions>
  threads: number
}

/** One request line written at `written`; Apache stamps it up to `lag` seconds earlier. */
function requestLine(random: Random, written: number, lag: number): string {
  if (random() < 0.02) return pickOne(random, ['garbage', '', '127.0.0.1 - - [bad time] "GET / HTTP/1.1" 200 1'])
  const stamp = written - between(random, 0, lag) * 1000
  const status = random() < 0.8 ? 200 : pickOne(random, [404, 304, 500])
  const method = random() < 0.9 ? 'GET' : 'POST'
  const ip = random() < 0.1 ? `2001:db8::${between(random, 1, 9)}` : `10.0.${between(random, 0, 3)}.${between(random, 1, 9)}`
  return `${ip} - - [${clfTime(stamp)}] "${method} ${pickOne(random, URLS)} HTTP/1.1" ${status} ${between(random, 0, 9999)} "-" "test/${between(random, 1, 3)}"`
}

/** The lines of `logs` logs, in each log's own order, as the case's times ask. */
function logsLines(random: Random, logs: number, times: Case['times'], lag: number): string[][] {
  const lines: string[][] = Array.from({ length: logs }, () => [])
  const step = (): number => pickOne(random, [0, 0, 1000, 1000, 2000, 7000])
  if (times === 'interleaved') {
    // one stream of requests dealt to the logs: equal seconds across files
    let written = START
    const count = between(random, 0, 1500)
    for (let i = 0; i < count; i++) {
      written += step()
      lines[between(random, 0, logs - 1)]?.push(requestLine(random, written, lag))
    }
    return lines
  }
  return lines.map((own, k) => {
    let written = times === 'disjoint' ? START + k * 6 * 3_600_000 : START + between(random, 0, 1800) * 1000
    const count = between(random, 0, 500)
    for (let i = 0; i < count; i++) {
      written += step()
      own.push(requestLine(random, written, lag))
    }
    return own
  })
}

/** A log as files: one plain file, a .gz, or a rotated set of 2 or 3 generations (the older ones gzip more often). */
function filesOf(random: Random, name: string, lines: string[]): LogFile[] {
  const shape = random()
  if (shape < 0.15) return [{ path: `${name}.gz`, lines, gzip: true }]
  if (shape < 0.6) return [{ path: name, lines, gzip: false }]
  const generations = between(random, 2, 3)
  const cuts = Array.from({ length: generations - 1 }, () => between(random, 0, lines.length)).sort((a, b) => a - b)
  const bounds = [0, ...cuts, lines.length]
  return bounds.slice(1).map((end, i) => {
    const age = generations - 1 - i
    const gzip = age >= 2 || (age === 1 && random() < 0.4)
    return { path: age === 0 ? name : `${name}.${age}${gzip ? '.gz' : ''}`, lines: lines.slice(bounds[i], end), gzip }
  })
}

/** A minute within the day after START, as --from and --until take it (UTC). */
function someMinute(random: Random): string {
  return new Date(START + between(random, 0, 24 * 60) * 60_000).toISOString().slice(0, 16)
}

function makeCase(random: Random): Case {
  const logs = between(random, 1, 5)
  const times = pickOne(random, ['disjoint', 'overlapping', 'interleaved'] as const)
  const tolerance = pickOne(random, [0, 5, 60])
  const lag = random() < 0.4 ? tolerance : 0
  const names = [...NAMES].sort(() => random() - 0.5).slice(0, logs)
  const files = logsLines(random, logs, times, lag).flatMap((lines, k) => filesOf(random, names[k] as string, lines))
  const criteria: Criteria = { ...DEFAULT_CRITERIA }
  const filter = random()
  if (filter < 0.15) criteria.url = CRITERION_PARSERS.url(pickOne(random, ['rare-find', '/moebel/12', 'x.png', '!/robots']))
  else if (filter < 0.3) criteria.status = CRITERION_PARSERS.status(pickOne(random, ['404', '5xx', '304']))
  else if (filter < 0.4) criteria.ip = CRITERION_PARSERS.ip(pickOne(random, ['10.0.3.9', '2001:db8::/64', '10.0.3', '10.0.0.0/16', '2001:db8::5', ':db8:']))
  else if (filter < 0.5) criteria.until = CRITERION_PARSERS.until(someMinute(random))
  else if (filter < 0.6) criteria.from = CRITERION_PARSERS.from(someMinute(random))
  if (random() < 0.3) criteria.method = null
  else if (random() < 0.1) criteria.method = 'POST'
  if (random() < 0.2) criteria.status = null
  const options: Partial<BuildOptions> = {
    limit: pickOne(random, [1, 3, 10, 50, 1000]),
    criteria,
    orderTolerance: tolerance,
    // files on both sides of it: the larger read from their end, the smaller whole
    backwardMinBytes: between(random, 0, 40_000),
    threadSizes: { minBytes: between(random, 0, 30_000), backwardBytes: between(random, 0, 30_000), rangeBytes: between(random, 200, 20_000), pieceBytes: between(random, 1, 8_000) },
  }
  return { files, times, options, threads: random() < 0.3 ? 2 : 1 }
}

interface Outcome {
  stdout: string
  notes: string[]
  error: string | null
}

/** The case's inputs named in `order`, read with `changes`. */
async function run(folder: string, c: Case, order: readonly string[], changes: Partial<BuildOptions> = {}): Promise<Outcome> {
  const out = collector()
  const notes: string[] = []
  const options = buildOptions({ inputs: [...order], tz: 'UTC', emit: 'ndjson', verbose: true, quiet: true, ...c.options, ...changes, threads: c.threads })
  try {
    await build(options, {
      stdin: new PassThrough(), stdout: out, stderr: new PassThrough(), warn: (line) => void notes.push(line), cwd: folder, env: { SOURCE_DATE_EPOCH },
      ...(c.threads > 1 ? { workers: pool } : {}),
    })
    return { stdout: out.text(), notes, error: null }
  } catch (e) {
    if (!isUserError(e)) throw e
    return { stdout: out.text(), notes, error: `${(e as Error).message} (exit ${e.exitCode})` }
  }
}

/** The rows as NDJSON, without where each line was found (a line number forwards, a byte offset from the end). */
function rowsText(stdout: string): string {
  return stdout.split('\n').filter(Boolean).map((line) => {
    const row = JSON.parse(line) as Record<string, unknown>
    delete row.line
    delete row.byteOffset
    return JSON.stringify(row)
  }).join('\n')
}

function shuffled<T>(random: Random, list: readonly T[]): T[] {
  const copy = [...list]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = between(random, 0, i)
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

t.test('a set of logs in any order: the rows of --full-scan, the same bytes and notes, every token found', async (t) => {
  const random = seeded(20261128)
  let compared = 0
  let tokens = 0
  for (let round = 0; round < CASES; round++) {
    const c = makeCase(random)
    const folder = join(dir, `case-${round}`)
    for (const file of c.files) {
      mkdirSync(dirname(join(folder, file.path)), { recursive: true })
      const text = file.lines.map((line) => `${line}\n`).join('')
      writeFileSync(join(folder, file.path), file.gzip ? gzipSync(text) : text)
    }
    const paths = c.files.map((file) => file.path)
    const what = `round ${round}: ${c.times}, ${c.files.map((f) => `${f.path}(${f.lines.length})`).join(' ')}, limit ${c.options.limit}, `
      + `tolerance ${c.options.orderTolerance}, from the end at ${c.options.backwardMinBytes} bytes, ${c.threads} thread(s)`
    // the reference: every line of every input read and parsed, none passed over by the search's literals
    const full = await run(folder, c, shuffled(random, paths), { fullScan: true, passOver: false })
    const one = await run(folder, c, shuffled(random, paths))
    const other = await run(folder, c, shuffled(random, paths))
    t.strictSame([other.stdout, other.notes, other.error], [one.stdout, one.notes, one.error], `${what}: another order, the same bytes and notes`)
    t.equal(one.error, full.error, `${what}: the same error, if any`)
    if (one.error !== null) continue
    t.equal(rowsText(one.stdout), rowsText(full.stdout), `${what}: the rows of --full-scan`)
    compared++
    const listed = one.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)
    // one row's token a case: the cases vary the sets, the orders and the options; each token is a search of its own
    for (const row of shuffled(random, listed).slice(0, 1)) {
      const found = await run(folder, c, shuffled(random, paths), { criteria: { ...c.options.criteria as Criteria, token: row.token as string } })
      t.equal(rowsText(found.stdout), rowsText(`${JSON.stringify(row)}\n`), `${what}: --token ${row.token as string} finds its row`)
      tokens++
    }
  }
  t.ok(compared > CASES * 0.9, `${compared} of ${CASES} cases compared`)
  t.ok(tokens > CASES * 0.8, `${tokens} tokens looked for`)
})
