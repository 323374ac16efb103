/**
 * The request-line criteria: method (exact), status (a code or a class) and
 * URL (a substring of the URL column, or with a leading `!` its absence).
 * Parsers turn the text a user gives into the typed value; matchers test one
 * record's fields.
 */

import { InvalidCriterion } from './invalid-criterion.js'

/** An upper-case method such as `GET`; null means any method. */
export type MethodCriterion = string | null

export type StatusCriterion =
  | { kind: 'code'; code: number }
  /** `4xx`: every status from 400 to 499. */
  | { kind: 'class'; hundreds: number }

export interface UrlCriterion {
  /** The text to look for in the URL column. */
  text: string
  /** `!text`: list only URLs that do not contain it. */
  exclude: boolean
}

/** The word that switches the method or status criterion off. */
export const ANY = 'any' as const

// RFC 9110 methods are tokens; real ones are letters, sometimes with `-` or `_`.
const METHOD = /^[A-Za-z][A-Za-z0-9_-]*$/
const STATUS_CODE = /^[1-9][0-9][0-9]$/
const STATUS_CLASS = /^([1-9])xx$/i

export function parseMethod(text: string): MethodCriterion {
  if (text.toLowerCase() === ANY) return null
  if (!METHOD.test(text)) throw new InvalidCriterion('give a method such as GET, POST or HEAD, or any for every method')
  return text.toUpperCase()
}

export function parseStatus(text: string): StatusCriterion | null {
  if (text.toLowerCase() === ANY) return null
  if (STATUS_CODE.test(text)) return { kind: 'code', code: Number(text) }
  const cls = STATUS_CLASS.exec(text)
  if (cls) return { kind: 'class', hundreds: Number(cls[1]) }
  throw new InvalidCriterion('give a status code such as 404, a class such as 2xx or 4xx, or any for every status')
}

export function parseUrl(text: string): UrlCriterion {
  const exclude = text.startsWith('!')
  const needle = exclude ? text.slice(1) : text
  if (needle === '') {
    throw new InvalidCriterion('give part of a URL such as /moebel/, or !/robots.txt to leave such URLs out')
  }
  return { text: needle, exclude }
}

/** The status criterion as it is given: `404`, `4xx`. */
export function statusText(status: StatusCriterion): string {
  return status.kind === 'code' ? String(status.code) : `${status.hundreds}xx`
}

export function urlText(url: UrlCriterion | null): string {
  return (url === null ? '' : `${url.exclude ? '!' : ''}${url.text}`)
}

export function statusMatcher(status: StatusCriterion): ((code: number) => boolean) {
  if (status.kind === 'code') {
    const wanted = status.code
    return (code) => code === wanted
  }
  const low = status.hundreds * 100
  const high = low + 100
  return (code) => code >= low && code < high
}

/** Tests the URL column (path and query, as `displayUrl` gives it). */
export function urlMatcher(url: UrlCriterion): ((shown: string) => boolean) {
  const { text, exclude } = url
  return exclude ? (shown) => !shown.includes(text) : (shown) => shown.includes(text)
}
