import { closeSync, openSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { descriptorFile } from '../../../src/workers/descriptor-file.js'

t.test('reads at positions through a descriptor the process holds, and tells its size', async (t) => {
  const path = join(t.testdir(), 'x.log')
  writeFileSync(path, 'one\ntwo\n')
  const fd = openSync(path, 'r')
  t.teardown(() => closeSync(fd))
  const file = descriptorFile(fd)
  const buffer = Buffer.alloc(3)
  t.match(await file.read(buffer, 0, 3, 4), { bytesRead: 3 })
  t.equal(buffer.toString(), 'two')
  t.match(await file.read(buffer, 0, 3, 8), { bytesRead: 0 }, 'at the end')
  t.equal((await file.stat()).size, 8)
})
