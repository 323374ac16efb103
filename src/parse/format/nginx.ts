/**
 * nginx `log_format` bodies: `$remote_addr - $remote_user [$time_local] "$request" …`.
 * `$name` and `${name}` are variables; those we do not use are fields that
 * are passed over. A body that is a JSON object template goes to the JSON
 * reader instead.
 */

import type { FormatSpec } from './format-spec.js'
import { unwrapNginxFormat } from './nginx-conf.js'
import { nginxJsonFormat } from './nginx-json.js'
import { NGINX_VARIABLES } from './nginx-variables.js'
import { assembleTextFormat, extentFor, FormatError, type FieldPiece, type Piece } from './text-format.js'

const NAME = /[A-Za-z0-9_]/

/** `$name` and `${name}` → the variable names, with the literal text between them. */
export function nginxTokens(body: string): ({ kind: 'literal'; text: string } | { kind: 'variable'; name: string; label: string })[] {
  const out: ({ kind: 'literal'; text: string } | { kind: 'variable'; name: string; label: string })[] = []
  let text = ''
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string
    if (char === '$' && body[i + 1] === '{') {
      const close = body.indexOf('}', i + 2)
      const name = close < 0 ? '' : body.slice(i + 2, close)
      if (!/^[A-Za-z0-9_]+$/.test(name)) throw new FormatError(`has ${body.slice(i, i + 20)}…: \${ needs a variable name and }`)
      if (text) out.push({ kind: 'literal', text })
      text = ''
      out.push({ kind: 'variable', name, label: body.slice(i, close + 1) })
      i = close
    } else if (char === '$' && NAME.test(body[i + 1] ?? '')) {
      let j = i + 1
      while (j < body.length && NAME.test(body[j] as string)) j++
      if (text) out.push({ kind: 'literal', text })
      text = ''
      out.push({ kind: 'variable', name: body.slice(i + 1, j), label: body.slice(i, j) })
      i = j - 1
    } else {
      text += char
    }
  }
  if (text) out.push({ kind: 'literal', text })
  return out
}

const QUERY_VARIABLES = new Set(['args', 'query_string'])
const PATH_VARIABLES = new Set(['uri', 'document_uri'])

/** Text-format pieces for the variables; `$uri$is_args$args` and `$request_uri$args` may touch. */
function nginxPieces(body: string): Piece[] {
  const tokens = nginxTokens(body)
  return tokens.map((token, i): Piece => {
    if (token.kind === 'literal') return token
    const next = tokens[i + 1]
    const nextName = next?.kind === 'variable' ? next.name : null
    const spec = NGINX_VARIABLES[token.name]?.(token.label) ?? null
    const piece = (extent: FieldPiece['extent']): FieldPiece => ({ kind: 'field', label: token.label, spec, extent })
    if (PATH_VARIABLES.has(token.name) && nextName !== null && QUERY_VARIABLES.has(nextName)) {
      throw new FormatError(`has ${token.label}${(next as { label: string }).label}: nginx writes no ? between them, so path and query cannot be told apart (use ${token.label}$is_args$args, or $request_uri)`)
    }
    // A path stops at `?` only where a query is glued to it; elsewhere it runs to the next literal.
    const queryFollows = nextName === 'is_args' || (nextName !== null && QUERY_VARIABLES.has(nextName))
    if ((PATH_VARIABLES.has(token.name) || token.name === 'request_uri') && queryFollows) {
      return piece({ type: 'path', dashIsArgs: true })
    }
    if (QUERY_VARIABLES.has(token.name)) return piece({ type: 'args' })
    if (token.name === 'is_args') return piece({ type: 'isArgs' })
    return piece(extentFor(spec))
  })
}

/** Compiles an nginx log_format (text or JSON template); throws FormatError for one that cannot be read. */
export function nginxFormat(text: string): FormatSpec {
  const { body, escape } = unwrapNginxFormat(text)
  if (body.trimStart().startsWith('{')) return nginxJsonFormat(body, escape)
  return assembleTextFormat('nginx log_format', 'nginx', nginxPieces(body), { trailing: false, escaped: escape !== 'none' })
}
