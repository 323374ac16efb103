/**
 * The bench's log generator (test/bench/generate-log.js). The old styles keep their bytes: tests and the
 * README's earlier runs depend on them. The 'wild' style is the same for a seed and has what makes real
 * logs slower to read than the old ones, which the bench's figures rest on: IPv6 clients, several offsets,
 * lines out of order (within --order-tolerance), long user agents, repeat-heavy clients, crawlers and
 * scanners, lines without a request; and the tool reads every line of it.
 */

import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { writeLargeLog } from '../../helpers/large-log.js'
import { runCli } from '../../helpers/run-cli.js'

const dir = mkdtempSync(join(tmpdir(), 'generate-log-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

const generate = (lines: number, seed: number, style: 'nginx' | 'apache' | 'wild'): string => {
  const path = join(dir, `${style}-${seed}-${lines}.log`)
  writeLargeLog(path, lines, seed, style)
  return path
}
const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex')

t.test('the nginx and apache styles write the bytes they always wrote', async (t) => {
  // the sha-256 of what the generator wrote before the wild style came
  t.equal(sha256(generate(2_000, 42, 'nginx')), '0091d3ffec8fc4a4fb749aaae4c007eff989a2f785698d6afd5522adf583b8b6')
  t.equal(sha256(generate(2_000, 7, 'apache')), '52559b4efb4991bb578bf601879f45d5c781b82db9182aa88e74172dad604595')
  t.equal(sha256(generate(10, 42, 'nginx')), 'd06b0613dc4bb2e23b7cf500ab6d355e43deb2156bb4257f98c4e1e8e2e205da', 'the bench\'s 10-line log')
})

t.test('a wild log is the same for a seed, another for another seed', async (t) => {
  const first = readFileSync(generate(2_000, 1, 'wild'), 'utf8')
  t.equal(first.split('\n').length, 2_001, '2,000 lines')
  t.equal(readFileSync(generate(2_000, 1, 'wild'), 'utf8'), first)
  t.not(readFileSync(generate(2_000, 2, 'wild'), 'utf8'), first)
})

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const COMBINED = /^(\S+) - (\S+) \[(\d\d)\/(\w{3})\/(\d{4}):(\d\d):(\d\d):(\d\d) ([+-])(\d\d)(\d\d)\] "([^"]*)" (\d{3}) (\d+) "([^"]*)" "([^"]*)"$/
const SUMMER_TIME_ENDS = Date.UTC(2026, 9, 25, 1)

interface Line { ip: string, instant: number, zone: string, request: string, status: string, referer: string, ua: string, length: number }

const parse = (text: string): Line[] => text.split('\n').slice(0, -1).map((line) => {
  const m = COMBINED.exec(line)
  if (!m) throw new Error(`not a combined line: ${line}`)
  const [, ip, , day, month, year, hour, minute, second, sign, zoneHours, zoneMinutes, request, status, , referer, ua] = m as unknown as string[]
  const offset = (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes))
  const local = Date.UTC(Number(year), MONTHS.indexOf(month ?? ''), Number(day), Number(hour), Number(minute), Number(second))
  return { ip: ip ?? '', instant: local - offset * 60_000, zone: `${sign}${zoneHours}${zoneMinutes}`, request: request ?? '', status: status ?? '', referer: referer ?? '', ua: ua ?? '', length: line.length + 1 }
})

const wild = generate(40_000, 42, 'wild')

t.test('a wild log has the shapes of real ones', async (t) => {
  const lines = parse(readFileSync(wild, 'utf8'))
  const share = (test: (line: Line) => boolean): number => lines.filter(test).length / lines.length
  t.equal(lines.length, 40_000, 'every line in the combined format')

  const ipv6 = share((line) => line.ip.includes(':'))
  t.ok(ipv6 > 0.15 && ipv6 < 0.3, `IPv6 clients: ${(ipv6 * 100).toFixed(1)}%`)
  t.ok(lines.some((line) => line.ip.includes('::')) && lines.some((line) => line.ip.split(':').length === 8), 'IPv6 compressed and not')
  const perAddress = new Map<string, number>()
  for (const line of lines) perAddress.set(line.ip, (perAddress.get(line.ip) ?? 0) + 1)
  t.ok(Math.max(...perAddress.values()) > lines.length / 100, 'a client of more than 1% of the lines')

  t.strictSame([...new Set(lines.map((line) => line.zone))].sort(), ['+0000', '+0100', '+0200'], 'three offsets')
  t.ok(lines.every((line) => line.zone !== '+0200' || line.instant < SUMMER_TIME_ENDS), '+0200 until summer time ends')
  t.ok(lines.every((line) => line.zone !== '+0100' || line.instant >= SUMMER_TIME_ENDS), '+0100 after it')

  let newest = -Infinity
  let late = 0
  let latest = 0
  for (const line of lines) {
    if (line.instant < newest) {
      late++
      latest = Math.max(latest, newest - line.instant)
    }
    newest = Math.max(newest, line.instant)
  }
  t.ok(late / lines.length > 0.03 && late / lines.length < 0.07, `${(late / lines.length * 100).toFixed(1)}% of lines stamped before an earlier line`)
  t.ok(latest > 10_000 && latest <= 45_000, `at most ${latest / 1000} s before, within the 60 s of --order-tolerance`)

  const average = lines.reduce((sum, line) => sum + line.length, 0) / lines.length
  t.ok(average > 200 && average < 350, `${average.toFixed(0)} bytes a line`)
  t.ok(share((line) => line.ua.length >= 100) > 0.5 && lines.some((line) => line.ua.length > 200), 'long user agents')
  for (const agent of ['Googlebot/2.1', 'bingbot/2.0', 'AhrefsBot', 'curl/', 'python-requests/', 'Go-http-client/', 'Firefox/', 'Edg/', 'Safari/604.1', 'SamsungBrowser/']) {
    t.ok(lines.some((line) => line.ua.includes(agent)), agent)
  }
  for (const referer of ['-', 'https://www.google.com/', 'https://www.moebel-wohnwelt.example/']) {
    t.ok(lines.some((line) => line.referer.startsWith(referer)), `referer ${referer}`)
  }

  t.ok(lines.some((line) => line.request.startsWith('\\x16\\x03\\x01')), 'TLS bytes for a request')
  t.ok(lines.some((line) => line.request === '-' && line.status === '400'), '"-" for a request, 400')
  for (const method of ['GET', 'POST', 'HEAD', 'PUT', 'OPTIONS', 'PROPFIND']) t.ok(lines.some((line) => line.request.startsWith(`${method} `)), method)
  for (const url of ['/wp-login.php', '/.env', '/checkout/cart', '/search?sSearch=', '?number=SW', '/widgets/listing/', '/media/image/', '/robots.txt']) {
    t.ok(lines.some((line) => line.request.includes(url)), url)
  }
  const statuses = new Map<string, number>()
  for (const line of lines) statuses.set(line.status, (statuses.get(line.status) ?? 0) + 1)
  t.ok((statuses.get('200') ?? 0) > lines.length * 0.8, 'mostly 200')
  for (const status of ['304', '301', '302', '400', '403', '404', '499', '500']) t.ok(statuses.has(status), status)
})

t.test('the tool reads every line of a wild log', async (t) => {
  const result = await runCli(['build', wild, '--full-scan', '--strict', '--any-url', '--method', 'any', '--status', 'any', '--limit', '1', '--emit', 'ndjson'])
  t.equal(result.stderr, '')
  t.equal(result.code, 0, '--strict: no line skipped')
})
