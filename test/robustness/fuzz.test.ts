/**
 * Seeded fuzz of everything that reads what users and servers write: log
 * lines under every format, --log-format texts and the other option values,
 * config files, PHP notices and merge's NDJSON. Each run goes through
 * main(argv, io) in this process, end to end; any exit but 0, 1 or 2 is a
 * bug (exit 70 prints the stack), and so is a run that does not end.
 *
 * Each target runs a fixed count of seeded cases, the same ones on every
 * run: FUZZ_CASES per target, 200 in `npm test` (a few seconds: a smoke test
 * that the paths still hold; finding new bugs is `npm run fuzz`'s work), 20,000
 * in `npm run fuzz`. A failure names its seed: FUZZ_SEED=<seed> runs that one
 * case again.
 */

import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { fixture, runCli, type CliResult } from '../helpers/run-cli.js'
import { between, pickOne, randomBytes, seeded, type Random } from '../helpers/seeded.js'
import { scaled } from '../helpers/wait-for.js'

const CASES = Number(process.env['FUZZ_CASES'] ?? 200)
const ONE_SEED = process.env['FUZZ_SEED'] === undefined ? null : Number(process.env['FUZZ_SEED'])
/** A single run that takes longer than this is reported as a hang. */
const HANG_MS = 15_000

const linesOf = (path: string): string[] => readFileSync(path, 'utf8').split('\n').filter((line) => line !== '')
const filesIn = (folder: string, pattern: RegExp): string[] =>
  readdirSync(fixture(folder)).filter((name) => pattern.test(name)).map((name) => fixture(`${folder}/${name}`))

const LOG_LINES = [
  ...filesIn('nginx', /\.log$/), ...filesIn('apache', /\.log$/), ...filesIn('handmade', /\.log$/),
  ...filesIn('wild', /\.log$/), fixture('hostile/access.log'),
].flatMap(linesOf)
const FORMATS = [...filesIn('formats', /\.format$/).map((path) => readFileSync(path, 'utf8').trim()), 'combined', 'common', 'vhost_combined', 'json', 'auto']
const NOTICE_LINES = filesIn('php', /log$|\.txt$|\.html$/).flatMap(linesOf)
const CONFIGS = filesIn('config', /\.json$/).map((path) => readFileSync(path, 'utf8'))
const NDJSON_LINES = filesIn('ndjson', /\.ndjson$/).flatMap(linesOf)

/** What breaks parsers: quotes, escapes, brackets, separators, huge and odd numbers, invisible and multi-byte characters. */
const NASTY = [
  '"', '\\', '\\"', '\\x', '\\u00', '[', ']', '{', '}', ' ', '  ', '\t', '\x00', '\r', '-', '+', ':', '/', '%', '$', '${', '%{', '}t',
  '99999999999999999999', '-1', '1e308', 'NaN', '0x10', '\u202e', '\u200b', '\ufeff', '\ud800', '\udfff', 'ÿ', '€', '😀', '\u0301'.repeat(50),
  '%d/%b/%Y', '$time_iso8601', '$msec', '%>s', '%{msec}t', '%{%z}t', 'escape=json', '[22/Nov/2026:10:00:05 +0100]', '2026-02-30T25:61:61+99:99',
]

const mutate = (random: Random, text: string): string => {
  let out = text
  for (let n = between(random, 1, 4); n > 0; n--) {
    const at = between(random, 0, out.length)
    switch (between(random, 0, 7)) {
      case 0: out = out.slice(0, at) + out.slice(at + between(random, 1, 8)); break
      case 1: out = out.slice(0, at) + pickOne(random, NASTY) + out.slice(at); break
      case 2: out = out.slice(0, at); break
      case 3: out = out.slice(0, at) + out.slice(between(random, 0, out.length)); break
      case 4: out = out.slice(0, at) + randomBytes(random, between(random, 1, 6)).toString('latin1') + out.slice(at); break
      case 5: out = out.slice(0, at) + out.slice(at, at + 40).repeat(between(random, 2, 30)) + out.slice(at + 40); break
      case 6: out = out.replace(/\d+/, () => pickOne(random, ['0', '-0', '999999999999', '1.5', '', '00000000000000000001'])); break
      default: out = out.slice(at) + out.slice(0, at)
    }
  }
  return out
}

const someLines = (random: Random, from: readonly string[], count: number): string =>
  Array.from({ length: count }, () => (random() < 0.7 ? mutate(random, pickOne(random, from)) : pickOne(random, from))).join(random() < 0.1 ? '\r\n' : '\n')

/** Runs one case; fails with the seed and the arguments when it crashes or hangs. */
const check = async (t: Test, seed: number, args: string[], input: string): Promise<void> => {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<CliResult>((resolve) => {
    timer = setTimeout(() => resolve({ code: null, signal: null, stdout: '', stderr: 'did not end' }), scaled(HANG_MS))
  })
  const r = await Promise.race([runCli(args, { input }), hang]).finally(() => clearTimeout(timer))
  if (r.code === 0 || r.code === 1 || r.code === 2) return
  t.fail(`seed ${seed}: exit ${r.code} for ${JSON.stringify(args)}`, { stderr: r.stderr.slice(0, 4000), input: input.slice(0, 2000) })
}

/** Runs `one(seed)` for CASES seeds counting up from `base` (or for the one FUZZ_SEED); a case that throws fails with its seed. */
const fuzz = async (t: Test, base: number, one: (seed: number, random: Random) => Promise<void>): Promise<void> => {
  const seeds = ONE_SEED === null ? Array.from({ length: CASES }, (_, i) => base + i) : [ONE_SEED]
  for (const seed of seeds) {
    try {
      await one(seed, seeded(seed))
    } catch (e) {
      t.fail(`seed ${seed}: ${e instanceof Error ? e.stack : String(e)}`)
    }
  }
  t.pass(`${seeds.length} cases from seed ${seeds[0]}`)
}

t.test('log lines under every format', async (t) => {
  await fuzz(t, 1_000_000, async (seed, random) => {
    const format = random() < 0.8 ? pickOne(random, FORMATS) : mutate(random, pickOne(random, FORMATS))
    const extra = pickOne(random, [[], ['--any-url'], ['--status', 'any', '--method', 'any', '--any-url'], ['--emit', 'ndjson', '--any-url'], ['--tz', 'Europe/Berlin'], ['--full-scan']])
    await check(t, seed, ['build', '--log-format', format, ...extra], someLines(random, LOG_LINES, between(random, 1, 60)))
  })
})

/** Option values as a user could type them, each a little wrong. */
const OPTION_VALUES: Record<string, readonly string[]> = {
  '--from': ['2026-11-22', '2026-11-22T10:00', '2026-11-22T12:22:06+01:00', '2026-11-22T10:00:00Z'],
  '--until': ['2026-11-22', '2026-11-22T10:00:59', '2026-11-22T12:22:06.5-05:00'],
  '--ip': ['10.0.0.0/8', '2001:db8::/32', '198.51.100.1', '::ffff:10.0.0.1/128'],
  '--status': ['200', '4xx', 'any'],
  '--method': ['GET', 'any', 'POST'],
  '--url': ['/moebel', '!/robots'],
  '--token': ['6b02af150012c'],
  '--tz': ['Europe/Berlin', 'UTC', 'America/St_Johns'],
  '--log-tz': ['Europe/Berlin', 'Asia/Kolkata'],
  '--json-fields': ['ip=client,time=ts,request=req,status=code', 'ip=a.b.c,time=t'],
  '--client-ip': ['forwarded', 'logged'],
  '--trusted-proxy': ['10.0.0.0/8', '::1', '0.0.0.0/0'],
  '--order-tolerance': ['60', '0', '1.5'],
  '--limit': ['10', '1', '1000'],
  '--crawlers': ['include', 'exclude', 'only'],
  '--emit': ['html', 'json', 'ndjson', 'csv'],
}

t.test('option values', async (t) => {
  const names = Object.keys(OPTION_VALUES)
  await fuzz(t, 2_000_000, async (seed, random) => {
    const args = ['build', '--client-ip', 'forwarded']
    for (let n = between(random, 1, 4); n > 0; n--) {
      const name = pickOne(random, names)
      const value = pickOne(random, OPTION_VALUES[name] as readonly string[])
      args.push(name, random() < 0.7 ? mutate(random, value) : value)
    }
    await check(t, seed, args, someLines(random, LOG_LINES, 20))
  })
})

/** A config value of any JSON type, sometimes one the schema wants. */
const anyValue = (random: Random, depth = 0): unknown => {
  switch (between(random, 0, depth > 2 ? 4 : 6)) {
    case 0: return null
    case 1: return random() < 0.5
    case 2: return pickOne(random, [0, -1, 1.5, 1e21, 10, 50])
    case 3: return mutate(random, pickOne(random, ['/{category}/', '/{a:int}/{b}', '[0-9]+', '(a+)+$', 'UTC', 'csv', '{x', '{}', '']))
    case 4: return pickOne(random, ['[a-z]+', '.*', 'SW[0-9]+)|(.*', '(?=x)', '\\', '{category}'])
    case 5: return Array.from({ length: between(random, 0, 4) }, () => anyValue(random, depth + 1))
    default: return Object.fromEntries(Array.from({ length: between(random, 0, 4) }, () =>
      [pickOne(random, ['shapes', 'patterns', 'segmentTypes', 'reserved', 'limit', 'tz', 'emit', 'cid', 'int', '__proto__', 'constructor', 'x']), anyValue(random, depth + 1)]))
  }
}

t.test('config files', async (t) => {
  const dir = t.testdir({})
  const log = fixture('nginx/access.log')
  await fuzz(t, 3_000_000, async (seed, random) => {
    let text: string
    if (random() < 0.5) text = mutate(random, pickOne(random, CONFIGS))
    else {
      const config = JSON.parse(pickOne(random, CONFIGS.filter((c) => c.includes('shapes')))) as { shapes: Record<string, unknown> } & Record<string, unknown>
      const key = pickOne(random, ['patterns', 'segmentTypes', 'reserved', 'limit', 'tz', 'emit'])
      if (['patterns', 'segmentTypes', 'reserved'].includes(key)) config.shapes[key] = anyValue(random)
      else config[key] = anyValue(random)
      text = JSON.stringify(config)
    }
    const path = join(dir, `config-${seed % 8}.json`)
    writeFileSync(path, text)
    await check(t, seed, ['build', '--config', path, log], '')
  })
})

t.test('PHP notices', async (t) => {
  const dir = t.testdir({})
  const log = fixture('nginx/access.log')
  await fuzz(t, 4_000_000, async (seed, random) => {
    const path = join(dir, `notices-${seed % 8}.log`)
    writeFileSync(path, someLines(random, NOTICE_LINES, between(random, 1, 80)))
    const extra = pickOne(random, [[], ['--all-notices'], ['--notices-limit', '2'], ['--redact-path', '/var/www/'], ['--redact-path', mutate(random, '/var/www/')]])
    await check(t, seed, ['build', log, '--notices', path, ...extra], '')
  })
})

t.test('merge input', async (t) => {
  await fuzz(t, 5_000_000, async (seed, random) => {
    const extra = pickOne(random, [[], ['--emit', 'csv'], ['--limit', '3'], ['--tz', 'Asia/Tokyo']])
    await check(t, seed, ['merge', '-', ...extra], someLines(random, NDJSON_LINES, between(random, 1, 40)))
  })
})
