/**
 * Following a token in real headless Chromium: in the `--out-dir` site to
 * its profile page and back, in a single page to its section below the table.
 */

import { readdirSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { fileBrowser, NO_CHROMIUM } from '../helpers/browser.js'
import { runCli } from '../helpers/run-cli.js'

const NGINX = 'fixtures/nginx/access.log'

// one tab for the file's pages, each opened with its own record of requests and dialogs
const chromium = fileBrowser(t)

t.test('site: a token opens its profile page, which links back to the listing', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({})
  const built = await runCli(['build', NGINX, '--out-dir', `${dir}/site`])
  t.equal(built.code, 0)
  const index = pathToFileURL(`${dir}/site/index.html`).href
  const { page, requests, dialogs, console } = await tab.open(index)
  t.equal(await page.$eval('#header', (el) => getComputedStyle(el).backgroundColor), 'rgb(34, 34, 34)',
    'the shared stylesheet is applied (CSP style-src \'self\')')
  const rows = await page.$$eval('#search-results tbody tr', (trs) =>
    trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => cell.innerText)))
  t.equal(rows.length, 10)
  const [, , , url, , token] = rows[1] as [string, string, string, string, string, string]

  await page.click(`#search-results tbody tr:nth-child(2) a`)
  await page.waitForLoadState('load')
  t.equal(page.url(), pathToFileURL(`${dir}/site/profiles/${token}.html`).href, 'the token link opens profiles/<token>.html')
  t.equal(await page.title(), `Profile ${token}`)
  t.equal(await page.$eval('#summary h2', (el) => (el as HTMLElement).innerText), url, 'the profile page shows the URL')
  const summary = await page.$$eval('#summary dl.metadata > div', (divs) => divs.map((div) => (div as HTMLElement).innerText))
  t.strictSame(summary.map((item) => item.split(/\s+/)[0]), ['Method', 'HTTP', 'IP', 'Profiled', 'Token'])
  t.equal(summary[4], `Token ${token}`, 'the profile page shows the token')
  t.equal(await page.$eval('#summary .status', (el) => getComputedStyle(el).backgroundColor), 'rgb(79, 128, 93)',
    'the stylesheet applies on the profile page too (status colour)')
  const log = await page.$eval('dl.log-fields', (el) => (el as HTMLElement).innerText)
  t.match(log, `Raw line`)
  t.match(log, `${NGINX}:`)

  await page.click('text=Back to the results')
  await page.waitForLoadState('load')
  t.equal(page.url(), index, 'the back link returns to index.html')
  t.equal(await page.$$eval('#search-results tbody tr', (trs) => trs.length), 10)

  const loaded = requests.map((request) => request.url())
  t.ok(loaded.length > 0)
  t.strictSame(loaded.filter((href) => !href.startsWith(pathToFileURL(`${dir}/site/`).href)), [], 'nothing is loaded from outside the site')
  t.strictSame(dialogs, [])
  t.strictSame(console.filter((line) => /Content Security Policy|pageerror/i.test(line)), [], 'no CSP violation')
})

t.test('site: every token link of the listing opens a page of that token', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({})
  t.equal((await runCli(['build', NGINX, '--limit', '5', '--out-dir', `${dir}/site`])).code, 0)
  const index = pathToFileURL(`${dir}/site/index.html`).href
  const { page } = await tab.open(index)
  const tokens = await page.$$eval('#search-results tbody td.nowrap a', (as) => as.map((a) => (a as HTMLElement).innerText))
  t.strictSame(readdirSync(`${dir}/site/profiles`).sort(), tokens.map((token) => `${token}.html`).sort())
  for (const token of tokens) {
    await page.goto(index)
    await page.click(`text=${token}`)
    await page.waitForLoadState('load')
    t.equal(await page.$eval('#summary dl.metadata > div:last-child dd', (el) => (el as HTMLElement).innerText), token, token)
  }
})

t.test('single page: a token targets its section below the table', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({})
  t.equal((await runCli(['build', NGINX, '-o', `${dir}/page.html`])).code, 0)
  const url = pathToFileURL(`${dir}/page.html`).href
  const { page, requests, dialogs } = await tab.open(url)
  const rows = await page.$$eval('#search-results tbody tr', (trs) =>
    trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => cell.innerText)))
  t.equal(await page.evaluate(() => window.scrollY), 0)
  const [, ip, , path, , token] = rows[2] as [string, string, string, string, string, string]

  await page.click(`#search-results tbody tr:nth-child(3) a`)
  t.equal(page.url(), `${url}#profile-${token}`, 'the link is the section\'s fragment')
  t.equal(await page.$eval(':target', (el) => el.id), `profile-${token}`, 'the section is the :target')
  const box = await page.$eval(':target', (el) => el.getBoundingClientRect().top)
  t.ok(box >= 0 && box < 40, `the section is scrolled to the top of the view (top ${box})`)
  t.ok(await page.evaluate(() => window.scrollY) > 0, 'the page scrolled')
  t.equal(await page.$eval(':target', (el) => getComputedStyle(el).borderLeftColor), 'rgb(26, 90, 150)', ':target is highlighted')
  t.equal(await page.$eval(':target h3', (el) => (el as HTMLElement).innerText), path)
  const summary = await page.$$eval(':target dl.metadata > div', (divs) => divs.map((div) => (div as HTMLElement).innerText))
  t.equal(summary[2], `IP ${ip}`)
  t.equal(summary[4], `Token ${token}`)

  await page.click(':target >> text=Back to the results')
  t.equal(page.url(), `${url}#search-results`)
  t.equal(await page.$eval(':target', (el) => el.id), 'search-results', 'back at the table')
  t.strictSame(requests.map((request) => request.url()), [], 'a single page loads nothing')
  t.strictSame(dialogs, [])
})
