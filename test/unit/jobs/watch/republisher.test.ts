/**
 * A watch's publishes after the first (src/jobs/watch/republisher.ts): only
 * a listing that shows something else is published; a failed write is said
 * once while it lasts and tried again at the next change; the first write
 * after failures says so.
 */

import t from 'tap'
import { usageError } from '../../../../src/errors.js'
import { Republisher } from '../../../../src/jobs/watch/republisher.js'
import { listingNumber, RecordingPublisher } from '../../../helpers/watch-fakes.js'

const setup = () => {
  const publisher = new RecordingPublisher()
  const warnings: string[] = []
  const republisher = new Republisher(publisher, listingNumber(0), (line) => warnings.push(line))
  return { publisher, warnings, republisher }
}

t.test('the same listing as the last page written is not published again', async (t) => {
  const { publisher, warnings, republisher } = setup()
  t.equal(republisher.count, 1, 'the first page counts')
  await republisher.publish(listingNumber(0))
  t.strictSame(publisher.published, [], 'the first page shows it already')
  await republisher.publish(listingNumber(1))
  await republisher.publish(listingNumber(1))
  await republisher.publish(listingNumber(2))
  await republisher.publish(listingNumber(1))
  t.strictSame(publisher.published, [1, 2, 1])
  t.equal(republisher.count, 4)
  t.strictSame(warnings, [])
})

t.test('a failed write: said once while it lasts, tried again at the next change; the write after says so', async (t) => {
  const { publisher, warnings, republisher } = setup()
  const full = usageError('cannot write out.html: no space left on the device')
  publisher.failures.push(full, full, usageError('cannot write out.html: permission denied'))
  await republisher.publish(listingNumber(1))
  await republisher.publish(listingNumber(1))
  t.strictSame(warnings, ['cannot write out.html: no space left on the device (tried again at the next change)'], 'the same failure again: no second line')
  await republisher.publish(listingNumber(2))
  t.strictSame(warnings.slice(1), ['cannot write out.html: permission denied (tried again at the next change)'], 'another failure is said')
  t.equal(republisher.count, 1)
  await republisher.publish(listingNumber(2))
  t.strictSame(publisher.published, [2], 'the listing that failed is tried again')
  t.strictSame(warnings.slice(2), ['out.html: written again'])
  t.equal(republisher.count, 2)
  await republisher.publish(listingNumber(3))
  t.strictSame(warnings.length, 3, 'only the first write after failures says so')
})

t.test('a failure, then the first page\'s listing again: published, since the failed one was never written', async (t) => {
  const { publisher, warnings, republisher } = setup()
  publisher.failures.push(usageError('cannot write out.html: permission denied'))
  await republisher.publish(listingNumber(1))
  await republisher.publish(listingNumber(0))
  t.strictSame(publisher.published, [], 'the page written still shows listing 0')
  await republisher.publish(listingNumber(1))
  t.strictSame(publisher.published, [1])
  t.strictSame(warnings, ['cannot write out.html: permission denied (tried again at the next change)', 'out.html: written again'])
})

t.test('anything but a user error (a bug, a stop) is thrown', async (t) => {
  const { publisher, warnings, republisher } = setup()
  const bug = new TypeError('a bug')
  publisher.failures.push(bug)
  await t.rejects(republisher.publish(listingNumber(1)), bug)
  t.strictSame(warnings, [])
  t.equal(republisher.count, 1)
})
