/**
 * Which criterion ruled lines out: a search that finds nothing says so
 * when it is cheap to tell ("27 POST requests answered 200, none of a
 * storefront URL"). The record filter tries its criteria one after the
 * other and stops at the first a line fails (record-filter.ts); counted,
 * that first failure costs one addition per line. When a selection kept no
 * record, every line read went through every criterion up to the one that
 * ruled it out, so the counts tell, criterion by criterion, how many lines
 * passed the ones before it: the words name those, and the first that let
 * none through.
 */

import type { Criteria } from './criteria.js'
import { visible } from '../text/visible.js'
import { statusText } from './filters/request.js'

/** The criteria a line can fail, in the order the filter tries them. */
export type StageName = 'request' | 'method' | 'status' | 'token' | 'time' | 'url' | 'shapes' | 'server' | 'ip' | 'crawlers'

/** Lines ruled out by each stage of a filter, in its order; lines read elsewhere (a worker) are added in. */
export class RuledOut {
  readonly stages: readonly StageName[]
  #counts: number[]

  constructor(stages: readonly StageName[]) {
    this.stages = stages
    this.#counts = stages.map(() => 0)
  }

  /** Lines the stage at `index` ruled out (the first it turned down). */
  count(index: number): void {
    this.#counts[index] = (this.#counts[index] ?? 0) + 1
  }

  /** The counts of another filter of the same criteria (a worker's), added in. */
  add(counts: readonly number[]): void {
    for (const [i, n] of counts.entries()) this.#counts[i] = (this.#counts[i] ?? 0) + n
  }

  /** The counts so far, which start again from 0 (a worker's, for its report). */
  take(): number[] {
    const counts = this.#counts
    this.#counts = this.stages.map(() => 0)
    return counts
  }

  get counts(): readonly number[] {
    return this.#counts
  }
}

/** A value the user gave, in quotes: it may end in a full stop (`10.`) or hold spaces. */
function quoted(text: string): string {
  return `"${text}"`
}

/** A criterion's words: `passed` describes the lines it let through, `none` says that it let none through. */
function words(stage: StageName, criteria: Criteria): { passed: string; none: string } {
  const alike = (text: string) => ({ passed: text, none: `none ${text}` })
  switch (stage) {
    case 'request': return { passed: '', none: 'none a request (TLS bytes, "-")' }
    case 'method': return { passed: '', none: `none a ${criteria.method ?? ''}` }
    case 'status': return alike(`answered ${criteria.status === null ? 'any' : statusText(criteria.status)}`)
    case 'token': return alike('of the token\'s second')
    case 'time': {
      const { from, until } = criteria
      return alike(from !== null && until !== null ? `from ${from.text} to ${until.text}` : from !== null ? `from ${from.text} on` : `up to ${until?.text ?? ''}`)
    }
    case 'url': return alike(`${criteria.url?.exclude === true ? 'without' : 'with'} ${quoted(criteria.url?.text ?? '')} in the URL`)
    case 'shapes': return alike('of a storefront URL')
    case 'server': return alike(`of ${(criteria.server ?? []).map(quoted).join(' or ')}`)
    case 'ip': return alike(`from ${quoted(criteria.ip?.text ?? '')}`)
    case 'crawlers': return criteria.crawlers === 'only'
      ? { passed: 'by crawlers', none: 'none by a crawler' }
      : { passed: 'not by crawlers', none: 'all by crawlers' }
  }
}

/** The lines a count stands for: `1 POST request`, `27 requests`, `3 lines`. */
function nounPhrase(count: number, stages: readonly StageName[], criteria: Criteria): string {
  if (!stages.includes('request')) return `${count} ${count === 1 ? 'line' : 'lines'} read`
  const method = stages.includes('method') ? `${criteria.method ?? ''} ` : ''
  const passed = stages.filter((stage) => stage !== 'request' && stage !== 'method').map((stage) => words(stage, criteria).passed).filter((text) => text !== '')
  return `${count} ${method}${count === 1 ? 'request' : 'requests'}${passed.length === 0 ? '' : ` ${passed.join(' ')}`}`
}

/**
 * What ruled the lines out, when the selection kept none: the lines that
 * passed each criterion before the one that let none through, and that one
 * (`27 POST requests answered 200, none of a storefront URL.`); null when
 * no line was read. Only for counts of a search that kept no record.
 */
export function ruledOutNote(ruledOut: RuledOut, criteria: Criteria): string | null {
  const { stages, counts } = ruledOut
  let reaching = counts.reduce((sum, n) => sum + n, 0)
  if (reaching === 0) return null
  for (const [i, stage] of stages.entries()) {
    const out = counts[i] ?? 0
    if (out === reaching) return visible(`${nounPhrase(reaching, stages.slice(0, i), criteria)}, ${words(stage, criteria).none}.`)
    reaching -= out
  }
  // lines passed every stage: not a search that kept nothing
  return null
}
