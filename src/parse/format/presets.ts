/**
 * The formats servers write out of the box, by name. nginx and Apache write
 * `combined` and `common` with the same layout; the presets are written in
 * Apache's own LogFormat language and compiled like any custom format.
 *
 *   common:         %h %l %u %t "%r" %>s %b
 *   combined:       common + ` "%{Referer}i" "%{User-Agent}i"`
 *   vhost_combined: `%v:%p ` + combined (Debian's Apache, with %O)
 *   json:           JSON lines with nginx's variable names as keys
 *
 * `combined` and `vhost_combined` allow extra fields after the User-Agent
 * (many setups append `$request_time` and the like); a `combined` input
 * also reads `common` lines, which are combined lines without Referer and
 * User-Agent.
 */

import type { FormatSpec, TextFormatSpec } from './format-spec.js'
import { apacheFormat } from './apache.js'
import { jsonPreset } from './nginx-json.js'

export const PRESET_NAMES = ['combined', 'common', 'vhost_combined', 'json'] as const
export type PresetName = (typeof PRESET_NAMES)[number]

export function isPresetName(name: string): name is PresetName {
  return (PRESET_NAMES as readonly string[]).includes(name)
}

const COMMON_FORMAT = '%h %l %u %t "%r" %>s %b'
const COMBINED_FORMAT = `${COMMON_FORMAT} "%{Referer}i" "%{User-Agent}i"`
const VHOST_COMBINED_FORMAT = '%v:%p %h %l %u %t "%r" %>s %O "%{Referer}i" "%{User-Agent}i"'

/** `common` alone: a line with anything after the bytes is not a common line. */
function common(): TextFormatSpec {
  return apacheFormat(COMMON_FORMAT, 'common', false)
}

/** `combined`, also reading `common` lines: a line may end before Referer and User-Agent. */
function combined(): TextFormatSpec {
  return apacheFormat(COMBINED_FORMAT, 'combined', true, 2)
}

function vhostCombined(): TextFormatSpec {
  return apacheFormat(VHOST_COMBINED_FORMAT, 'vhost_combined', true)
}

export function preset(name: PresetName): FormatSpec {
  switch (name) {
    case 'combined': return combined()
    case 'common': return common()
    case 'vhost_combined': return vhostCombined()
    case 'json': return jsonPreset()
  }
}

export interface ProbeCandidate {
  name: PresetName
  /** The format lines are counted with. */
  probe: FormatSpec
  /** The format the input is read with once chosen, compiled only then. */
  read: () => FormatSpec
}

/**
 * The presets `auto` chooses from, most specific first: a tie in the probe
 * goes to the earlier one. The strict `combined` is used for counting, so
 * a `common` file is not taken for `combined`; the others read with the
 * format they probed with.
 */
export function probeCandidates(): ProbeCandidate[] {
  const same = (spec: FormatSpec): Pick<ProbeCandidate, 'probe' | 'read'> => ({ probe: spec, read: () => spec })
  return [
    { name: 'vhost_combined', ...same(vhostCombined()) },
    { name: 'combined', probe: apacheFormat(COMBINED_FORMAT, 'combined', true), read: combined },
    { name: 'common', ...same(common()) },
    { name: 'json', ...same(jsonPreset()) },
  ]
}
