// Driving `profiler-search serve` from outside, for the load test (test/helpers/serve-load.js) and the
// bench (serve-bench.js): the built bin started on a free loopback port, its stderr read line by line
// (the access log and --verbose's search lines), autocannon's load, idle sockets, one raw request that
// goes away, and the process's RSS and CPU from /proc. Every address is 127.0.0.1.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { get } from 'node:http'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

export const BIN = fileURLToPath(new URL('../../bin/profiler-search.js', import.meta.url))
const CLOCK_TICKS = 100

/**
 * Starts `serve` with `args` (its inputs and flags; --listen 127.0.0.1:0 is added) and waits until it
 * says where it listens. `nodeFlags` go to its node. Its stderr is kept; `waitFor` settles with the
 * first line from `from` on that matches.
 */
export const startServe = async (args, { nodeFlags = [], env = {} } = {}) => {
  // without NODE_OPTIONS: a test runner's hooks stay out of the server
  const child = spawn('env', ['-u', 'NODE_OPTIONS', process.execPath, ...nodeFlags, BIN, 'serve', ...args, '--listen', '127.0.0.1:0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, TZ: 'UTC', LANG: 'C', ...env },
  })
  const lines = []
  const waiters = []
  let partial = ''
  child.stderr.on('data', (chunk) => {
    partial += chunk
    const complete = partial.split('\n')
    partial = complete.pop()
    for (const line of complete) {
      lines.push(line)
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(line)
        }
      }
    }
  })
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    for (const waiter of waiters.splice(0)) waiter.reject(new Error(`serve ended (${code ?? signal}) before a line matched ${waiter.pattern}; it said:\n${lines.join('\n')}`))
    resolve({ code, signal })
  }))
  const waitFor = (pattern, from = 0) => {
    const found = lines.slice(from).find((line) => pattern.test(line))
    if (found !== undefined) return Promise.resolve(found)
    return new Promise((resolve, reject) => waiters.push({ pattern, test: (line) => pattern.test(line), resolve, reject }))
  }
  const serving = await waitFor(/^profiler-search: serving (http:\/\/\S+)\//)
  const base = /(http:\/\/[^/\s]+)\//.exec(serving)[1]
  return { child, base, lines, waitFor, exited }
}

/** One GET; settles with status and body (`agent: false`: a connection of its own). */
export const fetchPage = (base, path) => new Promise((resolve, reject) => {
  get(`${base}${path}`, { agent: false }, (res) => {
    let body = ''
    res.setEncoding('utf8')
    res.on('data', (chunk) => (body += chunk))
    res.on('end', () => resolve({ status: res.statusCode, body, headers: res.headers }))
    res.on('error', reject)
  }).on('error', reject)
})

/** The tokens of a page's rows, in order. */
export const tokensOf = (html) => [...html.matchAll(/<a href="\/profiles\/([0-9a-f]{13})\.html/g)].map((m) => m[1])

/**
 * autocannon against `base`: `connections` clients for `seconds`, each going through `paths` in turn.
 * The figures: requests, errors (connection errors and timeouts), timeouts, non-2xx answers, latency
 * p50/p97.5/p99/max in ms, and the non-2xx statuses seen.
 */
export const load = async (base, { connections = 50, seconds = 10, paths = ['/'] } = {}) => {
  const statuses = {}
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({
      method: 'GET',
      path,
      onResponse: (status) => {
        if (status < 200 || status > 299) statuses[status] = (statuses[status] ?? 0) + 1
      },
    })),
  })
  return {
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
    latency: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99, max: result.latency.max },
  }
}

/** Opens `count` connections that send nothing; settles once all are open. */
export const idleSockets = async (base, count) => {
  const { hostname, port } = new URL(base)
  const sockets = await Promise.all(Array.from({ length: count }, () => new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket))
    socket.on('error', reject)
    // the server closes them once their headers are late: nothing to do then
    socket.on('data', () => undefined)
  })))
  return { close: () => sockets.forEach((socket) => socket.destroy()) }
}

/** Sends a GET on a raw connection and returns the socket, to go away when the caller likes. */
export const rawRequest = (base, path) => {
  const { hostname, port } = new URL(base)
  const socket = connect(Number(port), hostname)
  socket.on('error', () => undefined)
  socket.on('data', () => undefined)
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`)
  return socket
}

/** Seconds of CPU the process has used (user + system). */
export const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

/** Resident memory in MB. */
export const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024
