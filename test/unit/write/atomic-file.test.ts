import { chmodSync, readdirSync, readFileSync, statSync } from 'node:fs'
import t from 'tap'
import { checkWritable, writeFileAtomic } from '../../../src/write/atomic-file.js'

t.test('writes a new file and leaves no temporary file', async (t) => {
  const dir = t.testdir({})
  await writeFileAtomic(`${dir}/page.html`, 'new ü')
  t.equal(readFileSync(`${dir}/page.html`, 'utf8'), 'new ü')
  t.strictSame(readdirSync(dir), ['page.html'])
  t.equal(statSync(`${dir}/page.html`).mode & 0o777, 0o644)
})

t.test('replaces an existing file and keeps its permissions', async (t) => {
  const dir = t.testdir({ 'page.html': 'old' })
  chmodSync(`${dir}/page.html`, 0o640)
  await writeFileAtomic(`${dir}/page.html`, 'new')
  t.equal(readFileSync(`${dir}/page.html`, 'utf8'), 'new')
  t.equal(statSync(`${dir}/page.html`).mode & 0o777, 0o640)
  t.strictSame(readdirSync(dir), ['page.html'])
})

t.test('a failed rename leaves the old file and no temporary file', async (t) => {
  const dir = t.testdir({ target: { inside: 'x' } })
  await t.rejects(writeFileAtomic(`${dir}/target`, 'new'), { message: /^cannot write .*target: / })
  t.strictSame(readdirSync(dir), ['target'])
  t.strictSame(readdirSync(`${dir}/target`), ['inside'])
})

t.test('checkWritable names the problem', async (t) => {
  const dir = t.testdir({ sub: {}, file: 'x' })
  await t.resolves(checkWritable(`${dir}/new.html`))
  await t.resolves(checkWritable(`${dir}/file`))
  await t.rejects(checkWritable(`${dir}/missing/new.html`), { message: `cannot write ${dir}/missing/new.html: its folder does not exist`, exitCode: 2 })
  await t.rejects(checkWritable(`${dir}/sub`), { message: `cannot write ${dir}/sub: it is a folder`, exitCode: 2 })
  await t.rejects(checkWritable(`${dir}/file/x.html`), { message: `cannot write ${dir}/file/x.html: a part of the path is not a folder`, exitCode: 2 })
})
