/**
 * Apache `LogFormat` strings (mod_log_config), as written in apache2.conf:
 * `%h %l %u %t \"%r\" %>s %O \"%{Referer}i\" \"%{User-Agent}i\" %D`.
 * The whole directive (`LogFormat "…" nickname`), the quoted string or its
 * bare content are accepted. Directives we do not use are fields that are
 * passed over; status conditions (`%400,501{User-Agent}i`, `%!200s`) and
 * `<`/`>` are read and ignored, Apache writes `-` when a condition fails.
 */

import type { FieldSpec, Role, TextFormatSpec } from './format-spec.js'
import { StrftimeError } from '../time/strftime.js'
import { timeField, type TimeKind } from '../time/time-field.js'
import { assembleTextFormat, extentFor, FormatError, TO_NEXT, type FieldPiece, type Piece } from './text-format.js'

/** `LogFormat "…" name` or `"…"` → the format string with the config quoting undone. */
export function unwrapApacheFormat(text: string): string {
  let body = text.trim()
  const directive = /^LogFormat\s+/i.exec(body)
  if (directive) body = body.slice(directive[0].length)
  if (body.startsWith('"')) {
    for (let i = 1; i < body.length; i++) {
      if (body[i] === '\\') {
        i++
      } else if (body[i] === '"') {
        const rest = body.slice(i + 1).trim()
        // the closing quote, followed by nothing or (in a LogFormat line) a nickname
        if (rest === '' || (directive && /^[A-Za-z_][\w-]*$/.test(rest))) return body.slice(1, i)
        break
      }
    }
  }
  return directive ? body.replace(/\s+[A-Za-z_][\w-]*$/, '') : body
}

interface Directive {
  letter: string
  param: string | null
  /** `%>s`: the final status. */
  final: boolean
  label: string
}

function field(role: Role, name: string, rank = 1, extra: Partial<FieldSpec> = {}): FieldSpec {
  return ({ role, name, rank, ...extra })
}

const TIME_NAMES: Record<string, TimeKind> = {
  sec: { kind: 'epochSeconds' },
  msec: { kind: 'epochMillis' },
  usec: { kind: 'epochMicros' },
  msec_frac: { kind: 'fraction', digits: 3 },
  usec_frac: { kind: 'fraction', digits: 6 },
}

function timeSpec(param: string, label: string): FieldSpec {
  const end = param.startsWith('end:')
  const layout = param.replace(/^(?:begin|end):/, '')
  const kind = TIME_NAMES[layout] ?? { kind: 'strftime', layout }
  try {
    return field('time', label, end ? 0 : 1, { time: timeField(kind) })
  } catch (e) {
    if (e instanceof StrftimeError) throw new FormatError(`${label}: ${e.message}`)
    throw e
  }
}

const HEADER_ROLES: Record<string, [Role, number]> = {
  'referer': ['referer', 1],
  'user-agent': ['userAgent', 1],
  'x-forwarded-for': ['forwardedFor', 1],
  'host': ['host', 1],
}

const DURATION_UNITS: Record<string, number> = { s: 1_000_000, ms: 1000, us: 1 }

/** The meaning of a directive, or null for one that is passed over. */
function meaning({ letter, param, final, label }: Directive): FieldSpec | null {
  switch (letter) {
    case 'a': return param === 'c' ? field('ip', label, 1) : field('ip', label, 3)
    case 'h': return field('ip', label, 2)
    case 'u': return field('user', label)
    case 't': return param === null ? field('time', label, 1, { time: timeField({ kind: 'clf' }) }) : timeSpec(param, label)
    case 'r': return field('request', label)
    case 'm': return field('method', label)
    case 'U': return field('path', label)
    case 'q': return field('query', label)
    case 'H': return field('protocol', label)
    case 's': return field('status', label, final ? 2 : 1)
    case 'b': case 'B': return field('bytes', label, 3)
    case 'O': return field('bytes', label, 2)
    case 'v': return field('host', label, 3)
    case 'V': return field('host', label, 2)
    case 'p': return param === null || param === 'canonical' ? field('port', label, 2) : param === 'local' ? field('port', label, 1) : null
    case 'D': return field('duration', label, 2, { microsPerUnit: 1 })
    case 'T': {
      const unit = DURATION_UNITS[param ?? 's']
      return unit === undefined ? null : field('duration', label, 1, { microsPerUnit: unit })
    }
    case 'i': {
      const header = HEADER_ROLES[(param ?? '').toLowerCase()]
      return header ? field(header[0], label, header[1]) : null
    }
    default: return null
  }
}

function piece(directive: Directive): FieldPiece {
  const spec = meaning(directive)
  // the shape of its time anchors the bare field before it (a user name with spaces, see line-plan.ts Anchor)
  if (directive.letter === 't' && directive.param === null) return { kind: 'field', label: directive.label, spec, extent: extentFor(spec), bracketed: true }
  if (directive.letter === 'U') return { kind: 'field', label: directive.label, spec, extent: { type: 'path', dashIsArgs: false } }
  if (directive.letter === 'q') return { kind: 'field', label: directive.label, spec, extent: { type: 'query' } }
  return { kind: 'field', label: directive.label, spec, extent: extentFor(spec) }
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', t: '\t', r: '\r' }

/** The format string → literals and directives (mod_log_config's own `\\`, `\t` … escapes undone). */
export function apachePieces(format: string): Piece[] {
  const pieces: Piece[] = []
  let text = ''
  for (let i = 0; i < format.length; i++) {
    const char = format[i] as string
    if (char === '\\' && i + 1 < format.length) {
      const next = format[i + 1] as string
      if (next === 'n') throw new FormatError('has \\n in it: a log line cannot hold a newline')
      const escaped = ESCAPES[next]
      if (escaped !== undefined) {
        text += escaped
        i++
      } else {
        text += char
      }
      continue
    }
    if (char !== '%') {
      text += char
      continue
    }
    let j = i + 1
    let param: string | null = null
    let final = false
    for (;;) {
      const c = format[j]
      if (c === '!' || c === ',' || (c !== undefined && c >= '0' && c <= '9')) j++
      else if (c === '<' || c === '>') {
        final = c === '>'
        j++
      } else if (c === '{') {
        const close = format.indexOf('}', j)
        if (close < 0) throw new FormatError(`has ${format.slice(i)} with { but no }`)
        param = format.slice(j + 1, close)
        j = close + 1
      } else break
    }
    let letter = format[j]
    if (letter === undefined) throw new FormatError(`ends in ${format.slice(i)} without a directive letter`)
    if (letter === '%' && j === i + 1) {
      text += '%'
      i = j
      continue
    }
    if (letter === '^') letter = format.slice(j, j + 3)
    const end = j + letter.length
    if (text) pieces.push({ kind: 'literal', text })
    text = ''
    pieces.push(piece({ letter, param, final, label: format.slice(i, end) }))
    i = end - 1
  }
  if (text) pieces.push({ kind: 'literal', text })
  // %U stops at `?` only where %q is glued to it; elsewhere it runs to the next literal.
  return pieces.map((p, i) =>
    p.kind === 'field' && p.extent.type === 'path' && pieces[i + 1]?.kind !== 'field' ? { ...p, extent: TO_NEXT } : p)
}

/** Compiles an Apache LogFormat; throws FormatError for one that cannot be read. */
export function apacheFormat(text: string, name = 'Apache LogFormat', trailing = false, optionalFields = 0): TextFormatSpec {
  return assembleTextFormat(name, 'apache', apachePieces(unwrapApacheFormat(text)), { trailing, escaped: true, optionalFields })
}
