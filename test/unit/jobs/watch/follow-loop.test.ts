/**
 * The loop of a watch (src/jobs/watch/follow-loop.ts), on a clock of the
 * test's: every input polled each tick; a change published at most once
 * per interval, at once when every input has ended; an input that cannot
 * be read on said once and dropped; the loop ends on a stop. The clock
 * moves only when an input is polled, so what is published when is exact.
 */

import t from 'tap'
import { usageError } from '../../../../src/errors.js'
import { followChanges, type LoopSettings } from '../../../../src/jobs/watch/follow-loop.js'
import { POLL_MS } from '../../../../src/jobs/follow/poll.js'
import type { Followed } from '../../../../src/jobs/follow/followed-inputs.js'
import { Republisher } from '../../../../src/jobs/watch/republisher.js'
import { Stopped, StopRequest } from '../../../../src/stop.js'
import { listingNumber, RecordingPublisher } from '../../../helpers/watch-fakes.js'

/** A followed input whose polls are scripted: each poll runs the next step (a change or not, or a throw). */
class FakeInput implements Followed {
  polls = 0
  closed = 0
  #ended = false

  constructor(readonly label: string, readonly step: (poll: number, input: FakeInput) => boolean) {}

  poll(): Promise<boolean> {
    return Promise.resolve().then(() => this.step(++this.polls, this))
  }

  end(): void {
    this.#ended = true
  }

  ended(): boolean {
    return this.#ended
  }

  close(): Promise<void> {
    this.closed++
    return Promise.resolve()
  }
}

/** A run of the loop: the clock starts at 1000 and moves as the inputs' steps move it; each listing made is the next number. */
const setup = (intervalMs = 5) => {
  const clock = { now: 1000 }
  const stop = new StopRequest()
  const publisher = new RecordingPublisher()
  const at: number[] = []
  publisher.onPublish = () => at.push(clock.now)
  const warnings: string[] = []
  let made = 0
  const republisher = new Republisher(publisher, listingNumber(0), (line) => warnings.push(line))
  const settings: LoopSettings = { intervalMs, listing: () => listingNumber(++made), warn: (line) => warnings.push(line), now: () => clock.now }
  return { clock, stop, publisher, at, warnings, republisher, settings }
}

t.test('the poll tick', async (t) => {
  t.equal(POLL_MS, 250)
})

t.test('a change is published at most once per interval', async (t) => {
  const run = setup(5)
  const input = new FakeInput('access.log', (poll) => {
    run.clock.now += 2
    if (poll === 10) run.stop.request('SIGTERM')
    return true
  })
  await followChanges([input], run.republisher, run.stop, run.settings)
  // the interval runs from 1000: the first publish at 1006 (the first poll at or past 1005), then 6 ms apart
  t.strictSame(run.at, [1006, 1012, 1018])
  t.equal(input.polls, 10)
  t.strictSame(run.warnings, [])
})

t.test('no change, no publish, however long it runs', async (t) => {
  const run = setup(5)
  const input = new FakeInput('access.log', (poll) => {
    run.clock.now += 100
    if (poll === 5) run.stop.request('SIGTERM')
    return false
  })
  await followChanges([input], run.republisher, run.stop, run.settings)
  t.strictSame(run.at, [])
  t.equal(input.polls, 5)
})

t.test('a change waits for the interval, then goes out with whatever came meanwhile', async (t) => {
  const run = setup(10)
  const input = new FakeInput('access.log', (poll) => {
    run.clock.now += 3
    if (poll === 9) run.stop.request('SIGTERM')
    return poll === 1 || poll === 5
  })
  await followChanges([input], run.republisher, run.stop, run.settings)
  // changes at 1003 and 1015: published at 1012 (the first poll at or past 1010), then at 1024 (the first at or past 1022)
  t.strictSame(run.at, [1012, 1024])
  t.strictSame(run.publisher.published, [1, 2])
})

t.test('every input ended: a change is published at once, and the loop ends', async (t) => {
  const run = setup(5)
  const input = new FakeInput('stdin', (poll, self) => {
    run.clock.now += 1
    if (poll === 2) self.end()
    return true
  })
  await followChanges([input], run.republisher, run.stop, run.settings)
  t.strictSame(run.at, [1002], 'before the interval is over (at 1005)')
  t.equal(input.polls, 2)
  t.equal(run.stop.requested, false, 'it ended of itself')
})

t.test('every input ended without a change: the loop ends without a publish', async (t) => {
  const run = setup(5)
  const input = new FakeInput('stdin', (_poll, self) => {
    self.end()
    return false
  })
  await followChanges([input], run.republisher, run.stop, run.settings)
  t.strictSame(run.at, [])
  t.equal(input.polls, 1)
})

t.test('an input that cannot be read on is said once, closed and dropped; the others go on', async (t) => {
  const run = setup(5)
  const broken = new FakeInput('a.log', (poll) => {
    if (poll === 2) throw usageError('cannot read a.log: the gzip data is truncated or corrupt')
    return false
  })
  const steady = new FakeInput('b.log', (poll) => {
    run.clock.now += 10
    if (poll === 4) run.stop.request('SIGINT')
    return false
  })
  const followed = [broken, steady]
  await followChanges(followed, run.republisher, run.stop, run.settings)
  t.strictSame(run.warnings, ['cannot read a.log: the gzip data is truncated or corrupt; a.log is not read any more'])
  t.strictSame(followed.map((input) => input.label), ['b.log'], 'dropped from the inputs followed')
  t.equal(broken.polls, 2)
  t.equal(broken.closed, 1)
  t.equal(steady.polls, 4)
})

t.test('the last input dropped: nothing is left to follow, the loop ends', async (t) => {
  const run = setup(5)
  const broken = new FakeInput('a.log', () => {
    throw usageError('cannot read a.log: gone')
  })
  await followChanges([broken], run.republisher, run.stop, run.settings)
  t.strictSame(run.warnings, ['cannot read a.log: gone; a.log is not read any more'])
  t.equal(broken.polls, 1)
})

t.test('a bug in a poll is thrown, not said', async (t) => {
  const run = setup(5)
  const bug = new TypeError('a bug')
  const input = new FakeInput('a.log', () => {
    throw bug
  })
  await t.rejects(followChanges([input], run.republisher, run.stop, run.settings), bug)
  t.strictSame(run.warnings, [])
  t.equal(input.closed, 0)
})

t.test('a stop: the loop ends after the poll under way, a pending change not published', async (t) => {
  const run = setup(5)
  const input = new FakeInput('a.log', (poll) => {
    run.clock.now += 10
    if (poll === 1) run.stop.request('SIGTERM')
    return true
  })
  await followChanges([input], run.republisher, run.stop, run.settings)
  t.strictSame(run.at, [], 'its cleanup takes over; nothing more is written')
  t.equal(input.polls, 1)
})

t.test('a stop while the loop waits: one more poll, then the end', async (t) => {
  const run = setup(60_000)
  const input = new FakeInput('a.log', (poll) => {
    if (poll === 1) setImmediate(() => run.stop.request('SIGHUP'))
    return false
  })
  await followChanges([input], run.republisher, run.stop, run.settings)
  t.equal(input.polls, 2)
})

t.test('a stop during a publish ends the loop quietly; a failed write is said and the loop goes on', async (t) => {
  const stopped = setup(5)
  stopped.publisher.failures.push(new Stopped('SIGTERM'))
  const input = new FakeInput('a.log', () => {
    stopped.clock.now += 10
    return true
  })
  await followChanges([input], stopped.republisher, stopped.stop, stopped.settings)
  t.equal(input.polls, 1)
  t.strictSame(stopped.warnings, [])

  const failed = setup(5)
  failed.publisher.failures.push(usageError('cannot write out.html: permission denied'))
  const other = new FakeInput('a.log', (poll) => {
    failed.clock.now += 10
    if (poll === 3) failed.stop.request('SIGTERM')
    return true
  })
  await followChanges([other], failed.republisher, failed.stop, failed.settings)
  t.strictSame(failed.at, [1010, 1020])
  t.strictSame(failed.publisher.published, [2])
  t.strictSame(failed.warnings, ['cannot write out.html: permission denied (tried again at the next change)', 'out.html: written again'])
})

t.test('a bug while publishing is thrown', async (t) => {
  const run = setup(5)
  const bug = new TypeError('a bug')
  run.publisher.failures.push(bug)
  const input = new FakeInput('a.log', () => {
    run.clock.now += 10
    return true
  })
  await t.rejects(followChanges([input], run.republisher, run.stop, run.settings), bug)
})
