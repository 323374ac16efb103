/**
 * Real headless Chromium (Debian's `chromium`, driven by playwright-core; no
 * downloaded browser). `npm test` starts one browser for the whole run and
 * names it in PROFILER_SEARCH_BROWSER; a test file run alone launches its own.
 * Each check gets a fresh context with JavaScript on, so a script that
 * slipped through would run.
 */

import { existsSync, readFileSync } from 'node:fs'
import { chromium, type Browser, type BrowserContextOptions, type Page, type Request } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Whether the browser is installed; `.ci/run` installs it, tests skip with a reason when it is not. */
export const hasChromium = (): boolean => existsSync(CHROMIUM)

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

/**
 * Opens `url` (a `file://` URL or a loopback http URL) in a fresh context and
 * passes it to `check`; the context is closed afterwards.
 */
export const withPage = async <T>(
  browser: Browser,
  url: string,
  check: (opened: OpenedPage) => Promise<T>,
  options: BrowserContextOptions = {},
): Promise<T> => {
  const context = await browser.newContext({ javaScriptEnabled: true, ...options })
  // Tests run through tsx, whose esbuild keeps function names by wrapping them in `__name(fn, "name")`;
  // functions passed to page.evaluate carry those calls into the page, so give the page a `__name` that does nothing.
  await context.addInitScript('globalThis.__name = (fn) => fn')
  try {
    const page = await context.newPage()
    const opened: OpenedPage = { page, requests: [], dialogs: [], console: [] }
    page.on('request', (request) => {
      if (request.url() !== url) opened.requests.push(request)
    })
    page.on('dialog', (dialog) => {
      opened.dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    page.on('console', (message) => opened.console.push(message.text()))
    page.on('pageerror', (error) => opened.console.push(`pageerror: ${error.message}`))
    await page.goto(url, { waitUntil: 'load' })
    return await check(opened)
  } finally {
    await context.close()
  }
}
