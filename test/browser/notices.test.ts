/**
 * The Deprecated preface in real headless Chromium: the page's first visible
 * text is the notices, one per line, and the page renders in standards mode.
 */

import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { fileBrowser, NO_CHROMIUM } from '../helpers/browser.js'
import { fixture, runCli } from '../helpers/run-cli.js'
import {
  phpFixture, PREFACE_OF_FILE,
} from '../unit/notices/php-fixtures.js'

// one tab for every page of the file, each page with its own record of requests and dialogs
const chromium = fileBrowser(t)

for (const [file, expected] of PREFACE_OF_FILE) {
  t.test(`${file}: the first visible lines are exactly its notices`, { skip: NO_CHROMIUM }, async (t) => {
    const { tab } = await chromium()
    const dir = t.testdir({})
    const out = `${dir}/page.html`
    const r = await runCli(['build', fixture('nginx/access.log'), '--notices', phpFixture(file), '--full-paths', '-o', out])
    t.equal(r.code, 0)
    const url = pathToFileURL(out).href
    const { page, requests, dialogs } = await tab.open(url)
    const { text, mode, firstTop, headerTop } = await page.evaluate(() => ({
      text: document.body.innerText,
      mode: document.compatMode,
      firstTop: document.querySelector('.php-notice')?.getBoundingClientRect().top ?? -1,
      headerTop: document.querySelector('#header')?.getBoundingClientRect().top ?? -1,
    }))
    t.ok(text.startsWith('Deprecated:'), 'body text starts with Deprecated:')
    t.strictSame(text.split('\n').slice(0, expected.length), expected, 'the first lines are the notices')
    t.equal(text.split('\n')[expected.length], 'Profiler', 'then the Profiler header')
    t.equal(mode, 'CSS1Compat', 'standards mode')
    t.ok(firstTop >= 0 && firstTop < headerTop, 'the notices are drawn above the header')
    t.strictSame(requests.map((q) => q.url()), [], 'no request besides the document')
    t.strictSame(dialogs, [])
    t.ok(readFileSync(out, 'utf8').startsWith('<!DOCTYPE html>'))
  })
}

t.test('hostile notice text stays text', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({
    'error.log': [
      '[22-Nov-2026 10:00:00 UTC] PHP Deprecated:  <img src=x onerror="window.__pwned=1"> &lt;b&gt; in /var/www/a\u202e.php on line 7',
      '[22-Nov-2026 10:00:01 UTC] PHP Deprecated:  </div></body><script>window.__pwned=2</script> in /b.php on line 8',
      '',
    ].join('\n'),
  })
  const out = `${dir}/page.html`
  t.equal((await runCli(['build', fixture('nginx/access.log'), '--notices', `${dir}/error.log`, '--full-paths', '-o', out])).code, 0)
  const { page, requests, dialogs } = await tab.open(pathToFileURL(out).href)
  const { lines, pwned } = await page.evaluate(() => ({
    lines: document.body.innerText.split('\n').slice(0, 3),
    pwned: (window as unknown as { __pwned?: number }).__pwned,
  }))
  t.strictSame(lines, [
    'Deprecated: <img src=x onerror="window.__pwned=1"> &lt;b&gt; in /var/www/a<U+202E>.php on line 7',
    'Deprecated: </div></body><script>window.__pwned=2</script> in /b.php on line 8',
    'Profiler',
  ])
  t.equal(pwned, undefined, 'nothing ran')
  t.strictSame(requests.map((q) => q.url()), [])
  t.strictSame(dialogs, [])
})

t.test('the notices keep the page\'s palette: white on black in the light scheme, light text on the dark surface in the dark one', { skip: NO_CHROMIUM }, async (t) => {
  const { tab } = await chromium()
  const dir = t.testdir({})
  const out = `${dir}/page.html`
  t.equal((await runCli(['build', fixture('nginx/access.log'), '--notices', phpFixture('error_log'), '-o', out])).code, 0)
  const { page } = await tab.open(pathToFileURL(out).href)
  const colours = (): Promise<string[]> => page.evaluate(() => {
    const notices = document.querySelector('#php-notices') as HTMLElement
    return [getComputedStyle(notices).backgroundColor, getComputedStyle(notices.querySelector('.php-notice') as HTMLElement).color, getComputedStyle(document.body).backgroundColor]
  })
  await page.emulateMedia({ colorScheme: 'light' })
  t.strictSame(await colours(), ['rgb(255, 255, 255)', 'rgb(0, 0, 0)', 'rgb(249, 249, 249)'], 'light: as PHP prints them')
  await page.emulateMedia({ colorScheme: 'dark' })
  t.strictSame(await colours(), ['rgb(31, 31, 34)', 'rgb(230, 230, 230)', 'rgb(22, 22, 24)'], 'dark: the dark surface and text, not a white block')
  await page.emulateMedia({ colorScheme: null })
})
