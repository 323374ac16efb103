/**
 * The hostile corpus (fixtures/hostile/) built into pages and opened in real
 * headless Chromium with JavaScript on. Every payload would set
 * `window.__pwned`, open a dialog or load something if it ever became markup.
 * Proven for each page: no dialog, no injected global, no request besides the
 * document (and, in a site, its own stylesheet), no live element or handler
 * made from log text, nothing logged on the console, and the payloads visible
 * as text. The escaping alone is enough (the same page without its CSP is just
 * as inert), and the CSP alone blocks script and loads (proven by planting them).
 */

import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import t, { type Test } from 'tap'
import { fileBrowser, hasChromium, withPage, type FileBrowser, type OpenedPage, type Tab } from '../helpers/browser.js'
import { fixture, runCli } from '../helpers/run-cli.js'
import { SHOWN_BY_DEFAULT, SHOWN_FROM_JSON, SHOWN_IN_NOTICES, SHOWN_WITH_ANY_URL } from './hostile-payloads.js'
import { waitFor } from '../helpers/wait-for.js'

const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
const SITE_CSP = "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'"
const CORPUS = [fixture('hostile/access.log'), fixture('hostile/raw-bytes.log')]
const EVERY_ROW = ['--any-url', '--method', 'any', '--status', 'any']

/** Live markup planted into a page, to prove the CSP blocks it and the checks notice it. */
const PLANTED_HEAD = '<script>window.__pwned = "script"; alert(1)</script>\n<link rel="stylesheet" href="http://127.0.0.1:9/x.css">\n'
const PLANTED_BODY = '<img src="http://127.0.0.1:9/x.png" onerror="window.__pwned = \'handler\'"><iframe src="http://127.0.0.1:9/"></iframe>\n'

/** Markup that log text must never become. */
const LIVE = 'script, img, svg, iframe, frame, object, embed, base, link, meta[http-equiv="refresh" i], textarea, ' +
  'body style, form[action], [formaction], [src], [srcdoc], a[href^="javascript:" i], a[target]'

interface Seen {
  dialogs: string[]
  pwned: string
  requests: string[]
  console: string[]
  live: string[]
  handlers: string[]
  head: string[]
  text: string
}

/**
 * What the loaded page shows and did; requests counted from `firstRequest` on. Script, handlers
 * of the load and the loads of the markup ran before `load`; those of the mouse ran when the
 * move was handled; one frame more draws what that changed, and its loads begin. What comes
 * later still is counted against the next page loaded into the tab (helpers/browser.ts); the
 * DOM checks (no live element, no on* attribute) need no time at all.
 */
const seenIn = async ({ page, requests, dialogs, console }: OpenedPage, firstRequest = 0): Promise<Seen> => {
  await page.mouse.move(200, 200)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
  const dom = await page.evaluate((live) => ({
    pwned: typeof Reflect.get(window, '__pwned'),
    live: [...document.querySelectorAll(live)]
      .filter((e) => !(e.tagName === 'LINK' && e.getAttribute('rel') === 'stylesheet' && /^(\.\.\/)?profile-search\.css$/.test(e.getAttribute('href') ?? '')))
      .map((e) => e.outerHTML.slice(0, 100)),
    handlers: [...document.querySelectorAll('*')]
      .flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName}[${a.name}]`)),
    head: [...document.head.children].slice(0, 2).map((e) => e.outerHTML),
    text: document.body.innerText,
  }), LIVE)
  const documentUrl = page.url()
  return {
    ...dom,
    dialogs: [...dialogs],
    requests: requests.slice(firstRequest).map((r) => r.url()).filter((url) => url !== documentUrl),
    console: [...console],
  }
}

/** A page no payload ran on, loaded into the file's tab (its record starts with it). */
const inspect = async (tab: Tab, url: string): Promise<Seen> => seenIn(await tab.open(url))

/** The checks every built page must pass. */
const assertInert = (t: Test, seen: Seen, allowedRequests: string[] = []): void => {
  t.strictSame(seen.dialogs, [], 'no dialog opened')
  t.equal(seen.pwned, 'undefined', 'no payload set window.__pwned')
  t.strictSame(seen.requests, allowedRequests, 'no request besides the document')
  t.strictSame(seen.console, [], 'nothing was attempted and blocked (no console message)')
  t.strictSame(seen.live, [], 'no element made from log text')
  t.strictSame(seen.handlers, [], 'no on* attribute anywhere')
}

const assertShown = (t: Test, text: string, expected: readonly string[]): void => {
  for (const s of expected) t.ok(text.includes(s), `shows as text: ${JSON.stringify(s.slice(0, 70))}`)
}

const assertCspFirst = (t: Test, html: string, seen: Seen, csp: string): void => {
  t.ok(html.startsWith(`<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${csp}">\n`),
    'the CSP meta comes right after the charset, before anything else')
  t.strictSame(seen.head, ['<meta charset="utf-8">', `<meta http-equiv="Content-Security-Policy" content="${csp}">`])
}

const buildPage = async (t: Test, dir: string, name: string, args: string[]): Promise<string> => {
  const out = `${dir}/${name}.html`
  const r = await runCli(['build', ...args, '-n', '100', '--tz', 'UTC', '-o', out])
  t.equal(r.code, 0, `build ${name}: ${r.stderr}`)
  return out
}

const NO_CHROMIUM = hasChromium() ? false : 'chromium is not installed at /usr/bin/chromium (.ci/run installs it)'
if (NO_CHROMIUM && process.env.CI) t.fail('chromium is missing in CI: .ci/run installs it')

/**
 * The file's browser and tab (opened on first use): the pages that must be inert are loaded one
 * after another into the tab, each with its own record of what it did; the two pages that are to
 * run script (planted, broken) get a fresh context each.
 */
const chromium = fileBrowser(t)

/** A test with the file's browser and tab; skipped with a reason when chromium is missing. */
const browserTest = (name: string, fn: (t: Test, chromium: FileBrowser) => Promise<void>): void => {
  t.test(name, { skip: NO_CHROMIUM }, async (t) => fn(t, await chromium()))
}

t.test('the corpus holds its raw bytes (a careless writer\'s NUL, invalid UTF-8, U+202E, ESC, CR, CRLF)', async (t) => {
  const raw = readFileSync(fixture('hostile/raw-bytes.log'))
  for (const [name, bytes] of [['NUL', [0x00]], ['0xFF', [0xff]], ['a lone 0xC3', [0xc3, 0x28]], ['U+202E', [0xe2, 0x80, 0xae]],
    ['ESC', [0x1b]], ['a lone CR', [0x20, 0x0d, 0x20]], ['CRLF line ends', [0x22, 0x0d, 0x0a]]] as const) {
    t.ok(raw.includes(Buffer.from(bytes)), name)
  }
  t.ok(readFileSync(fixture('hostile/access.log'), 'utf8').split('\n').some((line) => line.length > 8192), 'an 8 KB line')
})

browserTest('the storefront rows of the corpus: payloads in IP, user, referer, UA, raw line; 8 KB URLs', async (t, { tab }) => {
  const dir = t.testdir({})
  const page = await buildPage(t, dir, 'default', CORPUS)
  const seen = await inspect(tab, pathToFileURL(page).href)
  assertInert(t, seen)
  assertCspFirst(t, readFileSync(page, 'utf8'), seen, CSP)
  assertShown(t, seen.text, SHOWN_BY_DEFAULT)
})

browserTest('every row (--any-url, any method and status): payloads in the URL and the method', async (t, { tab }) => {
  const dir = t.testdir({})
  const page = await buildPage(t, dir, 'every-row', [...EVERY_ROW, ...CORPUS])
  const seen = await inspect(tab, pathToFileURL(page).href)
  assertInert(t, seen)
  assertCspFirst(t, readFileSync(page, 'utf8'), seen, CSP)
  assertShown(t, seen.text, [...SHOWN_BY_DEFAULT, ...SHOWN_WITH_ANY_URL])
})

browserTest('JSON lines: hostile text in the client address, virtual host, X-Forwarded-For, URL and headers', async (t, { tab }) => {
  const dir = t.testdir({})
  const page = await buildPage(t, dir, 'json', ['--log-format', 'json', ...EVERY_ROW, fixture('hostile/access.ndjson')])
  const seen = await inspect(tab, pathToFileURL(page).href)
  assertInert(t, seen)
  t.match(seen.text, /\b2 results found\b/, 'a method that is not an HTTP token is no request, so never a row')
  t.notOk(seen.text.includes('__pwned=44'), 'that line is not on the page at all')
  assertShown(t, seen.text, SHOWN_FROM_JSON)
})

browserTest('hostile search criteria are shown inert in the sidebar', async (t, { tab }) => {
  const dir = t.testdir({})
  const url = '<script>window.__pwned=1'
  const ip = '192.0.2.1'
  const page = await buildPage(t, dir, 'search', [...EVERY_ROW, '--url', url, '--ip', ip, ...CORPUS])
  const opened = await tab.open(pathToFileURL(page).href)
  const shown = await opened.page.evaluate(() => ['URL', 'IP'].map((label) =>
    [...document.querySelectorAll('#sidebar dt')].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent))
  t.strictSame(shown, [url, ip], 'the --url and --ip values are shown as they were given')
  const options = await opened.page.evaluate(() => document.querySelector('#sidebar .search-options code')?.textContent)
  t.ok(options?.startsWith(`--ip ${ip} `) && options.includes(` --url '${url}' `), `and in the options that set them, quoted for a shell: ${options}`)
  const seen = await seenIn(opened)
  assertInert(t, seen)
  t.match(seen.text, /\b2 results found\b/, 'the rows of 192.0.2.11 and 192.0.2.14')
  assertShown(t, seen.text, ['/<script>window.__pwned=11</script>', '/</style></title></textarea><script>window.__pwned=14</script>'])
})

browserTest('hostile PHP notices in the preface', async (t, { tab }) => {
  const dir = t.testdir({})
  const page = await buildPage(t, dir, 'notices', ['--notices', fixture('hostile/notices.log'), '--full-paths', ...CORPUS])
  const seen = await inspect(tab, pathToFileURL(page).href)
  assertInert(t, seen)
  assertCspFirst(t, readFileSync(page, 'utf8'), seen, CSP)
  t.strictSame(seen.text.split('\n').slice(0, SHOWN_IN_NOTICES.length), SHOWN_IN_NOTICES, 'the notices are the first lines, as text')
})

browserTest('a --out-dir site: the index and every profile page', async (t, { tab }) => {
  const dir = t.testdir({})
  const r = await runCli(['build', ...EVERY_ROW, '-n', '100', '--tz', 'UTC', '--out-dir', `${dir}/site`, ...CORPUS])
  t.equal(r.code, 0, r.stderr)
  const css = pathToFileURL(`${dir}/site/profile-search.css`).href
  const profiles = readdirSync(`${dir}/site/profiles`)
  t.equal(profiles.length, 22, 'one page per row')
  const opened = await tab.open(pathToFileURL(`${dir}/site/index.html`).href)
  const index = await seenIn(opened)
  assertInert(t, index, [css])
  assertCspFirst(t, readFileSync(`${dir}/site/index.html`, 'utf8'), index, SITE_CSP)
  assertShown(t, index.text, SHOWN_WITH_ANY_URL)
  let shown = ''
  for (const name of profiles) {
    const firstRequest = opened.requests.length
    await opened.page.goto(pathToFileURL(`${dir}/site/profiles/${name}`).href, { waitUntil: 'load' })
    const seen = await seenIn(opened, firstRequest)
    t.strictSame([seen.dialogs, seen.pwned, seen.requests, seen.console, seen.live, seen.handlers],
      [[], 'undefined', [css], [], [], []], `profiles/${name} is inert`)
    shown += seen.text
  }
  assertShown(t, shown, [...SHOWN_BY_DEFAULT, ...SHOWN_WITH_ANY_URL])
})

browserTest('the escaping alone is enough: the page without its CSP is just as inert', async (t, { tab }) => {
  const dir = t.testdir({})
  const page = await buildPage(t, dir, 'every-row', [...EVERY_ROW, ...CORPUS])
  const html = readFileSync(page, 'utf8')
  const meta = `<meta http-equiv="Content-Security-Policy" content="${CSP}">\n`
  t.equal(html.split(meta).length, 2, 'the CSP meta is there once')
  writeFileSync(`${dir}/no-csp.html`, html.replace(meta, ''))
  const seen = await inspect(tab, pathToFileURL(`${dir}/no-csp.html`).href)
  assertInert(t, seen)
  assertShown(t, seen.text, [...SHOWN_BY_DEFAULT, ...SHOWN_WITH_ANY_URL])
})

browserTest('the CSP alone blocks planted script, handlers and loads', async (t, { browser }) => {
  const dir = t.testdir({})
  const html = readFileSync(await buildPage(t, dir, 'default', CORPUS), 'utf8')
  const meta = `<meta http-equiv="Content-Security-Policy" content="${CSP}">\n`
  writeFileSync(`${dir}/planted.html`, html.replace(meta, meta + PLANTED_HEAD).replace('<body>\n', `<body>\n${PLANTED_BODY}`))
  await withPage(browser, pathToFileURL(`${dir}/planted.html`).href, async ({ page, requests, dialogs, console }) => {
    // the five refusals come where the script and the handler would have run and the loads begun: then they did not
    // (waited for a while; the checks below tell what is missing)
    const refusals = (): string[] => console.filter((m) => m.includes('violates the following Content Security Policy directive'))
    const blocked = (): number => requests.filter((r) => r.failure() !== null).length
    await waitFor('the refusals and the blocked loads', () => refusals().length >= 5 && blocked() >= 2, 10_000).catch(() => undefined)
    t.equal(await page.evaluate(() => typeof Reflect.get(window, '__pwned')), 'undefined', 'neither the script nor the handler ran')
    t.strictSame(dialogs, [])
    t.strictSame(requests.map((r) => [r.url(), r.failure()?.errorText]).sort(), [
      ['http://127.0.0.1:9/x.css', 'csp'], ['http://127.0.0.1:9/x.png', 'csp'],
    ], 'each load was blocked by the CSP before it reached the network')
    t.strictSame(refusals().map((m) => /^(Executing inline script|Executing inline event handler|Loading the stylesheet|Loading the image|Framing)/.exec(m)?.[1]).sort(),
      ['Executing inline event handler', 'Executing inline script', 'Framing', 'Loading the image', 'Loading the stylesheet'])
  })
})

browserTest('the checks catch a real injection (the same payloads, unescaped, without CSP)', async (t, { browser }) => {
  const dir = t.testdir({})
  writeFileSync(`${dir}/broken.html`, `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n${PLANTED_HEAD}</head>\n<body>\n${PLANTED_BODY}</body>\n</html>\n`)
  const seen = await withPage(browser, pathToFileURL(`${dir}/broken.html`).href, (opened) => seenIn(opened))
  t.equal(seen.pwned, 'string', 'a global was set')
  t.strictSame(seen.dialogs, ['1'])
  t.ok(seen.requests.includes('http://127.0.0.1:9/x.png'), 'a request was made')
  t.strictSame(seen.live.map((e) => e.slice(0, 7)).sort(), ['<iframe', '<img sr', '<link r', '<script'])
  t.strictSame(seen.handlers, ['IMG[onerror]'])
})
