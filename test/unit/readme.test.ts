/**
 * The README is what a newcomer reads first, so it stays short: at most 20 KiB, its Quick start with
 * exactly the two set-up commands, one example per command; the reference lives in docs/. Together
 * they stay whole and connected: every long option of every `--help` is documented in the README or a
 * docs/ page, every relative link leads to a file that exists and every #anchor to a heading of its
 * file, and both the README and docs/README.md link every docs/ page.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import t from 'tap'
import { ROOT } from '../helpers/run-cli.js'

const README = join(ROOT, 'README.md')
const DOCS = join(ROOT, 'docs')
const readme = readFileSync(README, 'utf8')
const snapshot = (name: string): string => readFileSync(join(ROOT, 'test', 'snapshots', name), 'utf8')

/** The docs/ pages, as paths from the repository's root (`docs/options.md`). */
const docsPages = readdirSync(DOCS).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)

/** Every page a newcomer may read, by its path from the root: the README and the docs/ pages. */
const pages = new Map<string, string>([
  ['README.md', readme],
  ...docsPages.map((page): [string, string] => [page, readFileSync(join(ROOT, page), 'utf8')]),
])

/** The long options a help text defines: `  -o, --output <file>  …` and `  --any-url  …` lines. */
const longOptions = (help: string): string[] => {
  const found = new Set<string>()
  for (const line of help.split('\n')) {
    const option = /^ {2}(?:-[A-Za-z], )?(--[a-z][a-z-]*)/.exec(line)
    if (option?.[1]) found.add(option[1])
  }
  return [...found]
}

/** Whether a text names the option as itself, not as the start of a longer one (`--notices` vs `--notices-limit`). */
const mentions = (text: string, option: string): boolean => new RegExp(`(?<![\\w-])${option}(?![\\w-])`).test(text)

/** The text of a `## ` section, from its heading to the next `## ` heading. */
const section = (markdown: string, title: string): string | null => {
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => line === `## ${title}`)
  if (start < 0) return null
  const rest = lines.slice(start + 1)
  const end = rest.findIndex((line) => line.startsWith('## '))
  return (end < 0 ? rest : rest.slice(0, end)).join('\n')
}

/** Markdown outside fenced code blocks (a `#` line inside one is a shell comment, not a heading; a `[x](y)` there no link). */
const prose = (markdown: string): string[] => {
  let fence: string | null = null
  return markdown.split('\n').filter((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (marker !== undefined && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null
      return false
    }
    return fence === null
  })
}

/** The fenced code blocks' lines: what the examples run. */
const code = (markdown: string): string[] => {
  const outside = new Set(prose(markdown))
  return markdown.split('\n').filter((line) => !outside.has(line))
}

/**
 * GitHub's anchor for a heading's text: links reduced to their text, lower-cased, every character but
 * letters, marks, digits, `_`, spaces and hyphens dropped, spaces → hyphens.
 */
const anchor = (heading: string): string =>
  heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim().toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')

/** The anchors of a page's headings (outside code), a repeated one numbered as GitHub does (`x`, `x-1`, `x-2`). */
const anchorsOf = (markdown: string): Set<string> => {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const line of prose(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.+?)(?:\s+#+)?\s*$/.exec(line)?.[1]
    if (heading === undefined) continue
    const base = anchor(heading)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

/** Every link target of a page (`[text](target)`, `[ref]: target`), code blocks and code spans left out. */
const linkTargets = (markdown: string): string[] => {
  // a code span may wrap onto the next line of its paragraph, never past a blank line
  const text = prose(markdown).join('\n').replace(/(`+)(?:(?!\n\s*\n)[\s\S])*?\1/g, '')
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((link) => link[1] ?? '')
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((link) => link[1] ?? '')
  return [...inline, ...references]
}

/** A page's links that lead nowhere: a missing file, or an #anchor its file has no heading for. External links are not followed. */
const unresolved = (page: string, markdown: string): string[] =>
  linkTargets(markdown).filter((target) => {
    if (/^[a-z][a-z\d+.-]*:/i.test(target)) return false
    const hash = target.indexOf('#')
    const path = hash < 0 ? target : target.slice(0, hash)
    const fragment = hash < 0 ? null : target.slice(hash + 1)
    const file = path === '' ? join(ROOT, page) : resolve(dirname(join(ROOT, page)), decodeURI(path))
    if (relative(ROOT, file).startsWith('..') || !existsSync(file)) return true
    if (fragment === null) return false
    if (!file.endsWith('.md') || !statSync(file).isFile()) return true
    const markdownOf = path === '' ? markdown : pages.get(relative(ROOT, file)) ?? readFileSync(file, 'utf8')
    return !anchorsOf(markdownOf).has(fragment)
  }).map((target) => `${page}: ${target}`)

/** The pages (paths from the root) a page links to. */
const linkedPages = (page: string, markdown: string): Set<string> =>
  new Set(linkTargets(markdown).filter((target) => !/^[a-z][a-z\d+.-]*:/i.test(target)).map((target) => {
    const path = target.split('#')[0] ?? ''
    return path === '' ? page : relative(ROOT, resolve(dirname(join(ROOT, page)), path))
  }))

t.test('every long option of the help texts is documented in the README or in docs/', async (t) => {
  const build = longOptions(snapshot('build-help.txt'))
  const watch = longOptions(snapshot('watch-help.txt'))
  const merge = longOptions(snapshot('merge-help.txt'))
  const serve = longOptions(snapshot('serve-help.txt'))
  const ship = longOptions(snapshot('ship-help.txt'))
  const htpasswd = longOptions(snapshot('htpasswd-help.txt'))
  const top = longOptions(snapshot('help.txt'))
  t.ok(build.length >= 30, `${build.length} build options found`)
  t.ok(watch.includes('--interval') && watch.includes('--refresh'), `${watch.length} watch options found`)
  t.ok(merge.length >= 7, `${merge.length} merge options found`)
  t.ok(ship.includes('--to') && ship.includes('--once'), `${ship.length} ship options found`)
  t.ok(serve.includes('--listen') && serve.includes('--htpasswd'), `${serve.length} serve options found`)
  t.ok(htpasswd.includes('--cost'), `${htpasswd.length} htpasswd options found`)
  t.ok(top.includes('--version'), 'help.txt defines --version')
  const options = [...new Set([...build, ...watch, ...merge, ...ship, ...serve, ...htpasswd, ...top])]
  const missing = options.filter((option) => ![...pages.values()].some((text) => mentions(text, option)))
  t.strictSame(missing, [], 'options documented nowhere')
  t.notOk(mentions('--notices-limit 5', '--notices'), 'an option is not found as the start of a longer one')
})

t.test('the README is at most 20 KiB', async (t) => {
  const bytes = statSync(README).size
  t.ok(bytes <= 20_480, `README.md is ${bytes} bytes`)
})

t.test('GitHub anchors', async (t) => {
  t.equal(anchor('Token details and the --out-dir site'), 'token-details-and-the---out-dir-site')
  t.equal(anchor("Presets and the server's own format"), 'presets-and-the-servers-own-format')
  t.equal(anchor('Behind a proxy: `--client-ip forwarded`'), 'behind-a-proxy---client-ip-forwarded')
  t.equal(anchor('snake_case and Umlaute: Größe'), 'snake_case-and-umlaute-größe')
  t.strictSame([...anchorsOf('# A\n## B\n```sh\n# not a heading\n```\n## B\n### A ##\n')], ['a', 'b', 'b-1', 'a-1'])
})

t.test('a link that leads nowhere is found', async (t) => {
  const page = [
    '# Page', '## A section',
    '[ok](#a-section) [ok](README.md) [ok](docs/options.md#searching) [ok](https://example.com/#x) [ok](docs/)',
    '[file](missing.md) [anchor](#no-section) [other](docs/options.md#no-section) [up](../outside.md)',
    '`[code](nowhere.md)` and ``[`code`](nowhere.md)``', '```md', '[fenced](nowhere.md)', '```',
    '[ref]: also-missing.md',
  ].join('\n')
  t.strictSame(unresolved('README.md', page), [
    'README.md: missing.md', 'README.md: #no-section', 'README.md: docs/options.md#no-section',
    'README.md: ../outside.md', 'README.md: also-missing.md',
  ])
})

t.test('every relative link leads to a file, every #anchor to a heading of it', async (t) => {
  t.ok(docsPages.length >= 8, `${docsPages.length} docs/ pages`)
  const links = [...pages.values()].reduce((count, text) => count + linkTargets(text).length, 0)
  t.ok(links >= 80, `${links} links found`)
  const broken = [...pages].flatMap(([page, text]) => unresolved(page, text))
  t.strictSame(broken, [], 'links that lead nowhere')
})

t.test('the README and the docs/ index link every docs/ page', async (t) => {
  const pagesOf = docsPages.filter((page) => page !== 'docs/README.md')
  const fromReadme = linkedPages('README.md', readme)
  const fromIndex = linkedPages('docs/README.md', pages.get('docs/README.md') ?? '')
  t.ok(fromReadme.has('docs/README.md'), 'the README links the docs/ index')
  t.strictSame(pagesOf.filter((page) => !fromReadme.has(page)), [], 'pages the README does not link')
  t.strictSame(pagesOf.filter((page) => !fromIndex.has(page)), [], 'pages docs/README.md does not link')
})

t.test('the Quick start has exactly two set-up commands', async (t) => {
  const quickStart = section(readme, 'Quick start')
  t.ok(quickStart !== null, 'README.md has a ## Quick start section')
  const setUp = (quickStart ?? '').split('\n').filter((line) => /^\s*npm ci\b/.test(line))
  t.equal(setUp.length, 2, setUp.join('\n'))
  t.ok(setUp.some((line) => line.includes('npm ci && npm run demo')), 'npm ci && npm run demo')
  t.ok(setUp.some((line) => line.includes('npm ci && npm test')), 'npm ci && npm test')
})

t.test('the README has an example of every command', async (t) => {
  const commands = [...snapshot('help.txt').matchAll(/^ {2}([a-z]+) \[options\]/gm)].map((command) => command[1] ?? '')
  t.strictSame([...commands].sort(), ['build', 'htpasswd', 'merge', 'serve', 'ship', 'watch'], 'the commands of help.txt')
  const examples = code(section(readme, 'The commands') ?? '').join('\n')
  t.strictSame(commands.filter((command) => !new RegExp(`(^|[|;&]\\s*|\\s)profiler-search ${command} `, 'm').test(examples)), [],
    'commands without an example under ## The commands')
})
