/**
 * The search as a person sees it in real headless Chromium: the static
 * page's read-only sidebar says what was searched, each criterion in the
 * same words and case; a page of rows of several servers shows which
 * answered each, on a phone too.
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
    'IP any', 'Server any', 'Method any', 'Status any', 'URL any', 'Token any', 'From any', 'Until any', 'Results 10',
  ])
})

t.test('rows of two servers (merged): a Server column beside IP, a Server line in each phone card; one server: none', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({})
  for (const server of ['web1', 'web2']) {
    const r = await runCli(['build', '--server-name', server, '--emit', 'ndjson', '-n', '2', NGINX, '-o', `${dir}/${server}.ndjson`])
    t.equal(r.code, 0, r.stderr)
  }
  t.equal((await runCli(['merge', '-n', '4', `${dir}/web1.ndjson`, `${dir}/web2.ndjson`, '-o', `${dir}/merged.html`])).code, 0)
  t.equal((await runCli(['merge', `${dir}/web1.ndjson`, '-o', `${dir}/one.html`])).code, 0)
  const { page } = await tab.open(pathToFileURL(`${dir}/merged.html`).href)
  await page.setViewportSize({ width: 1280, height: 800 })
  t.strictSame(await page.$$eval('#search-results thead th', (cells) => cells.map((cell) => (cell as HTMLElement).innerText)),
    ['Status', 'IP', 'Server', 'Method', 'URL', 'Time', 'Token'])
  t.strictSame(await page.$$eval('#search-results tbody tr td:nth-child(3)', (cells) => cells.map((cell) => (cell as HTMLElement).innerText)),
    ['web1', 'web2', 'web1', 'web2'], 'equal times: in the order read')
  await page.setViewportSize({ width: 390, height: 800 })
  t.strictSame(await page.$$eval('#search-results tbody tr:first-child td', (cells) => cells.map((cell) => getComputedStyle(cell, '::before').content)),
    ['"Status"', '"IP"', '"Server"', '"Method"', '"URL"', '"Time"', '"Token"'], 'a phone card names it too')
  const one = await tab.open(pathToFileURL(`${dir}/one.html`).href)
  t.strictSame(await one.page.$$eval('#search-results thead th', (cells) => cells.map((cell) => (cell as HTMLElement).innerText)),
    ['Status', 'IP', 'Method', 'URL', 'Time', 'Token'])
})
