/**
 * Property: reading plain files from their end and stopping early gives
 * exactly the rows of a full scan, on generated logs: in and out of order
 * (Apache stamps a request's start and writes at its end, within the order
 * tolerance), many equal timestamps, rotated sets named in any order with
 * gzip generations, malformed lines, rare filters, N larger than the log.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Writable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { build } from '../../src/jobs/build.js'
import { CRITERION_PARSERS, DEFAULT_CRITERIA, type Criteria } from '../../src/select/criteria.js'
import { buildOptions } from '../helpers/build-options.js'
import { SOURCE_DATE_EPOCH } from '../helpers/run-cli.js'
import { clfTime } from '../helpers/log-line.js'
import { between, pickOne, seeded, type Random } from '../helpers/seeded.js'

const dir = mkdtempSync(join(tmpdir(), 'backward-property-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

const URLS = ['/moebel/', '/moebel/12/sofa-bergen', '/lampen/tische/7/lampe-x?c=3', '/robots.txt', '/sitemap_index.xml',
  '/media/x.png', '/checkout/cart', '/widgets/listing', '/garten/rare-find/']

interface Case {
  files: { name: string; lines: string[]; gzip: boolean }[]
  /** The order the files are named on the command line. */
  named: string[]
  limit: number
  criteria: Partial<Record<'url' | 'status' | 'method', string>>
  tolerance: number
}

const makeCase = (random: Random): Case => {
  const tolerance = pickOne(random, [0, 5, 60])
  const apache = random() < 0.5
  const count = between(random, 0, 400)
  let written = Date.UTC(2026, 10, 22, 8)
  const lines: string[] = []
  for (let i = 0; i < count; i++) {
    written += pickOne(random, [0, 0, 1000, 1000, 2000, 7000])
    // Apache: stamped when the request started, at most `tolerance` before it was written.
    const stamp = apache ? written - Math.floor(random() * (tolerance + 1)) * 1000 : written
    if (random() < 0.03) {
      lines.push(pickOne(random, ['garbage', '', '127.0.0.1 - - [bad time] "GET / HTTP/1.1" 200 1']))
      continue
    }
    const status = random() < 0.8 ? 200 : pickOne(random, [404, 304, 500])
    const method = random() < 0.9 ? 'GET' : 'POST'
    lines.push(`10.0.${between(random, 0, 3)}.${between(random, 1, 9)} - - [${clfTime(stamp)}] "${method} ${pickOne(random, URLS)} HTTP/1.1" ${status} ${between(random, 0, 9999)} "-" "test/${between(random, 1, 3)}"`)
  }
  // Split into a rotated set: oldest generation first in the log's own order.
  const generations = between(random, 1, 4)
  const cuts = Array.from({ length: generations - 1 }, () => between(random, 0, lines.length)).sort((a, b) => a - b)
  const parts: string[][] = []
  let from = 0
  for (const cut of [...cuts, lines.length]) {
    parts.push(lines.slice(from, cut))
    from = cut
  }
  const files = parts.map((part, i) => {
    const age = parts.length - 1 - i
    const gzip = age >= 2 || (age === 1 && random() < 0.3)
    return { name: age === 0 ? 'access.log' : `access.log.${age}${gzip ? '.gz' : ''}`, lines: part, gzip }
  })
  const named = files.map((f) => f.name).sort(() => random() - 0.5)
  const criteria: Case['criteria'] = {}
  const filter = random()
  if (filter < 0.2) criteria.url = 'rare-find'
  else if (filter < 0.35) criteria.status = pickOne(random, ['404', '5xx', 'any'])
  else if (filter < 0.45) criteria.method = 'any'
  return { files, named, limit: pickOne(random, [1, 3, 10, 50, 1000]), criteria, tolerance }
}

const sink = (): { stream: Writable; text: () => string } => {
  const chunks: Buffer[] = []
  const stream = new Writable({ write: (chunk: Buffer, _e, done) => { chunks.push(chunk); done() } })
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') }
}

/** The listed rows as NDJSON objects, without where each line was found (line number or byte offset). */
const rowsOf = async (folder: string, c: Case, fullScan: boolean): Promise<unknown[]> => {
  const out = sink()
  const criteria: Criteria = { ...DEFAULT_CRITERIA }
  if (c.criteria.url) criteria.url = CRITERION_PARSERS.url(c.criteria.url)
  if (c.criteria.status) criteria.status = c.criteria.status === 'any' ? null : CRITERION_PARSERS.status(c.criteria.status)
  if (c.criteria.method) criteria.method = null
  const options = buildOptions({
    inputs: c.named.map((name) => join(folder, name)), limit: c.limit, tz: 'UTC', emit: 'ndjson',
    criteria, fullScan, orderTolerance: c.tolerance, quiet: true, backwardMinBytes: 0,
  })
  await build(options, { stdin: new PassThrough(), stdout: out.stream, stderr: new PassThrough(), warn: () => undefined, cwd: folder, env: { SOURCE_DATE_EPOCH } })
  return out.text().split('\n').filter(Boolean).map((line) => {
    const row = JSON.parse(line) as Record<string, unknown>
    delete row.line
    delete row.byteOffset
    return row
  })
}

/** Seeded cases in npm test (the first of the same seeds; BACKWARD_CASES runs more): input-set.test.ts compares reading from the end with --full-scan too, over sets of inputs. */
const CASES = Number(process.env.BACKWARD_CASES ?? 60)

t.test('backward reading lists exactly what a full scan lists', async (t) => {
  const random = seeded(20261122)
  let compared = 0
  for (let round = 0; round < CASES; round++) {
    const c = makeCase(random)
    const folder = join(dir, `case-${round}`)
    mkdirSync(folder)
    for (const file of c.files) {
      const text = file.lines.map((line) => `${line}\n`).join('')
      writeFileSync(join(folder, file.name), file.gzip ? gzipSync(text) : text)
    }
    let full: unknown[] | Error
    try {
      full = await rowsOf(folder, c, true)
    } catch (e) {
      full = e as Error
    }
    if (full instanceof Error) {
      // A log with no readable line at all fails the same way both ways.
      await t.rejects(rowsOf(folder, c, false), { message: full.message }, `round ${round}: same error`)
      continue
    }
    const backward = await rowsOf(folder, c, false)
    t.same(backward, full, `round ${round}: ${c.files.map((f) => `${f.name}(${f.lines.length})`).join(' ')}, named ${c.named.join(' ')}, limit ${c.limit}, ${JSON.stringify(c.criteria)}, tolerance ${c.tolerance}`)
    compared++
  }
  t.ok(compared > CASES * 0.75, `${compared} of ${CASES} cases compared`)
})
