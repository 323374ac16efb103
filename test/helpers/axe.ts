/**
 * axe-core in a page loaded in Chromium: injected through the DevTools
 * protocol (the page's CSP, no script, does not govern it), then every rule
 * run but AAA contrast (the status labels keep the original's colours at AA),
 * as test/browser/a11y.test.ts runs it for the static pages.
 */

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, RunOptions } from 'axe-core'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const LEFT_OUT = ['color-contrast-enhanced']

interface AxeInPage {
  run: (context: Document, options: RunOptions) => Promise<AxeResults>
  getRules: () => { ruleId: string }[]
}

export const injectAxe = async (page: Page): Promise<void> => {
  await page.evaluate(AXE_SOURCE)
}

/** One line per failing element: rule id, selector, axe's summary. */
export const axeViolations = async (page: Page): Promise<string[]> => {
  const results = await page.evaluate(async (leftOut) => {
    const { axe } = window as unknown as { axe: AxeInPage }
    const rules = Object.fromEntries(axe.getRules().map((rule) => [rule.ruleId, { enabled: !leftOut.includes(rule.ruleId) }] as const))
    return axe.run(document, { rules, resultTypes: ['violations'] })
  }, LEFT_OUT)
  return results.violations.flatMap((rule) => rule.nodes.map((node) =>
    `${rule.id} (${rule.impact ?? 'no impact'}) at ${node.target.join(' ')}: ${(node.failureSummary ?? rule.help).replace(/\s+/g, ' ')}`))
}
