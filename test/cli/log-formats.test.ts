/**
 * One request plan (fixtures/plan.tsv), logged by a real nginx and a real
 * Apache in every format they were configured with (fixtures/formats/), gives
 * the same rows whatever the format: same URLs, IPs, methods, order, and the
 * same instants (shown in UTC here). Each log is read with its preset name
 * and with the server's own format text. Expected rows come from the plan and
 * the raw log lines (test/helpers/request-plan.ts), never from the tool.
 */

import { readFileSync } from 'node:fs'
import t from 'tap'
import { countLine, rowSummaries, tableRows } from '../helpers/page.js'
import { APACHE_ORDER, expectedRows, NGINX_ORDER, PLAN, PLAN_ROW_COUNT, type PlanEntry } from '../helpers/request-plan.js'
import { type CliResult, fixture, runCli } from '../helpers/run-cli.js'

/** A format file's text as it sits in the server config, without the file's final newline. */
const formatText = (name: string): string => readFileSync(fixture(`formats/${name}.format`), 'utf8').replace(/\n$/, '')

interface FormatLog {
  file: string
  order: readonly number[]
  /** The `--log-format` preset that reads it, or null for a custom format. */
  preset: string | null
  /** fixtures/formats/<name>.format: what the server was configured with. */
  format: string
  /** Logs X-Forwarded-For. */
  xff: boolean
  /** The logged epoch seconds and milliseconds of a line, for formats with sub-second time. */
  msec: ((line: string) => [number, number]) | null
}

const capture = (re: RegExp) => (line: string): [number, number] => {
  const m = re.exec(line)
  if (!m) throw new Error(`no msec in ${line.slice(0, 200)}`)
  return [Number(m[1]), Number(m[2])]
}

const LOGS: readonly FormatLog[] = [
  { file: 'nginx/access.log', order: NGINX_ORDER, preset: 'combined', format: 'nginx-combined', xff: false, msec: null },
  { file: 'nginx/common.log', order: NGINX_ORDER, preset: 'common', format: 'nginx-common', xff: false, msec: null },
  { file: 'nginx/custom.log', order: NGINX_ORDER, preset: null, format: 'nginx-custom', xff: true, msec: capture(/ msec=(\d+)\.(\d{3}) /) },
  { file: 'nginx/json.log', order: NGINX_ORDER, preset: 'json', format: 'nginx-json', xff: true, msec: capture(/"msec":(\d+)\.(\d{3}),/) },
  { file: 'apache/access.log', order: APACHE_ORDER, preset: 'combined', format: 'apache-combined', xff: false, msec: null },
  { file: 'apache/common.log', order: APACHE_ORDER, preset: 'common', format: 'apache-common', xff: false, msec: null },
  { file: 'apache/vhost_combined.log', order: APACHE_ORDER, preset: 'vhost_combined', format: 'apache-vhost_combined', xff: false, msec: null },
  // `%D %{msec}t "%{X-Forwarded-For}i"` ends the line
  { file: 'apache/custom.log', order: APACHE_ORDER, preset: null, format: 'apache-custom', xff: true, msec: capture(/ (\d+)(\d{3}) "[^"]*"$/) },
]

const logText = (log: FormatLog): string => readFileSync(fixture(log.file), 'utf8')
const utcRows = (log: FormatLog): string[] => expectedRows(logText(log), log.order, { zone: 'UTC' })
const server = (log: FormatLog): string => log.file.split('/')[0] as string
/** `status ip method url`: what both servers agree on (their clocks are read at different moments). */
const withoutTime = (rows: readonly string[]): string[] => rows.map((row) => row.split(' ').slice(0, 4).join(' '))

/**
 * The client `--client-ip forwarded` must pick for the plan rows that carry
 * X-Forwarded-For. Every peer is loopback, so trusted by default; the walk
 * goes from the right and skips trusted (loopback, private) addresses.
 */
const FORWARDED: Record<string, string> = {
  r05: '203.0.113.9', //                   203.0.113.9, 10.0.0.2
  r22: '198.51.100.23', //                 198.51.100.23
  r29: '203.0.113.30', //                  203.0.113.30,10.0.0.9 (no space)
  r52: '2001:db8::17', //                  2001:db8::17 behind ::1
  r58: '127.0.0.6', //                     203.0.113.200, unknown: the invalid entry stops the walk at the peer
  r64: '203.0.113.50', //                  198.51.100.7, 203.0.113.50, 192.168.1.10: the right-most untrusted one
  r75: '10.1.2.3', //                      10.1.2.3, 172.16.0.5: all trusted, so the left-most
}
const forwardedIp = (entry: PlanEntry): string => FORWARDED[entry.id] ?? entry.source

const uniqid = (seconds: number, micros: number): string =>
  seconds.toString(16).padStart(8, '0') + micros.toString(16).padStart(5, '0')

/** Runs are shared between tests that ask for the same command line (the CLI is deterministic). */
const runs = new Map<string, Promise<CliResult>>()
const run = (log: FormatLog, logFormat: string | null, ...extra: string[]): Promise<CliResult> => {
  const args = ['build', '--limit', '100', '--tz', 'UTC', ...(logFormat === null ? [] : ['--log-format', logFormat]), ...extra, fixture(log.file)]
  const key = JSON.stringify(args)
  const result = runs.get(key) ?? runCli(args)
  runs.set(key, result)
  return result
}

t.test('the fixtures: every log of one server holds the same plan rows at the same instants', async (t) => {
  t.equal(PLAN_ROW_COUNT, 30)
  t.strictSame(PLAN.filter((entry) => entry.row && entry.xff !== null).map((entry) => entry.id).sort(), Object.keys(FORWARDED).sort(),
    'every row sent with X-Forwarded-For has its expected client')
  for (const log of LOGS) t.equal(logText(log).trimEnd().split('\n').length, PLAN.length, `${log.file}: one line per plan request`)
  const first = new Map<string, string[]>()
  for (const log of LOGS) {
    const rows = utcRows(log)
    t.equal(rows.length, 30, log.file)
    const same = first.get(server(log))
    if (same) t.strictSame(rows, same, `${log.file}: same rows and times as the other ${server(log)} logs`)
    else first.set(server(log), rows)
  }
  t.strictSame(withoutTime(first.get('apache') ?? []), withoutTime(first.get('nginx') ?? []), 'nginx and Apache: same rows in the same order')
})

for (const log of LOGS) {
  const names = log.preset === null ? [log.format] : [log.preset, log.format]
  for (const name of names) {
    const label = name === log.preset ? `--log-format ${name}` : `--log-format "$(cat fixtures/formats/${name}.format)"`
    t.test(`${log.file}: ${label}`, async (t) => {
      const r = await run(log, name === log.preset ? name : formatText(name))
      t.equal(r.code, 0)
      t.equal(r.stderr, '', 'every line the server wrote is read')
      t.equal(countLine(r.stdout), '30 results found')
      t.strictSame(rowSummaries(r.stdout), utcRows(log))
    })
  }
}

t.test('every format of the plan gives the same page rows (the cross-format check)', async (t) => {
  const seen = new Map<string, string[]>()
  let reference: string[] | undefined
  for (const log of LOGS) {
    const rows = rowSummaries((await run(log, formatText(log.format))).stdout)
    t.equal(rows.length, 30, log.file)
    const same = seen.get(server(log))
    if (same) t.strictSame(rows, same, `${log.file}: same rows, same UTC times as the other ${server(log)} logs`)
    else seen.set(server(log), rows)
    if (reference) t.strictSame(withoutTime(rows), reference, `${log.file}: same URLs, IPs and order as nginx/access.log`)
    else reference = withoutTime(rows)
  }
})

for (const log of LOGS.filter((l) => l.preset !== null)) {
  t.test(`${log.file}: auto picks ${log.preset}`, async (t) => {
    const path = fixture(log.file)
    for (const args of [[], ['--log-format', 'auto']]) {
      const quiet = await run(log, null, ...args)
      t.equal(quiet.code, 0)
      t.equal(quiet.stderr, '', `${args.join(' ') || 'default'}: nothing on stderr without --verbose`)
      t.strictSame(rowSummaries(quiet.stdout), utcRows(log))
    }
    const verbose = await run(log, 'auto', '--verbose')
    t.equal(verbose.code, 0)
    t.strictSame(verbose.stderr.split('\n').filter((line) => line.startsWith(`profiler-search: ${path}:`)),
      [`profiler-search: ${path}: log format ${log.preset} (auto)`])
    t.strictSame(rowSummaries(verbose.stdout), utcRows(log))
  })
}

for (const log of LOGS.filter((l) => l.xff)) {
  t.test(`${log.file}: --client-ip forwarded takes the client from X-Forwarded-For`, async (t) => {
    const forwarded = await run(log, formatText(log.format), '--client-ip', 'forwarded')
    t.equal(forwarded.code, 0)
    t.equal(forwarded.stderr, '')
    t.strictSame(rowSummaries(forwarded.stdout), expectedRows(logText(log), log.order, { zone: 'UTC', ip: forwardedIp }))
    const logged = await run(log, formatText(log.format), '--client-ip', 'logged')
    t.strictSame(rowSummaries(logged.stdout), utcRows(log), '--client-ip logged: the peer address as logged')
  })
}

/** Tokens in page order for three rows, by hand from the logged msec (see the comments). */
const KNOWN_TOKENS: Record<string, Record<string, string>> = {
  // nginx $msec: r05 1795351496.263, r52 1795351523.550, r81 1795351540.567 (custom.log and json.log alike)
  nginx: { r05: '6b02e3c840358', r52: '6b02e3e386470', r81: '6b02e3f48a6d8' },
  // Apache %{msec}t: r05 1795351496264, r52 1795351523550, r81 1795351540562
  apache: { r05: '6b02e3c840740', r52: '6b02e3e386470', r81: '6b02e3f489350' },
}

for (const log of LOGS.filter((l) => l.msec !== null)) {
  const msec = log.msec as (line: string) => [number, number]
  t.test(`${log.file}: the token's microseconds come from the logged milliseconds`, async (t) => {
    const r = await run(log, formatText(log.format))
    t.equal(r.code, 0)
    const expected = expectedRows(logText(log), log.order, {
      zone: 'UTC',
      extra: (line) => {
        const [seconds, millis] = msec(line)
        return uniqid(seconds, millis * 1000)
      },
    })
    t.strictSame(tableRows(r.stdout).map((cells) => cells.join(' ')), expected, 'every row: seconds and milliseconds as logged')
    const byRequest = new Map(tableRows(r.stdout).map((cells) => [`${cells[1]} ${cells[3]}`, cells[5]]))
    for (const [id, token] of Object.entries(KNOWN_TOKENS[server(log)] ?? {})) {
      const entry = PLAN.find((e) => e.id === id) as PlanEntry
      t.equal(byRequest.get(`${entry.source} ${entry.target}`), token, `${id} ${entry.source} ${entry.target}`)
    }
  })
}
