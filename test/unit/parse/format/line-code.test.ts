/**
 * The line compiler writes each text format out as one function, compiled
 * with node:vm; `node --disallow-code-generation-from-strings` guards eval
 * and new Function only, so a run under it reads lines the same way. The
 * format's literals and shape readers go in as values, never as code.
 * (line-compiler.test.ts reads formats through compileFormat, which makes
 * the plans; these hand the code generator plans of their own.)
 */

import { spawnSync } from 'node:child_process'
import t from 'tap'
import { lineParserCode } from '../../../../src/parse/format/line-code.js'
import type { LinePlan, Step } from '../../../../src/parse/format/line-plan.js'
import { preset } from '../../../../src/parse/format/presets.js'
import { NODE, NODE_ARGS, ROOT } from '../../../helpers/run-cli.js'

const LINE = '192.0.2.1 - - [22/Nov/2026:10:00:00 +0100] "GET /moebel/ HTTP/1.1" 200 3 "-" "curl/8"'

t.test('where the engine may not make code from strings (eval, new Function), lines read the same', async (t) => {
  const script = `
    import { preset } from './src/parse/format/presets.ts'
    const spec = preset('combined')
    let refused = false
    try { new Function('') } catch { refused = true }
    console.log(JSON.stringify({ refused, slots: spec.parse(${JSON.stringify(LINE)}) }))`
  const child = spawnSync(NODE, [...NODE_ARGS, '--disallow-code-generation-from-strings', '--import=tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })
  t.equal(child.status, 0, child.stderr)
  const spec = preset('combined')
  const slots = ['192.0.2.1', '-', '22/Nov/2026:10:00:00 +0100', 'GET /moebel/ HTTP/1.1', '200', '3', '-', 'curl/8']
  t.strictSame(spec.kind === 'text' && spec.parse(LINE), slots, 'without the flag')
  t.strictSame(JSON.parse(child.stdout), { refused: true, slots }, 'under it')
})

const plan = (steps: Step[], optionalStep = steps.length, trailing = false): LinePlan => ({ steps, optionalStep, trailing })
function digitsEnd(line: string, pos: number): number {
  let i = pos
  while (line.charCodeAt(i) >= 0x30 && line.charCodeAt(i) <= 0x39) i++
  return i > pos ? i : -1
}

t.test('a literal of the format is a value in the code, whatever it holds', async (t) => {
  const tricky = '\'"`\\\n${x}*/ }); return ["pwned"]; //'
  const parse = lineParserCode(plan([
    { kind: 'toNext', slot: 0, canBeEmpty: false, stop: tricky, then: tricky, anchor: null },
    { kind: 'toNext', slot: 1, canBeEmpty: false, stop: null, then: null, anchor: null },
  ]))
  t.strictSame(parse(`a${tricky}b`), ['a', 'b'])
  t.equal(parse('a b'), null)
  const first = lineParserCode(plan([{ kind: 'literal', text: tricky }, { kind: 'toNext', slot: 0, canBeEmpty: true, stop: null, then: null, anchor: null }]))
  t.strictSame(first(`${tricky}rest`), ['rest'])
  t.strictSame(first(tricky), [''], 'a field that may be empty')
  t.equal(first(`x${tricky}`), null)
})

t.test('a shape reader is called where its field starts, and what it says goes', async (t) => {
  const parse = lineParserCode(plan([
    { kind: 'literal', text: '[' },
    { kind: 'shape', slot: 0, consume: digitsEnd, then: '] ' },
    { kind: 'toNext', slot: 1, canBeEmpty: false, stop: null, then: null, anchor: null },
  ]))
  t.strictSame(parse('[123] GET'), ['123', 'GET'])
  t.equal(parse('[] GET'), null, 'the reader found no shape (-1)')
  t.equal(parse('[12x] GET'), null, 'what follows the shape is not `then`')
})

t.test('a line may end before optionalStep; only there', async (t) => {
  const steps = (): Step[] => [
    { kind: 'shape', slot: 0, consume: digitsEnd, then: null },
    { kind: 'literal', text: ' ' },
    { kind: 'toNext', slot: 1, canBeEmpty: false, stop: null, then: null, anchor: null },
  ]
  const short = lineParserCode(plan(steps(), 1))
  t.strictSame(short('200'), ['200'])
  t.strictSame(short('200 ok'), ['200', 'ok'])
  t.equal(short('200 '), null, 'past it, the steps must all read')
  const full = lineParserCode(plan(steps()))
  t.equal(full('200'), null, 'optionalStep = steps.length: no early end')
  t.strictSame(full('200 ok'), ['200', 'ok'])
})

t.test('trailing text after a space, fields passed over and bracketed fields', async (t) => {
  const parse = lineParserCode(plan([
    { kind: 'toNext', slot: -1, canBeEmpty: true, stop: ' ', then: ' ', anchor: null },
    { kind: 'bracketed', slot: 0, follow: { kind: 'end', orSpace: true }, then: null },
  ], 2, true))
  t.strictSame(parse('skipped [a b]'), ['a b'])
  t.strictSame(parse('skipped [a b] more'), ['a b'], 'a trailing plan takes text after a space')
  t.equal(parse('skipped [a b]more'), null)
  t.equal(parse('skipped [a b'), null)
  const strict = lineParserCode(plan([{ kind: 'bracketed', slot: 0, follow: { kind: 'end', orSpace: false }, then: null }]))
  t.strictSame(strict('[x]'), ['x'])
  t.equal(strict('[x] more'), null)
})

t.test('an anchored bare field ends at the first stop the anchor accepts; where none does, at the first stop', async (t) => {
  const looked: number[] = []
  const parse = lineParserCode(plan([
    { kind: 'toNext', slot: 0, canBeEmpty: false, stop: ' [', then: ' [', anchor: (line, at) => (looked.push(at), line.startsWith('1]', at)) },
    { kind: 'toNext', slot: 1, canBeEmpty: false, stop: null, then: null, anchor: null },
  ]))
  t.strictSame(parse('a [b [1] c'), ['a [b', '1] c'], 'the second stop: what follows it is as the anchor says')
  t.strictSame(looked, [3, 6], 'asked at each stop in turn, just past it')
  t.strictSame(parse('a [b [c'), ['a', 'b [c'], 'no stop accepted: the first, as without an anchor')
  t.strictSame(parse('a [1] [1]'), ['a', '1] [1]'], 'the first accepted')
  t.equal(parse('no stop'), null)
})
