/**
 * A CommonJS bundle run with V8's code cache (src/cli/code-cache.ts): run as
 * a module (exports, require, __filename, its own line numbers), the cache
 * taken when it fits and passed over when it does not.
 */

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { cacheFileOf, runCommonJs, runWithCodeCache } from '../../../src/cli/code-cache.js'

const MODULE = [
  "'use strict'",
  "const other = require('./other.cjs')",
  'exports.answer = other.base + 1',
  'exports.where = { file: __filename, dir: __dirname }',
  'exports.fail = () => { throw new Error(\'on line 5\') }',
].join('\n')

const bundle = async (t: Test): Promise<string> => {
  const dir = t.testdir({ 'other.cjs': 'module.exports = { base: 41 }\n' })
  const file = join(dir, 'program.cjs')
  await writeFile(file, MODULE)
  return file
}

interface Program {
  answer: number
  where: { file: string; dir: string }
  fail: () => never
}

t.test('the cache of a file is beside it', async (t) => {
  t.equal(cacheFileOf('/opt/dist/program.cjs'), '/opt/dist/program.cjs.cache')
})

t.test('run as a CommonJS module: exports, require beside it, __filename, and its own line numbers in stacks under its bare name', async (t) => {
  const file = await bundle(t)
  const { exports } = runCommonJs(file)
  const program = exports as Program
  t.equal(program.answer, 42)
  t.strictSame(program.where, { file, dir: join(file, '..') })
  const stack = (() => {
    try {
      program.fail()
    } catch (e) {
      return (e as Error).stack ?? ''
    }
    return ''
  })()
  t.match(stack, `\n    at exports.fail (program.cjs:5:`, 'line 5 of the file is line 5 in the stack, named without its folder (a code cache keeps the name)')
})

t.test('a cache made from a run is taken by the next; one that does not fit is passed over', async (t) => {
  const file = await bundle(t)
  const cache = runCommonJs(file).script.createCachedData()
  const cached = runCommonJs(file, cache)
  t.equal(cached.script.cachedDataRejected, false)
  t.equal((cached.exports as Program).answer, 42)
  const stale = runCommonJs(file, Buffer.from('not a code cache'))
  t.equal((stale.exports as Program).answer, 42, 'compiled as usual')
})

t.test('runWithCodeCache: with the cache file beside it, or without one', async (t) => {
  const file = await bundle(t)
  t.equal((runWithCodeCache(file) as Program).answer, 42, 'no cache file')
  await writeFile(cacheFileOf(file), runCommonJs(file).script.createCachedData())
  t.equal((runWithCodeCache(file) as Program).answer, 42, 'its cache')
  await writeFile(cacheFileOf(file), 'garbage')
  t.equal((runWithCodeCache(file) as Program).answer, 42, 'a cache of another Node.js')
})
