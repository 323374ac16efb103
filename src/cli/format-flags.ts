/**
 * The option values that say how lines are read, checked one by one
 * (commander argParsers, also usable by a config file loader): each throws
 * commander's InvalidArgumentError with the allowed values, or, for a
 * format text that cannot work, a usage error naming what is wrong.
 */

import { InvalidArgumentError } from 'commander'
import { usageError } from '../errors.js'
import { parseCidr, type Cidr } from '../parse/record/client-ip.js'
import { parseJsonFields, type JsonFieldMap } from '../parse/format/json-fields.js'
import { FormatError } from '../parse/format/text-format.js'
import { parseLogFormat, type LogFormatChoice } from '../parse/format/log-format-option.js'
import { CLIENT_IP_MODES, type ClientIpMode } from '../scan/read-settings.js'

/** `--log-format`: a preset name, auto, or the server's format text, compiled here. */
export const logFormatFlag = (value: string): LogFormatChoice => {
  if (value.trim() === '') throw new InvalidArgumentError('give auto, combined, common, vhost_combined, json, or the server\'s log_format / LogFormat text')
  try {
    return parseLogFormat(value)
  } catch (e) {
    if (e instanceof FormatError) throw usageError(`--log-format ${e.message}`, 'see profiler-search build --help')
    throw e
  }
}

/** `--json-fields ip=remote_addr,time=ts,…`. */
export const jsonFieldsFlag = (value: string): JsonFieldMap => {
  try {
    return parseJsonFields(value)
  } catch (e) {
    if (e instanceof FormatError) throw new InvalidArgumentError(e.message)
    throw e
  }
}

/** `--client-ip logged|forwarded`. */
export const clientIpFlag = (value: string): ClientIpMode => {
  const mode = CLIENT_IP_MODES.find((m) => m === value)
  if (!mode) throw new InvalidArgumentError(`give ${CLIENT_IP_MODES.join(' or ')}`)
  return mode
}

/** `--trusted-proxy`, repeatable: each use adds a range. */
export const trustedProxyFlag = (value: string, previous: Cidr[] | undefined): Cidr[] => {
  const cidr = parseCidr(value)
  if (!cidr) throw new InvalidArgumentError('give an IPv4 or IPv6 address or CIDR range, such as 10.0.0.0/8, 192.0.2.7 or fd00::/8')
  return [...(previous ?? []), cidr]
}
