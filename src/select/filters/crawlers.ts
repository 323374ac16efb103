/**
 * The crawler switch: list crawlers with everyone else (`include`, the
 * default), leave them out (`exclude`), or list only them (`only`). A
 * crawler is recognised by its User-Agent with the isbot library; a line
 * without a User-Agent (`common` format, or `-`) is not a crawler.
 */

import { createRequire } from 'node:module'
import { InvalidCriterion } from './invalid-criterion.js'
import { memoized } from './memo.js'

export const CRAWLER_MODES = ['include', 'exclude', 'only'] as const
export type CrawlerMode = (typeof CRAWLER_MODES)[number]

export function parseCrawlers(text: string): CrawlerMode {
  const mode = CRAWLER_MODES.find((m) => m === text)
  if (mode === undefined) throw new InvalidCriterion(`give one of ${CRAWLER_MODES.join(', ')}`)
  return mode
}

// isbot is loaded when a crawler test is made, not at every start.
const require = createRequire(import.meta.url)

/** A fresh crawler test, remembering its answers per User-Agent. */
export function crawlerTest(): ((userAgent: string | null) => boolean) {
  const { isbot } = require('isbot') as typeof import('isbot')
  const byAgent = memoized((userAgent) => isbot(userAgent))
  return (userAgent) => userAgent !== null && byAgent(userAgent)
}

/** Tests a record's User-Agent for the mode; null for `include`, which lets every line through. */
export function crawlerMatcher(mode: CrawlerMode): ((userAgent: string | null) => boolean) | null {
  if (mode === 'include') return null
  const isCrawler = crawlerTest()
  return mode === 'only' ? isCrawler : (userAgent) => !isCrawler(userAgent)
}
