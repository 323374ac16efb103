/** What a format lacks, said in its own dialect (log-format-option.test.ts has the nginx and Apache messages as --log-format gives them). */

import t from 'tap'
import { apacheFormat } from '../../../../src/parse/format/apache.js'
import type { FieldSpec, FormatSpec } from '../../../../src/parse/format/format-spec.js'
import { nginxFormat } from '../../../../src/parse/format/nginx.js'
import { jsonSpec } from '../../../../src/parse/format/nginx-json.js'
import { missingRequirement } from '../../../../src/parse/format/requirements.js'
import { timeField } from '../../../../src/parse/time/time-field.js'

const json = (...variables: string[]): FormatSpec => jsonSpec('j', variables.map((variable) => ({ path: [variable], variable })), 'json')

t.test('JSON formats name keys, and --json-fields', async (t) => {
  t.strictSame([
    json(), json('remote_addr'), json('remote_addr', 'msec'), json('remote_addr', 'msec', 'request_method'),
    json('remote_addr', 'msec', 'request_method', 'uri'), json('remote_addr', 'time_local', 'request'),
  ].map(missingRequirement), [
    'has no client address key (remote_addr, or --json-fields ip=KEY)',
    'has no time key (time_iso8601, time_local or msec, or --json-fields time=KEY)',
    'has no request key (request, or request_method with request_uri, or --json-fields request=KEY)',
    'has no request key (request, or request_method with request_uri, or --json-fields request=KEY)',
    'has no status key (status, or --json-fields status=KEY)',
    'has no status key (status, or --json-fields status=KEY)',
  ])
  t.equal(missingRequirement(json('remote_addr', 'time_iso8601', 'request_method', 'request_uri', 'status')), null, 'method and URL for the request')
})

t.test('a format with all a row needs', async (t) => {
  t.equal(missingRequirement(nginxFormat('$remote_addr [$time_local] "$request_method $uri" $status')), null, 'method and path for the request')
  t.equal(missingRequirement(apacheFormat('%a %{%s}t "%r" %s')), null)
})

t.test('time fields that give no instant together', async (t) => {
  t.equal(missingRequirement(apacheFormat('%h [%{%H:%M}t %{%Y}t] "%r" %>s')), 'has time fields (%{%H:%M}t %{%Y}t) that give no full date and time of day')
  const fields: FieldSpec[] = [{ role: 'ip', name: 'ip', rank: 1 }, { role: 'time', name: 'frac', rank: 1, time: timeField({ kind: 'fraction', digits: 3 }) },
    { role: 'time', name: 'bare', rank: 1 }, { role: 'request', name: 'r', rank: 1 }, { role: 'status', name: 's', rank: 1 }]
  t.equal(missingRequirement({ kind: 'json', name: 'j', dialect: 'json', fields, paths: fields.map((f) => [f.name]), escape: 'json', escaped: false }),
    'has time keys (frac bare) that give no full date and time of day', 'a time field without a reader gives nothing')
})
