import { spawnSync } from 'node:child_process'
import { appendFileSync, closeSync, constants, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { basename, dirname } from 'node:path'
import { gzipSync } from 'node:zlib'
import fileSystem from 'node:fs/promises'
import { open } from 'node:fs/promises'
import t, { type Test } from 'tap'
import { FileFollower, type FollowTiming } from '../../../src/input/follow-file.js'
import { MAX_LINE_LENGTH } from '../../../src/input/line-splitter.js'
import { scaled } from '../../helpers/wait-for.js'

const TIMING: FollowTiming = { missingGraceMs: 10_000, retireQuietMs: 2_000 }

interface Followed {
  follower: FileFollower
  /** Lines read so far, as `offset:text` (an overlong line as `offset:!head`). */
  lines: string[]
  warnings: string[]
  notes: string[]
  /** The follower's clock, in ms. */
  clock: { now: number }
  /** Polls after moving the clock on. */
  poll: (advanceMs?: number) => Promise<string[]>
}

/** A follower of `dir/name` that starts by looking the name up (or, given a start, in the file the scan read). */
const follow = async (t: Test, path: string, start: { offset: number; midLine?: boolean } | null = null): Promise<Followed> => {
  const lines: string[] = []
  const warnings: string[] = []
  const notes: string[] = []
  const clock = { now: 1_000_000 }
  const follower = new FileFollower('access.log', path, {
    line: (text, at) => lines.push(`${at}:${text}`),
    tooLong: (head, at) => lines.push(`${at}:!${head.slice(0, 10)}`),
  }, { warn: (line) => warnings.push(line), note: (line) => notes.push(line) }, TIMING, () => clock.now)
  t.teardown(() => follower.close())
  if (start) await follower.start({ handle: await open(path, 'r'), offset: start.offset, midLine: start.midLine ?? false })
  return {
    follower, lines, warnings, notes, clock,
    poll: async (advanceMs = 250) => {
      clock.now += advanceMs
      const before = lines.length
      await follower.poll()
      return lines.slice(before)
    },
  }
}

t.test('appended lines are read as they are written; a last line without newline waits for it', async (t) => {
  const dir = t.testdir({ 'access.log': 'a\nb\n' })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 2 })
  t.strictSame(await f.poll(), ['2:b'], 'from the offset the scan read up to')
  t.strictSame(await f.poll(), [], 'nothing new')
  appendFileSync(log, 'c\nd')
  t.strictSame(await f.poll(), ['4:c'], 'd has no newline yet')
  appendFileSync(log, 'ef')
  t.strictSame(await f.poll(), [])
  appendFileSync(log, '\r\ng\n')
  t.strictSame(await f.poll(), ['6:def', '11:g'], 'one line from three writes, CRLF taken off, offsets of the first byte')
  t.equal(f.follower.openFiles, 1)
  t.strictSame([f.warnings, f.notes], [[], []])
})

t.test('starting inside an overlong line (midLine): its rest is dropped, the next line read', async (t) => {
  const dir = t.testdir({ 'access.log': `a\n${'x'.repeat(100)}` })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 102, midLine: true })
  appendFileSync(log, 'xxxx')
  t.strictSame(await f.poll(), [])
  appendFileSync(log, 'yy\nnext\n')
  t.strictSame(await f.poll(), ['109:next'])
})

t.test('an overlong line is handed over as too long, the lines around it as they are', async (t) => {
  const dir = t.testdir({ 'access.log': '' })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 0 })
  appendFileSync(log, `a\n${'y'.repeat(MAX_LINE_LENGTH + 1)}\nb\n`)
  t.strictSame(await f.poll(), ['0:a', '2:!yyyyyyyyyy', `${MAX_LINE_LENGTH + 4}:b`])
})

t.test('renamed away (logrotate create): the old file is read to its end and while the server still writes to it, then the new one', async (t) => {
  const dir = t.testdir({ 'access.log': '1\n' })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 2 })
  appendFileSync(log, '2\n')
  renameSync(log, `${log}.1`)
  // the server has not reopened its log yet: it still writes to the renamed file
  appendFileSync(`${log}.1`, '3\n4')
  writeFileSync(log, '')
  t.strictSame(await f.poll(), ['2:2', '4:3'], 'the renamed file first')
  t.strictSame(f.notes, ['access.log: renamed away (rotated); reading the old file to its end', 'access.log: reading the new file from its start'])
  appendFileSync(log, 'new 1\n')
  appendFileSync(`${log}.1`, '\n')
  t.strictSame(await f.poll(), ['6:4', '0:new 1'], 'the old file finishes its line; the new file from its start')
  t.equal(f.follower.openFiles, 2, 'the old file is still open')
  t.strictSame(await f.poll(TIMING.retireQuietMs - 250), [])
  t.equal(f.follower.openFiles, 2, 'not quiet for long enough yet')
  appendFileSync(`${log}.1`, 'late')
  t.strictSame(await f.poll(TIMING.retireQuietMs - 1), [], 'a late write keeps it open')
  t.strictSame(await f.poll(TIMING.retireQuietMs), ['8:late'], 'quiet long enough: closed, its unfinished last line counts')
  t.equal(f.follower.openFiles, 1)
  appendFileSync(`${log}.1`, 'never read\n')
  appendFileSync(log, 'new 2\n')
  t.strictSame(await f.poll(), ['6:new 2'])
  t.strictSame(f.warnings, [])
})

t.test('copytruncate: the file is read again from its start; a line cut in the middle is dropped', async (t) => {
  const dir = t.testdir({ 'access.log': 'one\ntwo\n' })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 8 })
  appendFileSync(log, 'three\nfou')
  t.strictSame(await f.poll(), ['8:three'])
  truncateSync(log, 0)
  appendFileSync(log, 'after\n')
  t.strictSame(await f.poll(), ['0:after'], 'shorter than what was read: from its start; the unfinished "fou" is gone')
  t.strictSame(f.notes, ['access.log: cut to 6 bytes (copytruncate); reading it again from its start'])
  // cut and written past the old end between two polls: the last bytes read are not there any more
  truncateSync(log, 0)
  appendFileSync(log, 'a much longer line than before\n')
  t.strictSame(await f.poll(), ['0:a much longer line than before'])
  t.equal(f.notes[1], 'access.log: cut and written again (copytruncate); reading it again from its start')
  // cut and written up to exactly the same size
  truncateSync(log, 0)
  appendFileSync(log, 'a much longer line than BEFORE\n')
  t.strictSame(await f.poll(), ['0:a much longer line than BEFORE'], 'the same size, other bytes')
  t.equal(f.follower.openFiles, 1, 'the same file stays open')
  t.strictSame(f.warnings, [])
})

t.test('deleted and created again later: one warning after the grace period, one when it is back, read from its start', async (t) => {
  const dir = t.testdir({ 'access.log': 'a\n' })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 2 })
  appendFileSync(log, 'b\n')
  rmSync(log)
  t.strictSame(await f.poll(), ['2:b'], 'what was written before the delete is read')
  t.strictSame(await f.poll(TIMING.missingGraceMs - 1000), [])
  t.strictSame(f.warnings, [], 'within the grace period: nothing said')
  await f.poll(TIMING.retireQuietMs)
  t.equal(f.follower.openFiles, 0, 'the deleted file is closed')
  t.strictSame(f.warnings, ['access.log: gone for 11 s (renamed or deleted, and no new file); still watching for it'])
  for (let i = 0; i < 5; i++) await f.poll(60_000)
  t.equal(f.warnings.length, 1, 'said once')
  writeFileSync(log, 'c\n')
  t.strictSame(await f.poll(), ['0:c'])
  t.strictSame(f.warnings.slice(1), ['access.log: back; following it again'])
  t.equal(f.follower.openFiles, 1)
})

t.test('a name that is gone when following starts is looked up at each poll', async (t) => {
  const dir = t.testdir({})
  const log = `${dir}/access.log`
  const f = await follow(t, log)
  t.strictSame(await f.poll(), [])
  writeFileSync(log, 'x\n')
  t.strictSame(await f.poll(), ['0:x'])
  t.strictSame(f.warnings, [], 'back within the grace period: nothing said')
})

t.test('moved away and back: the file is not read twice', async (t) => {
  const dir = t.testdir({ 'access.log': 'a\n' })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 0 })
  t.strictSame(await f.poll(), ['0:a'])
  renameSync(log, `${log}.tmp`)
  t.strictSame(await f.poll(), [])
  renameSync(`${log}.tmp`, log)
  appendFileSync(log, 'b\n')
  t.strictSame(await f.poll(), ['2:b'])
  t.equal(f.follower.openFiles, 1)
})

t.test('a lasting problem is said once: a folder where the log was', async (t) => {
  const dir = t.testdir({ 'access.log': 'a\n' })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 2 })
  rmSync(log)
  mkdirSync(log)
  for (let i = 0; i < 3; i++) await f.poll()
  t.strictSame(f.warnings, ['access.log: is a folder now; waiting for the log to come back'])
  rmSync(log, { recursive: true })
  writeFileSync(log, 'b\n')
  t.strictSame(await f.poll(), ['0:b'])
  t.equal(f.warnings.length, 1)
})

const openFds = (): number => readdirSync('/proc/self/fd').length

t.test('no file descriptor is left open across many rotations of both kinds', async (t) => {
  const dir = t.testdir({ 'access.log': '' })
  const log = `${dir}/access.log`
  const before = openFds()
  const f = await follow(t, log, { offset: 0 })
  const read: string[] = []
  for (let i = 0; i < 300; i++) {
    appendFileSync(log, `${i}\n`)
    if (i % 3 === 0) truncateSync(log, 0)
    else if (i % 3 === 1) {
      renameSync(log, `${log}.1`)
      writeFileSync(log, '')
    } else rmSync(log)
    read.push(...(await f.poll(TIMING.retireQuietMs)).map((line) => line.split(':')[1] as string))
  }
  read.push(...(await f.poll(TIMING.retireQuietMs)).map((line) => line.split(':')[1] as string))
  t.equal(openFds(), before + f.follower.openFiles, 'only the files still followed are open')
  t.ok(f.follower.openFiles <= 1, `${f.follower.openFiles} open`)
  // a line written right before a truncation is lost, as with tail -F (the copy holds it); the others are read once each
  const expected = Array.from({ length: 300 }, (_, i) => String(i)).filter((_, i) => i % 3 !== 0)
  t.strictSame(read, expected)
  await f.follower.close()
  t.equal(openFds(), before, 'closing the follower closes everything')
})

t.test('the name turned into a FIFO between the look-up and the open: not waited on, the log read again once it is back', async (t) => {
  const dir = t.testdir({ 'access.log': 'a\n' })
  const log = `${dir}/access.log`
  t.equal(spawnSync('mkfifo', [`${dir}/fifo`]).status, 0, 'mkfifo')
  // the race made certain: right after the follower looked the name up (a regular file), a FIFO without a writer takes it.
  // node:fs/promises' stat is replaced for the test, not mocked by t.mockImport: that never returned on Node 22 with tsx's hooks
  let swap = (): void => undefined
  const { stat } = fileSystem
  fileSystem.stat = (async (path: string) => {
    const stats = await stat(path)
    swap()
    return stats
  }) as typeof stat
  syncBuiltinESMExports()
  t.teardown(() => {
    fileSystem.stat = stat
    syncBuiltinESMExports()
  })
  const lines: string[] = []
  const warnings: string[] = []
  const clock = { now: 1_000_000 }
  const follower = new FileFollower('access.log', log, { line: (text, at) => lines.push(`${at}:${text}`), tooLong: () => undefined },
    { warn: (line) => warnings.push(line), note: () => undefined }, TIMING, () => clock.now)
  t.teardown(() => follower.close())
  swap = () => {
    swap = () => undefined
    renameSync(log, `${dir}/access.log.1`)
    renameSync(`${dir}/fifo`, log)
  }
  const polled = follower.poll()
  // an open that waits for a writer would never end: a writer that comes after a while lets it end, and the test fail
  let timer: NodeJS.Timeout | undefined
  const waited = await Promise.race([polled.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(resolve, scaled(3000), true)))])
  clearTimeout(timer)
  if (waited) {
    closeSync(openSync(log, constants.O_WRONLY | constants.O_NONBLOCK))
    await polled
  }
  t.equal(waited, false, 'the poll did not wait for a writer of the FIFO')
  t.strictSame([lines, warnings, follower.openFiles], [[], ['access.log: is not a regular file now; waiting for the log to come back'], 0])
  rmSync(log)
  writeFileSync(log, 'b\n')
  clock.now += 250
  await follower.poll()
  t.strictSame(lines, ['0:b'], 'the log back by its name is read from its start')
  t.equal(follower.openFiles, 1)
})

/** logrotate's rename rotation: `.N` → `.N+1` (oldest first), the log → `.1` (or `.1.gz`, compressed at once), a new empty log. */
const rotate = (log: string, compress = false): void => {
  const dir = dirname(log)
  const name = basename(log)
  const numbers = readdirSync(dir).map((n) => new RegExp(`^${name.replace('.', '\\.')}\\.(\\d+)(\\.gz)?$`).exec(n)).filter((m) => m !== null)
  for (const [entry, n, gz = ''] of numbers.sort((a, b) => Number(b[1]) - Number(a[1]))) renameSync(`${dir}/${entry}`, `${log}.${Number(n) + 1}${gz}`)
  if (compress) {
    writeFileSync(`${log}.1.gz`, gzipSync(readFileSync(log)))
    rmSync(log)
  } else renameSync(log, `${log}.1`)
  writeFileSync(log, '')
}

t.test('several rotations between two polls: every generation still beside the log is read, once, in order', async (t) => {
  const dir = t.testdir({ 'access.log': 'a1\n', 'access.log.1': 'history\n' })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 3 })
  appendFileSync(log, 'a2\n')
  rotate(log)
  appendFileSync(`${log}.1`, 'a3\n') // the server writes on to the renamed file until it reopens its log
  appendFileSync(log, 'b1\nb2\n')
  rotate(log)
  appendFileSync(log, 'c1\n')
  rotate(log)
  appendFileSync(log, 'd1\n')
  t.strictSame((await f.poll()).map((line) => line.split(':')[1]), ['a2', 'a3', 'b1', 'b2', 'c1', 'd1'], 'the open file, the two never opened oldest first, the new one')
  t.strictSame(f.notes, [
    'access.log: renamed away (rotated); reading the old file to its end',
    'access.log: access.log.2 was rotated before a poll read it; reading it from its start',
    'access.log: access.log.1 was rotated before a poll read it; reading it from its start',
    'access.log: reading the new file from its start',
  ])
  appendFileSync(log, 'd2\n')
  appendFileSync(`${log}.1`, 'c2\n')
  t.strictSame((await f.poll()).map((line) => line.split(':')[1]), ['c2', 'd2'], 'a generation found late is followed as a renamed one is')
  t.strictSame(await f.poll(TIMING.retireQuietMs), [])
  t.equal(f.follower.openFiles, 1, 'the old ones closed once quiet')
  rotate(log)
  appendFileSync(log, 'e1\n')
  t.strictSame((await f.poll()).map((line) => line.split(':')[1]), ['e1'], 'the generations read before are not read again under their new names')
  t.strictSame(f.warnings, [])
})

t.test('several rotations between two polls, compressed at once: the generations never read are counted in a warning', async (t) => {
  const dir = t.testdir({ 'access.log': 'a1\n', 'access.log.1.gz': gzipSync('history\n') })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 3 })
  appendFileSync(log, 'a2\n')
  rotate(log, true)
  appendFileSync(log, 'b1\n')
  rotate(log, true)
  appendFileSync(log, 'c1\n')
  rotate(log, true)
  appendFileSync(log, 'd1\n')
  t.strictSame((await f.poll()).map((line) => line.split(':')[1]), ['a2', 'd1'], 'the file that was open (compressed from a copy: still open here) and the new one')
  t.strictSame(f.warnings, ['access.log: 2 rotated generation(s) compressed before they could be read; their lines are not on the page'])
  appendFileSync(log, 'd2\n')
  rotate(log, true)
  appendFileSync(log, 'e1\n')
  t.strictSame((await f.poll()).map((line) => line.split(':')[1]), ['d2', 'e1'], 'one rotation between two polls')
  t.equal(f.warnings.length, 1, 'nothing missed: nothing more said')
})

t.test('the copy copytruncate leaves beside the log is not taken for a generation never read', async (t) => {
  const dir = t.testdir({ 'access.log': '' })
  const log = `${dir}/access.log`
  const f = await follow(t, log, { offset: 0 })
  appendFileSync(log, 'a1\n')
  t.strictSame(await f.poll(), ['0:a1'])
  appendFileSync(log, 'a2\n')
  writeFileSync(`${log}.1`, readFileSync(log))
  truncateSync(log, 0)
  appendFileSync(log, 'b1\n')
  t.strictSame(await f.poll(), ['0:b1'], 'a2 is in the copy only, as with tail -F')
  rmSync(log)
  writeFileSync(log, 'c1\n')
  t.strictSame(await f.poll(), ['0:c1'], 'deleted and created again: the copy is not read')
  t.strictSame(f.warnings, [])
})

t.test('a sink per file (FileSinks): the file taken over, a new one, one cut; a poll reads at most pollBytes', async (t) => {
  const dir = t.testdir({ 'access.log': 'a\nb\n' })
  const log = `${dir}/access.log`
  const seen: string[] = []
  const sinks = {
    forFile(how: string) {
      return { line: (text: string, start: number) => void seen.push(`${how} ${start} ${text}`), tooLong: () => undefined }
    },
  }
  const follower = new FileFollower('access.log', log, sinks, { warn: () => undefined, note: () => undefined }, { ...TIMING, pollBytes: 4 })
  const handle = await open(log, 'r')
  await follower.start({ handle, offset: 2, midLine: false })
  appendFileSync(log, 'c\nd\n')
  await follower.poll()
  t.strictSame(seen.splice(0), ['resumed 2 b', 'resumed 4 c'], 'four bytes a poll')
  await follower.poll()
  t.strictSame(seen.splice(0), ['resumed 6 d'])
  renameSync(log, `${log}.1`)
  writeFileSync(log, 'e\n')
  await follower.poll()
  t.strictSame(seen.splice(0), ['new 0 e'])
  truncateSync(log, 0)
  writeFileSync(log, 'f\n')
  await follower.poll()
  t.strictSame(seen.splice(0), ['cut 0 f'])
  await follower.close()
})
