/**
 * Values no line can break, in real headless Chromium: a User-Agent, Referer
 * and URL made of hundreds of combining marks (one grapheme cluster, which
 * overflow-wrap and word-break never split) or of one long word never make
 * the body scroll sideways, at 390 and 1280 px, on the single page with its
 * detail sections and on the --out-dir listing and profile pages.
 */

import { readdirSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { launchChromium, NO_CHROMIUM, withTab } from '../helpers/browser.js'
import { runCli } from '../helpers/run-cli.js'

/** One letter under 300 stacked acute accents (U+0301): narrow, but one cluster. */
const STACKED = `a${'\u0301'.repeat(300)}`
/** 400 long strokes (U+0336) with no letter: Chromium draws one cluster about 3000 px wide, which once widened the page. */
const STRUCK = '\u0336'.repeat(400)
/** A word of 800 letters: no space, no zero-width break, breakable only by overflow-wrap. */
const WORD = 'w'.repeat(800)
const WIDTHS = [390, 1280] as const

/** Each payload once as URL, Referer and User-Agent, one line per arrangement (nginx combined). */
const REQUESTS = [
  { second: 40, url: `/sofas/${STRUCK}`, referer: `https://ref.example/${WORD}`, userAgent: STACKED },
  { second: 41, url: `/sofas/${WORD}`, referer: STACKED, userAgent: STRUCK },
  { second: 42, url: `/sofas/${STACKED}`, referer: STRUCK, userAgent: WORD },
] as const
const LOG = REQUESTS.map(({ second, url, referer, userAgent }) =>
  `203.0.113.9 - - [22/Nov/2026:13:45:${second} +0100] "GET ${url} HTTP/1.1" 200 512 "${referer}" "${userAgent}"\n`).join('')

const byUrl = (a: { url: string }, b: { url: string }): number => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)

interface Shown {
  scrollWidth: number
  innerWidth: number
  /** Per detail section (or the profile page): its URL heading, Referer and User agent as drawn. */
  details: { url: string; referer: string; userAgent: string }[]
}

t.test('unbreakable values wrap or clip inside their box: the body never scrolls sideways', { skip: NO_CHROMIUM }, async (t) => {
  const browser = await launchChromium()
  t.teardown(() => browser.close())
  const dir = t.testdir({ 'access.log': LOG })
  for (const args of [['-o', `${dir}/page.html`], ['--out-dir', `${dir}/site`]]) {
    const built = await runCli(['build', '--any-url', `${dir}/access.log`, ...args])
    t.equal(built.code, 0, `build ${args[0]}: exit 0 ${built.stderr}`)
  }
  const profiles = readdirSync(`${dir}/site/profiles`).sort()
  t.equal(profiles.length, REQUESTS.length, 'a profile page per line')
  const pages = [
    { name: 'the single page', path: `${dir}/page.html`, details: REQUESTS.length },
    { name: 'the --out-dir index', path: `${dir}/site/index.html`, details: 0 },
    ...profiles.map((file) => ({ name: `profiles/${file}`, path: `${dir}/site/profiles/${file}`, details: 1 })),
  ]
  const newestFirst = [...REQUESTS].reverse().map(({ url, referer, userAgent }) => ({ url, referer, userAgent }))

  // one tab: each page is loaded once and laid out at each width in turn
  /** What each page drew at each width, by `${width} ${name}`. */
  const shownOn: Record<string, Shown['details']> = {}
  await withTab(browser, async ({ page }) => {
    for (const { name, path, details } of pages) {
      await page.goto(pathToFileURL(path).href, { waitUntil: 'load' })
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 })
        const shown: Shown = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          // a listing's details are its sections below the table; a profile page is one detail
          details: [...document.querySelectorAll(document.getElementById('search-results') ? '.profile-detail' : 'main')].map((detail) => {
            const value = (label: string): string =>
              [...detail.querySelectorAll('dl.log-fields dt')].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent ?? ''
            return { url: detail.querySelector('h3, #summary h2')?.textContent ?? '', referer: value('Referer'), userAgent: value('User agent') }
          }),
        }))
        t.ok(shown.innerWidth === width && shown.scrollWidth <= shown.innerWidth,
          `${name} at ${width} px: the body does not scroll sideways (${shown.scrollWidth} <= ${shown.innerWidth})`)
        t.equal(shown.details.length, details, `${name} at ${width} px: its detail sections`)
        shownOn[`${width} ${name}`] = shown.details
      }
    }
  }, { deviceScaleFactor: 1 })
  for (const width of WIDTHS) {
    // the payloads are on the pages whole, so the check above measured them
    t.strictSame(shownOn[`${width} the single page`], newestFirst, `at ${width} px: every value is drawn as logged`)
    t.strictSame(profiles.flatMap((file) => shownOn[`${width} profiles/${file}`] ?? []).sort(byUrl), [...newestFirst].sort(byUrl),
      `at ${width} px: each profile page draws its values as logged`)
  }
})
