/** How serve answers: a page written piece by piece as the client takes it, its body bytes counted; HEAD gets headers only; a client gone stops the writing. */

import { connect } from 'node:net'
import t, { type Test } from 'tap'
import { HttpServer, type Exchange } from '../../../../src/jobs/serve/http-server.js'
import { CSS, HTML, send, sendMessage } from '../../../../src/jobs/serve/responses.js'
import { request } from '../../../helpers/serve.js'

const serveWith = async (t: Test, handle: (exchange: Exchange) => Promise<void>) => {
  const exchanges: Exchange[] = []
  const server = await HttpServer.listen({ host: '127.0.0.1', port: 0 }, async (exchange) => {
    exchanges.push(exchange)
    await handle(exchange)
  }, () => undefined)
  t.teardown(() => server.close())
  return { base: `http://127.0.0.1:${server.address.port}`, port: server.address.port, exchanges }
}

t.test('a body in pieces: sent whole, its bytes counted; HEAD: headers only, nothing counted', async (t) => {
  const { base, exchanges } = await serveWith(t, (exchange) => send(exchange, 200, CSS, ['a{}', '\n', 'é'], { 'X-Extra': 'yes' }))
  const r = await request(base, '/')
  t.equal(r.body, 'a{}\né')
  t.equal(r.headers['content-type'], 'text/css; charset=utf-8')
  t.equal(r.headers['x-extra'], 'yes')
  t.equal(exchanges[0]?.bytes, 6, 'bytes, not characters')
  const head = await request(base, '/', { method: 'HEAD' })
  t.equal(head.body, '')
  t.equal(exchanges[1]?.bytes, 0)
})

t.test('a message page: status line and title', async (t) => {
  const { base } = await serveWith(t, (exchange) => sendMessage(exchange, 404, 'Nothing here.'))
  const r = await request(base, '/')
  t.equal(r.status, 404)
  t.equal(r.headers['content-type'], HTML)
  t.match(r.body, '<title>404 Not Found</title>')
  t.match(r.body, '<p class="message">Nothing here.</p>')
})

t.test('a client that reads slowly is waited for; one that went away stops the writing', async (t) => {
  let made = 0
  let done = (): void => undefined
  const finished = new Promise<void>((resolve) => {
    done = resolve
  })
  const piece = 'x'.repeat(64 * 1024)
  const { port } = await serveWith(t, async (exchange) => {
    function* pieces(): Generator<string> {
      for (let i = 0; i < 10_000; i++) {
        made++
        yield piece
      }
    }
    await send(exchange, 200, HTML, pieces())
    done()
  })
  const socket = connect(port, '127.0.0.1')
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
  // read a little, then go away without reading the rest
  await new Promise<void>((resolve) => socket.once('data', () => resolve()))
  socket.destroy()
  await finished
  t.ok(made < 10_000, `stopped after ${made} of 10000 pieces of 64 KiB: it never made what no one would read`)
})
