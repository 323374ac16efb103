/**
 * The inputs of a run → the sources to read (src/source/plan-sources.ts):
 * an order of their own, whatever order they were named in; a source per
 * rotated set, newest generation first, unless a full scan is asked for;
 * from the end only plain files of at least backwardMinBytes; each record
 * placed by its input's rank in that order.
 */

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import t from 'tap'
import { openInputs, type OpenedInput } from '../../../src/input/open-inputs.js'
import { BackwardSource } from '../../../src/source/backward-source.js'
import { ForwardSource } from '../../../src/source/forward-source.js'
import { BACKWARD_MIN_BYTES, DEFAULT_ORDER_TOLERANCE, planSources, type PlanOptions } from '../../../src/source/plan-sources.js'
import type { RecordSource } from '../../../src/source/record-source.js'
import { RotatedSet } from '../../../src/source/rotated-set.js'
import { linesContext, logLine, memoryInput } from '../../helpers/log-source.js'

const PER_INPUT = 2 ** 40

const options = (changes: Partial<PlanOptions> = {}): PlanOptions =>
  ({ fullScan: false, backwardMinBytes: 1000, paced: false, partialOk: false, warn: () => undefined, ...changes })

/** An input held in memory, as a plain file of `size` bytes when a size is given (it is never read from its end here). */
const input = (label: string, size: number | null = null, text = `${logLine(1, 0)}\n`): OpenedInput => {
  const opened = memoryInput(label, [text]).input
  return size === null ? opened : { ...opened, seekable: { handle: undefined as never, size } }
}

const kinds = (sources: RecordSource[]): string[] =>
  sources.map((source) => `${source.label} ${source instanceof BackwardSource ? 'backward' : source instanceof ForwardSource ? 'forward' : '?'}`)

t.test('the defaults', async (t) => {
  t.equal(BACKWARD_MIN_BYTES, 4 * 1024 * 1024)
  t.equal(DEFAULT_ORDER_TOLERANCE, 60)
})

t.test('the order of a set: stdin, then the rotated sets by name, each a source newest generation first unless a full scan', async (t) => {
  const names = ['access.log', 'access.log.2.gz', 'other.log', 'access.log.1', 'stdin']
  const { context } = linesContext()
  const planned = planSources(names.map((label) => input(label)), context, options())
  t.strictSame(planned.map((source) => `${source.label}${source instanceof RotatedSet ? ` and ${source.unstarted - 1} older` : ''}`),
    ['stdin', 'access.log and 2 older', 'other.log'])
  t.strictSame(planSources(names.map((label) => input(label)), context, options({ fullScan: true })).map((source) => source.label),
    ['stdin', 'access.log.2.gz', 'access.log.1', 'access.log', 'other.log'])
  const reversed = [...names].reverse()
  t.strictSame(planSources(reversed.map((label) => input(label)), context, options({ fullScan: true })).map((source) => source.label),
    ['stdin', 'access.log.2.gz', 'access.log.1', 'access.log', 'other.log'], 'named in another order: the same')
})

t.test('from the end: plain files of at least backwardMinBytes, never under a full scan', async (t) => {
  const inputs = [input('stream.log'), input('small.log', 999), input('edge.log', 1000), input('big.log', 5000)]
  const { context } = linesContext()
  t.strictSame(kinds(planSources(inputs, context, options())),
    ['big.log backward', 'edge.log backward', 'small.log forward', 'stream.log forward'])
  t.strictSame(planSources(inputs, context, options()).map((source) => source.unread().before), [Infinity, Infinity, Infinity, Infinity],
    'nothing read: any time')
  t.strictSame(kinds(planSources(inputs, context, options({ fullScan: true }))),
    ['big.log forward', 'edge.log forward', 'small.log forward', 'stream.log forward'])
  t.strictSame(planSources([], context, options()), [], 'no inputs, no sources')
})

t.test('each record is placed by its input\'s rank in the age order, then its byte offset (in the order of its lines)', async (t) => {
  const inputs = ['b.log', 'a.log.1', 'a.log'].map((label, i) => input(label, null, `${logLine(i, 0)}\n${logLine(i, 1)}\n`))
  const { context } = linesContext()
  const places: Record<string, number[]> = {}
  for (const source of planSources(inputs, context, options())) {
    for await (const batch of source.batches()) (places[source.label] ??= []).push(...batch.records.map(([, place]) => place))
  }
  const second = Buffer.byteLength(`${logLine(0, 0)}\n`)
  t.strictSame(places, { 'a.log.1': [0, second], 'a.log': [PER_INPUT, PER_INPUT + second], 'b.log': [2 * PER_INPUT, 2 * PER_INPUT + second] },
    'the set of a.log, oldest first, then b.log: by name, not as named')
})

t.test('read from the end, lines are numbered by byte offset; forwards, by line; placed by byte offset both ways', async (t) => {
  const dir = t.testdir()
  const text = `${logLine(1, 0)}\n${logLine(2, 1)}\n`
  await writeFile(join(dir, 'x.log'), text)
  await writeFile(join(dir, 'x.log.1'), text)
  const positions = async (planned: Partial<PlanOptions>): Promise<string[]> => {
    const inputs = await openInputs(['x.log', 'x.log.1'], () => Readable.from([]), dir)
    const found: string[] = []
    const { context } = linesContext()
    for (const source of planSources(inputs, context, options(planned))) {
      for await (const batch of source.batches()) {
        for (const [record, place] of batch.records) found.push(`${record.source} line ${record.line} byte ${record.byteOffset} place ${place - PER_INPUT}`)
      }
    }
    return found
  }
  const second = Buffer.byteLength(`${logLine(1, 0)}\n`)
  t.strictSame(await positions({ backwardMinBytes: 1 }), [
    `x.log line null byte ${second} place ${second}`, 'x.log line null byte 0 place 0',
    `x.log.1 line null byte ${second} place ${second - PER_INPUT}`, `x.log.1 line null byte 0 place ${-PER_INPUT}`,
  ])
  t.strictSame(await positions({ fullScan: true }), [
    `x.log.1 line 1 byte null place ${-PER_INPUT}`, `x.log.1 line 2 byte null place ${second - PER_INPUT}`,
    'x.log line 1 byte null place 0', `x.log line 2 byte null place ${second}`,
  ])
})
