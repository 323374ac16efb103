/**
 * The listing on a phone, in real headless Chromium at 390 and 320 px, light
 * and dark: each row is a block of its six values with their labels, so
 * every value, the token link too, is inside the viewport without scrolling
 * sideways, and the body never scrolls sideways. At 1280 px it is the
 * original's table.
 */

import { pathToFileURL } from 'node:url'
import t from 'tap'
import { fileBrowser, NO_CHROMIUM } from '../helpers/browser.js'
import { fixture, runCli } from '../helpers/run-cli.js'

const chromium = fileBrowser(t)
const COLUMNS = ['Status', 'IP', 'Method', 'URL', 'Time', 'Token']

interface Cell {
  /** What the cell shows as its label (its ::before), or null when none is drawn. */
  label: string | null
  left: number
  right: number
  /** Whether the cell's content is wider than its box (clipped). */
  clipped: boolean
}

interface Narrow {
  innerWidth: number
  scrollWidth: number
  rows: { cells: Cell[]; token: { href: string; left: number; right: number } | null }[]
  /** Whether the header row is drawn (a table) or hidden (blocks). */
  headerShown: boolean
}

t.test('on a phone the values of a card line up: each starts at the same left, its text on its label\'s line, Time too', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({})
  t.equal((await runCli(['build', fixture('nginx/access.log'), '-o', `${dir}/page.html`])).code, 0)
  const { page } = await tab.open(pathToFileURL(`${dir}/page.html`).href)
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 })
    // where each cell's content starts, from the cell's own box: the first box of its text (the status label's box)
    const starts = await page.evaluate(() => [...document.querySelectorAll('#search-results tbody tr')].map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => {
      const range = document.createRange()
      range.selectNodeContents(cell)
      const first = range.getClientRects()[0] as DOMRect
      const box = cell.getBoundingClientRect()
      return `${cell.dataset.label ?? ''} ${Math.round(first.left - box.left)} ${Math.round(first.top - box.top)} ${Math.round(first.height)}`
    })))
    for (const [i, cells] of starts.entries()) {
      t.strictSame(cells, ['Status 91 5 23', 'IP 91 7 16', 'Method 91 7 16', 'URL 91 7 16', 'Time 91 7 16', 'Token 91 7 16'], `at ${width} px, row ${i + 1}: left, top and height of each value`)
    }
  }
})

t.test('on a phone every row shows its six values and its token link inside the viewport, light and dark', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({
    // a long IPv6 client and a long URL: both wrap inside their row
    'access.log': '2001:db8:10:ffff:ffff:ffff:ffff:1234 - - [22/Nov/2026:13:45:41 +0100] "GET /wohnzimmer/sofas-und-sessel/4711/sofa-bergen-3-sitzer-mit-schlaffunktion?c=12 HTTP/1.1" 200 512 "-" "curl/8.0"\n',
  })
  const built = await runCli(['build', '--limit', '11', fixture('nginx/access.log'), `${dir}/access.log`, '-o', `${dir}/page.html`])
  t.equal(built.code, 0, built.stderr)
  const { page } = await tab.open(pathToFileURL(`${dir}/page.html`).href)
  for (const width of [390, 320, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const view = `at ${width} px, ${colorScheme}`
      await page.setViewportSize({ width, height: 800 })
      await page.emulateMedia({ colorScheme })
      const shown: Narrow = await page.evaluate(() => ({
        innerWidth: window.innerWidth,
        scrollWidth: document.documentElement.scrollWidth,
        headerShown: (document.querySelector('#search-results thead')?.getBoundingClientRect().height ?? 0) > 1,
        rows: [...document.querySelectorAll('#search-results tbody tr')].map((row) => {
          const link = row.querySelector('a')
          const box = link?.getBoundingClientRect()
          return {
            cells: [...row.querySelectorAll('td')].map((cell) => {
              const label = getComputedStyle(cell, '::before').content
              const { left, right } = cell.getBoundingClientRect()
              return { label: label === 'none' || label === 'normal' ? null : label.replace(/^"|"$/g, ''), left, right, clipped: cell.scrollWidth > cell.clientWidth }
            }),
            token: link && box ? { href: link.getAttribute('href') ?? '', left: box.left, right: box.right } : null,
          }
        }),
      }))
      t.equal(shown.innerWidth, width, `${view}: the width applies`)
      t.ok(shown.scrollWidth <= shown.innerWidth, `${view}: the body does not scroll sideways (${shown.scrollWidth} <= ${shown.innerWidth})`)
      t.equal(shown.rows.length, 11, `${view}: every row`)
      const outside = shown.rows.filter(({ token }) => token === null || !/^#profile-[0-9a-f]{13}$/.test(token.href) || token.left < 0 || token.right > width)
      t.strictSame(outside, [], `${view}: each row's token is a link inside the viewport`)
      if (width === 1280) {
        t.ok(shown.headerShown, `${view}: a table with its header row`)
        continue
      }
      t.notOk(shown.headerShown, `${view}: no header row; each value has its label`)
      for (const [i, { cells }] of shown.rows.entries()) {
        t.strictSame(cells.map((cell) => cell.label), COLUMNS, `${view}, row ${i + 1}: the six labels`)
        const hidden = cells.filter((cell) => cell.clipped || cell.left < 0 || cell.right > width)
        t.strictSame(hidden, [], `${view}, row ${i + 1}: every value is inside the viewport, none clipped`)
      }
    }
  }
})
