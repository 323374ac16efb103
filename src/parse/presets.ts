/**
 * The nginx and Apache stock formats, and a per-line recogniser that accepts
 * either. Both servers write `combined` and `common` with the same layout:
 *
 *   common:   %h %l %u %t "%r" %>s %b
 *   combined: common + ` "%{Referer}i" "%{User-Agent}i"`
 */

import { compileFormat, type FieldName, type FormatToken, type LineParser, type LogFormat, type Quoting, type RawFields } from './line-format.js'

const lit = (text: string): FormatToken => ({ kind: 'literal', text })
const field = (name: FieldName, quoting: Quoting = 'bare'): FormatToken => ({ kind: 'field', name, quoting })

const COMMON_TOKENS: FormatToken[] = [
  field('ip'), lit(' '), field('ident'), lit(' '), field('user'), lit(' '),
  field('time', 'bracketed'), lit(' '), field('request', 'quoted'), lit(' '),
  field('status'), lit(' '), field('bytes'),
]

export const COMMON: LogFormat = { name: 'common', tokens: COMMON_TOKENS, trailing: false }

/** `combined`; fields some setups append after the User-Agent are ignored. */
export const COMBINED: LogFormat = {
  name: 'combined',
  tokens: [...COMMON_TOKENS, lit(' '), field('referer', 'quoted'), lit(' '), field('userAgent', 'quoted')],
  trailing: true,
}

export interface Recognised {
  format: string
  fields: RawFields
}

/**
 * A parser that tries each format in turn, starting with the one that matched
 * the previous line, so a log in one format pays for one attempt per line.
 */
export const recogniser = (formats: readonly LogFormat[]): ((line: string) => Recognised | null) => {
  const parsers: { name: string; parse: LineParser }[] =
    formats.map((format) => ({ name: format.name, parse: compileFormat(format) }))
  let last = 0
  return (line) => {
    for (let k = 0; k < parsers.length; k++) {
      const i = (last + k) % parsers.length
      const parser = parsers[i] as (typeof parsers)[number]
      const fields = parser.parse(line)
      if (fields) {
        last = i
        return { format: parser.name, fields }
      }
    }
    return null
  }
}

export const STOCK_FORMATS: readonly LogFormat[] = [COMBINED, COMMON]
