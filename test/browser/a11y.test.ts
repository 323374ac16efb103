/**
 * axe-core in real headless Chromium: every kind of page the program writes
 * (the default listing, every row under PHP notices, 0 results, the --out-dir
 * index and a profile page) has no violation of any axe rule but AAA contrast:
 * WCAG 2.0–2.2 A and AA and the best practices (one main landmark, all content
 * in landmarks, a level-one heading, heading order, unique landmarks …), in
 * light and dark, at 1280 and 390 px.
 */

import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { AxeResults, RunOptions } from 'axe-core'
import type { Page } from 'playwright-core'
import t from 'tap'
import { launchChromium, NO_CHROMIUM } from '../helpers/browser.js'
import { fixture, runCli } from '../helpers/run-cli.js'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const WIDTHS = [1280, 390] as const
const SCHEMES = ['light', 'dark'] as const
const ACCESS_LOG = fixture('nginx/access.log')
const EVERY_ROW = ['--any-url', '--method', 'any', '--status', 'any', '--limit', '100', '--notices', fixture('php/error_log')]

/**
 * Every rule axe has, those it leaves off by default included (experimental, deprecated, AAA), but one:
 * color-contrast-enhanced, AAA's 7:1, which the status labels do not meet: they keep the original's
 * colours with white text, 4.5:1 and more (AA; see screenshots.test.ts).
 */
const LEFT_OUT = ['color-contrast-enhanced']

/** Rules that must not only run but pass on every page: the ones this page once failed, and the rest of the page-structure ones. */
const MUST_PASS = [
  'landmark-one-main', 'region', 'page-has-heading-one', 'heading-order', 'landmark-unique', 'landmark-no-duplicate-banner',
  'landmark-banner-is-top-level', 'landmark-main-is-top-level', 'document-title', 'html-has-lang', 'color-contrast',
] as const

interface AxeFindings {
  /** One line per failing element: rule id, its selector, and axe's summary of what is wrong. */
  violations: string[]
  passed: string[]
  /** Rules that were to run and did not. */
  notRun: string[]
}

interface AxeInPage {
  run: (context: Document, options: RunOptions) => Promise<AxeResults>
  getRules: () => { ruleId: string }[]
}

/**
 * Injects axe into the loaded page (once: it stays in the document while the viewport and the
 * colour scheme change). page.evaluate goes through the DevTools protocol, which the page's CSP
 * (no script at all) does not govern, so axe checks the page exactly as published: no bypassCSP.
 */
const injectAxe = async (page: Page): Promise<void> => {
  await page.evaluate(AXE_SOURCE)
}

/** Runs every rule but LEFT_OUT over the page as it is laid out and styled now. */
const runAxe = async (page: Page): Promise<AxeFindings> => {
  const { results, wanted } = await page.evaluate(async (leftOut) => {
    const { axe } = window as unknown as { axe: AxeInPage }
    const all = axe.getRules().map((rule) => rule.ruleId)
    const rules = Object.fromEntries(all.map((id) => [id, { enabled: !leftOut.includes(id) }] as const))
    return { results: await axe.run(document, { rules, resultTypes: ['violations'] }), wanted: all.filter((id) => !leftOut.includes(id)) }
  }, LEFT_OUT)
  const ran = new Set([...results.violations, ...results.passes, ...results.incomplete, ...results.inapplicable].map((rule) => rule.id))
  return {
    violations: results.violations.flatMap((rule) => rule.nodes.map((node) =>
      `${rule.id} (${rule.impact ?? 'no impact'}) at ${node.target.join(' ')}: ${(node.failureSummary ?? rule.help).replace(/\s+/g, ' ')}`)),
    passed: results.passes.map((rule) => rule.id),
    notRun: wanted.filter((rule) => !ran.has(rule)),
  }
}

interface BuiltPage {
  name: string
  path: string
}

/** Builds every page the test checks into `dir`. */
const buildPages = async (dir: string): Promise<BuiltPage[]> => {
  const pages: BuiltPage[] = [
    { name: 'the default page', path: `${dir}/default.html` },
    { name: 'every row under PHP notices', path: `${dir}/every-row.html` },
    { name: '0 results', path: `${dir}/no-results.html` },
  ]
  const builds = [
    ['build', ACCESS_LOG, '-o', `${dir}/default.html`],
    ['build', ...EVERY_ROW, ACCESS_LOG, '-o', `${dir}/every-row.html`],
    ['build', '--url', '/nothing-matches', ACCESS_LOG, '-o', `${dir}/no-results.html`],
    ['build', ACCESS_LOG, '--out-dir', `${dir}/site`],
  ]
  for (const args of builds) {
    const built = await runCli(args)
    if (built.code !== 0) throw new Error(`${args.join(' ')}: exit ${built.code}: ${built.stderr}`)
  }
  const profile = readdirSync(`${dir}/site/profiles`).sort()[0]
  if (profile === undefined) throw new Error('the site has no profile page')
  pages.push({ name: 'the --out-dir index', path: `${dir}/site/index.html` })
  pages.push({ name: `the --out-dir page profiles/${profile}`, path: `${dir}/site/profiles/${profile}` })
  return pages
}

t.test('axe finds no violation on any page, light and dark, 1280 and 390 px', { skip: NO_CHROMIUM }, async (t) => {
  const browser = await launchChromium()
  t.teardown(() => browser.close())
  const pages = await buildPages(t.testdir({}))
  // Each page is loaded once and axe injected into it once; then every view is that same document
  // relaid out at the width and restyled for the scheme (the media queries are evaluated afresh),
  // and axe runs over it as it is drawn then. The pages are checked side by side, each in a tab of
  // its own (its own renderer): axe is most of this file's time, and one tab used one core at most.
  const context = await browser.newContext({ deviceScaleFactor: 1 })
  try {
    await Promise.all(pages.map(async ({ name, path }) => {
      const page = await context.newPage()
      await page.goto(pathToFileURL(path).href, { waitUntil: 'load' })
      await injectAxe(page)
      for (const colorScheme of SCHEMES) {
        for (const width of WIDTHS) {
          const view = `${name} at ${width} px, ${colorScheme}`
          await page.setViewportSize({ width, height: 900 })
          await page.emulateMedia({ colorScheme })
          t.strictSame(await page.evaluate(() => [matchMedia('(prefers-color-scheme: dark)').matches, innerWidth]),
            [colorScheme === 'dark', width], `${view}: the scheme applies`)
          const { violations, passed, notRun } = await runAxe(page)
          t.strictSame(violations, [], `${view}: axe finds no violation`)
          t.strictSame(notRun, [], `${view}: every rule ran`)
          t.strictSame(MUST_PASS.filter((rule) => !passed.includes(rule)), [], `${view}: the structure and contrast rules ran and passed`)
        }
      }
    }))
  } finally {
    await context.close()
  }
})
