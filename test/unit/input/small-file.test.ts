/**
 * A small file read whole, at most a cap: its bytes, a folder, or too large
 * (a file that never ends too); errors of opening as they are.
 */

import t from 'tap'
import { writeFileSync } from 'node:fs'
import { readSmallFile } from '../../../src/input/small-file.js'

t.test('its bytes; exactly the cap is taken, one byte more is too large', async (t) => {
  const dir = t.testdir({ a: 'hello\n' })
  t.strictSame(await readSmallFile(`${dir}/a`, 100), { kind: 'bytes', bytes: Buffer.from('hello\n') })
  writeFileSync(`${dir}/b`, Buffer.alloc(10, 0x61))
  t.strictSame(await readSmallFile(`${dir}/b`, 10), { kind: 'bytes', bytes: Buffer.alloc(10, 0x61) })
  t.strictSame(await readSmallFile(`${dir}/b`, 9), { kind: 'too large' })
})

t.test('a folder, a device that never ends, a missing file', async (t) => {
  const dir = t.testdir({})
  t.strictSame(await readSmallFile(dir, 100), { kind: 'folder' })
  t.strictSame(await readSmallFile('/dev/zero', 1024 * 1024), { kind: 'too large' })
  await t.rejects(readSmallFile(`${dir}/missing`, 100), { code: 'ENOENT' })
})
