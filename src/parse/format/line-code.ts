/**
 * The steps of a compiled format (line-compiler.ts) written out as one
 * function: straight-line code the engine optimises for that format alone.
 * (A loop over the steps, or a list of closures, reads the same lines a
 * tenth of a full scan slower: every step costs a call or a dispatch, and
 * what the engine learns from one format slows the others.)
 *
 * Only numbers and the names of local constants go into the source: the
 * format's literals and shape readers are passed in as values, so no text
 * from a format or a log line ever becomes code. It is compiled with
 * node:vm, which `node --disallow-code-generation-from-strings` (a guard
 * on eval and new Function) leaves alone, so the tool reads lines the same
 * way under it.
 */

import { compileFunction } from 'node:vm'
import type { Anchor, Follow, LineParser, LinePlan, Step } from './line-plan.js'
import { BACKSLASH, BRACKET, DASH, QUESTION, QUOTE, SPACE } from '../../text/chars.js'

class Source {
  readonly values: unknown[] = []
  readonly lines: string[] = []

  /** A local constant holding `value`, by name. */
  constant(value: unknown): string {
    this.values.push(value)
    return `V${this.values.length - 1}`
  }

  add(...lines: string[]): void {
    this.lines.push(...lines)
  }
}

/** An expression: does the line at `at` (a variable) begin with `text`? */
function startsWithCode(src: Source, text: string, at: string): string {
  return text.length === 1 ? `line.charCodeAt(${at}) === ${text.charCodeAt(0)}` : `line.startsWith(${src.constant(text)}, ${at})`
}

/** An expression: does what must follow a field come at `at`? */
function followsCode(src: Source, follow: Follow, at: string): string {
  switch (follow.kind) {
    case 'end': return follow.orSpace ? `(${at} === line.length || line.charCodeAt(${at}) === ${SPACE})` : `${at} === line.length`
    case 'literal': return startsWithCode(src, follow.text, at)
    case 'any': return 'true'
  }
}

/** Sets `end` to where a bare field that starts at `from` may end: its stop literal (-1 when absent), else the end of the line (of a trailing format: a space). */
function stopCode(src: Source, stop: string | null, trailing: boolean, from: string): void {
  if (stop !== null) src.add(`end = line.indexOf(${src.constant(stop)}, ${from});`)
  else if (trailing) src.add(`end = line.indexOf(' ', ${from});`, 'if (end < 0) end = line.length;')
  else src.add('end = line.length;')
}

function store(slot: number, from: string, to: string): string {
  return (slot >= 0 ? `out[${slot}] = line.slice(${from}, ${to});` : '')
}

function lengthOf(then: string | null): number {
  return (then === null ? 0 : then.length)
}

/**
 * A quoted field ends at the first unescaped `"` that is followed by what the
 * format expects next, so an unescaped quote inside a value (a server that
 * does not escape) does not cut the field short.
 *
 * A field a record can do without (not the client, time, request or status)
 * is also read in two shapes servers write outside the format:
 * - a bare `-` without quotes: Traefik writes an unset Referer or User-Agent so;
 * - when it is the last field of the format, a value whose closing quote never
 *   came (a line cut off by a crash or a full disk): it takes the rest of the
 *   line. Only when no unescaped `"` follows the opening one: a line with
 *   text after a closed last field is not in the format, and not cut off.
 */
function quotedCode(src: Source, step: Extract<Step, { kind: 'quoted' }>): void {
  const { slot, follow, canBeEmpty, cutOff } = step
  const skip = lengthOf(step.then)
  src.add(`if (line.charCodeAt(pos) === ${QUOTE}) {`)
  if (cutOff) {
    // u: an unescaped quote was seen that did not close the field (then the line is not cut off)
    src.add(
      'u = 0;',
      `for (i = line.indexOf('"', pos + 1); ; i = line.indexOf('"', i + 1)) {`,
      `if (i < 0) { if (u !== 0) return null; ${store(slot, 'pos + 1', 'line.length')} return out; }`,
      `for (b = 0; line.charCodeAt(i - 1 - b) === ${BACKSLASH}; b++);`,
      'if ((b & 1) !== 0) continue;',
      'f = i + 1;',
      `if (${followsCode(src, follow, 'f')}) break;`,
      'u = 1;',
      '}',
    )
  } else {
    src.add(
      `for (i = line.indexOf('"', pos + 1); ; i = line.indexOf('"', i + 1)) {`,
      'if (i < 0) return null;',
      `for (b = 0; line.charCodeAt(i - 1 - b) === ${BACKSLASH}; b++);`,
      'f = i + 1;',
      `if ((b & 1) === 0 && ${followsCode(src, follow, 'f')}) break;`,
      '}',
    )
  }
  src.add(store(slot, 'pos + 1', 'i'), `pos = i + ${1 + skip};`)
  if (!canBeEmpty) {
    src.add('} else return null;')
    return
  }
  src.add(
    '} else {',
    'f = pos + 1;',
    `if (line.charCodeAt(pos) !== ${DASH} || !(${followsCode(src, follow, 'f')})) return null;`,
    store(slot, 'pos', 'f'),
    `pos = f + ${skip};`,
    '}',
  )
}

/**
 * A bare field whose text may hold its stop literal (see Anchor): `end` moves
 * on to the first occurrence of the stop that the anchor accepts; where none
 * does, it stays at the first (the line is then read, or not, as before).
 */
function anchoredCode(src: Source, anchor: Anchor, stop: string): void {
  const accepts = src.constant(anchor)
  const literal = src.constant(stop)
  src.add(
    `if (end >= 0 && !${accepts}(line, end + ${stop.length})) {`,
    'f = end;',
    `do end = line.indexOf(${literal}, end + 1); while (end >= 0 && !${accepts}(line, end + ${stop.length}));`,
    'if (end < 0) end = f;',
    '}',
  )
}

/** Code for one step: it moves `pos` past what it consumed, or returns null. */
function stepCode(src: Source, step: Step, trailing: boolean): void {
  switch (step.kind) {
    case 'literal':
      src.add(`if (!(${startsWithCode(src, step.text, 'pos')})) return null;`, `pos += ${step.text.length};`)
      return
    case 'toNext':
      stopCode(src, step.stop, trailing, 'pos')
      if (step.anchor !== null && step.stop !== null) anchoredCode(src, step.anchor, step.stop)
      src.add(`if (end ${step.canBeEmpty ? '<' : '<='} pos) return null;`, store(step.slot, 'pos', 'end'), `pos = end + ${lengthOf(step.then)};`)
      return
    case 'shape':
      src.add(
        `end = ${src.constant(step.consume)}(line, pos);`,
        `if (end < 0${step.then === null ? '' : ` || !(${startsWithCode(src, step.then, 'end')})`}) return null;`,
        store(step.slot, 'pos', 'end'),
        `pos = end + ${lengthOf(step.then)};`,
      )
      return
    case 'path':
      // up to a `?` or the stop; without a `?`, nginx's `-` for absent args is not part of the path
      stopCode(src, step.stop, trailing, 'pos')
      src.add('if (end < 0) return null;', `i = line.indexOf('?', pos);`, 'if (i >= 0 && i < end) end = i;')
      if (step.dashIsArgs) src.add(`else if (end - 1 > pos && line.charCodeAt(end - 1) === ${DASH}) end--;`)
      src.add('if (end === pos) return null;', store(step.slot, 'pos', 'end'), 'pos = end;')
      return
    case 'query':
      src.add(`if (line.charCodeAt(pos) === ${QUESTION}) {`)
      stopCode(src, step.stop, trailing, 'pos')
      src.add('if (end < pos) return null;', '} else end = pos;', store(step.slot, 'pos', 'end'), 'pos = end;')
      return
    case 'isArgs':
      src.add(`end = line.charCodeAt(pos) === ${QUESTION} ? pos + 1 : pos;`, store(step.slot, 'pos', 'end'), 'pos = end;')
      return
    case 'args':
      src.add(step.afterPath ? `f = line.charCodeAt(pos) === ${QUESTION} ? pos + 1 : pos;` : 'f = pos;')
      stopCode(src, step.stop, trailing, 'f')
      src.add('if (end < f) return null;', store(step.slot, 'f', 'end'), 'pos = end;')
      return
    case 'bracketed':
      src.add(
        `if (line.charCodeAt(pos) !== ${BRACKET}) return null;`,
        `end = line.indexOf(']', pos + 1);`,
        'f = end + 1;',
        `if (end < 0 || !(${followsCode(src, step.follow, 'f')})) return null;`,
        store(step.slot, 'pos + 1', 'end'),
        `pos = end + ${1 + lengthOf(step.then)};`,
      )
      return
    case 'quoted':
      quotedCode(src, step)
  }
}

/** The function that reads a line by the plan. */
export function lineParserCode(plan: LinePlan): LineParser {
  const { steps, optionalStep, trailing } = plan
  const src = new Source()
  steps.forEach((step, k) => {
    if (k === optionalStep) src.add('if (pos === line.length) return out;')
    stepCode(src, step, trailing)
  })
  src.add(`if (pos !== line.length${trailing ? ` && line.charCodeAt(pos) !== ${SPACE}` : ''}) return null;`, 'return out;')
  const constants = src.values.map((_, k) => `const V${k} = values[${k}];`).join('\n')
  const body = src.lines.filter((line) => line !== '').map((line) => `    ${line}`).join('\n')
  const source = `"use strict";\n${constants}\nreturn function parseLine(line) {\n    const out = [];\n    let pos = 0, end = 0, i = 0, b = 0, f = 0, u = 0;\n${body}\n};`
  const factory = compileFunction(source, ['values']) as (values: unknown[]) => LineParser
  return factory(src.values)
}
