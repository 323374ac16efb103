/**
 * luxon, loaded on first use. It costs start-up time, and most runs never
 * need it: times logged with an offset are read and shown without it. A run
 * loads it when a zone is named (`--tz`, `--log-tz`, a time logged without
 * an offset) or when rows are written as data with ISO timestamps.
 */

import { createRequire } from 'node:module'

type Luxon = typeof import('luxon')

const require = createRequire(import.meta.url)
let loaded: Luxon | undefined

export function luxon(): Luxon {
  return (loaded ??= require('luxon') as Luxon)
}
