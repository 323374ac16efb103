/** A run's job as plain data, compiled again (src/workers/worker-job.ts): the same settings, filter and selections. */

import t from 'tap'
import { parseJsonFields } from '../../../src/parse/format/json-fields.js'
import { CRITERION_PARSERS } from '../../../src/select/criteria.js'
import { NewestRecords, TokenRecords } from '../../../src/select/selection.js'
import { jobContext, partSelection } from '../../../src/workers/worker-job.js'
import { testJob } from '../../helpers/fake-workers.js'
import { makeRecord as record } from '../../helpers/record.js'

t.test('the settings come back from the text of the format, the ranges and the fields, the copy of a copy', async (t) => {
  const custom = '$remote_addr $msec "$request" $status $http_x_forwarded_for'
  const job = structuredClone({
    ...testJob(),
    read: { logFormat: custom, jsonFields: null, logTz: null, clientIp: 'forwarded' as const, trustedProxies: ['10.0.0.0/8'], serverName: 'web1' },
    env: { TZ: 'Europe/Berlin' },
  })
  const { settings } = jobContext(job)
  t.equal(settings.fixed?.name, 'nginx log_format')
  const read = settings.fixed?.read('10.1.1.1 1795338000.000 "GET / HTTP/1.1" 200 203.0.113.9, 10.2.2.2', { source: 'x', line: 1 })
  t.match(read, { ip: '203.0.113.9', loggedIp: '10.1.1.1', time: 1795338000000, offset: 60, server: 'web1' },
    'forwarded past the trusted range; shown in the run\'s TZ (Berlin, +01:00); the record names --server-name')
  const json = jobContext(structuredClone({ ...testJob(), read: { ...testJob().read, logFormat: 'auto', jsonFields: parseJsonFields('ip=client,time=ts,request=req,status=code') } }))
  t.equal(json.settings.fixed?.spec.kind, 'json', 'auto with --json-fields is JSON')
  t.equal(jobContext(testJob()).settings.fixed?.name, 'combined')
  t.strictSame(jobContext({ ...testJob(), read: { ...testJob().read, logFormat: 'auto' } }).settings.candidates.map((c) => c.name).slice(0, 2), ['vhost_combined', 'combined'])
})

t.test('the filter and a part\'s selection: the newest records above a floor, or those of the token', async (t) => {
  const context = jobContext({ ...testJob(2), criteria: { ...testJob().criteria, ip: CRITERION_PARSERS.ip('192.0.2') } })
  t.ok(context.filter(record({ ip: '192.0.2.5', target: '/x' })))
  t.notOk(context.filter(record({ ip: '198.51.100.1', target: '/x' })))
  const floored = partSelection(context, 5000)
  t.ok(floored instanceof NewestRecords)
  t.notOk(floored.keep(record({ ip: '192.0.2.5', time: 4999 }), 1), 'under the floor')
  t.ok(floored.keep(record({ ip: '192.0.2.5', time: 5000 }), 2))
  t.equal(floored.limit, 2)
  const token = partSelection(jobContext({ ...testJob(), criteria: { ...testJob().criteria, token: '6a608a8000001' } }), 5000)
  t.ok(token instanceof TokenRecords, 'a token: no floor, no limit')
})
