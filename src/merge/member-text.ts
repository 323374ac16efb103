/**
 * The text a JSON object gives one of its members, as written: JSON.parse
 * reads every number as a double, so a long integer's digits are lost there
 * (and Node 20's reviver does not see the source). Only for text JSON.parse
 * has already accepted: the object is walked member by member at its top
 * level, strings and nested values skipped whole.
 */

import { BACKSLASH, QUOTE } from '../text/chars.js'

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
}

function skipSpace(json: string, at: number): number {
  let i = at
  while (i < json.length && isSpace(json.charCodeAt(i))) i++
  return i
}

/** The index after the string that starts (with its quote) at `at`. */
function stringEnd(json: string, at: number): number {
  let i = at + 1
  while (i < json.length && json.charCodeAt(i) !== QUOTE) i += json.charCodeAt(i) === BACKSLASH ? 2 : 1
  return i + 1
}

/** The index after the value that starts at `at`: a string, an object or array (whole), or a number or literal. */
function valueEnd(json: string, at: number): number {
  const first = json[at]
  if (first === '"') return stringEnd(json, at)
  if (first === '{' || first === '[') {
    let depth = 0
    let i = at
    while (i < json.length) {
      const c = json[i]
      if (c === '"') {
        i = stringEnd(json, i)
        continue
      }
      if (c === '{' || c === '[') depth++
      else if ((c === '}' || c === ']') && --depth === 0) return i + 1
      i++
    }
    return i
  }
  let i = at
  while (i < json.length && !isSpace(json.charCodeAt(i)) && json[i] !== ',' && json[i] !== '}' && json[i] !== ']') i++
  return i
}

/**
 * The text of the value of member `key` of the object `json` holds, as
 * written (the last one when the key is there twice, as JSON.parse takes
 * it), or null when there is none. `json` must be text JSON.parse accepts.
 */
export function memberText(json: string, key: string): string | null {
  let i = skipSpace(json, 0)
  if (json[i] !== '{') return null
  let found: string | null = null
  i = skipSpace(json, i + 1)
  while (i < json.length && json[i] === '"') {
    const nameEnd = stringEnd(json, i)
    const name = JSON.parse(json.slice(i, nameEnd)) as string
    const start = skipSpace(json, skipSpace(json, nameEnd) + 1)
    const end = valueEnd(json, start)
    if (name === key) found = json.slice(start, end)
    i = skipSpace(json, end)
    if (json[i] === ',') i = skipSpace(json, i + 1)
  }
  return found
}
