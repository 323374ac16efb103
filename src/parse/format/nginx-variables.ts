/** The nginx variables that mean something for a record, and what they mean. */

import type { FieldSpec, Role } from './format-spec.js'
import { timeField } from '../time/time-field.js'

function field(role: Role, rank = 1, extra: Partial<FieldSpec> = {}) {
  return (name: string): FieldSpec => ({ role, name, rank, ...extra })
}

/** The variables with a meaning for the record. */
export const NGINX_VARIABLES: Readonly<Record<string, (name: string) => FieldSpec>> = {
  remote_addr: field('ip', 3),
  realip_remote_addr: field('ip', 1),
  remote_user: field('user'),
  time_local: field('time', 1, { time: timeField({ kind: 'clf' }) }),
  time_iso8601: field('time', 1, { time: timeField({ kind: 'iso8601' }) }),
  msec: field('time', 1, { time: timeField({ kind: 'epochSeconds' }) }),
  request: field('request'),
  request_method: field('method'),
  request_uri: field('uri'),
  uri: field('path'),
  document_uri: field('path'),
  args: field('query'),
  query_string: field('query'),
  server_protocol: field('protocol'),
  status: field('status'),
  body_bytes_sent: field('bytes', 2),
  bytes_sent: field('bytes', 1),
  http_referer: field('referer'),
  http_user_agent: field('userAgent'),
  http_x_forwarded_for: field('forwardedFor'),
  request_time: field('duration', 1, { microsPerUnit: 1_000_000 }),
  host: field('host', 3),
  server_name: field('host', 2),
  http_host: field('host', 1),
  server_port: field('port'),
}

