/**
 * A config file's text → its JSON value, or the place of the first syntax
 * error as line:column with what was expected there. JSON.parse does the
 * parsing; when it fails, a small scanner walks the text to find where and
 * why (V8's messages give an offset only sometimes).
 */

export interface JsonSyntaxError {
  line: number
  column: number
  problem: string
}

export type JsonText = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError }

const WHITE = new Set([' ', '\t', '\n', '\r'])
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y

interface Fault {
  at: number
  problem: string
}

/** The end of the string that starts at `at` (after its closing quote), or a fault. */
function scanString(text: string, at: number): number | Fault {
  let i = at + 1
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === 0x22) return i + 1
    if (c < 0x20) return { at: i, problem: 'a control character (such as a line break) inside a string; write it as an escape like \\n' }
    if (c === 0x5c) {
      ESCAPE.lastIndex = i
      if (!ESCAPE.test(text)) return { at: i, problem: 'a bad escape in a string (allowed: \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)' }
      i = ESCAPE.lastIndex
    } else {
      i++
    }
  }
  return { at: text.length, problem: 'the file ends inside a string (a closing " is missing)' }
}

function scanScalar(text: string, at: number): number | Fault {
  for (const word of ['true', 'false', 'null']) if (text.startsWith(word, at)) return at + word.length
  NUMBER.lastIndex = at
  if (NUMBER.test(text)) return NUMBER.lastIndex
  return { at, problem: 'expected a value: a "string", a number, true, false, null, an {object} or a [list] (strings need double quotes)' }
}

/** Finds the first syntax error of a text that JSON.parse rejected. */
function findFault(text: string): Fault {
  const stack: string[] = []
  let i = 0
  let state: 'value' | 'key' | 'after' = 'value'
  const skip = (): void => {
    while (i < text.length && WHITE.has(text[i] as string)) i++
  }
  for (;;) {
    skip()
    const c = text[i]
    if (state === 'value') {
      if (c === undefined) return { at: i, problem: 'the file ends where a value was expected' }
      if (c === '{' || c === '[') {
        stack.push(c)
        i++
        skip()
        if (text[i] === (c === '{' ? '}' : ']')) {
          stack.pop()
          i++
          state = 'after'
        } else {
          state = c === '{' ? 'key' : 'value'
        }
        continue
      }
      if (c === ']' && stack.at(-1) === '[') return { at: i, problem: 'expected a value (a comma before ] is not allowed)' }
      const end = c === '"' ? scanString(text, i) : scanScalar(text, i)
      if (typeof end !== 'number') return end
      i = end
      state = 'after'
    } else if (state === 'key') {
      if (c !== '"') {
        return { at: i, problem: `expected a property name in double quotes${c === '}' ? ' (a comma before } is not allowed)' : ''}` }
      }
      const end = scanString(text, i)
      if (typeof end !== 'number') return end
      i = end
      skip()
      if (text[i] !== ':') return { at: i, problem: "expected ':' after the property name" }
      i++
      state = 'value'
    } else {
      const top = stack.at(-1)
      if (top === undefined) return { at: i, problem: c === undefined ? 'the file could not be read as JSON' : 'unexpected text after the JSON value' }
      const close = top === '{' ? '}' : ']'
      if (c === ',') {
        i++
        state = top === '{' ? 'key' : 'value'
      } else if (c === close) {
        stack.pop()
        i++
      } else {
        return { at: i, problem: `expected ',' or '${close}' after ${top === '{' ? 'a property value' : 'a list item'}` }
      }
    }
  }
}

function position(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at)
  const lineStart = before.lastIndexOf('\n') + 1
  return { line: before.split('\n').length, column: at - lineStart + 1 }
}

export function parseJsonText(text: string): JsonText {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  try {
    return { ok: true, value: JSON.parse(body) as unknown }
  } catch {
    const fault = body.trim() === '' ? { at: body.length, problem: 'the file is empty; write at least {}' } : findFault(body)
    return { ok: false, error: { ...position(body, fault.at), problem: fault.problem } }
  }
}
