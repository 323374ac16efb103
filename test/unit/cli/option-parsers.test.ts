/**
 * Each option's value checked as commander reads it (src/cli/option-parsers.ts):
 * what each parser accepts and gives, and the message it refuses with.
 */

import { InvalidArgumentError } from 'commander'
import t from 'tap'
import {
  allowHostFlag, clientIpFlag, criterion, emitFormat, folderPath, intervalSeconds, jsonFieldsFlag, listenFlag, logFormatFlag, MAX_INTERVAL_SECONDS, MAX_LIMIT,
  MAX_MAX_SEARCHES, MAX_SEARCH_TIMEOUT_SECONDS, maxSearchesFlag, noticesFile, orAny, positiveInt, redactPath, rowLimit, searchTimeoutSeconds, seconds, timeZone,
  trustedProxyFlag,
} from '../../../src/cli/option-parsers.js'
import { InvalidCriterion } from '../../../src/select/criteria.js'
import { ANY } from '../../../src/select/filters/request.js'

/** What a parser gives, or `refused: message` for commander's InvalidArgumentError. */
const parsed = <T>(parse: (value: string) => T, value: string): T | string => {
  try {
    return parse(value)
  } catch (e) {
    if (e instanceof InvalidArgumentError) return `refused: ${e.message}`
    throw e
  }
}

const each = <T>(parse: (value: string) => T, values: readonly string[]): (T | string)[] => values.map((value) => parsed(parse, value))

t.test('seconds (--order-tolerance): whole seconds, 0 or more', async (t) => {
  const refused = 'refused: give a whole number of seconds, 0 or more'
  t.strictSame(each(seconds, ['0', '60', '007', '999999999']), [0, 60, 7, 999_999_999])
  t.strictSame(each(seconds, ['-1', '1.5', '', ' 1', '1e3', '1234567890']), Array(6).fill(refused))
})

t.test('intervalSeconds (watch --interval): above 0, at most a day, to the millisecond', async (t) => {
  const refused = `refused: give a number of seconds above 0 and at most ${MAX_INTERVAL_SECONDS}, such as 1 or 0.5 (to the millisecond)`
  t.equal(MAX_INTERVAL_SECONDS, 86_400)
  t.strictSame(each(intervalSeconds, ['0.2', '1', '5', '0.001', '86400', '86400.000']), [0.2, 1, 5, 0.001, 86_400, 86_400])
  t.strictSame(each(intervalSeconds, ['0', '0.000', '86400.001', '86401', '1.2345', '-1', '.5', '1.', '1e3', '', 'Infinity', '123456']), Array(12).fill(refused))
})

t.test('positiveInt (--notices-limit) and rowLimit (--limit)', async (t) => {
  const refused = 'refused: give a whole number of 1 or more'
  t.strictSame(each(positiveInt, ['1', '50', '9007199254740991']), [1, 50, Number.MAX_SAFE_INTEGER])
  t.strictSame(each(positiveInt, ['0', '01', '-1', '1.0', '', '9007199254740992']), Array(6).fill(refused))
  t.equal(MAX_LIMIT, 1_000_000)
  t.strictSame(each(rowLimit, ['1', '1000000']), [1, 1_000_000])
  t.strictSame(each(rowLimit, ['1000001', '0']), [
    'refused: give at most 1000000 rows (they are held in memory); filter with --from/--until or the other criteria for fewer',
    refused,
  ])
})

t.test('timeZone (--tz, --log-tz): IANA names', async (t) => {
  t.strictSame(each(timeZone, ['Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires']), ['Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires'])
  t.strictSame(each(timeZone, ['Mars/Base', '', 'Berlin']), Array(3).fill('refused: give an IANA time zone name such as Europe/Berlin or UTC'))
})

t.test('the repeatable ones add to what came before', async (t) => {
  t.strictSame(noticesFile('a.log', undefined), ['a.log'])
  t.strictSame(noticesFile('-', ['a.log']), ['a.log', '-'])
  t.equal(parsed((value) => noticesFile(value, undefined), ''), 'refused: give a PHP error log: a path, a .gz file, or - for stdin')
  t.strictSame(redactPath('/var/www/shop', ['/srv']), ['/srv', '/var/www/shop'])
  t.strictSame(redactPath('/var/www/', undefined), ['/var/www/'])
  t.strictSame(each((value) => redactPath(value, undefined), ['/', '', '/a\nb']), Array(3).fill('refused: give a server path prefix such as /var/www/shop'))
  t.match(trustedProxyFlag('192.0.2.7', trustedProxyFlag('10.0.0.0/8', undefined)), [{ text: '10.0.0.0/8', bits: 8 }, { bits: 32 }])
  t.strictSame(each((value) => trustedProxyFlag(value, undefined), ['10.0.0.0/33', 'nope', '']),
    Array(3).fill('refused: give an IPv4 or IPv6 address or CIDR range, such as 10.0.0.0/8, 192.0.2.7 or fd00::/8'))
})

t.test('folderPath (--out-dir), emitFormat (--emit), clientIpFlag (--client-ip)', async (t) => {
  t.strictSame(each(folderPath, ['/var/www/profiler', 'site', '', '-']), ['/var/www/profiler', 'site',
    'refused: give a folder path, e.g. --out-dir /var/www/profiler (it is created if missing)', 'refused: give a folder path, e.g. --out-dir /var/www/profiler (it is created if missing)'])
  t.strictSame(each(emitFormat, ['html', 'json', 'ndjson', 'csv', 'xml', 'JSON', 'CSV', 'NdJson', 'XML']), ['html', 'json', 'ndjson', 'csv',
    'refused: give one of html, json, ndjson, csv', 'json', 'csv', 'ndjson', 'refused: give one of html, json, ndjson, csv'], 'in any case')
  t.strictSame(each(clientIpFlag, ['logged', 'forwarded', 'proxy', '']), ['logged', 'forwarded', 'refused: give logged or forwarded', 'refused: give logged or forwarded'])
})

t.test('criterion: a criterion\'s own refusal becomes commander\'s; anything else passes', async (t) => {
  const parse = criterion((text: string) => {
    if (text === 'bad') throw new InvalidCriterion('give a good one')
    if (text === 'bug') throw new TypeError('a bug')
    return text.length
  })
  t.equal(parsed(parse, 'four'), 4)
  t.equal(parsed(parse, 'bad'), 'refused: give a good one')
  t.throws(() => parse('bug'), { name: 'TypeError', message: 'a bug' })
})

t.test('orAny: a criterion\'s null (every value) is kept as the word any', async (t) => {
  const parse = orAny((text: string) => (text === 'any' ? null : Number(text)))
  t.equal(parse('any'), ANY)
  t.equal(ANY, 'any')
  t.equal(parse('404'), 404)
})

t.test('logFormatFlag (--log-format): a preset, auto, or a server\'s format text, compiled here', async (t) => {
  t.strictSame(logFormatFlag(' auto '), { kind: 'auto' })
  t.match(logFormatFlag('combined'), { kind: 'preset', name: 'combined' })
  t.match(logFormatFlag('%h %t "%r" %>s'), { kind: 'custom', spec: { kind: 'text', dialect: 'apache' } })
  t.match(logFormatFlag('$remote_addr [$time_local] "$request" $status'), { kind: 'custom', spec: { kind: 'text', dialect: 'nginx' } })
  t.strictSame(each(logFormatFlag, ['', '   ']), Array(2).fill('refused: give auto, combined, common, vhost_combined, json, or the server\'s log_format / LogFormat text'))
  t.throws(() => logFormatFlag('$remote_addr [$time_local'), {
    message: '--log-format has no request field ($request, or $request_method with $request_uri)', hint: 'see profiler-search build --help', exitCode: 2,
  }, 'a text that cannot work: a usage error naming what is missing')
})

t.test('jsonFieldsFlag (--json-fields): NAME=KEY pairs', async (t) => {
  t.strictSame([...jsonFieldsFlag('ip=remote_addr,time=ts')], [['ip', 'remote_addr'], ['time', 'ts']])
  t.equal(parsed(jsonFieldsFlag, 'ip'), 'refused: ip needs a JSON key: ip=KEY')
  t.equal(parsed(jsonFieldsFlag, 'bogus=x'), 'refused: "bogus" is not a field name: use NAME=KEY pairs with NAME one of ip, time, request, method, uri, protocol, status, bytes, referer, userAgent, duration, host, port, forwardedFor, user')
})

t.test('serve: listenFlag (--listen), allowHostFlag (--allow-host), searchTimeoutSeconds (--search-timeout), maxSearchesFlag (--max-searches)', async (t) => {
  t.strictSame(each(listenFlag, ['127.0.0.1:8080', '[::1]:0']), [{ host: '127.0.0.1', port: 8080 }, { host: '::1', port: 0 }])
  t.strictSame(each(listenFlag, ['8080', 'example.com:80', '']), Array(3).fill(
    'refused: give HOST:PORT with an IP address or localhost, such as 127.0.0.1:8080, [::1]:8080 or 0.0.0.0:8080 (port 0: any free port)'))
  t.strictSame(allowHostFlag('B.example', allowHostFlag('a.example', undefined)), ['a.example', 'b.example'])
  t.equal(parsed((value) => allowHostFlag(value, undefined), 'http://a.example'),
    'refused: give a host name such as profiler.example.com, or an IP address, without port or scheme')
  t.equal(MAX_SEARCH_TIMEOUT_SECONDS, 3600)
  t.strictSame(each(searchTimeoutSeconds, ['10', '0.5', '3600', '0.001']), [10, 0.5, 3600, 0.001])
  t.strictSame(each(searchTimeoutSeconds, ['0', '3600.001', '-1', '1e2', '', '10s']), Array(6).fill(
    'refused: give a number of seconds above 0 and at most 3600, such as 10 or 2.5'))
  t.equal(MAX_MAX_SEARCHES, 64)
  t.strictSame(each(maxSearchesFlag, ['1', '2', '64']), [1, 2, 64])
  t.strictSame(each(maxSearchesFlag, ['0', '65', '01', '1.5', '', '100']), Array(6).fill('refused: give a whole number from 1 to 64'))
})
