/**
 * Property: a run on worker threads writes exactly what the run on one
 * thread writes, page and stderr byte for byte (but the note saying it
 * read on several threads), or fails with the same error: on generated logs
 * (auto's mixed formats, bad, blank, CRLF and overlong lines, equal
 * timestamps, Apache's out-of-order ones), plain files read forwards and
 * from their end, gzip (one cut short, with --partial-ok or not) and stdin,
 * random options (--limit, --ip, --status, --token, --from, --until, a fixed
 * format, --full-scan, --strict) and random sizes, so that pieces, ranges
 * and the switch to the workers fall anywhere between lines.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { isUserError } from '../../src/errors.js'
import { build } from '../../src/jobs/build.js'
import type { BuildOptions } from '../../src/jobs/build-options.js'
import { parseLogFormat } from '../../src/parse/format/log-format-option.js'
import { CRITERION_PARSERS, DEFAULT_CRITERIA, type Criteria } from '../../src/select/criteria.js'
import { DEFAULT_READ_OPTIONS } from '../../src/source/read-settings.js'
import { WorkerPool } from '../../src/workers/worker-pool.js'
import { buildOptions } from '../helpers/build-options.js'
import { collector, SOURCE_DATE_EPOCH } from '../helpers/run-cli.js'
import { clfTime } from '../helpers/log-line.js'
import { between, pickOne, seeded, type Random } from '../helpers/seeded.js'

const CASES = Number(process.env.THREAD_CASES ?? 40)
const dir = mkdtempSync(join(tmpdir(), 'threads-property-'))
const pool = new WorkerPool(2)
t.teardown(async () => {
  await pool.close()
  rmSync(dir, { recursive: true, force: true })
})

const pad = (n: number): string => String(n).padStart(2, '0')
const URLS = ['/moebel/', '/moebel/12/sofa-bergen', '/lampen/tische/7/lampe-x?c=3', '/robots.txt', '/media/x.png', '/checkout/cart']
const START = Date.UTC(2026, 10, 22, 8)

interface Input {
  name: string
  lines: string[]
  kind: 'plain' | 'gzip' | 'cut-gzip' | 'stdin'
}

interface Case {
  inputs: Input[]
  options: Partial<BuildOptions>
  /** Pick a token of the listing made without one. */
  token: boolean
}

function logLines(random: Random, count: number): string[] {
  const apache = random() < 0.3
  const vhost = random() < 0.2
  let written = START + between(random, 0, 3) * 3_600_000
  const lines: string[] = []
  for (let i = 0; i < count; i++) {
    written += pickOne(random, [0, 0, 0, 1000, 1000, 2000, 7000])
    const stamp = apache ? written - between(random, 0, 5) * 1000 : written
    const odd = random()
    if (odd < 0.03) lines.push(pickOne(random, ['garbage', '', '127.0.0.1 - - [bad time] "GET / HTTP/1.1" 200 1', '\u00e9t\u00e9 \u2603']))
    else if (odd < 0.032) lines.push(`10.0.0.1 - - [${clfTime(stamp)}] "GET /${'x'.repeat(70_000)} HTTP/1.1" 200 1 "-" "long"`)
    else {
      const status = random() < 0.8 ? 200 : pickOne(random, [404, 304, 500])
      const line = `10.0.${between(random, 0, 3)}.${between(random, 1, 9)} - - [${clfTime(stamp)}] "GET ${pickOne(random, URLS)} HTTP/1.1" ${status} ${between(random, 0, 9999)}`
      // a common line among combined ones is read by auto with another preset; CRLF now and then
      const full = random() < 0.05 ? line : `${vhost && random() < 0.9 ? 'shop.example:443 ' : ''}${line} "-" "test/${between(random, 1, 3)}"`
      lines.push(random() < 0.05 ? `${full}\r` : full)
    }
  }
  return lines
}

function makeCase(random: Random): Case {
  const inputs: Input[] = []
  const count = between(random, 1, 3)
  for (let i = 0; i < count; i++) {
    const kind = pickOne(random, ['plain', 'plain', 'gzip', 'stdin', 'cut-gzip'] as const)
    if (kind === 'stdin' && inputs.some((input) => input.kind === 'stdin')) continue
    const name = kind === 'stdin' ? '-' : `access.log${i === 0 ? '' : `.${i}`}${kind === 'plain' ? '' : '.gz'}`
    inputs.push({ name, lines: logLines(random, between(random, 50, 2500)), kind })
  }
  const criteria: Criteria = { ...DEFAULT_CRITERIA }
  const filter = random()
  if (filter < 0.15) criteria.ip = CRITERION_PARSERS.ip('10.0.3.9')
  else if (filter < 0.3) criteria.status = CRITERION_PARSERS.status(pickOne(random, ['404', '5xx']))
  else if (filter < 0.4) criteria.from = CRITERION_PARSERS.from(`2026-11-22T${pad(8 + between(random, 0, 3))}:${pad(between(random, 0, 59))}`)
  else if (filter < 0.5) criteria.until = CRITERION_PARSERS.until(`2026-11-22T${pad(8 + between(random, 0, 3))}:${pad(between(random, 0, 59))}`)
  if (random() < 0.3) criteria.anyUrl = true
  if (random() < 0.3) criteria.status = null
  const options: Partial<BuildOptions> = {
    limit: pickOne(random, [1, 3, 10, 50, 1000]),
    criteria,
    emit: pickOne(random, ['html', 'ndjson'] as const),
    fullScan: random() < 0.4,
    strict: random() < 0.1,
    partialOk: random() < 0.5,
    orderTolerance: pickOne(random, [0, 5, 60]),
    backwardMinBytes: between(random, 0, 20_000),
    threadSizes: { minBytes: between(random, 0, 30_000), backwardBytes: between(random, 0, 30_000), rangeBytes: between(random, 200, 20_000), pieceBytes: between(random, 1, 8_000) },
    read: random() < 0.2 ? { ...DEFAULT_READ_OPTIONS, logTz: 'UTC', logFormat: parseLogFormat('combined') } : { ...DEFAULT_READ_OPTIONS, logTz: 'UTC' },
  }
  return { inputs, options, token: random() < 0.15 }
}

interface Outcome {
  stdout: string
  stderr: string[]
  error: string | null
}

/** Writes the case's inputs into `folder`; stdin's bytes are returned. */
function writeInputs(folder: string, c: Case): Buffer {
  let stdin = Buffer.alloc(0)
  for (const input of c.inputs) {
    const text = Buffer.from(input.lines.map((line) => `${line}\n`).join(''))
    if (input.kind === 'stdin') stdin = text
    else if (input.kind === 'plain') writeFileSync(join(folder, input.name), text)
    else {
      const gzip = gzipSync(text)
      writeFileSync(join(folder, input.name), input.kind === 'gzip' ? gzip : gzip.subarray(0, Math.floor(gzip.length * 0.7)))
    }
  }
  return stdin
}

async function run(folder: string, stdin: Buffer, c: Case, changes: Partial<BuildOptions>, threads: number): Promise<Outcome> {
  const out = collector()
  const stderr: string[] = []
  const options = buildOptions({
    inputs: c.inputs.map((input) => input.name), tz: 'UTC', verbose: true, quiet: true, ...c.options, ...changes, threads,
  })
  try {
    await build(options, {
      stdin: Readable.from([stdin]), stdout: out, stderr: new PassThrough(), warn: (line) => void stderr.push(line), cwd: folder, env: { SOURCE_DATE_EPOCH },
      ...(threads > 1 ? { workers: pool } : {}),
    })
    return { stdout: out.text(), stderr, error: null }
  } catch (e) {
    if (!isUserError(e)) throw e
    return { stdout: out.text(), stderr, error: `${(e as Error).message} (exit ${e.exitCode})` }
  }
}

/** A token of the listing without --token, or none. */
async function someToken(folder: string, stdin: Buffer, c: Case, random: Random): Promise<string | null> {
  const listing = await run(folder, stdin, c, { emit: 'ndjson', limit: 1_000_000, strict: false }, 1)
  const tokens = listing.stdout.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { token: string }).token)
  return tokens.length === 0 ? null : pickOne(random, tokens)
}

t.test('on worker threads, the same page and the same stderr as on one thread', async (t) => {
  const random = seeded(20261127)
  let threaded = 0
  for (let round = 0; round < CASES; round++) {
    const c = makeCase(random)
    const folder = join(dir, `case-${round}`)
    mkdirSync(folder)
    const stdin = writeInputs(folder, c)
    if (c.token) {
      const token = await someToken(folder, stdin, c, random)
      if (token !== null) c.options.criteria = { ...c.options.criteria as Criteria, token }
    }
    const one = await run(folder, stdin, c, {}, 1)
    const two = await run(folder, stdin, c, {}, 2)
    const notes = two.stderr.filter((line) => / read on 2 threads[ ,]/.test(line))
    if (notes.length > 0) threaded++
    const what = `round ${round}: ${c.inputs.map((input) => `${input.name}(${input.kind}, ${input.lines.length})`).join(' ')}, ${JSON.stringify({ ...c.options, criteria: undefined, read: undefined })}`
    t.strictSame({ ...two, stderr: two.stderr.filter((line) => !notes.includes(line)) },
      { ...one, stderr: one.stderr.map((line) => line.replace(/ read on 1 thread,/, ' read on 2 threads,')).filter((line) => !notes.includes(line)) }, what)
  }
  t.ok(threaded > CASES / 3, `${threaded} of ${CASES} runs read on the workers`)
})
