import t from 'tap'
import { NGINX_VARIABLES } from '../../../../src/parse/format/nginx-variables.js'

t.test('the variables with a meaning: their role, their rank among those of the role, how a time is read', async (t) => {
  const meanings = Object.entries(NGINX_VARIABLES).map(([variable, make]) => {
    const { role, name, rank, time, microsPerUnit } = make(`$${variable}`)
    t.equal(name, `$${variable}`, 'the name as written')
    return [variable, role, rank, ...(time ? [time.kind] : []), ...(microsPerUnit ? [microsPerUnit] : [])].join(' ')
  })
  t.strictSame(meanings, [
    'remote_addr ip 3', 'realip_remote_addr ip 1', 'remote_user user 1',
    'time_local time 1 clf', 'time_iso8601 time 1 iso8601', 'msec time 1 epochSeconds',
    'request request 1', 'request_method method 1', 'request_uri uri 1', 'uri path 1', 'document_uri path 1',
    'args query 1', 'query_string query 1', 'server_protocol protocol 1', 'status status 1',
    'body_bytes_sent bytes 2', 'bytes_sent bytes 1', 'http_referer referer 1', 'http_user_agent userAgent 1',
    'http_x_forwarded_for forwardedFor 1', 'request_time duration 1 1000000',
    'host host 3', 'server_name host 2', 'http_host host 1', 'server_port port 1',
  ])
})

t.test('each call makes a field of its own', async (t) => {
  const make = NGINX_VARIABLES.remote_addr
  t.not(make?.('a'), make?.('a'))
  t.strictSame(make?.('key'), { role: 'ip', name: 'key', rank: 3 }, 'a JSON key as the name')
  t.equal(Object.hasOwn(NGINX_VARIABLES, 'upstream_addr'), false, 'variables we do not use are not there')
})
