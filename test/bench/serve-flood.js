// A password flood against `serve --htpasswd` (issue 29, 5): a valid user's page while 64 clients send
// wrong passwords. The file of users holds anna (cost 5, htpasswd -B's default: the user measured) and
// boss (cost 12, 0.3-0.4 s of bcrypt). The valid user asks for the default page from 127.0.0.1, one
// request after another; the flood comes from other loopback addresses (the kernel lets a client bind any
// 127.x.y.z), each client on a kept-alive connection of its own, one request after another:
// - one attacker: 64 clients from 127.0.0.2, boss with wrong passwords;
// - many attackers: 64 clients from 127.0.0.2 … 127.0.0.65, one each, boss with wrong passwords;
// - unknown users: 64 clients from 127.0.0.2, names that are in no file.
// Figures: the valid user's latency (p50/p99/max ms) alone and under each flood, its answers other than
// 200, and the flood's answers by status.
//
//   node test/bench/serve-flood.js [--seconds 10] [--lines 100000]   (serve-bench.js runs it on its log)
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { generateLog } from './generate-log.js'
import { startServe } from './serve-driver.js'

const require = createRequire(import.meta.url)
const FLOOD_CLIENTS = 64

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

/** One GET of `/` on `agent`, with `authorization`: its status and time in ms. */
const timedGet = (base, agent, authorization) => new Promise((resolve) => {
  const started = process.hrtime.bigint()
  const done = (status) => resolve({ status, ms: Number(process.hrtime.bigint() - started) / 1e6 })
  const req = request(`${base}/`, { agent, headers: { Authorization: authorization } }, (res) => {
    res.resume()
    res.on('end', () => done(res.statusCode))
    res.on('error', () => done('error'))
  })
  req.on('error', () => done('error'))
  req.end()
})

const percentile = (sorted, p) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : NaN

/** Requests of one client, one after another until `until` (ms since the epoch); `record` gets each. */
const client = async (base, localAddress, authorization, until, record) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress })
  try {
    while (Date.now() < until) record(await timedGet(base, agent, authorization()))
  } finally {
    agent.destroy()
  }
}

/**
 * The flood, in a process of its own (this file with --flood), so that its clients' event loop is not
 * the one that times the valid user: 64 clients from `attackers` until `until`, each with `who`'s
 * credentials (`boss`: boss with wrong passwords, `unknown`: names in no file). Settles with its
 * answers by status.
 */
const flood = (base, attackers, who, until) => new Promise((resolve, reject) => {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--flood', base, who, String(until), ...attackers], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (chunk) => (out += chunk))
  child.on('error', reject)
  child.on('exit', (code) => code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the flood ended with ${code}`)))
})

/** The flood's side: its clients, then its answers by status on stdout. */
const floodClients = async ([base, who, until, ...attackers]) => {
  let n = 0
  const credentials = who === 'boss' ? () => basic('boss', `guess-${n++}`) : () => basic(`user-${n++}`, 'guess')
  const answers = {}
  await Promise.all(attackers.map((address) => client(base, address, credentials, Number(until), ({ status }) => {
    answers[status] = (answers[status] ?? 0) + 1
  })))
  process.stdout.write(JSON.stringify(answers))
}

/** The valid user's latencies for `seconds`, while 64 clients of `attackers` (local addresses) flood as `who`. */
const measure = async (base, seconds, attackers = [], who = null) => {
  const until = Date.now() + seconds * 1000
  const valid = []
  const flooding = attackers.length === 0 ? Promise.resolve({}) : flood(base, attackers, who, until)
  // the flood first gets under way
  if (attackers.length > 0) await new Promise((resolve) => setTimeout(resolve, 1000))
  await client(base, '127.0.0.1', () => basic('anna', 'correct horse'), until, (r) => valid.push(r))
  const answers = await flooding
  const ms = valid.map((r) => r.ms).sort((a, b) => a - b)
  const round = (n) => Math.round(n * 10) / 10
  return { requests: valid.length, notOk: valid.filter((r) => r.status !== 200).length, p50: round(percentile(ms, 0.5)), p99: round(percentile(ms, 0.99)), max: round(ms.at(-1) ?? NaN), flood: answers }
}

/** The htpasswd file: anna (cost 5) and boss (cost 12), hashed by bcryptjs as htpasswd -B hashes. */
const writeUsers = (path) => {
  const bcrypt = require('bcryptjs')
  writeFileSync(path, `anna:${bcrypt.hashSync('correct horse', 5)}\nboss:${bcrypt.hashSync('battery staple', 12)}\n`)
}

/** Starts serve on `log` with a file of users and measures the valid user alone and under each flood. */
export const runFlood = async (log, { seconds = 10, nodeFlags = [] } = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'profiler-search-flood-'))
  let server = null
  try {
    writeUsers(join(dir, 'users'))
    server = await startServe([log, '--htpasswd', join(dir, 'users')], { nodeFlags })
    const { base } = server
    const one = (address) => Array(FLOOD_CLIENTS).fill(address)
    const many = (prefix) => Array.from({ length: FLOOD_CLIENTS }, (_, i) => `${prefix}${i + 2}`)
    const figures = {}
    figures.alone = await measure(base, seconds)
    console.log(`  alone: ${JSON.stringify(figures.alone)}`)
    // each flood comes from addresses of its own: those of the one before may still be locked out
    figures.oneAttacker = await measure(base, seconds, one('127.0.0.2'), 'boss')
    console.log(`  64 clients of one address, boss (cost 12) with wrong passwords: ${JSON.stringify(figures.oneAttacker)}`)
    figures.manyAttackers = await measure(base, seconds, many('127.0.1.'), 'boss')
    console.log(`  64 clients of 64 addresses, boss with wrong passwords: ${JSON.stringify(figures.manyAttackers)}`)
    figures.unknownUsers = await measure(base, seconds, one('127.0.2.2'), 'unknown')
    console.log(`  64 clients of one address, unknown users: ${JSON.stringify(figures.unknownUsers)}`)
    server.child.kill('SIGTERM')
    await server.exited
    return figures
  } finally {
    server?.child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === '--flood') {
  await floodClients(process.argv.slice(3))
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`)
    return i > 0 ? process.argv[i + 1] : fallback
  }
  const dir = mkdtempSync(join(tmpdir(), 'profiler-search-flood-log-'))
  try {
    const log = join(dir, 'access.log')
    await generateLog(log, Number(arg('lines', '100000')), { seed: 42 })
    const figures = await runFlood(log, { seconds: Number(arg('seconds', '10')) })
    console.log(JSON.stringify(figures))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
