/**
 * The Profile Search page: a handlebars template from `templates/`, with its
 * stylesheet inlined so the page is one self-contained file. Handlebars
 * HTML-escapes every `{{value}}`; only our own stylesheet is inserted raw.
 */

import { readFileSync } from 'node:fs'
import Handlebars from 'handlebars'
import type { ProfileRow } from '../record.js'

const TEMPLATES = new URL('../../templates/', import.meta.url)

/** Symfony's rule: error above 399, warning above 299, else success. */
export const statusClass = (status: number): string =>
  status > 399 ? 'status-error' : status > 299 ? 'status-warning' : 'status-success'

export interface PageData {
  rows: readonly ProfileRow[]
}

let compiled: ((data: object) => string) | undefined

const template = (): ((data: object) => string) => {
  if (!compiled) {
    const hbs = Handlebars.create()
    hbs.registerHelper('statusClass', statusClass)
    const source = readFileSync(new URL('page.hbs', TEMPLATES), 'utf8')
    const css = readFileSync(new URL('page.css', TEMPLATES), 'utf8').trimEnd()
    const render = hbs.compile(source, { strict: true })
    compiled = (data) => render({ ...data, css })
  }
  return compiled
}

export const renderPage = (data: PageData): string => template()({ rows: data.rows })
