/**
 * Real headless Chromium (Debian's `chromium`, driven by playwright-core; no
 * downloaded browser). `npm test` starts one browser for the whole run and
 * names it in PROFILER_SEARCH_BROWSER; a test file run alone launches its own.
 * Every context has JavaScript on, so a script that slipped through would run.
 * withPage gives one document a fresh context; withTab loads a series of
 * documents into one tab, each with its own record of what it did.
 */

import { existsSync, readFileSync } from 'node:fs'
import { chromium, type Browser, type BrowserContextOptions, type Page, type Request } from 'playwright-core'
import type { Test } from 'tap'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Whether the browser is installed; `.ci/run` installs it, tests skip with a reason when it is not. */
export const hasChromium = (): boolean => existsSync(CHROMIUM)

/**
 * The reason a browser test is skipped, or false: `t.test(name, { skip: NO_CHROMIUM }, …)`. (Never
 * `t.plan(0)`: the browser tests also run in one process, test/browser.test.ts, whose root they share.)
 */
export const NO_CHROMIUM: string | false = hasChromium()
  ? false
  : `Chromium is not installed at ${CHROMIUM} (set CHROMIUM_PATH, or apt-get install chromium)`

/** How Chromium is started here (chromium-launch.json, shared with run-tests.js): headless, without network chatter. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM,
  ...(JSON.parse(readFileSync(new URL('chromium-launch.json', import.meta.url), 'utf8')) as { headless: boolean; args: string[] }),
}

/** The run's shared browser when there is one (closing it then only disconnects), else a browser of this file's own. */
export const launchChromium = (): Promise<Browser> => {
  const shared = process.env.PROFILER_SEARCH_BROWSER
  return shared ? chromium.connect(shared) : chromium.launch(CHROMIUM_LAUNCH)
}

export interface OpenedPage {
  page: Page
  /** Every request the page made after the document itself. */
  requests: Request[]
  /** Messages of dialogs (alert, confirm, prompt) the page opened; each is dismissed. */
  dialogs: string[]
  /** Uncaught page errors and console messages, for diagnosis. */
  console: string[]
}

export interface Tab {
  /** The one page of the tab's context, for checks that drive it (clicks, viewport, media). */
  page: Page
  /**
   * Loads `url` into the tab and waits for its load event. What it returns records only what
   * happens from then on (until the next `open`): the requests after this document's own one,
   * the dialogs (each dismissed), the console messages and page errors.
   */
  open: (url: string) => Promise<OpenedPage>
  /** Closes the tab's context. */
  close: () => Promise<void>
}

/**
 * A fresh context with JavaScript on and one page in it, as a Tab that loads one document after
 * another. A new context costs Chromium a renderer process (about a second of CPU), a document
 * loaded into the same tab a small part of that. Each document still gets a new window (its own
 * globals); anything a document did after the next was opened is counted against the next,
 * never lost.
 */
export const openTab = async (browser: Browser, options: BrowserContextOptions = {}): Promise<Tab> => {
  const context = await browser.newContext({ javaScriptEnabled: true, ...options })
  try {
    // Tests run through tsx, whose esbuild keeps function names by wrapping them in `__name(fn, "name")`;
    // functions passed to page.evaluate carry those calls into the page, so give the page a `__name` that does nothing.
    await context.addInitScript('globalThis.__name = (fn) => fn')
    const page = await context.newPage()
    let url = ''
    let opened: OpenedPage = { page, requests: [], dialogs: [], console: [] }
    page.on('request', (request) => {
      if (request.url() !== url) opened.requests.push(request)
    })
    page.on('dialog', (dialog) => {
      opened.dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    page.on('console', (message) => opened.console.push(message.text()))
    page.on('pageerror', (error) => opened.console.push(`pageerror: ${error.message}`))
    const open = async (next: string): Promise<OpenedPage> => {
      url = next
      const now: OpenedPage = { page, requests: [], dialogs: [], console: [] }
      opened = now
      await page.goto(next, { waitUntil: 'load' })
      return now
    }
    return { page, open, close: () => context.close() }
  } catch (error) {
    await context.close()
    throw error
  }
}

/** A Tab (openTab) passed to `use`; its context is closed afterwards. */
export const withTab = async <T>(browser: Browser, use: (tab: Tab) => Promise<T>, options: BrowserContextOptions = {}): Promise<T> => {
  const tab = await openTab(browser, options)
  try {
    return await use(tab)
  } finally {
    await tab.close()
  }
}

/**
 * Opens `url` (a `file://` URL or a loopback http URL) in a fresh context and
 * passes it to `check`; the context is closed afterwards.
 */
export const withPage = <T>(
  browser: Browser,
  url: string,
  check: (opened: OpenedPage) => Promise<T>,
  options: BrowserContextOptions = {},
): Promise<T> => withTab(browser, async (tab) => check(await tab.open(url)), options)

export interface FileBrowser {
  browser: Browser
  /** A Tab (openTab) for the file's pages, one after another. */
  tab: Tab
}

/**
 * A test file's browser and tab: opened when a test of the file first asks for them, closed
 * when `t` (the file's root) ends. A file that has none of its tests run opens no browser.
 */
export const fileBrowser = (t: Test): (() => Promise<FileBrowser>) => {
  let opened: Promise<FileBrowser> | null = null
  t.teardown(async () => {
    if (!opened) return
    const { browser, tab } = await opened
    await tab.close()
    await browser.close()
  })
  return () => (opened ??= (async () => {
    const browser = await launchChromium()
    try {
      return { browser, tab: await openTab(browser) }
    } catch (error) {
      await browser.close()
      throw error
    }
  })())
}

/** The rows of a page's table#search-results as drawn, each cell's white space as one space (the Time cell draws date and clock on two lines). */
export const shownRows = (page: Page): Promise<string[][]> => page.$$eval('#search-results tbody tr', (trs) =>
  trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => cell.innerText.replace(/\s+/g, ' ').trim())))
