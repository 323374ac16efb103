/**
 * The search as a person sees it in real headless Chromium: the static
 * page's read-only sidebar says what was searched, each criterion in the
 * same words and case; a page of rows of several servers shows which
 * answered each, on a phone too. The served form can ask everything build
 * can: URLs (storefront shapes or every URL), Crawlers and Server as fields,
 * as serve was started by default; on a phone a link above the rows leads
 * to it.
 */

import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import t from 'tap'
import { fileBrowser, NO_CHROMIUM, shownRows } from '../helpers/browser.js'
import { tableRows } from '../helpers/page.js'
import { fixture, runCli } from '../helpers/run-cli.js'
import { startTestServer } from '../helpers/serve.js'

const NGINX = fixture('nginx/access.log')

const chromium = fileBrowser(t)

/** A shop's log: 27 POSTs to the cart (no storefront shape), answered 200, and the GET requests of a storefront page, one by a crawler. */
const SHOP_LOG = [
  ...Array.from({ length: 27 }, (_, i) => `192.0.2.${i + 1} - - [22/Nov/2026:13:${String(10 + i).padStart(2, '0')}:00 +0100] "POST /checkout/cart/add HTTP/1.1" 200 12 "-" "Mozilla/5.0 (X11; Linux x86_64)"`),
  '192.0.2.100 - - [22/Nov/2026:13:50:00 +0100] "GET /moebel/ HTTP/1.1" 200 512 "-" "Mozilla/5.0 (X11; Linux x86_64)"',
  '66.249.66.1 - - [22/Nov/2026:13:51:00 +0100] "GET /moebel/ HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"',
  '',
].join('\n')

/** The sidebar's fields as `Label value`, as drawn. */
const sidebarFields = (page: Page): Promise<string[]> => page.$$eval('#sidebar-search dl.search-fields dt', (terms) =>
  terms.map((term) => `${(term as HTMLElement).innerText} ${(term.nextElementSibling as HTMLElement).innerText}`))

t.test('the static sidebar: a criterion that is off reads "any", in one case for every field; URLs and Crawlers say what was asked', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({})
  t.equal((await runCli(['build', NGINX, '--method', 'any', '--status', 'any', '-o', `${dir}/page.html`])).code, 0)
  const { page } = await tab.open(pathToFileURL(`${dir}/page.html`).href)
  t.strictSame(await sidebarFields(page), [
    'IP any', 'Server any', 'Method any', 'Status any', 'URL any', 'URLs storefront shapes', 'Crawlers included', 'Token any', 'From any', 'Until any', 'Results 10',
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

t.test('the served form asks everything: URLs every URL and Method POST find the 27 POSTs build --any-url lists', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({ 'access.log': SHOP_LOG })
  const server = await startTestServer(t, [`${dir}/access.log`])
  const { page } = await tab.open(`${server.base}/`)
  t.strictSame(await page.$$eval('#search-form label', (labels) => labels.map((label) => (label as HTMLElement).innerText)),
    ['IP', 'Server', 'Method', 'Status', 'URL', 'URLs', 'Crawlers', 'Token', 'From', 'Until', 'Results'])
  t.strictSame(await page.$$eval('#search-urls option, #search-crawlers option', (options) => options.map((option) => `${(option as HTMLOptionElement).label}${(option as HTMLOptionElement).selected ? '*' : ''}`)),
    ['Storefront shapes*', 'Every URL', 'Included*', 'Left out', 'Only'], 'as serve was started: the shapes, crawlers included')
  await page.selectOption('#search-method', 'POST')
  await page.selectOption('#search-urls', 'any')
  await page.selectOption('#search-limit', '50')
  await Promise.all([page.waitForURL(/\?/), page.click('#search-form button[type=submit]')])
  t.match(new URL(page.url()).search, '&method=POST&status_code=200&url=&urls=any&crawlers=include&')
  const rows = await shownRows(page)
  t.equal(rows.length, 27)
  const built = await runCli(['build', `${dir}/access.log`, '--method', 'POST', '--any-url', '--limit', '50'])
  t.strictSame(rows, tableRows(built.stdout), 'the rows of build --method POST --any-url')
  t.equal(await page.$eval('#search-urls', (select) => (select as HTMLSelectElement).value), 'any', 'the form keeps the choice')
  await page.selectOption('#search-method', 'GET')
  await page.selectOption('#search-crawlers', 'exclude')
  await Promise.all([page.waitForURL(/crawlers=exclude/), page.click('#search-form button[type=submit]')])
  t.strictSame((await shownRows(page)).map((cells) => cells[1]), ['192.0.2.100'], 'crawlers left out: the Googlebot request is not listed')
})

t.test('the form\'s URLs and Crawlers default to what serve was started with', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({ 'access.log': SHOP_LOG })
  const server = await startTestServer(t, [`${dir}/access.log`], ['--any-url', '--crawlers', 'only'])
  const { page } = await tab.open(`${server.base}/?method=`)
  t.strictSame(await page.$$eval('#search-urls option:checked, #search-crawlers option:checked', (options) => options.map((option) => (option as HTMLOptionElement).label)),
    ['Every URL', 'Only'])
  t.strictSame((await shownRows(page)).map((cells) => cells[1]), ['66.249.66.1'], 'every URL, crawlers only')
})

t.test('on a phone a link above the rows leads to the form; on a wide screen, beside the rows, it is not shown', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const server = await startTestServer(t, [NGINX])
  const { page } = await tab.open(`${server.base}/`)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 700 })
    await page.evaluate(() => window.scrollTo(0, 0))
    const link = await page.$eval('.to-search', (p) => {
      const box = p.getBoundingClientRect()
      const table = (document.querySelector('#search-results') as HTMLElement).getBoundingClientRect()
      return { shown: box.height > 0, above: box.bottom <= table.top, text: (p as HTMLElement).innerText }
    })
    if (width === 1280) {
      t.equal(link.shown, false, 'wide: the form is beside the rows, no link')
      continue
    }
    t.strictSame(link, { shown: true, above: true, text: 'Search form' }, 'narrow: above the rows')
    t.ok(await page.$eval('#search-form', (form) => form.getBoundingClientRect().top > window.innerHeight), 'the form is further down')
    await page.click('.to-search a')
    await page.waitForFunction(() => {
      const top = (document.querySelector('#sidebar') as HTMLElement).getBoundingClientRect().top
      return top >= 0 && top < window.innerHeight
    })
    t.equal(new URL(page.url()).hash, '#sidebar', 'followed: the form in view')
  }
})

t.test('a search that finds nothing says which criterion ruled the lines out: "27 POST requests …, none of a storefront URL"', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({ 'access.log': SHOP_LOG, 'posts.log': SHOP_LOG.split('\n').filter((line) => line.includes('"POST ')).join('\n').concat('\n') })
  const server = await startTestServer(t, [`${dir}/access.log`])
  const { page } = await tab.open(`${server.base}/?method=POST`)
  t.equal(await page.$eval('#collector-content > h2', (h2) => (h2 as HTMLElement).innerText), '0 results found')
  t.equal(await page.$eval('.search-stopped', (note) => (note as HTMLElement).innerText), '27 POST requests answered 200, none of a storefront URL.')
  const cut = await tab.open(`${server.base}/?method=POST&urls=any&start=2026-11-23`)
  t.equal(await cut.page.$eval('.search-stopped', (note) => (note as HTMLElement).innerText), '27 POST requests answered 200, none from 2026-11-23 on.')
  const found = await tab.open(`${server.base}/?method=POST&urls=any`)
  t.equal(await found.page.$$eval('.search-stopped', (notes) => notes.length), 0, 'rows found: no note')
  const posts = await startTestServer(t, [`${dir}/posts.log`])
  const memory = await tab.open(`${posts.base}/`)
  t.equal(await memory.page.$eval('.search-stopped', (note) => (note as HTMLElement).innerText), '27 requests, none a GET.', 'the default page, from memory, too')
})
