/**
 * The page in real Chromium at 1280 and 390 px, light and dark: screenshots
 * (the first screen, and the whole default page) go to test-output/screenshots/
 * for people to look at, and the layout and
 * contrast are checked through the DOM. The table fits or scrolls inside its
 * container (never the body), long URLs wrap, the header boxes do not overlap
 * the content, and text meets WCAG AA contrast (4.5:1, 3:1 for large text)
 * against the background it is drawn on.
 */

import { mkdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import t from 'tap'
import { hasChromium, launchChromium, withTab } from '../helpers/browser.js'
import { fixture, runCli } from '../helpers/run-cli.js'
import { contrastRatio, hexRgb, parseRgb, type Rgb } from './contrast.js'

const SHOTS = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url))
const WIDTHS = [1280, 390] as const
const SCHEMES = ['light', 'dark'] as const

/** The fixture page as built by default, and with every row (all status labels, the 9000-byte URL) under PHP notices. */
const PAGES = [
  { name: 'nginx', args: [fixture('nginx/access.log')] },
  {
    name: 'nginx-every-row',
    args: ['--any-url', '--method', 'any', '--status', 'any', '--limit', '100', '--notices', fixture('php/error_log'), fixture('nginx/access.log')],
  },
] as const

/** Text whose contrast must meet AA, by selector; each must match at least one element on the page. */
const TEXT = [
  '#header h1 span', '#summary h2', '#collector-content > h2', '.page-stamp', 'thead th', 'tbody td', 'tbody td a',
  'span.label.status-success', '.profile-detail h3', 'dl.metadata dt', 'dl.log-fields dd', 'p.back a',
  '#sidebar-search h3', '#sidebar-search dt', '#sidebar-search dd', '.search-options', '.search-options code',
] as const
/** Only on the page with every row: the other status labels and the notices. */
const EVERY_ROW_TEXT = ['span.label.status-warning', 'span.label.status-error', '.php-notice'] as const

interface TextSample {
  selector: string
  text: string
  color: string
  background: string
  large: boolean
}

interface Layout {
  /** Whether the page is styled for the dark scheme. */
  dark: boolean
  viewport: number
  bodyScrollWidth: number
  scroller: { right: number; overflowX: string; clientWidth: number; tableWidth: number }
  urlCells: { right: number; scrollWidth: number; clientWidth: number; tableRight: number; height: number }[]
  boxes: { id: string; top: number; bottom: number }[]
  samples: TextSample[]
}

const measure = (page: Page, selectors: readonly string[]): Promise<Layout> =>
  page.evaluate((selectors) => {
    const box = (e: Element): DOMRect => e.getBoundingClientRect()
    /** The colour an element is drawn on: the first opaque background up its ancestors. */
    const backgroundOf = (e: Element | null): string => {
      for (let node = e; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg
      }
      return getComputedStyle(document.documentElement).backgroundColor === 'rgba(0, 0, 0, 0)'
        ? 'rgb(255, 255, 255)' : getComputedStyle(document.documentElement).backgroundColor
    }
    const scroller = document.querySelector('.table-scroll') as HTMLElement
    const table = document.querySelector('table#search-results') as HTMLElement
    return {
      dark: matchMedia('(prefers-color-scheme: dark)').matches,
      viewport: window.innerWidth,
      bodyScrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      scroller: { right: box(scroller).right, overflowX: getComputedStyle(scroller).overflowX, clientWidth: scroller.clientWidth, tableWidth: box(table).width },
      urlCells: [...document.querySelectorAll<HTMLElement>('td.break-long-words')].map((cell) => ({
        right: box(cell).right, scrollWidth: cell.scrollWidth, clientWidth: cell.clientWidth, tableRight: box(table).right, height: box(cell).height,
      })),
      boxes: ['php-notices', 'header', 'summary', 'content'].flatMap((id) => {
        const e = document.getElementById(id)
        return e ? [{ id, top: box(e).top, bottom: box(e).bottom }] : []
      }),
      samples: selectors.flatMap((selector) => [...document.querySelectorAll(selector)].slice(0, 3).map((e) => {
        const style = getComputedStyle(e)
        const size = parseFloat(style.fontSize)
        const bold = Number(style.fontWeight) >= 700
        const color = e instanceof HTMLInputElement ? style.webkitTextFillColor || style.color : style.color
        return {
          selector, text: (e instanceof HTMLInputElement ? e.value : e.textContent ?? '').trim().slice(0, 30),
          color, background: backgroundOf(e), large: size >= 24 || (bold && size >= 18.66),
        }
      })),
    }
  }, selectors)

const luminanceContrast = (sample: TextSample): number => {
  const fg: Rgb = parseRgb(sample.color)
  const bg: Rgb = parseRgb(sample.background)
  return contrastRatio(fg, bg)
}

const NO_CHROMIUM = hasChromium() ? false : 'chromium is not installed at /usr/bin/chromium (.ci/run installs it)'
if (NO_CHROMIUM && process.env.CI) t.fail('chromium is missing in CI: .ci/run installs it')

t.test('screenshots and DOM checks at 1280 and 390 px, light and dark', { skip: NO_CHROMIUM }, async (t) => {
  mkdirSync(SHOTS, { recursive: true })
  const browser = await launchChromium()
  t.teardown(() => browser.close())
  const dir = t.testdir({})
  // Each page is loaded once into the tab; every view is that document laid out again at the width
  // and restyled for the scheme (its media queries evaluated afresh), then drawn and measured.
  await withTab(browser, async ({ page, open }) => {
    for (const { name, args } of PAGES) {
      const out = `${dir}/${name}.html`
      const built = await runCli(['build', '--tz', 'UTC', ...args, '-o', out])
      t.equal(built.code, 0, built.stderr)
      const selectors = name === 'nginx-every-row' ? [...TEXT, ...EVERY_ROW_TEXT] : TEXT
      await open(pathToFileURL(out).href)
      for (const width of WIDTHS) {
        for (const colorScheme of SCHEMES) {
          const view = `${name} at ${width} px, ${colorScheme}`
          await page.setViewportSize({ width, height: 900 })
          await page.emulateMedia({ colorScheme })
          await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png` })
          if (name === 'nginx') await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}-full.png`, fullPage: true })
          const layout = await measure(page, selectors)
          t.strictSame([layout.dark, layout.viewport], [colorScheme === 'dark', width], `${view}: the scheme and the width apply`)

          t.ok(layout.bodyScrollWidth <= layout.viewport, `${view}: the body does not scroll sideways (${layout.bodyScrollWidth} <= ${layout.viewport})`)
          const { scroller } = layout
          t.ok(scroller.right <= layout.viewport, `${view}: the table container ends inside the viewport`)
          t.ok(scroller.tableWidth <= scroller.clientWidth || ['auto', 'scroll'].includes(scroller.overflowX),
            `${view}: the table fits (${Math.round(scroller.tableWidth)} <= ${scroller.clientWidth}) or scrolls in its container`)
          t.ok(layout.urlCells.length > 0 && layout.urlCells.every((cell) => cell.scrollWidth <= cell.clientWidth && cell.right <= cell.tableRight + 0.5),
            `${view}: every URL wraps inside its cell`)
          if (name === 'nginx-every-row') {
            const tallest = Math.max(...layout.urlCells.map((cell) => cell.height))
            t.ok(tallest > 200, `${view}: the 9000-byte URL wraps onto many lines (${Math.round(tallest)} px)`)
          }
          for (let i = 1; i < layout.boxes.length; i++) {
            const above = layout.boxes[i - 1]
            const below = layout.boxes[i]
            t.ok(above && below && above.bottom <= below.top + 0.5, `${view}: #${above?.id} ends before #${below?.id} begins`)
          }
          t.strictSame(layout.boxes.map((b) => b.id), name === 'nginx' ? ['header', 'summary', 'content'] : ['php-notices', 'header', 'summary', 'content'])
          const found = new Set(layout.samples.map((s) => s.selector))
          t.strictSame(selectors.filter((s) => !found.has(s)), [], `${view}: every checked kind of text is on the page`)
          for (const sample of layout.samples) {
            const ratio = luminanceContrast(sample)
            const needed = sample.large ? 3 : 4.5
            t.ok(ratio >= needed, `${view}: ${sample.selector} "${sample.text}" ${sample.color} on ${sample.background}: ${ratio.toFixed(2)} >= ${needed}`)
          }
        }
      }
    }
  }, { deviceScaleFactor: 1 })
})

t.test('the contrast math: WCAG reference values and the original label colours', async (t) => {
  const white = hexRgb('#ffffff')
  t.equal(contrastRatio(white, hexRgb('#000000')).toFixed(2), '21.00')
  t.equal(contrastRatio(white, white).toFixed(2), '1.00')
  t.equal(contrastRatio(hexRgb('#767676'), white).toFixed(2), '4.54', 'the lightest grey that passes on white')
  t.equal(contrastRatio(hexRgb('#777777'), white).toFixed(2), '4.48')
  t.strictSame(parseRgb('rgb(79, 128, 93)'), hexRgb('#4f805d'))
  t.throws(() => parseRgb('rgba(0, 0, 0, 0.5)'))
  // The reference's label colours with white text (see README "Guarantees").
  t.equal(contrastRatio(white, hexRgb('#4f805d')).toFixed(2), '4.59')
  t.equal(contrastRatio(white, hexRgb('#b0413e')).toFixed(2), '5.72')
  t.equal(contrastRatio(white, hexRgb('#a46a1f')).toFixed(2), '4.51', 'the tightest: still AA for normal text')
})
