/**
 * The config file: `--config FILE`, else ./profiler-search.config.json.
 * Valid files change the run (shapes too), flags win over the file, and an
 * invalid file stops the run with exit 2, one line per problem, nothing
 * written.
 */

import { readdirSync, readFileSync } from 'node:fs'
import t from 'tap'
import { fixture, ROOT, runCli } from '../helpers/run-cli.js'

const NGINX = 'fixtures/nginx/access.log'
const CONFIG = 'profiler-search.config.json'

/** CSV records → `url time` of each. */
const urlsAndTimes = (csv: string): string[] => csv.split('\r\n').slice(1, -1).map((line) => line.split(',').slice(3, 5).join(' '))

t.test('shapes from the config file change which requests become rows', async (t) => {
  const r = await runCli(['build', '--config', fixture('config/shapes.json'), NGINX])
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  t.strictSame(urlsAndTimes(r.stdout), [
    '/sofas/ 22.11.2026 12:45:40',
    '/note/ 22.11.2026 12:45:39',
    '/kueche/stuehle/9/stuhl-anna?c=09 22.11.2026 12:45:39',
    '/wohnzimmer/tische/4712/couchtisch-eiche 22.11.2026 12:45:37',
    '/wohnzimmer/sofas/4711/sofa-bergen-3-sitzer?c=12 22.11.2026 12:45:37',
    '/api/ 22.11.2026 12:45:33',
    '/schlafzimmer/betten/815/bett-fjord-140x200 22.11.2026 12:45:23',
    '/backend/ 22.11.2026 12:45:20',
    '/kueche/ 22.11.2026 12:45:19',
    '/moebel/sofas/4711/sofa-langsam?c=12 22.11.2026 12:45:18',
    '/sitemap/ 22.11.2026 12:45:16',
    '/search/ 22.11.2026 12:45:16',
    '/forms/ 22.11.2026 12:45:11',
    '/moebel/ 22.11.2026 12:45:08',
    '/checkout/ 22.11.2026 12:44:59',
    '/account/ 22.11.2026 12:44:59',
    '/wohnzimmer/sofas/4711/sofa-bergen-3-sitzer?c=12 22.11.2026 12:44:57',
    '/wohnzimmer/sofas/4711/sofa-bergen-3-sitzer 22.11.2026 12:44:57',
    '/moebel/ 22.11.2026 12:44:55',
  ], 'limit 50, tz UTC and emit csv come from the file; only its three patterns list; c=09 fits its cid type; the reserved list is its own')
})

t.test('the defaults written out as a config file give the same page as no config file', async (t) => {
  const dir = t.testdir({
    'defaults.json': JSON.stringify({
      limit: 10,
      emit: 'html',
      shapes: {
        patterns: [
          '/{category}/',
          '/{category}/{article_id:int}/{slug}',
          '/{category}/{subcategory:category}/{article_id:int}/{slug}',
          '/{category}/{subcategory:category}/{article_id:int}/{slug}?c={c:int}',
          '/{form:category}?sInquiry=detail&sOrdernumber={ordernumber}',
          '/forms/index/id/{form_id:int}',
          '/robots.txt',
          '/sitemap_index.xml',
        ],
        reserved: [
          'backend', 'widgets', 'api', 'media', 'web', 'themes', 'engine', 'custom', 'files', 'var', 'vendor', 'recovery',
          'frontend', 'account', 'checkout', 'note', 'register', 'search', 'listing', 'detail', 'compare', 'newsletter',
          'ticket', 'address', 'sitemap', 'tellafriend', 'blog', 'profiler', 'csrftoken', 'forms',
        ],
      },
    }),
  })
  const plain = await runCli(['build', '-n', '81', NGINX])
  const configured = await runCli(['build', '--config', `${dir}/defaults.json`, '-n', '81', NGINX])
  t.equal(configured.code, 0)
  t.equal(configured.stdout, plain.stdout)
})

t.test('precedence: defaults < config file < flags, a flag wins even when it equals the default', async (t) => {
  const config = ['--config', fixture('config/shapes.json')]
  const limited = await runCli(['build', ...config, '--limit', '3', NGINX])
  t.strictSame(urlsAndTimes(limited.stdout), [
    '/sofas/ 22.11.2026 12:45:40', '/note/ 22.11.2026 12:45:39', '/kueche/stuehle/9/stuhl-anna?c=09 22.11.2026 12:45:39',
  ])
  const asDefault = await runCli(['build', ...config, '--limit', '10', '--emit', 'json', '--tz', 'Europe/Berlin', NGINX])
  const doc = JSON.parse(asDefault.stdout) as { count: number; rows: { time: string }[] }
  t.equal(doc.count, 10, '--limit 10 is the default, given explicitly: it beats the file\'s 50')
  t.equal(doc.rows[0]?.time, '22.11.2026 13:45:40', '--tz beats the file\'s UTC')
})

t.test('./profiler-search.config.json is read when present', async (t) => {
  const dir = t.testdir({ [CONFIG]: JSON.stringify({ $schema: `${ROOT}schema/config.schema.json`, limit: 2, emit: 'ndjson', tz: 'UTC' }) })
  const r = await runCli(['build', `${ROOT}${NGINX}`], { cwd: dir })
  t.equal(r.code, 0)
  const rows = r.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { url: string; timestamp: string })
  t.strictSame(rows.map((row) => `${row.url} ${row.timestamp}`), [
    '/sofas/ 2026-11-22T12:45:40+00:00',
    '/anfrage?sOrdernumber=SW10002&sInquiry=detail 2026-11-22T12:45:38+00:00',
  ])
  const other = await runCli(['build', '--config', fixture('config/shapes.json'), '-n', '1', `${ROOT}${NGINX}`], { cwd: dir })
  t.equal(other.stdout.split('\r\n')[1]?.split(',')[3], '/sofas/', '--config replaces the implicit file: CSV from shapes.json')
  const invalid = t.testdir({ [CONFIG]: '{"limit": 0}' })
  const bad = await runCli(['build', `${ROOT}${NGINX}`], { cwd: invalid })
  t.equal(bad.code, 2)
  t.equal(bad.stderr, `profiler-search: ${CONFIG}: /limit must be an integer >= 1 (got 0)\n`)
})

t.test('merge reads the config file too; build-only keys are checked, then left', async (t) => {
  const dir = t.testdir({ [CONFIG]: JSON.stringify({ limit: 2, emit: 'csv', tz: 'UTC', anyUrl: true, shapes: { reserved: [] } }) })
  const r = await runCli(['merge', fixture('ndjson/web1.ndjson'), fixture('ndjson/web2.ndjson')], { cwd: dir })
  t.equal(r.code, 0)
  t.strictSame(urlsAndTimes(r.stdout), ['/moebel/ 22.11.2026 9:00:05', '/sofas/ 22.11.2026 9:00:05'])
})

t.test('search criteria from the file: status as a number, method any, anyUrl', async (t) => {
  const dir = t.testdir({ 'search.json': JSON.stringify({ status: 404, method: 'any', anyUrl: true, emit: 'csv', tz: 'UTC' }) })
  const r = await runCli(['build', '--config', `${dir}/search.json`, NGINX])
  t.equal(r.code, 0)
  t.strictSame(r.stdout.split('\r\n').slice(1, -1).map((line) => line.split(',').slice(0, 5).join(' ')), [
    '404 127.0.0.23 GET /moebel/99/sofa-ausverkauft 22.11.2026 12:45:15',
  ])
  const flag = await runCli(['build', '--config', `${dir}/search.json`, '--status', '200', '-n', '1', NGINX])
  t.equal(flag.stdout.split('\r\n')[1]?.split(',').slice(0, 4).join(' '), '200 127.0.0.22 GET /sofas/', '--status beats the file')
})

t.test('switches and repeatable options from the file: strict, clientIp, trustedProxy', async (t) => {
  const dir = t.testdir({
    'strict.json': JSON.stringify({ strict: true }),
    'proxies.json': JSON.stringify({ clientIp: 'forwarded', trustedProxy: ['10.0.0.0/8', 'bogus'] }),
  })
  const mixed = fixture('handmade/mixed.log')
  const strict = await runCli(['build', '--config', `${dir}/strict.json`, mixed])
  t.equal(strict.code, 1, '--strict from the file fails the run')
  t.equal(strict.stderr, `profiler-search: --strict: skipped 4 of 12 lines (2 not a log line, 1 bad time, 1 bad status); first at ${mixed}:2 (nothing was written)\n`)
  t.equal(strict.stdout, '')
  const proxies = await runCli(['build', '--config', `${dir}/proxies.json`, mixed])
  t.equal(proxies.code, 2)
  t.equal(proxies.stderr, `profiler-search: ${dir}/proxies.json: /trustedProxy/1 is invalid: give an IPv4 or IPv6 address or CIDR range, such as 10.0.0.0/8, 192.0.2.7 or fd00::/8 (got "bogus")\n`,
    'each item of a list goes through the flag\'s parser')
})

/** Each kind of invalid file: exit 2, the exact lines, nothing written. */
const INVALID: { file: string; stderr: string[] }[] = [
  {
    file: 'syntax-error.json',
    stderr: [":3:3: not valid JSON: expected ',' or '}' after a property value"],
  },
  {
    file: 'bad-values.json',
    stderr: [
      ': /limit must be an integer >= 1 (got "ten")',
      ': /emit must be one of "html", "json", "ndjson", "csv" (got "xml")',
      ': /anyUrl must be true or false (got "yes")',
      ': /notices must be a list of strings (got "php_errors.log")',
    ],
  },
  {
    file: 'unknown-key.json',
    stderr: [
      ': unknown key /limt (did you mean limit?)',
      ': unknown key /any-url (did you mean anyUrl?)',
      ': unknown key /shapes/pattern (did you mean patterns?)',
    ],
  },
  {
    file: 'bad-pattern.json',
    stderr: [': /shapes/patterns/1: route pattern /{category}/{article_id:integer}/{slug}: unknown type "integer" (known: category, int, slug, ordernumber)'],
  },
  {
    file: 'bad-option-values.json',
    stderr: [
      ': /tz is invalid: give an IANA time zone name such as Europe/Berlin or UTC (got "Mars/Olympus")',
      ': /ip is invalid: give a CIDR range as an address and a prefix length, such as 10.0.0.0/8, 192.0.2.7/32 or 2001:db8::/32 (got "10.0.0.0/33")',
      ': /status is invalid: give a status code such as 404, a class such as 2xx or 4xx, or any for every status (got 20)',
    ],
  },
  {
    file: 'many-problems.json',
    stderr: [
      ': /limit must be an integer >= 1 (got 0)',
      ': /tz must be a non-empty string (got 1)',
      ': /emit must be one of "html", "json", "ndjson", "csv" (got "pdf")',
      ': /anyUrl must be true or false (got "no")',
      ': /crawlers must be one of "include", "exclude", "only" (got "some")',
      ': and 2 more',
    ],
  },
]

for (const { file, stderr } of INVALID) {
  t.test(`an invalid config file: ${file}`, async (t) => {
    const dir = t.testdir({ 'out.html': 'old' })
    const path = `fixtures/config/${file}`
    const r = await runCli(['build', '--config', path, NGINX, '-o', `${dir}/out.html`])
    t.equal(r.code, 2)
    t.equal(r.stderr, stderr.map((line) => `profiler-search: ${path}${line}\n`).join(''))
    t.equal(r.stdout, '')
    t.equal(readFileSync(`${dir}/out.html`, 'utf8'), 'old', 'nothing is written')
    t.strictSame(readdirSync(dir), ['out.html'], 'no temporary file is left')
  })
}

/** `count` patterns that no request of the fixture has, and /{category}/. */
const manyPatterns = (count: number): string[] => [...Array.from({ length: count - 1 }, (_, i) => `/p${i}/{word}`), '/{category}/']

t.test('the caps: at most 1000 patterns, segment types of at most 100 RE2 instructions together', async (t) => {
  const dir = t.testdir({
    'at-the-caps.json': JSON.stringify({ emit: 'csv', tz: 'UTC', limit: 3, shapes: { patterns: manyPatterns(1000), segmentTypes: { word: '[a-z]{1,48}', x: 'x' } } }),
    'patterns.json': JSON.stringify({ shapes: { patterns: manyPatterns(1001), segmentTypes: { word: '[a-z]+' } } }),
    'types.json': JSON.stringify({ shapes: { patterns: manyPatterns(2), segmentTypes: { word: '[a-z]{1,48}', ab: 'ab' } } }),
    'out.html': 'old',
  })
  const ok = await runCli(['build', '--config', `${dir}/at-the-caps.json`, NGINX])
  t.equal(ok.code, 0, ok.stderr)
  t.strictSame(urlsAndTimes(ok.stdout), ['/sofas/ 22.11.2026 12:45:40', '/lampen/ 22.11.2026 12:45:32', '/kueche/ 22.11.2026 12:45:19'], 'exactly at the caps is fine')
  const lines: Record<string, string> = {
    'patterns.json': '/shapes/patterns must be a list of at most 1000 patterns (got 1001)',
    'types.json': '/shapes/segmentTypes must compile to at most 100 RE2 instructions in all (got 101; word alone 97)',
  }
  for (const [file, line] of Object.entries(lines)) {
    const r = await runCli(['build', '--config', `${dir}/${file}`, NGINX, '-o', `${dir}/out.html`])
    t.equal(r.code, 2, file)
    t.equal(r.stderr, `profiler-search: ${dir}/${file}: ${line}\n`)
    t.strictSame(readdirSync(dir).sort(), ['at-the-caps.json', 'out.html', 'patterns.json', 'types.json'], 'nothing written')
    t.equal(readFileSync(`${dir}/out.html`, 'utf8'), 'old')
  }
})

t.test('a --config file that cannot be read', async (t) => {
  const r = await runCli(['merge', '--config', 'fixtures/config/nope.json', fixture('ndjson/web1.ndjson')])
  t.equal(r.code, 2)
  t.equal(r.stderr, 'profiler-search: cannot read config file fixtures/config/nope.json: no such file (check the --config path)\n')
})

t.test('a value from the file that conflicts with a flag', async (t) => {
  const dir = t.testdir({ 'site.json': JSON.stringify({ outDir: `${'site'}` }) })
  const r = await runCli(['build', '--config', `${dir}/site.json`, '-o', `${dir}/out.html`, NGINX])
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: ${dir}/site.json: /outDir cannot be used with --output on the command line\n`)
})

/** `--long-name` options of a command's help, as config keys (camelCase). */
const optionKeys = (help: string): string[] =>
  [...help.matchAll(/^ {2}(?:-\w, )?--([a-z-]+)/gm)].map((m) => (m[1] as string).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()))
    .filter((key) => key !== 'help' && key !== 'config')

t.test('schema/config.schema.json has a key for every option of build, watch, merge, serve and ship, and no other', async (t) => {
  const schema = JSON.parse(readFileSync(`${ROOT}schema/config.schema.json`, 'utf8')) as { properties: Record<string, unknown> }
  const build = optionKeys((await runCli(['build', '--help'])).stdout)
  const watch = optionKeys((await runCli(['watch', '--help'])).stdout)
  const merge = optionKeys((await runCli(['merge', '--help'])).stdout)
  const serve = optionKeys((await runCli(['serve', '--help'])).stdout)
  const ship = optionKeys((await runCli(['ship', '--help'])).stdout)
  t.ok(build.includes('limit') && build.includes('emit') && watch.includes('interval') && merge.includes('tz') && serve.includes('listen') && ship.includes('to'),
    'the help lists the options')
  t.strictSame([...new Set([...build, ...watch, ...merge, ...serve, ...ship])].sort(), Object.keys(schema.properties).filter((key) => key !== 'shapes' && key !== '$schema').sort())
})

t.test('--verbose names the config file the run took values from, a found one by its full path', async (t) => {
  const root = t.testdir({
    plain: { [CONFIG]: JSON.stringify({ limit: 1, quiet: true }) },
    verbose: { [CONFIG]: JSON.stringify({ verbose: true, quiet: true, logFormat: 'combined' }) },
  })
  const found = await runCli(['build', '--verbose', '--log-format', 'combined', `${ROOT}${NGINX}`], { cwd: `${root}/plain` })
  t.equal(found.code, 0)
  t.equal(found.stderr, `profiler-search: config file ${root}/plain/${CONFIG} (found in the working folder)\n`)
  const named = await runCli(['build', '--verbose', '--log-format', 'combined', '--config', fixture('config/shapes.json'), '-n', '1', NGINX])
  t.equal(named.code, 0)
  t.equal(named.stderr.split('\n')[0], `profiler-search: config file ${fixture('config/shapes.json')} (--config)`)
  const fromFile = await runCli(['build', `${ROOT}${NGINX}`], { cwd: `${root}/verbose` })
  t.equal(fromFile.stderr, `profiler-search: config file ${root}/verbose/${CONFIG} (found in the working folder)\n`, '"verbose": true in the file counts too')
  const quiet = await runCli(['build', `${ROOT}${NGINX}`], { cwd: `${root}/plain` })
  t.equal(quiet.stderr, '', 'without --verbose nothing is said')
})

t.test('ship takes its table and its own options from the config file; flags win; without one anywhere, exit 2', async (t) => {
  const dir = t.testdir({ 'access.log': '', [CONFIG]: JSON.stringify({ to: 'http://not/clickhouse', host: 'web1', batchLines: 500 }) })
  const fromFile = await runCli(['ship', 'access.log'], { cwd: dir })
  t.strictSame([fromFile.code, fromFile.stderr], [2, 'profiler-search: http://not/clickhouse: not a clickhouse:// or clickhouses:// URL (give clickhouse://[user@]host[:port]/database.table)\n'],
    'the file\'s "to" is the table')
  const flag = await runCli(['ship', 'access.log', '--to', 'http://the/flag'], { cwd: dir })
  t.match(flag.stderr, /^profiler-search: http:\/\/the\/flag: not a clickhouse:\/\//, 'the flag wins')
  const badLines = t.testdir({ [CONFIG]: JSON.stringify({ to: 'clickhouse://h/d.t', batchLines: 0 }) })
  const lines = await runCli(['ship', 'access.log'], { cwd: badLines })
  t.strictSame([lines.code, lines.stderr], [2, 'profiler-search: profiler-search.config.json: /batchLines must be an integer from 1 to 1000000 (got 0)\n'])
  const badHost = t.testdir({ [CONFIG]: JSON.stringify({ to: 'clickhouse://h/d.t', host: 'a b' }) })
  const host = await runCli(['ship', 'access.log'], { cwd: badHost })
  t.strictSame([host.code, host.stderr], [2,
    'profiler-search: profiler-search.config.json: /host is invalid: give the name of this server, such as web1 (printable, no spaces) (got "a b")\n'])
})
