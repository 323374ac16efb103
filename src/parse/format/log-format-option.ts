/**
 * The value of `--log-format`: `auto`, a preset name, or the server's own
 * format text, verbatim. nginx text is recognised by its `$variables`,
 * Apache text by its `%directives`. It is compiled here, once, so a format
 * that cannot work stops the run before anything is read.
 */

import type { FormatSpec } from './format-spec.js'
import { apacheFormat } from './apache.js'
import { nginxFormat } from './nginx.js'
import { missingRequirement } from './requirements.js'
import { FormatError } from './text-format.js'
import { isPresetName, preset, PRESET_NAMES, type PresetName } from './presets.js'

export type LogFormatChoice =
  | { kind: 'auto' }
  | { kind: 'preset'; name: PresetName; spec: FormatSpec }
  /** `text`: as given, to be compiled again where the spec cannot go (a worker thread). */
  | { kind: 'custom'; spec: FormatSpec; text: string }

export const AUTO: LogFormatChoice = { kind: 'auto' }

const NGINX_VARIABLE = /\$(?:\{?[A-Za-z_])/
const APACHE_DIRECTIVE = /%[!<>,\d{]*[A-Za-z%^]/

/** Throws FormatError with the rest of a sentence that starts with `--log-format`. */
export function parseLogFormat(text: string): LogFormatChoice {
  const name = text.trim()
  if (name === 'auto') return AUTO
  if (isPresetName(name)) return { kind: 'preset', name, spec: preset(name) }
  let spec: FormatSpec
  if (NGINX_VARIABLE.test(text)) spec = nginxFormat(text)
  else if (APACHE_DIRECTIVE.test(text)) spec = apacheFormat(text)
  else {
    throw new FormatError(
      `${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)} is neither auto, a preset (${PRESET_NAMES.join(', ')}) nor a format with nginx $variables or Apache %directives`)
  }
  // JSON keys may still come from --json-fields: those are checked once both are known.
  if (spec.kind === 'text') {
    const missing = missingRequirement(spec)
    if (missing) throw new FormatError(missing)
  }
  return { kind: 'custom', spec, text }
}

/** The text the choice was read from: parseLogFormat(logFormatText(choice)) makes the same choice again. */
export function logFormatText(choice: LogFormatChoice): string {
  return choice.kind === 'auto' ? 'auto' : choice.kind === 'preset' ? choice.name : choice.text
}
