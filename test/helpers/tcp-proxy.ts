/** A TCP proxy on 127.0.0.1 in front of a local server, for tests of what a client makes of the answers (counted, slowed). */

import { connect, createServer, type Socket } from 'node:net'

export interface TcpProxy {
  port: number
  /** Stops it, and ends the connections under way. */
  close: () => void
}

/**
 * A proxy to `port`: each connection's requests go to the server as they come; `answer` passes the
 * server's answers on (`upstream` → `client`) as it likes, and may give what ends with the connection.
 */
export async function tcpProxy(port: number, answer: (client: Socket, upstream: Socket) => (() => void) | void): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  const proxy = createServer((client) => {
    const upstream = connect(port, '127.0.0.1')
    sockets.add(client).add(upstream)
    client.pipe(upstream)
    const ended = answer(client, upstream)
    const end = (): void => {
      ended?.()
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const address = proxy.address()
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    close: () => {
      proxy.close()
      sockets.forEach((socket) => socket.destroy())
    },
  }
}
