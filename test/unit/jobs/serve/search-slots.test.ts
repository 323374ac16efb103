/** `--max-searches`: so many at once; the next waits its turn, first come first served, then gives up; a client gone leaves the queue. */

import t from 'tap'
import { SearchSlots } from '../../../../src/jobs/serve/search-slots.js'

const never = new Promise<never>(() => undefined)

t.test('free slots are taken at once; a release lets the first waiter in, then the next', async (t) => {
  const slots = new SearchSlots(2, 60_000)
  const a = await slots.take(never)
  const b = await slots.take(never)
  t.ok(a && b)
  t.equal(slots.taken, 2)
  const order: string[] = []
  const c = slots.take(never).then((release) => {
    order.push('c')
    return release
  })
  const d = slots.take(never).then((release) => {
    order.push('d')
    return release
  })
  await Promise.resolve()
  t.equal(slots.waiting, 2)
  a?.()
  const releaseC = await c
  t.ok(releaseC)
  t.strictSame(order, ['c'], 'the first to wait is the first in')
  t.equal(slots.taken, 2, 'the slot went on as it was')
  a?.()
  t.equal(slots.waiting, 1, 'a second release of the same slot does nothing')
  b?.()
  t.ok(await d)
  t.strictSame(order, ['c', 'd'])
  releaseC?.()
  ;(await d)?.()
  t.equal(slots.taken, 0)
})

t.test('no slot within the wait: null, and the waiter is gone from the queue', async (t) => {
  const slots = new SearchSlots(1, 20)
  const held = await slots.take(never)
  t.equal(await slots.take(never), null)
  t.equal(slots.waiting, 0)
  held?.()
  t.equal(slots.taken, 0, 'nobody was waiting: the slot is free')
})

t.test('a waiter whose client went away leaves the queue; the slot goes to the next', async (t) => {
  const slots = new SearchSlots(1, 60_000)
  const held = await slots.take(never)
  let leave = (): void => undefined
  const left = new Promise<void>((resolve) => {
    leave = resolve
  })
  const gone = slots.take(left)
  const next = slots.take(never)
  leave()
  t.equal(await gone, null)
  t.equal(slots.waiting, 1)
  held?.()
  t.ok(await next, 'the next one in the queue got the slot')
})
