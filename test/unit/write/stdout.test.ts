import { Writable } from 'node:stream'
import t from 'tap'
import { writeToStdout } from '../../../src/write/stdout.js'

const failing = (code: string): Writable => new Writable({
  write: (_chunk, _encoding, done) => done(Object.assign(new Error(code), { code })),
})

t.test('a slow reader gets every piece, in order', async (t) => {
  const got: string[] = []
  const slow = new Writable({
    highWaterMark: 16,
    write: (chunk: Buffer, _encoding, done) => {
      got.push(chunk.toString())
      setImmediate(done)
    },
  })
  const pieces = Array.from({ length: 5000 }, (_, i) => `${i},`)
  await writeToStdout(slow, pieces)
  t.equal(got.join(''), pieces.join(''))
})

t.test('a closed pipe ends the write quietly', async (t) => {
  await t.resolves(writeToStdout(failing('EPIPE'), ['a', 'b']))
})

t.test('any other write error is an output error of one line (exit 2)', async (t) => {
  await t.rejects(writeToStdout(failing('ENOSPC'), 'page'), {
    message: 'cannot write to stdout: no space left on the device', hint: 'check where stdout goes: a full disk?', exitCode: 2,
  })
  await t.rejects(writeToStdout(failing('EIO'), 'page'), { message: 'cannot write to stdout: an input/output error of the device' })
})

t.test('pieces after a failure are not asked for', async (t) => {
  let asked = 0
  function* pieces(): Generator<string> {
    for (;;) {
      asked++
      yield 'x'.repeat(70_000)
      if (asked > 100) throw new Error('kept asking')
    }
  }
  await t.resolves(writeToStdout(failing('EPIPE'), pieces()))
  t.ok(asked <= 3, `asked ${asked} times`)
})
