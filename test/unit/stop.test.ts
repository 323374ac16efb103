/**
 * Stopping (src/stop.ts): the stop request long work reads between steps,
 * its sleep cut short, the Stopped error, the shell's exit code of a
 * signal, and the process listeners a cleanup installs and removes. No
 * signal is sent to the test process.
 */

import t from 'tap'
import { onStopSignal, signalExitCode, STOP_GRACE_MS, STOP_SIGNALS, StopRequest, Stopped } from '../../src/stop.js'

t.test('a stop request: nothing until asked; then check() throws Stopped with the first signal', async (t) => {
  const stop = new StopRequest()
  t.equal(stop.requested, false)
  t.doesNotThrow(() => stop.check())
  stop.request('SIGTERM')
  t.equal(stop.requested, true)
  t.throws(() => stop.check(), { name: 'Stopped', message: 'stopped by SIGTERM', signal: 'SIGTERM' })
  stop.request('SIGINT')
  t.throws(() => stop.check(), { message: 'stopped by SIGTERM', signal: 'SIGTERM' }, 'a second signal does not change the first')
  t.ok(new Stopped('SIGHUP') instanceof Error)
})

t.test('sleep: cut short by a stop', async (t) => {
  const stop = new StopRequest()
  let woke = false
  const sleeping = stop.sleep(10 * 60 * 1000).then(() => {
    woke = true
  })
  await Promise.resolve()
  t.equal(woke, false)
  stop.request('SIGINT')
  await sleeping
  t.equal(woke, true, 'awake long before ten minutes')
})

t.test('sleep: at once once stopped; else for the time asked', async (t) => {
  const stop = new StopRequest()
  const first = await Promise.race([stop.sleep(1).then(() => 'slept'), new Promise<string>((resolve) => setTimeout(() => resolve('timer'), 50))])
  t.equal(first, 'slept', 'a short sleep ends on its own')
  stop.request('SIGTERM')
  t.equal(await Promise.race([stop.sleep(10 * 60 * 1000).then(() => 'at once'), Promise.resolve().then(() => 'later')]), 'at once',
    'a sleep after the stop is over before anything else')
})

t.test('a second sleep after the first was cut short is cut short too', async (t) => {
  const stop = new StopRequest()
  const first = stop.sleep(5)
  await first
  const second = stop.sleep(10 * 60 * 1000)
  stop.request('SIGHUP')
  await second
  t.pass('woken')
})

t.test('the exit code a shell shows for a process ended by a signal: 128 plus its number', async (t) => {
  t.equal(signalExitCode('SIGTERM'), 143)
  t.equal(signalExitCode('SIGINT'), 130)
  t.equal(signalExitCode('SIGHUP'), 129)
  t.equal(signalExitCode('SIGKILL'), 137)
})

t.test('the stop signals and the grace', async (t) => {
  t.strictSame(STOP_SIGNALS, ['SIGINT', 'SIGTERM', 'SIGHUP'])
  t.equal(STOP_GRACE_MS, 1000)
})

t.test('a cleanup installs one listener per stop signal; the last release removes them', async (t) => {
  const count = (): number[] => STOP_SIGNALS.map((signal) => process.listenerCount(signal))
  const before = count()
  const releaseA = onStopSignal(() => undefined)
  t.strictSame(count(), before.map((n) => n + 1))
  const releaseB = onStopSignal(() => undefined)
  t.strictSame(count(), before.map((n) => n + 1), 'one handler for all cleanups')
  releaseA()
  t.strictSame(count(), before.map((n) => n + 1), 'still one cleanup left')
  releaseB()
  t.strictSame(count(), before)
  releaseB()
  t.strictSame(count(), before, 'a second release does nothing')
})

t.test('a stop for a reason other than a signal (a search past its deadline): the first reason stays', async (t) => {
  const stop = new StopRequest<'deadline' | 'client gone'>()
  t.equal(stop.reason, null)
  stop.request('client gone')
  stop.request('deadline')
  t.equal(stop.requested, true)
  t.equal(stop.reason, 'client gone')
  await stop.sleep(10 * 60 * 1000)
  t.pass('a sleep after it is over at once')
})

t.test('whenRequested settles with the reason once a stop is asked for, at once when it was', async (t) => {
  const stop = new StopRequest<'deadline' | 'client gone'>()
  const heard = stop.whenRequested()
  t.equal(stop.whenRequested(), heard, 'one promise for all who wait')
  let settled = false
  void heard.then(() => {
    settled = true
  })
  await Promise.resolve()
  t.equal(settled, false)
  stop.request('deadline')
  t.equal(await heard, 'deadline')
  t.equal(await stop.whenRequested(), 'deadline')
})
