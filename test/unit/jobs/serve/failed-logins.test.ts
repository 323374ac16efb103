/**
 * Failed logins per client address (src/jobs/serve/failed-logins.ts): the
 * limit within the window, attempts under way counted, Retry-After from the
 * oldest counted failure, the addresses remembered bounded; on a clock the
 * test moves.
 */

import t from 'tap'
import { clientKey, FailedLogins, LOGIN_LIMIT } from '../../../../src/jobs/serve/failed-logins.js'

const clock = (): { now: () => number; pass: (ms: number) => void } => {
  let at = 1_000_000
  return { now: () => at, pass: (ms) => void (at += ms) }
}

/** Ends `n` attempts of `client` as failed, `stepMs` apart. */
const fail = (logins: FailedLogins, client: string, n: number, pass: (ms: number) => void, stepMs = 0): void => {
  for (let i = 0; i < n; i++) {
    logins.attempt(client)(true)
    pass(stepMs)
  }
}

t.test('the limit: 10 failures in 10 minutes per address', async (t) => {
  t.strictSame(LOGIN_LIMIT, { failures: 10, windowMs: 600_000, clients: 10_000 })
})

t.test('N failures close an address until its oldest failure leaves the window; others stay open', async (t) => {
  const { now, pass } = clock()
  const logins = new FailedLogins({ failures: 3, windowMs: 60_000, clients: 100 }, now)
  fail(logins, 'a', 2, pass, 10_000)
  t.equal(logins.retryAfter('a'), 0, 'two failures: may try')
  fail(logins, 'a', 1, pass)
  t.equal(logins.retryAfter('a'), 40, 'the third: the first of them leaves the window in 40 s')
  t.equal(logins.retryAfter('b'), 0, 'another address')
  pass(39_500)
  t.equal(logins.retryAfter('a'), 1, 'half a second left: 1 s')
  pass(500)
  t.equal(logins.retryAfter('a'), 0, 'the first failure has left the window')
  fail(logins, 'a', 1, pass)
  t.equal(logins.retryAfter('a'), 10, 'one more failure closes it again, until the second leaves')
})

t.test('a success does not take back failures; attempts under way count as failures until they end', async (t) => {
  const { now, pass } = clock()
  const logins = new FailedLogins({ failures: 3, windowMs: 60_000, clients: 100 }, now)
  fail(logins, 'a', 2, pass)
  logins.attempt('a')(false)
  t.equal(logins.retryAfter('a'), 0)
  fail(logins, 'a', 1, pass)
  t.equal(logins.retryAfter('a'), 60, 'three failures, a success between them')
  const ends = [logins.attempt('b'), logins.attempt('b')]
  t.equal(logins.retryAfter('b'), 0)
  const third = logins.attempt('b')
  t.equal(logins.retryAfter('b'), 1, 'three under way: try again in a second')
  third(false)
  t.equal(logins.retryAfter('b'), 0, 'one of them succeeded')
  for (const end of ends) end(true)
  t.equal(logins.retryAfter('b'), 0, 'two failures')
})

t.test('addresses remembered are bounded: the least recently failed is forgotten; one with nothing left is dropped', async (t) => {
  const { now, pass } = clock()
  const logins = new FailedLogins({ failures: 1, windowMs: 60_000, clients: 2 }, now)
  fail(logins, 'a', 1, pass)
  fail(logins, 'b', 1, pass)
  fail(logins, 'a', 1, pass)
  fail(logins, 'c', 1, pass)
  t.equal(logins.size, 2)
  t.equal(logins.retryAfter('b'), 0, 'b, failed least recently, is forgotten')
  t.equal(logins.retryAfter('a'), 60)
  t.equal(logins.retryAfter('c'), 60)
  pass(60_000)
  t.equal(logins.retryAfter('a') + logins.retryAfter('c'), 0)
  t.equal(logins.size, 0, 'expired: nothing kept')
  logins.attempt('d')(false)
  t.equal(logins.size, 0, 'a success with no failures keeps nothing')
})

t.test('clientKey: IPv4 as it is, IPv4-mapped as IPv4, IPv6 by its /64', async (t) => {
  t.equal(clientKey('203.0.113.7'), '203.0.113.7')
  t.equal(clientKey('::ffff:203.0.113.7'), '203.0.113.7')
  t.equal(clientKey('2001:db8:10:20:aaaa::1'), '2001:db8:10:20::/64')
  t.equal(clientKey('2001:db8:10:20:bbbb:cccc:dddd:eeee'), '2001:db8:10:20::/64', 'the same host\'s other address')
  t.equal(clientKey('::1'), '0:0:0:0::/64')
  t.equal(clientKey(undefined), '-', 'a socket already closed')
})
