/** A stretch read elsewhere, taken as if read here (src/workers/replay.ts). */

import t from 'tap'
import { SkippedLines } from '../../../src/source/skipped-lines.js'
import { numberedOn, replay } from '../../../src/workers/replay.js'
import type { StretchReport } from '../../../src/workers/stretch-tasks.js'
import { NewestLine } from '../../../src/source/newest-line.js'
import { RuledOut } from '../../../src/select/ruled-out.js'

function report(changes: Partial<StretchReport>): StretchReport {
  return { lines: 0, read: 0, bytes: 0, earliest: null, byReason: [], first: null, events: [], newest: null, records: [], held: 0, failure: null, ruledOut: null, ...changes }
}

t.test('line numbers count on from the lines before; a stretch numbered by offset keeps its offsets', async (t) => {
  t.strictSame(numberedOn({ source: 'x', line: 3 }, 100), { source: 'x', line: 103 })
  t.strictSame(numberedOn({ source: 'x', line: null, byteOffset: 7 }, 100), { source: 'x', line: null, byteOffset: 7 })
})

t.test('the first skipped lines shown as the next of the run, up to 20; a preset noted once per input; the counts added', async (t) => {
  const shown: string[] = []
  const skipped = new SkippedLines((line) => shown.push(line))
  for (let i = 1; i <= 18; i++) skipped.add('bad time', { source: 'a', line: i }, `a${i}`)
  skipped.lines = 30
  const noted = new Set(['json'])
  const target = { skipped, newest: new NewestLine(), note: (line: string) => shown.push(line), noted, format: 'combined' }
  replay(report({
    lines: 50, read: 40, byReason: [['not a log line', 2], ['bad time', 3]], first: { source: 'x', line: 2 },
    events: [
      { kind: 'skip', nth: 1, reason: 'not a log line', at: { source: 'x', line: 2 }, raw: 'junk\u001b' },
      { kind: 'retry', format: 'json', at: { source: 'x', line: 3 } },
      { kind: 'retry', format: 'vhost_combined', at: { source: 'x', line: 4 } },
      { kind: 'skip', nth: 2, reason: 'bad time', at: { source: 'x', line: 5 }, raw: 'b' },
      { kind: 'skip', nth: 3, reason: 'bad time', at: { source: 'x', line: 6 }, raw: 'c' },
    ],
  }), target, 1000)
  t.strictSame(shown.slice(18), ['x:1002: not a log line: junk\u241b', 'x:1004: log format vhost_combined for lines combined cannot read (auto)', 'x:1005: bad time: b'])
  t.strictSame([...noted], ['json', 'vhost_combined'])
  t.equal(skipped.summary(), 'skipped 23 of 70 lines (21 bad time, 2 not a log line); first at a:1')
})

t.test('the stretch\'s newest line counts for the page\'s stamp; none leaves it as it was', async (t) => {
  const newest = new NewestLine()
  newest.see(5000, 60)
  const target = { skipped: new SkippedLines(), newest, note: () => undefined, noted: new Set<string>(), format: 'combined' }
  replay(report({ newest: null }), target, 0)
  t.strictSame(newest.get(), { time: 5000, offset: 60 })
  replay(report({ newest: { time: 4000, offset: 0 } }), target, 0)
  t.strictSame(newest.get(), { time: 5000, offset: 60 }, 'an older one does not')
  replay(report({ newest: { time: 9000, offset: -300 } }), target, 0)
  t.strictSame(newest.get(), { time: 9000, offset: -300 })
})

t.test('the lines each criterion ruled out, when the run counts them, added to the run\'s count', async (t) => {
  const ruledOut = new RuledOut(['request', 'method'])
  ruledOut.count(1)
  const target = { skipped: new SkippedLines(), newest: new NewestLine(), note: () => undefined, noted: new Set<string>(), format: 'combined', ruledOut }
  replay(report({ ruledOut: [2, 5] }), target, 0)
  replay(report({}), target, 0)
  t.strictSame(ruledOut.counts, [2, 6])
  replay(report({ ruledOut: [1, 1] }), { ...target, ruledOut: null }, 0)
  t.strictSame(ruledOut.counts, [2, 6], 'a run that does not count: nothing added')
})
