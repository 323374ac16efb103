/**
 * How lines become records, as the options ask (`--log-format`,
 * `--json-fields`, `--log-tz`, `--client-ip`, `--trusted-proxy`): checked
 * and compiled once per run, before any input is read.
 */

import { usageError } from '../errors.js'
import { DEFAULT_TRUSTED_PROXIES, forwardedClient, parseCidr, type Cidr } from '../parse/record/client-ip.js'
import { hasRole, type FormatSpec } from '../parse/format/format-spec.js'
import { withJsonFields, type JsonFieldMap } from '../parse/format/json-fields.js'
import { jsonPreset } from '../parse/format/nginx-json.js'
import { missingRequirement } from '../parse/format/requirements.js'
import { AUTO, type LogFormatChoice } from '../parse/format/log-format-option.js'
import { probeCandidates } from '../parse/format/presets.js'
import { RecordReader } from './record-reader.js'
import { lazyLogZone, localZoneName } from '../parse/time/log-zone.js'

export type ClientIpMode = 'logged' | 'forwarded'
export const CLIENT_IP_MODES: readonly ClientIpMode[] = ['logged', 'forwarded']

export interface ReadOptions {
  logFormat: LogFormatChoice
  /** `--json-fields`, or null. */
  jsonFields: JsonFieldMap | null
  /** IANA zone for times logged without an offset; null for the machine's zone. */
  logTz: string | null
  clientIp: ClientIpMode
  /** `--trusted-proxy` ranges; null for the defaults. */
  trustedProxies: readonly Cidr[] | null
  /** `--server-name`: the server the lines are of, in each record; null or absent for none. */
  serverName?: string | null
}

export const DEFAULT_READ_OPTIONS: ReadOptions = {
  logFormat: AUTO, jsonFields: null, logTz: null, clientIp: 'logged', trustedProxies: null,
}

/** A preset `auto` may choose: probed with one reader, read with another, made when it is chosen (and once per run). */
export interface Candidate {
  name: string
  probe: RecordReader
  reader: () => RecordReader
}

export interface ReadSettings {
  /** The one format of every input, or null for `auto`. */
  fixed: RecordReader | null
  /** For `auto`: the presets, most specific first, each with a strict reader for probing. */
  candidates: Candidate[]
  /** `--client-ip forwarded`: a format without X-Forwarded-For cannot be used. */
  forwarded: boolean
}

const HELP = 'see profiler-search build --help'

/** The error for a format without X-Forwarded-For under `--client-ip forwarded`. */
export function noForwardedFor(what: string) {
  return usageError(`--client-ip forwarded needs X-Forwarded-For in the log, but ${what} has no such field`,
    'log $http_x_forwarded_for or %{X-Forwarded-For}i, or use --client-ip logged')
}

function fixedSpec(options: ReadOptions): FormatSpec | null {
  const { logFormat, jsonFields } = options
  if (jsonFields === null) return logFormat.kind === 'auto' ? null : logFormat.spec
  const base = logFormat.kind === 'auto' ? jsonPreset() : logFormat.spec
  if (base.kind !== 'json') {
    throw usageError(`--json-fields is for JSON lines, but --log-format is ${base.name}`,
      'use --log-format json, an nginx JSON log_format, or leave --log-format at auto')
  }
  return withJsonFields(base, jsonFields)
}

/** `env`: where TZ names the machine's zone, for times logged without an offset when `--log-tz` is not given. */
export function readSettings(options: ReadOptions, env: Readonly<Record<string, string | undefined>> = {}): ReadSettings {
  const zone = lazyLogZone(() => options.logTz ?? localZoneName(env))
  const forwarded = options.clientIp === 'forwarded'
  // the default proxies are read (with ipaddr.js) only when a forwarded client is asked for
  const trusted = (): readonly Cidr[] => options.trustedProxies ?? DEFAULT_TRUSTED_PROXIES.map((text) => parseCidr(text) as Cidr)
  const recordOptions = () => ({ zone, client: forwarded ? forwardedClient(trusted()) : null, server: options.serverName ?? null })
  const spec = fixedSpec(options)
  if (spec === null) {
    return {
      fixed: null,
      forwarded,
      candidates: probeCandidates().map(({ name, probe, read }) => {
        let reader: RecordReader | undefined
        return {
          name,
          probe: new RecordReader(name, probe, recordOptions()),
          reader: () => (reader ??= new RecordReader(name, read(), recordOptions())),
        }
      }),
    }
  }
  const missing = missingRequirement(spec)
  if (missing) throw usageError(`--log-format ${missing}`, HELP)
  if (forwarded && !hasRole(spec, 'forwardedFor')) throw noForwardedFor(`--log-format ${spec.name}`)
  return { fixed: new RecordReader(spec.name, spec, recordOptions()), candidates: [], forwarded }
}
