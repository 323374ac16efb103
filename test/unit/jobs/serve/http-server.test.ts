/**
 * The HTTP side: request line and headers bounded, slow requests and idle
 * connections closed, a request that cannot be read answered with the
 * security headers, one access-log line per exchange (499 for a client
 * gone), and a stop that lets the answers under way finish.
 */

import { connect, type Socket } from 'node:net'
import t, { type Test } from 'tap'
import { HttpServer, SERVER_LIMITS, type ExchangeHandler, type ServerLimits } from '../../../../src/jobs/serve/http-server.js'
import { SECURITY_HEADERS } from '../../../../src/jobs/serve/security-headers.js'
import { request } from '../../../helpers/serve.js'

const listen = async (t: Test, handle: ExchangeHandler, limits: Partial<ServerLimits> = {}) => {
  const log: string[] = []
  const server = await HttpServer.listen({ host: '127.0.0.1', port: 0 }, handle, (line) => void log.push(line), { ...SERVER_LIMITS, ...limits })
  let closed: Promise<void> | null = null
  const close = (): Promise<void> => (closed ??= server.close())
  t.teardown(close)
  return { server, log, close, base: `http://127.0.0.1:${server.address.port}`, port: server.address.port }
}

const hello: ExchangeHandler = async ({ res }) => {
  res.setHeader('Content-Type', 'text/plain')
  res.end('hello')
}

/** Sends `text` on a raw connection; resolves with all it gets back once the server closes it. */
const raw = (port: number, text: string): Promise<string> => new Promise((resolve, reject) => {
  const socket = connect(port, '127.0.0.1')
  const chunks: Buffer[] = []
  socket.on('data', (chunk) => chunks.push(chunk))
  socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
  socket.on('error', reject)
  socket.write(text)
})

const opened = (port: number): Promise<Socket> => new Promise((resolve, reject) => {
  const socket = connect(port, '127.0.0.1', () => resolve(socket))
  socket.on('error', reject)
})

const securityLines = Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`).join('')

t.test('the limits: 8 KiB of request line and headers, 5 s for them, 10 s for the request, 5 s kept alive, 30 s idle', async (t) => {
  t.strictSame(SERVER_LIMITS, { maxHeaderBytes: 8192, headersTimeoutMs: 5000, requestTimeoutMs: 10_000, keepAliveTimeoutMs: 5000, idleTimeoutMs: 30_000 })
})

t.test('headers over the limit: 431 with the security headers, the connection closed, a line logged', async (t) => {
  const { port, log } = await listen(t, hello)
  const answer = await raw(port, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(9000)}\r\n\r\n`)
  t.equal(answer, `HTTP/1.1 431 Request Header Fields Too Large\r\n${securityLines}Content-Type: text/plain; charset=utf-8\r\n` +
    'Content-Length: 44\r\nConnection: close\r\n\r\nThe request line and headers are too large.\n')
  const longLine = await raw(port, `GET /?url=${'a'.repeat(9000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`)
  t.match(longLine, /^HTTP\/1\.1 431 /, 'a request line over the limit too')
  t.match(log, [/^127\.0\.0\.1 - - \[[^\]]+\] "-" 431 0 "-" "-"$/, /"-" 431 0/])
})

t.test('bytes that are no request: 400 with the security headers', async (t) => {
  const { port } = await listen(t, hello)
  t.match(await raw(port, 'hello there\r\n\r\n'), new RegExp(`^HTTP/1\\.1 400 Bad Request\\r\\n${securityLines.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
})

t.test('a request whose headers do not come in time: 408, the connection closed', async (t) => {
  const { port } = await listen(t, hello, { headersTimeoutMs: 200, requestTimeoutMs: 400 })
  t.match(await raw(port, 'GET / HTTP/1.1\r\nHost: local'), /^HTTP\/1\.1 408 Request Timeout\r\n/)
})

t.test('a connection that sends nothing is closed once its headers are late', async (t) => {
  const { port } = await listen(t, hello, { headersTimeoutMs: 100, requestTimeoutMs: 200 })
  const silent = await opened(port)
  const said: Buffer[] = []
  silent.on('data', (chunk: Buffer) => said.push(chunk))
  await new Promise((resolve) => silent.on('close', resolve))
  t.match(Buffer.concat(said).toString(), /^HTTP\/1\.1 408 Request Timeout\r\n/, 'a silent connection is told 408 and closed')
})

t.test('a client gone before its answer is complete: 499 in the log', async (t) => {
  let gone = (): void => undefined
  const seen = new Promise<void>((resolve) => {
    gone = resolve
  })
  const { port, log } = await listen(t, async ({ res }) => {
    res.once('close', () => gone())
    await seen
    res.end('late')
  })
  const socket = await opened(port)
  socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\nUser-Agent: impatient\r\n\r\n')
  for (let i = 0; i < 100 && log.length === 0; i++) {
    socket.destroy()
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  t.match(log, [/"GET \/slow HTTP\/1\.1" 499 0 "-" "impatient"$/])
})

t.test('a handler that fails: the connection is closed, not left open', async (t) => {
  const { base } = await listen(t, () => Promise.reject(new Error('failed')))
  await t.rejects(request(base, '/'))
})

t.test('close: no new connection; an answer under way is finished, with Connection: close', async (t) => {
  let release = (): void => undefined
  const hold = new Promise<void>((resolve) => {
    release = resolve
  })
  let arrived = (): void => undefined
  const arrival = new Promise<void>((resolve) => {
    arrived = resolve
  })
  const { base, port, close } = await listen(t, async (exchange) => {
    arrived()
    await hold
    if (exchange.closing()) exchange.res.setHeader('Connection', 'close')
    exchange.res.end('done')
  })
  const pending = request(base, '/')
  await arrival
  const closed = close()
  await t.rejects(opened(port), { code: 'ECONNREFUSED' }, 'no new connection')
  release()
  const answer = await pending
  t.equal(answer.body, 'done')
  t.equal(answer.headers.connection, 'close')
  await closed
  t.pass('closed once the answer was sent')
})

t.test('listening where it cannot: exit 2 naming the address', async (t) => {
  const { port } = await listen(t, hello)
  const error = await HttpServer.listen({ host: '127.0.0.1', port }, hello, () => undefined).then(() => null, (e: Error & { exitCode: number; hint: string }) => e)
  t.match(error, { exitCode: 2, message: `cannot listen on 127.0.0.1:${port}: the address is in use`, hint: 'choose another --listen' })
  const foreign = await HttpServer.listen({ host: '192.0.2.1', port: 0 }, hello, () => undefined).then(() => null, (e: Error) => e)
  t.match(foreign, { message: 'cannot listen on 192.0.2.1:0: no such address on this machine' })
})
