/**
 * Real headless Chromium (Debian's `chromium`, driven by playwright-core; no
 * downloaded browser). One browser per test file; each check gets a fresh
 * context with JavaScript on, so a script that slipped through would run.
 */

import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContextOptions, type Page, type Request } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Whether the browser is installed; `.ci/run` installs it, tests skip with a reason when it is not. */
export const hasChromium = (): boolean => existsSync(CHROMIUM)

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  })

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
