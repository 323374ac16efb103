/**
 * An invalid config file: exit 2, one line per problem (the only error that
 * may take more than one line), at most MAX_LINES of them plus "and N more".
 */

import { EXIT, UserError } from '../errors.js'

export const MAX_LINES = 5

export class ConfigError extends UserError {
  readonly lines: readonly string[]

  /** `lines` each name the file (`config.json: /limit ...`); `label` names it in the "and N more" line. */
  constructor(label: string, lines: readonly string[]) {
    const shown = lines.slice(0, MAX_LINES)
    if (lines.length > MAX_LINES) shown.push(`${label}: and ${lines.length - MAX_LINES} more`)
    super(shown.join('\n'), EXIT.usage)
    this.name = 'ConfigError'
    this.lines = shown
  }

  override format(prog: string): string {
    return this.lines.map((line) => `${prog}: ${line}`).join('\n')
  }
}
