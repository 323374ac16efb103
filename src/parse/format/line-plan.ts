/**
 * The words of a compiled text format: the tokens a format text becomes
 * (literals and fields, with how each field is delimited), the slots a
 * parsed line fills, and the steps the line compiler (line-compiler.ts)
 * makes of them and the code generator (line-code.ts) writes out.
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

/** A line → its slots, or null when it is not in the format. */
export type LineParser = (line: string) => Slots | null

/** What must come right after a delimited field: the end of the line (`orSpace`: or a space, in a trailing format), a literal, or anything. */
export type Follow = { kind: 'end'; orSpace: boolean } | { kind: 'literal'; text: string } | { kind: 'any' }

/**
 * One step of a compiled format: line-compiler.ts makes the list, and
 * line-code.ts writes it out as code. `slot`: where the field's text goes,
 * -1 for a field only passed over. `stop`: the literal a bare field ends at
 * (the next one, past fields glued to it), or null at the end of the format
 * (then the field ends at the end of the line, in a trailing format at a space).
 * `then`: the literal right after the field that its step takes too, or null.
 */
export type Step =
  | { kind: 'literal'; text: string }
  /** `anchor`: where the field's text may hold its stop literal (a user name with spaces), which occurrence ends it (line-compiler.ts). */
  | { kind: 'toNext'; slot: number; canBeEmpty: boolean; stop: string | null; then: string | null; anchor: Anchor | null }
  /** Checks that `then` follows where the shape ends. */
  | { kind: 'shape'; slot: number; consume: (line: string, pos: number) => number; then: string | null }
  | { kind: 'path'; slot: number; stop: string | null; dashIsArgs: boolean }
  | { kind: 'query'; slot: number; stop: string | null }
  | { kind: 'isArgs'; slot: number }
  /** `afterPath`: right after a path field, so it skips a `?`. */
  | { kind: 'args'; slot: number; stop: string | null; afterPath: boolean }
  | { kind: 'bracketed'; slot: number; follow: Follow; then: string | null }
  /**
   * `canBeEmpty`: a field a record can do without, that may also be a bare `-`.
   * `cutOff`: also the last field, that may be cut off at the end of the line.
   */
  | { kind: 'quoted'; slot: number; follow: Follow; then: string | null; canBeEmpty: boolean; cutOff: boolean }

/**
 * Whether the field after a stop literal starts as it must at `at` (a `[`
 * and a time, a quote): a bare field ends at the first occurrence of its
 * stop literal that is followed so, not at the first occurrence. A client
 * writes some bare fields (nginx writes `$remote_user` as sent, spaces
 * included); the fields the server writes around them anchor the line.
 */
export type Anchor = (line: string, at: number) => boolean

/** A compiled format: its steps, and where a line may end early. */
export interface LinePlan {
  steps: readonly Step[]
  /** The line may also end right before this step (steps.length: only after the last). */
  optionalStep: number
  /** Whether text after the last step is allowed when it starts with a space. */
  trailing: boolean
}
