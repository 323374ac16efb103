/**
 * `ship` down over rotations (logrotate with compress and delaycompress,
 * and a retention that deletes the oldest generation): the next run finds
 * the last line it shipped in a compressed generation and ships the rest of
 * it and every newer file; when retention deleted the generation that held
 * it, the run ships every generation still on disk that is not older than
 * that line, oldest first, each line once, and says from when to when lines
 * may be lost (how many cannot be known).
 */

import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { clickHouseMissing, clickHouseServer } from '../helpers/clickhouse-server.js'
import { createSchema, logLines } from '../helpers/clickhouse-tables.js'
import { runCli } from '../helpers/run-cli.js'

const missing = clickHouseMissing()

/** logrotate with `compress`, `delaycompress` and `rotate keep`: access.log.N.gz on, .1 compressed, the live log to .1, a new live log; the oldest beyond `keep` deleted. */
function rotate(log: string, keep: number, fresh: string): void {
  for (let n = keep; n >= 2; n--) {
    if (!existsSync(`${log}.${n}.gz`)) continue
    if (n === keep) rmSync(`${log}.${n}.gz`)
    else renameSync(`${log}.${n}.gz`, `${log}.${n + 1}.gz`)
  }
  if (existsSync(`${log}.1`)) {
    writeFileSync(`${log}.2.gz`, gzipSync(readFileSync(`${log}.1`)))
    rmSync(`${log}.1`)
  }
  renameSync(log, `${log}.1`)
  writeFileSync(log, fresh)
}

for (const [keep, database] of [[3, 'logs_rotated_on'], [2, 'logs_rotated_away']] as const) {
  t.test(`rotated three times while no ship ran, ${keep} generations kept`, { skip: missing ?? false }, async (t) => {
    const server = await clickHouseServer()
    await createSchema(server, database)
    const log = `${t.testdir({})}/access.log`
    writeFileSync(log, logLines('g', 0, 1000))
    const args = ['ship', '--once', log, '--to', server.url(`${database}.access_lines`), '--host', 'web']
    const first = await runCli(args)
    t.strictSame([first.code, first.stderr], [0, ''])
    // 200 lines more, then three rotations while no ship runs
    appendFileSync(log, logLines('g', 1000, 1200))
    rotate(log, keep, logLines('g', 1200, 1500))
    rotate(log, keep, logLines('g', 1500, 1800))
    rotate(log, keep, logLines('g', 1800, 2100))
    const then = await runCli(args)
    t.equal(then.code, 0)
    const stored = async (): Promise<string> => (await server.query(`SELECT count(), uniqExact(seq), uniqExact(message), max(intDiv(seq, 1099511627776)) FROM ${database}.access_lines`)).trim()
    const lines = async (from: number, to: number): Promise<string> => (await server.query(`SELECT count() FROM ${database}.access_lines WHERE message IN (${Array.from({ length: to - from }, (_, i) => `'${logLines('g', from + i, from + i + 1).trim()}'`).join(', ')})`)).trim()
    if (keep === 3) {
      // the generation that held line 999 is access.log.3.gz now: the rest of it, then the newer ones
      t.equal(then.stderr, '')
      t.equal(await stored(), '2100\t2100\t2100\t3', 'each line once, the four files as generations 0-3')
    } else {
      const lastOffset = Buffer.byteLength(logLines('g', 0, 999))
      t.equal(then.stderr, `profiler-search: ${log}: the last line shipped (generation 0, byte ${lastOffset}, 2026-11-22T10:16:39Z) is in none of ${log}, ${log}.1; ` +
        `shipping the 2 generations on disk not older than it, oldest first (${log}.2.gz, ${log}.1), then ${log} from its start\n` +
        `profiler-search: ${log}: lines written after 2026-11-22T10:16:39Z and before 2026-11-22T10:20:00Z of ${log}.2.gz may be lost: the file that held them is gone, so how many cannot be known\n`)
      t.equal(await stored(), '1900\t1900\t1900\t3', 'each line on disk once, the three files as generations 1-3')
      t.equal(await lines(1000, 1200), '0', 'the lines of the deleted generation after the last one shipped are lost')
    }
    t.equal(await lines(1200, 2100), '900', 'every line of the generations on disk')
    const again = await runCli(args)
    t.strictSame([again.code, again.stderr], [0, ''], 'a run after it finds where it stopped')
    t.equal((await stored()).split('\t')[0], keep === 3 ? '2100' : '1900', 'and ships nothing twice')
  })
}
