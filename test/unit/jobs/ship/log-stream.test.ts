/**
 * Which files of a log are shipped, from where, as which generation: all
 * named (oldest first) into an empty table; else after the stored line,
 * wherever it is now (the live file, a generation named or lying beside it,
 * plain or compressed); and when no file holds it any more, the generations
 * not older than it.
 */

import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { logFilesOf, partsToShip, plainGenerations } from '../../../../src/jobs/ship/log-stream.js'
import { sequence } from '../../../../src/jobs/ship/shipped-rows.js'
import type { StoredLine } from '../../../../src/jobs/ship/stored-lines.js'

function stored(generation: number, offset: number, message: string, time = 0): StoredLine {
  return { generation, seq: sequence(generation, offset), offset, time, message }
}

/** The first line's time of each file, as first-line-time.ts would read it; the paths asked, in order. */
function firstTimes(times: Record<string, number | null>): { firstTime: (path: string) => Promise<number | null>; asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    firstTime: async (path) => {
      const name = path.slice(path.lastIndexOf('/') + 1)
      asked.push(name)
      return times[name] ?? null
    },
  }
}

t.test('inputs are grouped by log, each log oldest first', async (t) => {
  t.strictSame(logFilesOf(['a/access.log', 'a/access.log.2.gz', 'b.log', 'a/access.log.1'], '/x'), [
    { live: '/x/a/access.log', named: ['/x/a/access.log.2.gz', '/x/a/access.log.1', '/x/a/access.log'], liveNamed: true },
    { live: '/x/b.log', named: ['/x/b.log'], liveNamed: true },
  ])
  t.strictSame(logFilesOf(['c.log.1'], '/x'), [{ live: '/x/c.log', named: ['/x/c.log.1'], liveNamed: false }])
})

t.test('the parts to ship', async (t) => {
  const dir = t.testdir({ 'access.log': 'new 1\nnew 2\n', 'access.log.1': 'old 1\nold 2\nold 3\n', 'access.log.2.gz': 'x' })
  const [log] = logFilesOf([`${dir}/access.log.2.gz`, `${dir}/access.log.1`, `${dir}/access.log`], '/')
  const warnings: string[] = []
  const warn = (line: string): number => warnings.push(line)
  if (log === undefined) throw new Error('no log')
  const { firstTime } = firstTimes({})
  t.strictSame(await partsToShip(log, [], warn, firstTime), [
    { path: `${dir}/access.log.2.gz`, from: 0, generation: 0 },
    { path: `${dir}/access.log.1`, from: 0, generation: 1 },
    { path: `${dir}/access.log`, from: 0, generation: 2 },
  ], 'an empty table: every file')
  t.strictSame(await partsToShip(log, [stored(2, 0, 'new 1'), stored(1, 12, 'old 3')], warn, firstTime), [
    { path: `${dir}/access.log.1`, from: 18, generation: 1 },
    { path: `${dir}/access.log`, from: 6, generation: 2 },
  ], 'after the last line of each generation')
  // rotated since: the stored line of the live file is in access.log.1 now
  const [live] = logFilesOf([`${dir}/access.log`], '/')
  if (live === undefined) throw new Error('no log')
  t.strictSame(await partsToShip(live, [stored(4, 6, 'old 2')], warn, firstTime), [
    { path: `${dir}/access.log.1`, from: 12, generation: 4 },
    { path: `${dir}/access.log`, from: 0, generation: 5 },
  ])
  t.strictSame(warnings, [])
  // rotated twice since (the second time compressed): the generations between are shipped whole, oldest first
  writeFileSync(`${dir}/access.log.3`, 'older 1\n')
  t.strictSame(await partsToShip(live, [stored(7, 0, 'older 1')], warn, firstTime), [
    { path: `${dir}/access.log.3`, from: 8, generation: 7 },
    { path: `${dir}/access.log.2.gz`, from: 0, generation: 8 },
    { path: `${dir}/access.log.1`, from: 0, generation: 9 },
    { path: `${dir}/access.log`, from: 0, generation: 10 },
  ])
  t.strictSame(await partsToShip(log, [stored(7, 0, 'older 1')], warn, firstTime), [
    { path: `${dir}/access.log.3`, from: 8, generation: 7 },
    { path: `${dir}/access.log.2.gz`, from: 0, generation: 8 },
    { path: `${dir}/access.log.1`, from: 0, generation: 9 },
    { path: `${dir}/access.log`, from: 0, generation: 10 },
  ], 'the same when they are named')
  t.strictSame(warnings, [])
  t.strictSame(warnings, [])
  writeFileSync(`${dir}/access.log-20261121`, '')
  t.strictSame(await plainGenerations(`${dir}/access.log`), [`${dir}/access.log.1`, `${dir}/access.log.3`, `${dir}/access.log-20261121`])
})

t.test('an empty table: the generations beside the live log not named are said', async (t) => {
  const dir = t.testdir({ 'access.log': 'new 1\n', 'access.log.1': 'old 1\n', 'access.log.2.gz': 'x' })
  const warnings: string[] = []
  const { firstTime } = firstTimes({})
  const [live] = logFilesOf([`${dir}/access.log`], '/')
  if (live === undefined) throw new Error('no log')
  t.strictSame(await partsToShip(live, [], (line) => warnings.push(line), firstTime), [{ path: `${dir}/access.log`, from: 0, generation: 0 }])
  t.strictSame(warnings, [`${dir}/access.log: the table holds no line of it yet: shipping ${dir}/access.log from the start; ${dir}/access.log.1, ${dir}/access.log.2.gz beside it are not shipped (name them to ship them too)`])
  const [both] = logFilesOf([`${dir}/access.log.1`, `${dir}/access.log`], '/')
  if (both === undefined) throw new Error('no log')
  warnings.length = 0
  await partsToShip(both, [], (line) => warnings.push(line), firstTime)
  t.strictSame(warnings, [`${dir}/access.log: the table holds no line of it yet: shipping ${dir}/access.log.1, ${dir}/access.log from the start; ${dir}/access.log.2.gz beside it is not shipped (name it to ship it too)`])
})

t.test('the stored line in a compressed generation: the rest of it, then the newer ones', async (t) => {
  // rotated twice while no ship ran, the older one compressed since (delaycompress)
  const dir = t.testdir({ 'access.log': 'new 1\n', 'access.log.1': 'mid 1\nmid 2\n' })
  writeFileSync(`${dir}/access.log.2.gz`, gzipSync('old 1\r\nold 2\nold 3\n'))
  writeFileSync(`${dir}/access.log.3.gz`, gzipSync('older 1\n'))
  const [live] = logFilesOf([`${dir}/access.log`], '/')
  if (live === undefined) throw new Error('no log')
  const { firstTime, asked } = firstTimes({ 'access.log.1': 300, 'access.log.2.gz': 200, 'access.log.3.gz': 100 })
  const warnings: string[] = []
  t.strictSame(await partsToShip(live, [stored(3, 7, 'old 2', 210)], (line) => warnings.push(line), firstTime), [
    { path: `${dir}/access.log.2.gz`, from: 13, generation: 3 },
    { path: `${dir}/access.log.1`, from: 0, generation: 4 },
    { path: `${dir}/access.log`, from: 0, generation: 5 },
  ])
  t.strictSame(warnings, [])
  t.strictSame(asked, ['access.log.2.gz'], 'only the compressed generation that may hold it is read (the older one ended before it began)')
  t.strictSame(await partsToShip(live, [stored(3, 0, 'old 1', 200)], () => undefined, firstTime), [
    { path: `${dir}/access.log.2.gz`, from: 7, generation: 3 },
    { path: `${dir}/access.log.1`, from: 0, generation: 4 },
    { path: `${dir}/access.log`, from: 0, generation: 5 },
  ], 'after a CRLF line: where the next line starts')
  t.strictSame((await partsToShip(live, [stored(3, 13, 'old 3', 220)], () => undefined, firstTime))[0], { path: `${dir}/access.log.2.gz`, from: 19, generation: 3 }, 'its last line')
})

t.test('the stored line in no file (its generation deleted): the generations not older than it, oldest first, and what may be lost', async (t) => {
  const dir = t.testdir({ 'access.log': 'new 1\n', 'access.log.1': 'mid 1\n', 'access.log.4': 'oldest 1\n' })
  writeFileSync(`${dir}/access.log.2.gz`, gzipSync('old 1\n'))
  writeFileSync(`${dir}/access.log.3.gz`, gzipSync('older 1\n'))
  const [live] = logFilesOf([`${dir}/access.log`], '/')
  if (live === undefined) throw new Error('no log')
  // the last line shipped (time 1000) was in a generation deleted since; access.log.4 is older (a file kept apart)
  const { firstTime } = firstTimes({ 'access.log': 4000, 'access.log.1': 3000, 'access.log.2.gz': 2000, 'access.log.3.gz': 1500, 'access.log.4': 500 })
  const warnings: string[] = []
  t.strictSame(await partsToShip(live, [stored(6, 4096, 'gone', 1000)], (line) => warnings.push(line), firstTime), [
    { path: `${dir}/access.log.3.gz`, from: 0, generation: 7 },
    { path: `${dir}/access.log.2.gz`, from: 0, generation: 8 },
    { path: `${dir}/access.log.1`, from: 0, generation: 9 },
    { path: `${dir}/access.log`, from: 0, generation: 10 },
  ])
  t.strictSame(warnings, [
    `${dir}/access.log: the last line shipped (generation 6, byte 4096, 1970-01-01T00:16:40Z) is in none of ${dir}/access.log, ${dir}/access.log.1, ${dir}/access.log.4; shipping the 3 generations on disk not older than it, oldest first (${dir}/access.log.3.gz, ${dir}/access.log.2.gz, ${dir}/access.log.1), then ${dir}/access.log from its start; older, not shipped: ${dir}/access.log.4`,
    `${dir}/access.log: lines written after 1970-01-01T00:16:40Z and before 1970-01-01T00:25:00Z of ${dir}/access.log.3.gz may be lost: the file that held them is gone, so how many cannot be known`,
  ])
  // none on disk is newer: the live file alone
  warnings.length = 0
  const later = firstTimes({ 'access.log': 4000, 'access.log.1': 3000, 'access.log.2.gz': 2000, 'access.log.3.gz': 1500, 'access.log.4': 500 })
  t.strictSame(await partsToShip(live, [stored(6, 0, 'gone', 3500)], (line) => warnings.push(line), later.firstTime), [{ path: `${dir}/access.log`, from: 0, generation: 7 }])
  t.match(warnings[0], `; shipping ${dir}/access.log from its start; older, not shipped: ${dir}/access.log.4, ${dir}/access.log.3.gz, ${dir}/access.log.2.gz, ${dir}/access.log.1`)
  t.match(warnings[0], `is in none of ${dir}/access.log, ${dir}/access.log.1, ${dir}/access.log.4, ${dir}/access.log.2.gz;`, 'the compressed generation that may hold it is read too')
})
