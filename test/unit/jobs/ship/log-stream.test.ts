/**
 * Which files of a log are shipped, from where, as which generation: all
 * named (oldest first) into an empty table; else after the stored line,
 * wherever it is now (the live file, a generation named or lying beside it).
 */

import { writeFileSync } from 'node:fs'
import t from 'tap'
import { logFilesOf, partsToShip, plainGenerations } from '../../../../src/jobs/ship/log-stream.js'
import { sequence } from '../../../../src/jobs/ship/shipped-rows.js'
import type { StoredLine } from '../../../../src/jobs/ship/stored-lines.js'

function stored(generation: number, offset: number, message: string): StoredLine {
  return { generation, seq: sequence(generation, offset), offset, message }
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
  t.strictSame(await partsToShip(log, [], warn), [
    { path: `${dir}/access.log.2.gz`, from: 0, generation: 0 },
    { path: `${dir}/access.log.1`, from: 0, generation: 1 },
    { path: `${dir}/access.log`, from: 0, generation: 2 },
  ], 'an empty table: every file')
  t.strictSame(await partsToShip(log, [stored(2, 0, 'new 1'), stored(1, 12, 'old 3')], warn), [
    { path: `${dir}/access.log.1`, from: 18, generation: 1 },
    { path: `${dir}/access.log`, from: 6, generation: 2 },
  ], 'after the last line of each generation')
  // rotated since: the stored line of the live file is in access.log.1 now
  const [live] = logFilesOf([`${dir}/access.log`], '/')
  if (live === undefined) throw new Error('no log')
  t.strictSame(await partsToShip(live, [stored(4, 6, 'old 2')], warn), [
    { path: `${dir}/access.log.1`, from: 12, generation: 4 },
    { path: `${dir}/access.log`, from: 0, generation: 5 },
  ])
  t.strictSame(warnings, [])
  // rotated twice since (the second time compressed): the generations between are shipped whole, oldest first
  writeFileSync(`${dir}/access.log.3`, 'older 1\n')
  t.strictSame(await partsToShip(live, [stored(7, 0, 'older 1')], warn), [
    { path: `${dir}/access.log.3`, from: 8, generation: 7 },
    { path: `${dir}/access.log.2.gz`, from: 0, generation: 8 },
    { path: `${dir}/access.log.1`, from: 0, generation: 9 },
    { path: `${dir}/access.log`, from: 0, generation: 10 },
  ])
  t.strictSame(await partsToShip(log, [stored(7, 0, 'older 1')], warn), [
    { path: `${dir}/access.log.3`, from: 8, generation: 7 },
    { path: `${dir}/access.log.2.gz`, from: 0, generation: 8 },
    { path: `${dir}/access.log.1`, from: 0, generation: 9 },
    { path: `${dir}/access.log`, from: 0, generation: 10 },
  ], 'the same when they are named')
  t.strictSame(warnings, [])
  t.strictSame(await partsToShip(live, [stored(4, 0, 'gone')], warn), [{ path: `${dir}/access.log`, from: 0, generation: 5 }])
  t.strictSame(warnings, [`${dir}/access.log: the last line shipped (generation 4, byte 0) is in none of ${dir}/access.log, ${dir}/access.log.1, ${dir}/access.log.3; shipping ${dir}/access.log from its start`])
  writeFileSync(`${dir}/access.log-20261121`, '')
  t.strictSame(await plainGenerations(`${dir}/access.log`), [`${dir}/access.log.1`, `${dir}/access.log.3`, `${dir}/access.log-20261121`])
})
