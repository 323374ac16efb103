/**
 * Values no line can break, in real headless Chromium: a User-Agent, Referer
 * and URL made of hundreds of combining marks (one grapheme cluster, which
 * overflow-wrap and word-break never split) or of one long word never make
 * the body scroll sideways, at 390 and 1280 px, on the single page with its
 * detail sections and on the --out-dir listing and profile pages. And a
 * letter under 500 stacked marks draws only inside its own box (table cell,
 * detail field, heading, notice, sidebar value), light and dark: nothing over
 * the header, another row or another field.
 */

import { readdirSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import type { CDPSession, Page } from 'playwright-core'
import { launchChromium, NO_CHROMIUM, withTab } from '../helpers/browser.js'
import { decodePng, differingBox, type Pixels } from '../helpers/png.js'
import { runCli } from '../helpers/run-cli.js'
import { combinedLine } from '../helpers/log-line.js'

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
  `${combinedLine({ ip: '203.0.113.9', time: `22/Nov/2026:13:45:${second} +0100`, url, bytes: 512, referer, userAgent })}\n`).join('')

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

/** 500 acute accents (U+0301) stack upwards from their letter, 500 grave accents below (U+0316) downwards. */
const MARKS_ABOVE = `a${'\u0301'.repeat(500)}`
const MARKS_BELOW = `a${'\u0316'.repeat(500)}`
const SCHEMES = ['light', 'dark'] as const
/** The boxes a value is shown in, each clipping what it draws (templates/page.css). */
const VALUE_BOXES = 'td, dl.log-fields dd, dl.metadata div, .profile-detail h3, #summary h2, .php-notice, dl.search-fields dd, .search-options code'
/**
 * Ordinary stacked accents, which reach a few pixels past a line box: drawn whole. Kept off the ends of lines
 * (a font without the letter, as Chromium's monospace here, may draw the mark past the letter's advance there).
 */
const ACCENTS = 'Tiếng-Việt-ỄỖỮẤ-ặệỵ'
/** Colour steps of difference that are Chromium's rounding, not drawing (png.ts: differingBox). */
const TOLERANCE = 2
/** How far past its box a value may draw: its clip margin (room for ordinary accents, .25em) is at most this. */
const MOST_MARGIN = 4

interface ValueBox {
  /** The box and the field it shows, as `td (URL)`. */
  name: string
  /** Its overflow-clip-margin in pixels. */
  margin: number
  left: number
  top: number
  right: number
  bottom: number
}

/** Marks each box that shows a marks value (data-probe = its index); their boxes in page pixels. */
const valueBoxes = (page: Page): Promise<ValueBox[]> => page.evaluate(({ selector, values }) => {
  const boxes = [...document.querySelectorAll<HTMLElement>(selector)]
    .filter((box) => values.some((value) => (box.textContent ?? '').includes(value)))
  return boxes.map((box, index) => {
    box.dataset.probe = String(index)
    const field = box instanceof HTMLTableCellElement ? document.querySelectorAll('thead th')[box.cellIndex]?.textContent
      : box.tagName === 'DD' ? box.previousElementSibling?.textContent
        : box.tagName === 'DIV' ? box.querySelector('dt')?.textContent : null
    const { left, top, right, bottom } = box.getBoundingClientRect()
    const kind = box.classList.contains('php-notice') ? 'notice' : box.tagName.toLowerCase()
    const margin = Number.parseFloat(getComputedStyle(box).overflowClipMargin) || 0
    return { name: `${kind}${field ? ` (${field})` : ''}`, margin, left: left + scrollX, top: top + scrollY, right: right + scrollX, bottom: bottom + scrollY }
  })
}, { selector: VALUE_BOXES, values: [MARKS_ABOVE, MARKS_BELOW] })

/**
 * The whole page's pixels, through the page's CDP session: Chromium's quicker PNG encoding (optimizeForSpeed)
 * makes a screenshot about 40% cheaper than Playwright's, with the same pixels.
 */
const pagePixels = async (page: Page, cdp: CDPSession): Promise<Pixels> => {
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }))
  const { data } = await cdp.send('Page.captureScreenshot', {
    format: 'png', optimizeForSpeed: true, captureBeyondViewport: true, clip: { x: 0, y: 0, width, height, scale: 1 },
  })
  return decodePng(Buffer.from(data, 'base64'))
}

/** Lets every value box the page clips draw past its edges (true), or clips them again (false). */
const unclipped = (page: Page, on: boolean): Promise<void> => page.evaluate(({ selector, on }) => {
  for (const box of document.querySelectorAll<HTMLElement>(selector)) {
    if (on) box.style.setProperty('overflow', 'visible', 'important')
    else box.style.removeProperty('overflow')
  }
}, { selector: VALUE_BOXES, on })

/** Draws the text of the probe `shown` (or of none) and makes the others' text transparent: the layout stays the same. */
const showOnly = (page: Page, shown: number | null): Promise<void> => page.evaluate((shown) => {
  for (const box of document.querySelectorAll<HTMLElement>('[data-probe]')) {
    for (const property of ['color', '-webkit-text-fill-color']) {
      if (box.dataset.probe === String(shown)) box.style.removeProperty(property)
      else box.style.setProperty(property, 'transparent', 'important')
    }
  }
}, shown)

t.test('a letter under 500 combining marks draws only inside its own box, light and dark, at 390 and 1280 px', { skip: NO_CHROMIUM }, async (t) => {
  const browser = await launchChromium()
  t.teardown(() => browser.close())
  const line = (second: number, ip: string, url: string, userAgent: string): string =>
    `${combinedLine({ ip, time: `22/Nov/2026:13:45:${second} +0100`, url, bytes: 512, userAgent })}\n`
  const dir = t.testdir({
    // the marks in the middle row (newest first), between two ordinary ones: in each kind of box once
    'access.log': line(40, '192.0.2.40', '/older/', 'curl/8.0') + line(41, MARKS_ABOVE, `/${MARKS_ABOVE}`, MARKS_BELOW) +
      line(42, ACCENTS, `/${ACCENTS}/`, 'curl/8.0'),
    'notices.log': `[22-Nov-2026 12:00:00 UTC] PHP Deprecated:  ${ACCENTS} is ordinary in /var/www/a.php on line 1\n` +
      `[22-Nov-2026 12:00:01 UTC] PHP Deprecated:  ${MARKS_ABOVE} in /var/www/${MARKS_BELOW}.php on line 2\n` +
      '[22-Nov-2026 12:00:02 UTC] PHP Deprecated:  Another ordinary notice in /var/www/b.php on line 3\n',
  })
  // an inverted --url that no row holds: every row is listed and the sidebar shows the marks
  const single = await runCli(['build', '--any-url', '--url', `!zz${MARKS_ABOVE}`, '--notices', `${dir}/notices.log`, '-o', `${dir}/page.html`, `${dir}/access.log`])
  t.equal(single.code, 0, single.stderr)
  const site = await runCli(['build', '--any-url', '--out-dir', `${dir}/site`, `${dir}/access.log`])
  t.equal(site.code, 0, site.stderr)
  const profile = readdirSync(`${dir}/site/profiles`).find((file) => readFileSync(`${dir}/site/profiles/${file}`, 'utf8').includes(MARKS_ABOVE))
  // a profile page's log fields are styled as the single page's: only its heading and summary are probed there
  const pages = [
    { name: 'the single page', path: `${dir}/page.html`, probed: 10, boxes: ['notice', 'td (IP)', 'td (URL)', 'h3', 'div (IP)',
      'dd (Request line)', 'dd (User agent)', 'dd (Raw line)', 'dd (URL)', 'code'] },
    { name: `profiles/${profile}`, path: `${dir}/site/profiles/${profile}`, probed: 2, boxes: ['h2', 'div (IP)', 'dd (Request line)',
      'dd (User agent)', 'dd (Raw line)'] },
  ]
  // the two pages side by side, each in a tab of its own: one tab kept one core busy at most (its
  // renderer drawing, or this process decoding what it drew)
  await Promise.all(pages.map(({ name, path, probed, boxes }) => withTab(browser, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page)
    await page.goto(pathToFileURL(path).href, { waitUntil: 'load' })
    for (const width of WIDTHS) {
      for (const colorScheme of SCHEMES) {
        const view = `${name} at ${width} px, ${colorScheme}`
        await page.setViewportSize({ width, height: 900 })
        await page.emulateMedia({ colorScheme })
        const found = await valueBoxes(page)
        t.strictSame(found.map((box) => box.name), boxes, `${view}: the boxes that show the marks`)
        await showOnly(page, null)
        const none = await pagePixels(page, cdp)
        await unclipped(page, true)
        t.equal(differingBox(none, await pagePixels(page, cdp), TOLERANCE), null, `${view}: the clips cut nothing of ${ACCENTS} or other ordinary text`)
        await unclipped(page, false)
        for (const [index, box] of found.slice(0, probed).entries()) {
          await showOnly(page, index)
          const drawn = differingBox(none, await pagePixels(page, cdp), TOLERANCE)
          const room = Math.min(box.margin, MOST_MARGIN)
          const inside = drawn !== null && drawn.left >= Math.floor(box.left - room) && drawn.top >= Math.floor(box.top - room) &&
            drawn.right <= Math.ceil(box.right + room) && drawn.bottom <= Math.ceil(box.bottom + room)
          t.ok(inside, `${view}: ${box.name} draws inside its box (drew ${JSON.stringify(drawn)} in ${JSON.stringify(box)})`)
        }
      }
    }
  }, { deviceScaleFactor: 1 })))
})
