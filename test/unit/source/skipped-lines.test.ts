import t from 'tap'
import { SHOWN_SKIPPED_LINES, SkippedLines } from '../../../src/source/skipped-lines.js'

t.test('counts per reason, and the summary line', async (t) => {
  const skipped = new SkippedLines()
  t.equal(skipped.summary(), null)
  skipped.lines = 12
  skipped.add('not a log line', { source: 'a.log', line: 2 })
  skipped.add('bad time', { source: 'a.log', line: 5 })
  skipped.add('not a log line', { source: 'b.log', line: 1 })
  t.equal(skipped.summary(), 'skipped 3 of 12 lines (2 not a log line, 1 bad time); first at a.log:2')
})

t.test('--verbose: the first 20, cut at 120 characters, control characters visible', async (t) => {
  const shown: string[] = []
  const skipped = new SkippedLines((line) => shown.push(line))
  skipped.add('not a log line', { source: 'a.log', line: 1 }, `\u001b[31mred\u0007 \u202Eevil${'x'.repeat(200)}`)
  t.equal(shown[0], `a.log:1: not a log line: \u241b[31mred\u2407 <U+202E>evil${'x'.repeat(120 - 15)}`)
  for (let i = 2; i <= 30; i++) skipped.add('bad status', { source: 'a.log', line: i }, `line ${i}`)
  t.equal(shown.length, SHOWN_SKIPPED_LINES)
  t.equal(shown[19], 'a.log:20: bad status: line 20')
  t.equal(skipped.count, 30, 'all are counted')
})

t.test('lines skipped elsewhere (a worker): shown as the n-th of the run, counted after, the first one kept if none came before', async (t) => {
  const shown: string[] = []
  const skipped = new SkippedLines((line) => shown.push(line))
  skipped.lines = 5
  skipped.showAs(1, 'bad time', { source: 'a.log', line: 3 }, 'x\u0000')
  skipped.showAs(SHOWN_SKIPPED_LINES + 1, 'bad time', { source: 'a.log', line: 9 }, 'y')
  t.strictSame(shown, ['a.log:3: bad time: x\u2400'], 'past the first 20: not shown')
  skipped.addCounts(7, [['bad time', 2], ['not JSON', 1]], { source: 'a.log', line: 3 })
  skipped.add('bad time', { source: 'b.log', line: 1 })
  skipped.addCounts(1, [], null)
  t.equal(skipped.summary(), 'skipped 4 of 13 lines (3 bad time, 1 not JSON); first at a.log:3')
  t.equal(shown.length, 2, 'counted on: the next one shown is the 4th')
})
