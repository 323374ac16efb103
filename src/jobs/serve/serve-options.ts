/**
 * What `serve` is asked to do, complete: the command line (or a test) fills
 * in the defaults, the job applies none of its own.
 */

import type { FollowTiming } from '../../input/follow-file.js'
import type { BuildOptions } from '../build-options.js'
import type { ListenAddress } from './listen-address.js'

/** The most rows a search may ask for (`limit`); the default page's newest this many are kept in memory. */
export const MAX_SEARCH_LIMIT = 1000

export const DEFAULT_SEARCH_TIMEOUT_SECONDS = 10
export const DEFAULT_MAX_SEARCHES = 2

/** How long a search waits for one of the `--max-searches` before it is answered 503. */
export const SEARCH_QUEUE_MS = 2000

export interface ServeOptions {
  /**
   * How every search reads: build's options (the inputs, how lines are read,
   * shapes, `--tz`, `--any-url`, `--crawlers`), with the default page's
   * criteria; a search replaces the criteria and the limit.
   */
  build: BuildOptions
  listen: ListenAddress
  /** `--htpasswd`: the users who may see the pages; null for none asked (loopback only). */
  htpasswd: string | null
  /** `--allow-host`: Host header names taken besides the listening address and localhost. */
  allowHosts: readonly string[]
  /** `--search-timeout`, in ms: a search that reads the logs ends then and lists what it found. */
  searchTimeoutMs: number
  /** `--max-searches`: searches reading the logs at once. */
  maxSearches: number
  /** How long a search waits for a free one (SEARCH_QUEUE_MS; tests shorten it). */
  queueWaitMs: number
  /** How followed files are looked after (tests shorten it). */
  follow: FollowTiming
}
