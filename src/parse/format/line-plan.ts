/**
 * The words of a compiled text format: the tokens a format text becomes
 * (literals and fields, with how each field is delimited), the slots a
 * parsed line fills, and the plan of steps the line compiler
 * (line-compiler.ts) makes and the code generator (line-code.ts) writes out.
 */

/** Where a field ends, for a field that is neither quoted nor bracketed. */
export type Extent =
  /** Up to the next literal; the last field takes the rest of the line (a `trailing` format: up to a space). */
  | { type: 'toNext' }
  /** A field that knows its own shape (a time, digits): `consume` returns its end or -1. */
  | { type: 'shape'; consume: (line: string, pos: number) => number; selfDelimiting: boolean }
  /**
   * A URL path: up to a `?` or the next literal. `dashIsArgs`: nginx writes
   * `-` for absent `$args`, so without a `?` a last `-` belongs to the args.
   */
  | { type: 'path'; dashIsArgs: boolean }
  /** Apache `%q`: `?query` or nothing. */
  | { type: 'query' }
  /** nginx `$is_args`: `?` or nothing. */
  | { type: 'isArgs' }
  /** nginx `$args`: right after a path, an optional `?`, then up to the next literal. */
  | { type: 'args' }

/** How a field is delimited in the line. */
export type Quoting = 'bare' | 'quoted' | 'bracketed'

export interface FieldToken {
  kind: 'field'
  /** The output slot, or -1 for a field that is only passed over. */
  slot: number
  /** As written in the format (`$remote_addr`, `%>s`), for messages. */
  label: string
  quoting: Quoting
  extent: Extent
  /** Whether a bare field may be empty. */
  canBeEmpty: boolean
}

export type FormatToken = { kind: 'literal'; text: string } | FieldToken

export interface LogFormat {
  name: string
  tokens: readonly FormatToken[]
  /** Whether text after the last token (starting with a space) is allowed. */
  trailing: boolean
  /**
   * A line may also end right before this token (and have none of the
   * tokens from here on): `combined` read as `common`. Absent: no such end.
   */
  optionalFrom?: number
}

/** The raw (still escaped) text of each slot. */
export type Slots = string[]

/** How a format is run: as one generated function (the default), or step by step through closures (the reference it must agree with). */
export type CompileMode = 'inline' | 'steps'

/** A line → its slots, or null when it is not in the format. `runs` says how it was compiled (and so how fast it runs). */
export type LineParser = ((line: string) => Slots | null) & { readonly runs: CompileMode }

/** A step returns the position after what it consumed, or -1. */
export type Step = (line: string, pos: number, out: Slots) => number

/** One step of the plan, as line-compiler.ts decided it. */
export interface PlannedStep {
  /** The same step as a closure: run when the kind has no inline form. */
  run: Step
  token: FormatToken
  /** For a field: the literal right after it that its step also takes, else null. */
  then: string | null
  /** For a field: the token after it (the `then` literal when there is one): what must follow a delimited field. */
  next: FormatToken | undefined
  /** For a bare field: the literal it stops at (past fields glued to it), or null. */
  stopLiteral: string | null
}
