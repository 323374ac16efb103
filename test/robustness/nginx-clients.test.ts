/**
 * What a real nginx (Debian's nginx-light, started on a free loopback port)
 * writes for requests a client shaped is read: `$remote_user` as sent,
 * spaces, brackets and a fake time included (`curl -u 'a b:x'`), a hundred
 * and more such requests first in a log just rotated; request lines,
 * referrers and user agents with quotes and brackets; and a custom
 * log_format with client headers as bare fields. Every request is listed,
 * with the user it sent, whether the format is found by `auto` or named.
 * Skipped where nginx is not installed (CI installs it: .ci/run).
 */

import { truncateSync } from 'node:fs'
import { connect } from 'node:net'
import t from 'tap'
import { NGINX, startNginx } from '../helpers/nginx.js'
import { runCli } from '../helpers/run-cli.js'

/** Sends `head` (the request line and headers, CRLF-separated) on a connection of its own; resolves with the status nginx answered. */
const send = (port: number, head: string): Promise<number> => new Promise((resolve, reject) => {
  const socket = connect(port, '127.0.0.1')
  const chunks: Buffer[] = []
  socket.on('data', (chunk) => chunks.push(chunk))
  socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).toString('latin1'))?.[1] ?? 0)))
  socket.on('error', reject)
  socket.end(`${head}\r\nConnection: close\r\n\r\n`)
})

const basic = (user: string): string => `Authorization: Basic ${Buffer.from(`${user}:secret`).toString('base64')}`
/** The user nginx logs: what comes before the first colon of the credentials. */
const logged = (user: string): string => user.split(':')[0] as string

const USERS = ['a b', 'a [b', 'x]y z', '- -', 'a [22/Nov/2026:10:00:00 +0000] b', 'quote"d', 'back\\slash', 'ünï cödé', ' lead', 'trail ', `${'long name '.repeat(40)}end`]

interface Row { url: string; user: string | null; status: number; userAgent: string | null; referer: string | null }
const rows = (stdout: string): Row[] => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Row)
const EVERY = ['--emit', 'ndjson', '--limit', '1000', '--method', 'any', '--status', 'any', '--any-url', '--tz', 'UTC']

t.test('users, request lines, referrers and user agents as clients send them: every request listed', { skip: NGINX ? false : 'nginx is not installed' }, async (t) => {
  const dir = t.testdir({})
  const custom = "'$remote_addr $http_x_client [$time_local] \"$request\" $status $body_bytes_sent $http_x_note \"$http_user_agent\"'"
  const { port } = await startNginx(t, dir, `log_format custom ${custom};\n  access_log ${dir}/access.log combined;\n  access_log ${dir}/custom.log custom;`)
  // logrotate just ran: the log is empty, and the first hundred and more requests are a client's
  truncateSync(`${dir}/access.log`, 0)
  truncateSync(`${dir}/custom.log`, 0)
  const sent: { url: string; user: string }[] = []
  for (let i = 0; i < 120; i++) {
    const user = USERS[i % USERS.length] as string
    const url = `/moebel/${i}/sofa`
    t.equal(await send(port, `GET ${url} HTTP/1.1\r\nHost: shop\r\n${basic(user)}\r\nX-Client: c ${i} [x]\r\nX-Note: n "${i}" [y]\r\nReferer: https://r.example/" [${i}]\r\nUser-Agent: ua "q" [${i}] \\`), 200)
    sent.push({ url, user: logged(user) })
  }
  // request lines a client shapes: spaces and quotes in the target (nginx answers 400 and logs them), brackets
  t.equal(await send(port, 'GET /moebel/a b HTTP/1.1\r\nHost: shop'), 400)
  t.equal(await send(port, 'GET /moebel/"q" [x] HTTP/1.1\r\nHost: shop'), 400)
  t.equal(await send(port, 'GET /moebel/after HTTP/1.1\r\nHost: shop'), 200)

  for (const format of [[], ['--log-format', 'combined']]) {
    const r = await runCli(['build', `${dir}/access.log`, ...EVERY, ...format])
    t.equal(r.code, 0, r.stderr)
    t.equal(r.stderr, '', `${format.join(' ') || 'auto'}: no line skipped`)
    const listed = rows(r.stdout)
    t.equal(listed.length, sent.length + 3, `${format.join(' ') || 'auto'}: every request listed`)
    const byUrl = new Map(listed.map((row) => [row.url, row]))
    t.strictSame(sent.filter(({ url, user }) => byUrl.get(url)?.user !== user), [], 'each with the user it sent')
    t.equal(byUrl.get(sent[0]?.url as string)?.userAgent, 'ua "q" [0] \\', 'the user agent as sent')
    t.equal(byUrl.get(sent[0]?.url as string)?.referer, 'https://r.example/" [0]', 'the referrer as sent')
    t.strictSame(listed.filter((row) => row.status === 400).map((row) => row.url), ['/moebel/"q" [x]', '/moebel/a b'], 'the request lines nginx answered 400, listed')
  }
  const defaultPage = await runCli(['build', `${dir}/access.log`, '--emit', 'ndjson', '--tz', 'UTC'])
  t.equal(defaultPage.code, 0, defaultPage.stderr)
  t.strictSame(rows(defaultPage.stdout).map((row) => row.url).slice(0, 2), ['/moebel/119/sofa', '/moebel/118/sofa'], 'the default page: the newest storefront requests, the spaced users among them')

  const customFormat = `log_format custom ${custom};`
  const c = await runCli(['build', `${dir}/custom.log`, ...EVERY, '--log-format', customFormat])
  t.equal(c.code, 0, c.stderr)
  t.equal(c.stderr, '', 'a custom format: client headers as bare fields anchor on the fields around them')
  t.equal(rows(c.stdout).length, sent.length + 3)
})
