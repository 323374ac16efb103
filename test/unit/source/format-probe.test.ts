/** Whether an input is what it should be (src/source/format-probe.ts): none of its lines readable stops the run, when its rule says. */

import t from 'tap'
import { FORMAT_PROBE_LINES, FormatProbe, noLineOf, notAnAccessLog, type ProbeRule } from '../../../src/source/format-probe.js'

/** A probe whose failure says what it was given. */
const probe = (rule?: ProbeRule): FormatProbe =>
  new FormatProbe((checked, first, whole) => new Error(`${checked} lines${whole ? '' : ' (the first)'}, first ${JSON.stringify(first)}`), rule)

t.test('the first FORMAT_PROBE_LINES lines all unreadable: thrown at the last of them, naming the first', async (t) => {
  t.equal(FORMAT_PROBE_LINES, 100)
  const p = probe()
  for (let i = 1; i < FORMAT_PROBE_LINES; i++) p.saw(false, `bad ${i}`)
  t.throws(() => p.saw(false, 'bad 100'), { message: '100 lines (the first), first "bad 1"' })
})

t.test('an access log (\'whole input\'): its first lines decide nothing, a client may have shaped them; only its end does', async (t) => {
  const p = probe('whole input')
  for (let i = 1; i <= 3 * FORMAT_PROBE_LINES; i++) p.saw(false, `bad ${i}`)
  t.equal(p.done, false, 'no line read yet: the probe may still fail')
  t.throws(() => p.end(), { message: '300 lines, first "bad 1"' }, 'the whole input unreadable: no log')
  const late = probe('whole input')
  for (let i = 1; i <= 3 * FORMAT_PROBE_LINES; i++) late.saw(false, `bad ${i}`)
  late.saw(true, 'good')
  t.equal(late.done, true, 'a line read: later lines cannot fail it')
  t.equal(late.end(), null)
})

t.test('a format named (\'never\'): an input of no readable line is no error, its failure is handed back to be warned of', async (t) => {
  const p = probe('never')
  for (let i = 1; i <= 2 * FORMAT_PROBE_LINES; i++) p.saw(false, `bad ${i}`)
  t.equal(p.end()?.message, '200 lines, first "bad 1"')
  t.equal(probe('never').end(), null, 'no lines: nothing to say')
})

t.test('one readable line among the first is enough, before or after the others', async (t) => {
  for (const at of [0, 50, FORMAT_PROBE_LINES - 1]) {
    const p = probe()
    for (let i = 0; i < 3 * FORMAT_PROBE_LINES; i++) p.saw(i === at, `line ${i}`)
    t.doesNotThrow(() => p.end(), `readable line at ${at}`)
  }
})

t.test('past the first lines nothing is checked: unreadable lines after them are the caller\'s to count', async (t) => {
  const p = probe()
  p.saw(true, 'good')
  for (let i = 1; i < 10 * FORMAT_PROBE_LINES; i++) p.saw(false, 'bad')
  t.doesNotThrow(() => p.end())
})

t.test('an input that ends before FORMAT_PROBE_LINES: the end decides', async (t) => {
  const bad = probe()
  bad.saw(false, 'first')
  bad.saw(false, 'second')
  t.throws(() => bad.end(), { message: '2 lines, first "first"' })
  t.doesNotThrow(() => probe().end(), 'an input without lines is no error here')
  const good = probe()
  good.saw(false, 'x')
  good.saw(true, 'y')
  t.doesNotThrow(() => good.end())
})

t.test('failure: the error for the lines seen', async (t) => {
  const p = probe()
  t.equal(p.failure().message, '0 lines, first ""', 'nothing seen yet')
  p.saw(true, 'good')
  p.saw(false, 'bad')
  t.equal(p.failure().message, '2 lines, first "bad"')
})

t.test('done once a line was read: later lines cannot fail the probe', async (t) => {
  for (const rule of ['first lines', 'whole input', 'never'] as const) {
    const p = probe(rule)
    for (let i = 1; i < FORMAT_PROBE_LINES; i++) p.saw(false, 'bad')
    t.equal(p.done, false, rule)
    p.saw(true, 'good')
    t.equal(p.done, true, rule)
  }
})

t.test('notAnAccessLog: the error naming the input, the lines tried, the first of them cut at 80 characters; exit 1', async (t) => {
  t.match(notAnAccessLog('a.log', 'combined')(3, `x${'y'.repeat(100)}`, true), {
    message: `a.log: none of its 3 lines matches --log-format combined (first: "x${'y'.repeat(79)}")`, exitCode: 1, hint: 'is it the format the server writes?', firstLine: `x${'y'.repeat(100)}`,
  })
  t.match(notAnAccessLog('stdin', null)(100, 'junk', false), {
    message: 'stdin: none of the first 100 lines is an nginx or Apache access log line in combined or common format (first: "junk")', hint: 'is this an access log?',
  })
  t.match(notAnAccessLog('stdin', null)(250, 'junk', true), {
    message: 'stdin: none of its 250 lines is an nginx or Apache access log line in combined or common format (first: "junk")',
  }, 'the whole input')
  t.match(notAnAccessLog('/var/log/a.log', null)(1, 'secret', true), {
    input: '/var/log/a.log', withoutLogContent: '/var/log/a.log: its only line is not an nginx or Apache access log line in combined or common format',
  }, 'the input it names, and the message without the line (for serve\'s 503 page)')
})

t.test('the message says how many lines were tried, in plain words', async (t) => {
  t.equal(noLineOf(1, 'junk', 'is a log line', 'is not a log line'), 'its only line is not a log line (it reads: "junk")')
  t.equal(noLineOf(3, 'junk', 'is a log line', 'is not a log line'), 'none of its 3 lines is a log line (first: "junk")', 'the whole input')
  t.equal(noLineOf(100, 'junk', 'is a log line', 'is not a log line'), 'none of the first 100 lines is a log line (first: "junk")')
  t.equal(noLineOf(1, 'x'.repeat(200), 'is', 'is not'), `its only line is not (it reads: "${'x'.repeat(80)}")`, 'cut at 80 characters')
  t.equal(noLineOf(1, null, 'is a log line', 'is not a log line'), 'its only line is not a log line', 'without the line')
  t.equal(noLineOf(3, null, 'is a log line', 'is not a log line'), 'none of its 3 lines is a log line')
})
