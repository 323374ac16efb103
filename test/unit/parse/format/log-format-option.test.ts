import t from 'tap'
import { FormatError } from '../../../../src/parse/format/text-format.js'
import { logFormatText, parseLogFormat } from '../../../../src/parse/format/log-format-option.js'

t.test('auto, the presets, nginx by $, Apache by %', async (t) => {
  t.strictSame(parseLogFormat('auto'), { kind: 'auto' })
  for (const name of ['combined', 'common', 'vhost_combined', 'json'] as const) {
    const choice = parseLogFormat(` ${name} `)
    t.strictSame(choice.kind === 'preset' && [choice.name, choice.spec.name], [name, name], name)
  }
  const nginx = parseLogFormat('$remote_addr [$time_local] "$request" $status')
  t.strictSame(nginx.kind === 'custom' && [nginx.spec.dialect, nginx.spec.name], ['nginx', 'nginx log_format'])
  const apache = parseLogFormat('%h %t \\"%r\\" %>s')
  t.strictSame(apache.kind === 'custom' && [apache.spec.dialect, apache.spec.name], ['apache', 'Apache LogFormat'])
  const template = parseLogFormat(`escape=json '{"t":"$msec"}'`)
  t.strictSame(template.kind === 'custom' && template.spec.kind, 'json', 'a JSON template may lack keys: --json-fields can add them')
})

t.test('text that is no format', async (t) => {
  t.throws(() => parseLogFormat('nginx'),
    new FormatError('"nginx" is neither auto, a preset (combined, common, vhost_combined, json) nor a format with nginx $variables or Apache %directives'))
  t.throws(() => parseLogFormat('x'.repeat(60)), { message: /^"x{40}…" is neither/ })
})

t.test('a format must give the client, the time, method and URL, and the status', async (t) => {
  const missing = (format: string, message: string) => t.throws(() => parseLogFormat(format), new FormatError(message), format)
  missing('[$time_local] "$request" $status', 'has no client address field ($remote_addr)')
  missing('$remote_addr "$request" $status', 'has no time field ($time_local, $time_iso8601 or $msec)')
  missing('$remote_addr [$time_local] $status', 'has no request field ($request, or $request_method with $request_uri)')
  missing('$remote_addr [$time_local] "$request_method" $status', 'has no request field ($request, or $request_method with $request_uri)')
  missing('$remote_addr [$time_local] "$request"', 'has no status field ($status)')
  missing('%t "%r" %>s', 'has no client address field (%h or %a)')
  missing('%h %l %u', 'has no time field (%t or %{…}t)')
  missing('%h [%{%H:%M:%S}t] "%r" %>s', 'has time fields (%{%H:%M:%S}t) that give no full date and time of day')
  missing('%h [%{msec_frac}t] "%r" %>s', 'has time fields (%{msec_frac}t) that give no full date and time of day')
  missing('%h %t %m %>s', 'has no request field (%r, or %m with %U)')
  missing('%h %t "%r"', 'has no status field (%>s or %s)')
  t.doesNotThrow(() => parseLogFormat('%h %t "%m %U%q %H" %s'))
  t.doesNotThrow(() => parseLogFormat('%h [%{%d/%b/%Y %T}t.%{usec_frac}t %{%z}t] "%r" %>s'))
  t.doesNotThrow(() => parseLogFormat('%h %{msec}t "%r" %>s'))
})

t.test('the text a choice was read from makes the same choice again (a worker thread compiles it again)', async (t) => {
  const custom = '$remote_addr [$time_local] "$request" $status'
  for (const text of ['auto', 'combined', 'json', custom]) {
    const choice = parseLogFormat(text)
    t.equal(logFormatText(choice), text)
    t.strictSame(JSON.stringify(parseLogFormat(logFormatText(choice))), JSON.stringify(choice), text)
  }
  t.equal(logFormatText(parseLogFormat(' common ')), 'common')
})
