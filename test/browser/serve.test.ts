/**
 * `serve` in real headless Chromium, as a person uses it: fill the form and
 * search, and see the rows `build` gives; follow a token and come back; the
 * shortcuts; a bad date is a 400 page with the message beside its field; a
 * page reached by another host name (DNS rebinding) is refused; with
 * --htpasswd, 401 until credentials are given. No script runs, nothing is
 * loaded from elsewhere, the CSP is never violated, and axe finds nothing
 * wrong with the served pages, light and dark, wide and narrow.
 */

import t, { type Test } from 'tap'
import { axeViolations, injectAxe } from '../helpers/axe.js'
import { fileBrowser, NO_CHROMIUM, openTab, shownRows, type OpenedPage } from '../helpers/browser.js'
import { tableRows } from '../helpers/page.js'
import { fixture, runCli } from '../helpers/run-cli.js'
import { startTestServer } from '../helpers/serve.js'

const NGINX = fixture('nginx/access.log')
// written by `htpasswd -nbB alice s3cret`
const ALICE = 'alice:$2y$05$WbGIptCpY13T6U4q/56bN.qB4W0aLNtvg6ituaU6q4yfFI4NVelqa'

const chromium = fileBrowser(t)

const buildRows = async (args: string[]): Promise<string[][]> => {
  const r = await runCli(['build', NGINX, ...args])
  if (r.code !== 0) throw new Error(r.stderr)
  return tableRows(r.stdout)
}

/** What a well-behaved page did: no dialog, no request outside the server, no CSP complaint. */
const clean = (t: Test, opened: OpenedPage, base: string): void => {
  t.strictSame(opened.dialogs, [], 'no dialog')
  t.strictSame(opened.requests.map((request) => request.url()).filter((url) => !url.startsWith(`${base}/`)), [], 'nothing loaded from elsewhere')
  t.strictSame(opened.console.filter((line) => /Content Security Policy|pageerror/i.test(line)), [], 'no CSP violation')
}

t.test('fill the form, search: the rows build gives; the form keeps its values', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const server = await startTestServer(t, [NGINX])
  const opened = await tab.open(`${server.base}/`)
  const { page } = opened
  t.strictSame(await shownRows(page), await buildRows([]), 'the default page')
  t.equal(await page.$eval('#header', (el) => getComputedStyle(el).backgroundColor), 'rgb(34, 34, 34)', 'styled by /profile-search.css')
  await page.selectOption('#search-method', '')
  await page.fill('#search-status_code', '')
  await page.fill('#search-url', '/moebel')
  await page.selectOption('#search-limit', '50')
  await Promise.all([page.waitForURL(/\?/), page.click('#search-form button[type=submit]')])
  t.equal(new URL(page.url()).search, '?ip=&server=&method=&status_code=&url=%2Fmoebel&urls=storefront&crawlers=include&token=&start=&end=&limit=50',
    'sent with GET under the original\'s names, and ours')
  const rows = await shownRows(page)
  t.ok(rows.length > 2)
  t.strictSame(rows, await buildRows(['--method', 'any', '--status', 'any', '--url', '/moebel', '--limit', '50']), 'build --method any --status any --url /moebel --limit 50')
  t.strictSame(await page.$$eval('#search-form input, #search-form select', (fields) => fields.map((field) => (field as HTMLInputElement).value)),
    ['', '', '', '', '/moebel', 'storefront', 'include', '', '', '', '50'], 'the form keeps its values')
  t.equal(await page.$eval('#search-form input', (el) => (el as HTMLInputElement).disabled), false, 'enabled')
  clean(t, opened, server.base)
})

t.test('a served page carries the stamp: generated when asked, the newest line the server read, each naming its offset', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const server = await startTestServer(t, [NGINX])
  for (const path of ['/', '/?method=&status_code=4xx', '/?start=2026-11-31']) {
    const { page } = await tab.open(`${server.base}${path}`)
    t.equal(await page.$eval('#collector-content .page-stamp', (el) => (el as HTMLElement).innerText),
      'Generated 22.11.2026 13:50:00 +01:00; newest line read: 22.11.2026 13:45:40 +01:00', path)
  }
})

t.test('follow a token: its page, then back to the search it came from', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const server = await startTestServer(t, [NGINX])
  const { page } = await tab.open(`${server.base}/?status_code=&method=&limit=50`)
  const rows = await shownRows(page)
  const [, ip, , url, , token] = rows[3] as string[]
  await Promise.all([page.waitForURL(/profiles/), page.click(`#search-results tbody tr:nth-child(4) a`)])
  t.equal(page.url(), `${server.base}/profiles/${token as string}.html?method=&status_code=&limit=50`)
  t.equal(await page.title(), `Profile ${token as string}`)
  t.equal(await page.$eval('#summary h2', (el) => (el as HTMLElement).innerText), url)
  const summary = await page.$$eval('#summary dl.metadata > div', (divs) => divs.map((div) => (div as HTMLElement).innerText))
  t.equal(summary[2], `IP ${ip as string}`)
  t.equal(summary[4], `Token ${token as string}`)
  await Promise.all([page.waitForURL(`${server.base}/?method=&status_code=&limit=50`), page.click('text=Back to the results')])
  t.strictSame(await shownRows(page), rows, 'back at the same search')
})

t.test('the shortcuts: Last 10 is the newest ten, Latest the newest row\'s page for this search', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const server = await startTestServer(t, [NGINX])
  const { page } = await tab.open(`${server.base}/?method=&status_code=4xx`)
  const newest = (await shownRows(page))[0] as string[]
  await Promise.all([page.waitForURL(/profiles/), page.click('#sidebar-shortcuts >> text=Latest')])
  t.equal(page.url(), `${server.base}/profiles/${newest[5] as string}.html?method=&status_code=4xx`)
  t.equal(await page.$eval('#summary dl.metadata > div:nth-child(2) dd', (el) => (el as HTMLElement).innerText), newest[0], 'its status: a 4xx')
  await page.goBack()
  await Promise.all([page.waitForURL(`${server.base}/?limit=10`), page.click('#sidebar-shortcuts >> text=Last 10')])
  t.strictSame(await shownRows(page), await buildRows(['--limit', '10']))
  const none = await tab.open(`${server.base}/?url=/nothing-matches`)
  t.equal(await none.page.$$eval('#sidebar-shortcuts a', (links) => links.map((a) => (a as HTMLElement).innerText).join(',')), 'Last 10', 'no rows: Latest leads nowhere')
})

t.test('a bad date: a 400 page with the message beside the field, not "0 results found"; the server goes on', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const server = await startTestServer(t, [NGINX])
  const { page } = await tab.open(`${server.base}/`)
  await page.fill('#search-start', '2026-11-31')
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().startsWith(`${server.base}/?`)), page.press('#search-start', 'Enter')])
  t.equal(response.status(), 400)
  await page.waitForLoadState('load')
  t.equal(await page.$eval('#search-start-problem', (el) => (el as HTMLElement).innerText),
    'November 2026 has no day 31; give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, optionally with a zone offset such as +01:00, +0100 or Z')
  t.equal(await page.$eval('#search-start', (el) => el.getAttribute('aria-describedby')), 'search-start-problem', 'the message is the field\'s description')
  t.equal(await page.$eval('#search-start', (el) => (el as HTMLInputElement).value), '2026-11-31', 'the value kept, to be corrected')
  t.equal(await page.$eval('#collector-content > h2', (el) => (el as HTMLElement).innerText), 'No search was run', 'in place of the count')
  t.notMatch(await page.$eval('body', (el) => (el as HTMLElement).innerText), 'results found', 'no "0 results found": nothing was searched')
  t.equal(await page.$$eval('#search-results', (tables) => tables.length), 0, 'no table of rows')
  t.equal(await page.$eval('.search-stopped', (el) => (el as HTMLElement).innerText),
    'Correct the field marked in the search form. From: November 2026 has no day 31; give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, optionally with a zone offset such as +01:00, +0100 or Z.',
    'the field\'s message above the rows\' place too')
  await page.fill('#search-start', '2026-11-22')
  await Promise.all([page.waitForURL(/start=2026-11-22&/), page.press('#search-start', 'Enter')])
  t.strictSame(await shownRows(page), await buildRows(['--from', '2026-11-22']), 'corrected, it searches')
})

t.test('a page of another host name that resolves here (DNS rebinding) is refused', { skip: NO_CHROMIUM }, async (t) => {
  const { browser } = await chromium()
  const server = await startTestServer(t, [NGINX])
  const port = new URL(server.base).port
  // Chromium asks the server itself for evil.example, as it would once that name resolved to 127.0.0.1
  const tab = await openTab(browser, { proxy: { server: server.base } })
  t.teardown(() => tab.close())
  const { page } = await tab.open(`http://evil.example:${port}/`)
  t.equal(await page.title(), '421 Misdirected Request')
  t.equal(await page.$$eval('#search-results', (tables) => tables.length), 0, 'no rows')
  const asked = server.accessLog().filter((line) => line.includes('evil.example'))
  t.ok(asked.length > 0 && asked.every((line) => line.includes('" 421 ')), 'every request for that name was refused')
  t.match(asked[0], `"GET http://evil.example:${port}/ HTTP/1.1" 421 `)
})

t.test('--htpasswd: 401 without credentials, the page with them', { skip: NO_CHROMIUM }, async (t) => {
  const { browser } = await chromium()
  const dir = t.testdir({ users: `${ALICE}\n` })
  const server = await startTestServer(t, [NGINX], ['--htpasswd', `${dir}/users`])
  const stranger = await openTab(browser)
  t.teardown(() => stranger.close())
  // headless Chromium has no one to ask for a password: the navigation fails on the 401
  const statuses: number[] = []
  stranger.page.on('response', (response) => void statuses.push(response.status()))
  await stranger.page.goto(`${server.base}/`).catch(() => null)
  t.strictSame(statuses, [401])
  t.match(server.accessLog().at(-1), /^127\.0\.0\.1 - - \[.*"GET \/ HTTP\/1\.1" 401 /)
  const alice = await openTab(browser, { httpCredentials: { username: 'alice', password: 's3cret' } })
  t.teardown(() => alice.close())
  const answered = await alice.page.goto(`${server.base}/?limit=50`)
  t.equal(answered?.status(), 200)
  t.strictSame(await shownRows(alice.page), await buildRows(['--limit', '50']))
  t.match(server.accessLog().at(-1), /^127\.0\.0\.1 - alice \[/)
})

t.test('axe finds no violation on the served pages (a search, a 400, a 404), light and dark, 1280 and 390 px', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const server = await startTestServer(t, [NGINX])
  for (const path of ['/?method=&status_code=&limit=100', '/?start=yesterday&limit=0', '/nothing-here']) {
    const { page } = await tab.open(`${server.base}${path}`)
    await injectAxe(page)
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        await page.emulateMedia({ colorScheme })
        t.strictSame(await axeViolations(page), [], `${path} at ${width} px, ${colorScheme}`)
      }
    }
  }
})
