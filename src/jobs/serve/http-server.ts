/**
 * The HTTP side of `serve`: Node's server with its limits set for a page
 * that shows personal data to a few people: the request line and headers
 * bounded (8 KiB together, 431 past that), headers within 5 s and the whole
 * request within 10 s, an idle keep-alive connection closed after 5 s and
 * any connection quiet for 30 s. A request that cannot be read is answered
 * here, with the security headers too, and the connection closed. Each
 * exchange is one line of the access log (access-log.ts) once it ends, 499
 * for a client that went away first. Stopping stops taking connections,
 * lets the requests under way finish (their connections close after them),
 * and ends once all are closed.
 */

import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { errnoWords, usageError } from '../../errors.js'
import { CLIENT_CLOSED, combinedLine } from './access-log.js'
import { hostInUrl, type ListenAddress } from './listen-address.js'
import { securityHeaderLines, setSecurityHeaders } from './security-headers.js'

export interface ServerLimits {
  /** The request line and headers together, at most (431 past it). */
  maxHeaderBytes: number
  /** The request line and headers must have come within this long (408). */
  headersTimeoutMs: number
  /** The whole request must have come within this long (408). */
  requestTimeoutMs: number
  /** A kept-alive connection without a request is closed after this long. */
  keepAliveTimeoutMs: number
  /** A connection with nothing sent either way for this long is closed. */
  idleTimeoutMs: number
}

export const SERVER_LIMITS: ServerLimits = Object.freeze({
  maxHeaderBytes: 8 * 1024,
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
})

/** One request and its response, as the handler and the access log see it. */
export interface Exchange {
  req: IncomingMessage
  res: ServerResponse
  /** The user `--htpasswd` let in, for the log. */
  user: string | null
  /** Body bytes sent, for the log. */
  bytes: number
  readonly at: Date
  /** Whether the server is stopping: then the response closes its connection. */
  closing(): boolean
}

export type ExchangeHandler = (exchange: Exchange) => Promise<void>

/** The status line and headers of an answer to a request that could not be read. */
function rawAnswer(status: number, text: string): string {
  const body = `${text}\n`
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${securityHeaderLines()}Content-Type: text/plain; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
}

/** What a request that could not be read is answered: too large (431), too slow (408), else 400. */
function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408
  return 400
}

export class HttpServer {
  readonly #server: Server
  readonly #address: AddressInfo
  #closing = false

  private constructor(server: Server, address: AddressInfo) {
    this.#server = server
    this.#address = address
  }

  /** Listens on `address`: exit 2 when it cannot (in use, not this machine's, a port that needs root). */
  static async listen(address: ListenAddress, handle: ExchangeHandler, log: (line: string) => void, limits: ServerLimits = SERVER_LIMITS): Promise<HttpServer> {
    const server = createServer({
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // how often the timeouts are looked at
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
      // a request without Host is answered by the handler, with the security headers
      requireHostHeader: false,
    })
    server.setTimeout(limits.idleTimeoutMs)
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e) => reject(usageError(`cannot listen on ${hostInUrl(address.host)}:${address.port}: ${errnoWords(e, {
        EADDRINUSE: 'the address is in use',
        EADDRNOTAVAIL: 'no such address on this machine',
        EACCES: 'permission denied (a port below 1024 needs root)',
      })}`, 'choose another --listen')))
      server.listen({ host: address.host, port: address.port, exclusive: true }, resolve)
    })
    const http = new HttpServer(server, server.address() as AddressInfo)
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void http.#exchange(req, res, handle, log))
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => http.#clientError(error, socket, log))
    return http
  }

  /** Where it listens; the port it got when asked for 0. */
  get address(): ListenAddress {
    return { host: this.#address.address, port: this.#address.port }
  }

  async #exchange(req: IncomingMessage, res: ServerResponse, handle: ExchangeHandler, log: (line: string) => void): Promise<void> {
    const exchange: Exchange = { req, res, user: null, bytes: 0, at: new Date(), closing: () => this.#closing }
    res.once('close', () => {
      const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED
      log(combinedLine({
        client: req.socket.remoteAddress ?? '-', user: exchange.user, at: exchange.at,
        requestLine: `${req.method ?? '-'} ${req.url ?? '-'} HTTP/${req.httpVersion}`,
        status, bytes: exchange.bytes, referer: req.headers.referer, userAgent: req.headers['user-agent'],
      }))
    })
    setSecurityHeaders(res)
    try {
      await handle(exchange)
    } catch {
      // the handler answers its own failures; one that fails to is not left half open
      res.destroy()
    }
  }

  #clientError(error: NodeJS.ErrnoException, socket: Socket, log: (line: string) => void): void {
    // a reset, or bytes after a request that closes the connection (its answer is on its way): nothing to answer
    if (error.code === 'ECONNRESET' || error.code === 'HPE_CLOSED_CONNECTION' || !socket.writable) {
      socket.destroy()
      return
    }
    const status = clientErrorStatus(error.code)
    socket.end(rawAnswer(status, status === 431 ? 'The request line and headers are too large.' : status === 408 ? 'The request took too long.' : 'The request cannot be read.'))
    log(combinedLine({
      client: socket.remoteAddress ?? '-', user: null, at: new Date(), requestLine: null, status, bytes: 0, referer: undefined, userAgent: undefined,
    }))
  }

  /** Stops taking connections; settles once the requests under way are answered and every connection is closed. */
  close(): Promise<void> {
    this.#closing = true
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()))
    this.#server.closeIdleConnections()
    return closed
  }
}
