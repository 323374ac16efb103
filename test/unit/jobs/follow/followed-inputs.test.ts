/**
 * The inputs a watch follows (src/jobs/watch/followed-inputs.ts): a live
 * file from where the first page's scan ended, a stream read in the
 * background from the first poll on until it ends, history not followed;
 * each poll hands on whether what the page shows may have changed.
 */

import { appendFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { FOLLOW_TIMING } from '../../../../src/input/follow-file.js'
import { openInputs } from '../../../../src/input/open-inputs.js'
import { watchedInputs, type WatchedInput } from '../../../../src/input/watched-inputs.js'
import { FollowedLog, FollowedNotices, type Followed, type FollowContext } from '../../../../src/jobs/follow/followed-inputs.js'
import { noticeCollector } from '../../../../src/notices/read-notices.js'
import type { AccessRecord } from '../../../../src/record.js'
import { NewestItems } from '../../../../src/select/selection.js'
import { ArrivalPlaces } from '../../../../src/source/batch.js'
import { linesContext, logLine, RecordingSelection } from '../../../helpers/log-source.js'
import type { RecordSink } from '../../../../src/source/batch.js'
import type { RecordGate } from '../../../../src/source/record-reader.js'
import { waitFor } from '../../../helpers/wait-for.js'

const PER_INPUT = 2 ** 40

/** A selection that admits and keeps every record (up to 1000), newest first. */
class KeepAll extends NewestItems<AccessRecord> implements RecordGate {
  constructor() {
    super(1000, (record) => record.time)
  }

  admits(): boolean {
    return true
  }
}

/** A follow context over a selection that keeps every record; `warnings` hears what is said. */
const contextOf = <S extends RecordGate & RecordSink>(inputs: number, selection: S) => {
  const warnings: string[] = []
  const lines = linesContext()
  const context: FollowContext = {
    lines: { ...lines.context, gate: selection },
    selection,
    places: new ArrivalPlaces(inputs),
    notices: noticeCollector({ files: [], limit: 10, all: false, redactPaths: [] }),
    messages: { warn: (line) => void warnings.push(line), note: () => undefined },
    timing: FOLLOW_TIMING,
  }
  return { context, selection, warnings }
}

const watched = async (names: string[], cwd: string, stdin: Readable = Readable.from([])): Promise<WatchedInput[]> =>
  watchedInputs(await openInputs(names, () => stdin, cwd), cwd)

/** Polls until the input has ended (waiting a turn of the event loop between polls); what each poll said. */
const pollToEnd = async (input: Followed): Promise<boolean[]> => {
  const said: boolean[] = []
  while (!input.ended()) {
    said.push(await input.poll())
    await new Promise((resolve) => setImmediate(resolve))
  }
  said.push(await input.poll())
  return said
}

const PHP_NOTICE = '[22-Nov-2026 13:48:03 Europe/Berlin] PHP Deprecated:  Function strftime() is deprecated in /var/www/a.php on line 3'

t.test('history (a rotated name, gzip data) is read once, not followed', async (t) => {
  const dir = t.testdir({ 'access.log.1': `${logLine(1, 0)}\n` })
  await writeFile(join(dir, 'access.log.2.gz'), gzipSync(`${logLine(2, 0)}\n`))
  const { context } = contextOf(2, new KeepAll())
  for (const input of await watched(['access.log.2.gz', 'access.log.1'], dir)) {
    t.equal(input.kind, 'history')
    // neither follows it: the scan reads it, and closes it at its end
    if (input.kind === 'history') t.teardown(() => input.input.close())
    t.equal(await FollowedLog.of(input, context), null)
    t.equal(await FollowedNotices.of(input, context), null)
  }
})

t.test('a live log: followed from where the scan ended; each poll adds what was appended', async (t) => {
  const dir = t.testdir({ 'access.log': `${logLine(1, 0)}\n` })
  const [input] = await watched(['access.log'], dir)
  t.equal(input?.kind, 'live')
  const { context, selection } = contextOf(1, new KeepAll())
  const log = await FollowedLog.of(input as WatchedInput, context) as FollowedLog
  t.teardown(() => log.close())
  t.equal(log.label, 'access.log')
  t.equal(await log.poll(), false, 'nothing new: the scan has the first line')
  const first = `${logLine(1, 0)}\n`
  await appendFile(join(dir, 'access.log'), `${logLine(2, 1)}\n${logLine(3, 2)}\n`)
  t.equal(await log.poll(), true)
  t.strictSame(selection.newestFirst().map((record) => [record.ip, record.line, record.byteOffset]),
    [['192.0.2.3', null, first.length + `${logLine(2, 1)}\n`.length], ['192.0.2.2', null, first.length]])
  t.equal(await log.poll(), false)
  t.equal(log.ended(), false, 'a live file never ends')
})

t.test('a live log: a line without its newline yet waits for it', async (t) => {
  const dir = t.testdir({ 'access.log': '' })
  const [input] = await watched(['access.log'], dir)
  const { context, selection } = contextOf(1, new KeepAll())
  const log = await FollowedLog.of(input as WatchedInput, context) as FollowedLog
  t.teardown(() => log.close())
  await appendFile(join(dir, 'access.log'), logLine(1, 0))
  t.equal(await log.poll(), false)
  await appendFile(join(dir, 'access.log'), '\n')
  t.equal(await log.poll(), true)
  t.equal(selection.size, 1)
})

t.test('a stream: read from the first poll on, placed after the scan, until it ends', async (t) => {
  const lines = [logLine(1, 0), logLine(2, 1), logLine(3, 2)]
  const [input] = await watched(['-'], '/', Readable.from([`${lines[0]}\n${lines[1]}\n`, `${lines[2]}\n`]))
  t.equal(input?.kind, 'stream')
  const { context, selection } = contextOf(2, new KeepAll())
  const log = await FollowedLog.of(input as WatchedInput, context) as FollowedLog
  t.equal(log.label, 'stdin')
  t.equal(log.ended(), false, 'nothing read before the first poll')
  const said = await pollToEnd(log)
  t.equal(said.includes(true), true, 'a poll found the records')
  t.strictSame(selection.newestFirst().map((record) => record.line), [3, 2, 1])
  t.equal(await log.poll(), false, 'after the end, nothing new')
  t.equal(log.ended(), true)
})

t.test('a stream that breaks off: the poll after it throws its input error once, then it has ended', async (t) => {
  const packed = gzipSync(`${logLine(1, 0)}\n${logLine(2, 1)}\n`)
  const [input] = await watched(['-'], '/', Readable.from([packed.subarray(0, packed.length - 12)]))
  const selection = new KeepAll()
  const { context } = contextOf(1, selection)
  const log = await FollowedLog.of(input as WatchedInput, context) as FollowedLog
  let failure: unknown = null
  // gunzip works on libuv's threadpool: polls until it has answered (a bound in time, not in polls, holds under load)
  await waitFor('the input error', async () => {
    await log.poll().catch((e: unknown) => {
      failure = e
    })
    return failure !== null
  }, 20_000, 0)
  t.match(failure, { name: 'ReadError', message: /^cannot read stdin: the gzip data is truncated or corrupt/ })
  // the lines gunzip gave before the cut were taken by the poll that threw, however the two fell between polls
  const taken = selection.newestFirst().length
  t.equal(await log.poll(), false, 'said once: the next poll is quiet')
  t.equal(selection.newestFirst().length, taken, 'and takes nothing more')
  t.equal(log.ended(), true, 'then it has ended')
})

t.test('a notices file: each poll tells whether a line came', async (t) => {
  const dir = t.testdir({ 'php.log': '' })
  const [input] = await watched(['php.log'], dir)
  const { context } = contextOf(1, new KeepAll())
  const notices = await FollowedNotices.of(input as WatchedInput, context) as FollowedNotices
  t.teardown(() => notices.close())
  t.equal(await notices.poll(), false)
  await appendFile(join(dir, 'php.log'), `${PHP_NOTICE}\n`)
  t.equal(await notices.poll(), true)
  t.strictSame(context.notices.picked(), [{ message: 'Function strftime() is deprecated', file: '/var/www/a.php', line: '3', count: 1 }])
  t.equal(await notices.poll(), false)
  t.equal(notices.ended(), false)
})

t.test('a notices stream that breaks off: the error names --notices', async (t) => {
  const packed = gzipSync(`${PHP_NOTICE}\n`)
  const [input] = await watched(['-'], '/', Readable.from([packed.subarray(0, packed.length - 12)]))
  const { context } = contextOf(1, new KeepAll())
  const notices = await FollowedNotices.of(input as WatchedInput, context) as FollowedNotices
  let failure: unknown = null
  // gunzip works on libuv's threadpool: polls until it has answered (a bound in time, not in polls, holds under load)
  await waitFor('the --notices error', async () => {
    await notices.poll().catch((e: unknown) => {
      failure = e
    })
    return failure !== null
  })
  t.match(failure, { message: /^--notices: cannot read stdin: the gzip data is truncated or corrupt/, exitCode: 2 })
})

t.test('records read while following are placed after every record of the scan', async (t) => {
  const [input] = await watched(['-'], '/', Readable.from([`${logLine(1, 0)}\n`]))
  const { context, selection } = contextOf(3, new RecordingSelection())
  await pollToEnd(await FollowedLog.of(input as WatchedInput, context) as FollowedLog)
  t.strictSame(selection.take().places, [3 * PER_INPUT])
})

t.test('a stream that ends between two polls: the poll that sees the end also hands over its last records', async (t) => {
  const [input] = await watched(['-'], '/', Readable.from([Buffer.from(`${logLine(1, 0)}\n${logLine(2, 1)}`)]))
  const { context, selection } = contextOf(10, new KeepAll())
  const log = await FollowedLog.of(input as WatchedInput, context) as FollowedLog
  let changed = false
  await waitFor('the end of the stream', async () => {
    if (await log.poll()) changed = true
    return log.ended()
  })
  t.equal(log.ended(), true)
  t.equal(changed, true)
  t.equal(selection.size, 2, 'the last line (no newline, held back by auto until the end) is in too')
})
