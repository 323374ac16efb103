/**
 * The search as a person sees it in real headless Chromium: the static
 * page's read-only sidebar says what was searched, each criterion in the
 * same words and case.
 */

import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import t from 'tap'
import { fileBrowser, NO_CHROMIUM } from '../helpers/browser.js'
import { fixture, runCli } from '../helpers/run-cli.js'

const NGINX = fixture('nginx/access.log')

const chromium = fileBrowser(t)

/** The sidebar's fields as `Label value`, as drawn. */
const sidebarFields = (page: Page): Promise<string[]> => page.$$eval('#sidebar-search dl.search-fields dt', (terms) =>
  terms.map((term) => `${(term as HTMLElement).innerText} ${(term.nextElementSibling as HTMLElement).innerText}`))

t.test('the static sidebar: a criterion that is off reads "any", in one case for every field', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({})
  t.equal((await runCli(['build', NGINX, '--method', 'any', '--status', 'any', '-o', `${dir}/page.html`])).code, 0)
  const { page } = await tab.open(pathToFileURL(`${dir}/page.html`).href)
  t.strictSame(await sidebarFields(page), [
    'IP any', 'Method any', 'Status any', 'URL any', 'Token any', 'From any', 'Until any', 'Results 10',
  ])
})
