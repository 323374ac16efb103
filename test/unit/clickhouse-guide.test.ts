/**
 * docs/clickhouse.md stands alone: its in-page links lead to its headings,
 * it links to no other page of the repository (README.md is rewritten
 * elsewhere), and the anchors the program's messages and help name are there.
 */

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ROOT } from '../helpers/run-cli.js'

const guide = readFileSync(join(ROOT, 'docs', 'clickhouse.md'), 'utf8')
/** The text outside fenced blocks. */
const prose = guide.replace(/^```[\s\S]*?^```$/gm, '')
const anchor = (heading: string): string => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} -]/gu, '').replace(/ /g, '-')
const anchors = [...prose.matchAll(/^#{1,6} (.+)$/gm)].map((heading) => anchor(heading[1] ?? ''))

t.test('the guide\'s links lead to its own headings, and to no other file', async (t) => {
  const targets = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((link) => link[1] ?? '')
  t.ok(targets.length > 10, `${targets.length} links`)
  t.strictSame(targets.filter((target) => !target.startsWith('#') && !/^https?:/.test(target)), [], 'links to other files')
  t.strictSame(targets.filter((target) => target.startsWith('#') && !anchors.includes(target.slice(1))), [], 'links without a heading')
})

t.test('the anchors the messages name are headings of the guide', async (t) => {
  const source = readFileSync(join(ROOT, 'src', 'clickhouse', 'query-failure.ts'), 'utf8')
  const named = [...source.matchAll(/\$\{GUIDE\}#([a-z-]+)/g)].map((m) => m[1] ?? '')
  t.strictSame(named.sort(), ['a-shard-down', 'users'])
  t.strictSame(named.filter((name) => !anchors.includes(name)), [])
})
