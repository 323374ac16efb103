/**
 * `serve` in this process, for tests that ask it over HTTP: options as the
 * command line makes them (serve's flags parsed by commander), the job's
 * io kept, and a plain HTTP client that sends exactly what it is told (a
 * foreign Host, no Host, a method, credentials), one connection a request.
 */

import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { Test } from 'tap'
import { addServeCommand, serveOptionsOf, type ServeFlags } from '../../src/cli/serve-command.js'
import { hostInUrl } from '../../src/jobs/serve/listen-address.js'
import { startServing } from '../../src/jobs/serve/serve.js'
import type { ServeOptions } from '../../src/jobs/serve/serve-options.js'
import { commandWith } from './command-flags.js'
import { ROOT } from './run-cli.js'
import { testJobIO } from './job-io.js'

/** The serve job's options for `inputs` and serve's flags `args`, as the command line makes them; then `changes`. */
export const serveOptions = (inputs: string[], args: string[] = [], changes: Partial<ServeOptions> = {}): ServeOptions =>
  ({ ...serveOptionsOf(inputs, commandWith(addServeCommand, args).opts<ServeFlags>(), null), ...changes })

export interface Response {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

export interface RequestOptions {
  method?: string
  /** Sent as they are; `Host` defaults to the server's address, null leaves it out. */
  headers?: Record<string, string | null>
  /** A request body (a request here has none). */
  body?: string
  /** The loopback address the request comes from (127.0.0.1 unless given). */
  localAddress?: string
}

/** One request on a connection of its own. */
export const request = (base: string, path: string, options: RequestOptions = {}): Promise<Response> => new Promise((resolve, reject) => {
  const url = new URL(base)
  const headers: Record<string, string> = { Host: url.host }
  let sendHost = true
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (name.toLowerCase() === 'host') {
      if (value === null) sendHost = false
      else headers.Host = value
    } else if (value !== null) {
      headers[name] = value
    }
  }
  if (!sendHost) delete headers.Host
  if (options.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.body))
  const req = httpRequest({
    host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port, method: options.method ?? 'GET', path, agent: false, headers, setHost: sendHost,
    ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
  }, (res) => {
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => chunks.push(chunk))
    res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
    res.on('error', reject)
  })
  req.on('error', reject)
  req.end(options.body)
})

export interface TestServer {
  /** `http://127.0.0.1:PORT` */
  base: string
  /** What the job said besides the access log (warnings), one line each. */
  warnings: string[]
  /** The access log lines written so far. */
  accessLog: () => string[]
  get: (path: string, options?: RequestOptions) => Promise<Response>
  stop: () => Promise<void>
}

/** Starts serve on a free loopback port; stopped when `t` ends (or by `stop`). */
export const startTestServer = async (t: Test, inputs: string[], args: string[] = [], changes: Partial<ServeOptions> = {}): Promise<TestServer> => {
  const run = testJobIO(ROOT)
  const options = serveOptions(inputs, ['--listen', '127.0.0.1:0', ...args], changes)
  const serving = await startServing(options, run.io)
  const base = `http://${hostInUrl(serving.address.host)}:${serving.address.port}`
  let stopped: Promise<void> | null = null
  const stop = (): Promise<void> => (stopped ??= serving.stop('SIGTERM'))
  t.teardown(stop)
  return {
    base,
    warnings: run.warnings,
    accessLog: () => run.stderr().split('\n').filter(Boolean),
    get: (path, requestOptions) => request(base, path, requestOptions),
    stop,
  }
}
