/**
 * The steps of a compiled format (see line-compiler.ts) written out as one
 * function: the same checks in the same order, but as straight-line code the
 * engine optimises as a whole, instead of a call through a list of closures
 * for every field of every line. A closure step is called from the code for
 * the few kinds that have no inline form.
 *
 * Only numbers and the names of local constants go into the source: the
 * format's literals, shape readers and closure steps are passed in as values,
 * so no text from a format or a log line ever becomes code.
 */

import type { FieldToken, FormatToken, LineParser, PlannedStep } from './line-plan.js'

const QUOTE = 0x22
const BRACKET = 0x5b
const SPACE = 0x20
const DASH = 0x2d

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

/** An expression: does the line at `at` (a variable) begin with what follows the field? */
const followsCode = (src: Source, next: FormatToken | undefined, trailing: boolean, at: string): string => {
  if (next === undefined) return trailing ? `(${at} === line.length || line.charCodeAt(${at}) === ${SPACE})` : `${at} === line.length`
  if (next.kind === 'literal') {
    return next.text.length === 1 ? `line.charCodeAt(${at}) === ${next.text.charCodeAt(0)}` : `line.startsWith(${src.constant(next.text)}, ${at})`
  }
  if (next.quoting === 'quoted') return `line.charCodeAt(${at}) === ${QUOTE}`
  if (next.quoting === 'bracketed') return `line.charCodeAt(${at}) === ${BRACKET}`
  return 'true'
}

const store = (token: FieldToken, from: string, to: string): string => (token.slot >= 0 ? `out[${token.slot}] = line.slice(${from}, ${to});` : '')

const skipOf = (then: string | null): number => (then === null ? 0 : then.length)

const literalCode = (src: Source, text: string): void => {
  if (text.length === 1) src.add(`if (line.charCodeAt(pos) !== ${text.charCodeAt(0)}) return null;`, 'pos += 1;')
  else src.add(`if (!line.startsWith(${src.constant(text)}, pos)) return null;`, `pos += ${text.length};`)
}

const fieldCode = (src: Source, step: PlannedStep, token: FieldToken, trailing: boolean): void => {
  const { then, next } = step
  const skip = skipOf(then)
  if (token.quoting === 'quoted') {
    // as quotedStep in line-compiler.ts: an optional field may also be a bare `-`, and cut off when last
    src.add(`if (line.charCodeAt(pos) === ${QUOTE}) {`)
    if (next === undefined && token.canBeEmpty) {
      // u: an unescaped quote was seen that did not close the field (then the line is not cut off)
      src.add(
        'u = 0;',
        `for (i = line.indexOf('"', pos + 1); ; i = line.indexOf('"', i + 1)) {`,
        `if (i < 0) { if (u !== 0) return null; ${store(token, 'pos + 1', 'line.length')} return out; }`,
        'for (b = 0; line.charCodeAt(i - 1 - b) === 0x5c; b++);',
        'if ((b & 1) !== 0) continue;',
        'f = i + 1;',
        `if (${followsCode(src, next, trailing, 'f')}) break;`,
        'u = 1;',
        '}',
      )
    } else {
      src.add(
        `for (i = line.indexOf('"', pos + 1); ; i = line.indexOf('"', i + 1)) {`,
        'if (i < 0) return null;',
        'for (b = 0; line.charCodeAt(i - 1 - b) === 0x5c; b++);',
        'f = i + 1;',
        `if ((b & 1) === 0 && ${followsCode(src, next, trailing, 'f')}) break;`,
        '}',
      )
    }
    src.add(store(token, 'pos + 1', 'i'), `pos = i + ${1 + skip};`)
    if (token.canBeEmpty) {
      src.add(
        '} else {',
        'f = pos + 1;',
        `if (line.charCodeAt(pos) !== ${DASH} || !(${followsCode(src, next, trailing, 'f')})) return null;`,
        store(token, 'pos', 'f'),
        `pos = f + ${skip};`,
        '}',
      )
    } else {
      src.add('} else return null;')
    }
    return
  }
  if (token.quoting === 'bracketed') {
    src.add(
      `if (line.charCodeAt(pos) !== ${BRACKET}) return null;`,
      `end = line.indexOf(']', pos + 1);`,
      'f = end + 1;',
      `if (end < 0 || !(${followsCode(src, next, trailing, 'f')})) return null;`,
      store(token, 'pos + 1', 'end'),
      `pos = end + ${1 + skip};`,
    )
    return
  }
  const { extent } = token
  if (extent.type === 'shape') {
    const follows = then === null ? null : followsCode(src, { kind: 'literal', text: then }, false, 'end')
    src.add(
      `end = ${src.constant(extent.consume)}(line, pos);`,
      `if (end < 0${follows === null ? '' : ` || !(${follows})`}) return null;`,
      store(token, 'pos', 'end'),
      `pos = end + ${skip};`,
    )
    return
  }
  if (extent.type !== 'toNext') {
    // paths, queries and args: the closure step
    src.add(`pos = ${src.constant(step.run)}(line, pos, out);`, 'if (pos < 0) return null;')
    return
  }
  const { stopLiteral } = step
  if (stopLiteral !== null) src.add(`end = line.indexOf(${src.constant(stopLiteral)}, pos);`)
  else if (trailing) src.add(`end = line.indexOf(' ', pos);`, 'if (end < 0) end = line.length;')
  else src.add('end = line.length;')
  src.add(
    `if (end ${token.canBeEmpty ? '<' : '<='} pos) return null;`,
    store(token, 'pos', 'end'),
    `pos = end + ${skip};`,
  )
}

/**
 * The plan as one function, or null where the engine may not make code from
 * text (node --disallow-code-generation-from-strings): then the closures run.
 * `optionalStep`: the line may end right before this step; `trailing`: text
 * after the last step is allowed when it starts with a space.
 */
export const lineParserCode = (plan: readonly PlannedStep[], optionalStep: number, trailing: boolean): LineParser | null => {
  const src = new Source()
  plan.forEach((step, k) => {
    if (k === optionalStep) src.add('if (pos === line.length) return out;')
    if (step.token.kind === 'literal') literalCode(src, step.token.text)
    else fieldCode(src, step, step.token, trailing)
  })
  src.add(`if (pos !== line.length${trailing ? ` && line.charCodeAt(pos) !== ${SPACE}` : ''}) return null;`, 'return out;')
  const constants = src.values.map((_, k) => `const V${k} = values[${k}];`).join('\n')
  const body = src.lines.filter((line) => line !== '').map((line) => `    ${line}`).join('\n')
  const source = `"use strict";\n${constants}\nreturn function parseLine(line) {\n    const out = [];\n    let pos = 0, end = 0, i = 0, b = 0, f = 0, u = 0;\n${body}\n};`
  try {
    // built from numbers and constant names only, see the top of this file
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point of this file; only numbers and constant names are in the source
    const factory = new Function('values', source) as (values: unknown[]) => (line: string) => ReturnType<LineParser>
    const parse = factory(src.values)
    return Object.assign(parse, { runs: 'inline' as const })
  } catch (e) {
    if (e instanceof EvalError) return null
    throw e
  }
}
