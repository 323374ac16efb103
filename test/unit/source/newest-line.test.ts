import t from 'tap'
import { NewestLine } from '../../../src/source/newest-line.js'

t.test('the newest line seen, by its time; ties keep the first; none before a line', async (t) => {
  const newest = new NewestLine()
  t.equal(newest.get(), null)
  newest.see(2000, 60)
  newest.see(1000, 0)
  t.strictSame(newest.get(), { time: 2000, offset: 60 }, 'an older line changes nothing')
  newest.see(2000, -300)
  t.strictSame(newest.get(), { time: 2000, offset: 60 }, 'an equal time keeps the first')
  newest.see(3000, -300)
  t.strictSame(newest.get(), { time: 3000, offset: -300 })
})
