/**
 * A format must give what a row needs: the client address, the time, the
 * method and URL, and the status. What is missing is said in the format's
 * own terms.
 */

import { hasRole, type Dialect, type FormatSpec } from './format-spec.js'
import type { TimeComponent } from '../time/strftime.js'
import { isCompleteTime } from '../time/time-field.js'

const NAMES: Record<Dialect, { ip: string; time: string; request: string; status: string }> = {
  nginx: {
    ip: '$remote_addr',
    time: '$time_local, $time_iso8601 or $msec',
    request: '$request, or $request_method with $request_uri',
    status: '$status',
  },
  apache: {
    ip: '%h or %a',
    time: '%t or %{…}t',
    request: '%r, or %m with %U',
    status: '%>s or %s',
  },
  json: {
    ip: 'remote_addr, or --json-fields ip=KEY',
    time: 'time_iso8601, time_local or msec, or --json-fields time=KEY',
    request: 'request, or request_method with request_uri, or --json-fields request=KEY',
    status: 'status, or --json-fields status=KEY',
  },
}

/** What the format lacks, as `has no … field (…)`, or null when it has all a row needs. */
export function missingRequirement(spec: FormatSpec): string | null {
  const names = NAMES[spec.dialect]
  const noun = spec.dialect === 'json' ? 'key' : 'field'
  if (!hasRole(spec, 'ip')) return `has no client address ${noun} (${names.ip})`
  const timeFields = spec.fields.filter((field) => field.role === 'time')
  if (timeFields.length === 0) return `has no time ${noun} (${names.time})`
  const gives = new Set<TimeComponent>(timeFields.flatMap((field) => [...(field.time?.gives ?? [])]))
  if (!isCompleteTime(gives)) {
    return `has time ${noun}s (${timeFields.map((f) => f.name).join(' ')}) that give no full date and time of day`
  }
  if (!hasRole(spec, 'request') && !(hasRole(spec, 'method') && (hasRole(spec, 'uri') || hasRole(spec, 'path')))) {
    return `has no request ${noun} (${names.request})`
  }
  if (!hasRole(spec, 'status')) return `has no status ${noun} (${names.status})`
  return null
}
