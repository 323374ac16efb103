/**
 * The config file coming in (src/config/load-config.ts): `--config FILE`,
 * else ./profiler-search.config.json when there is one; read with a cap,
 * parsed, checked against the schema; any problem one clear error (exit 2).
 */

import { symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { ConfigError } from '../../../src/config/config-error.js'
import { CONFIG_FILE_NAME, CONFIG_MAX_BYTES, loadConfig } from '../../../src/config/load-config.js'

/** What loading gives: the values, or the error's lines and hint. */
const loaded = async (explicit: string | undefined, cwd: string): Promise<unknown> => {
  try {
    return await loadConfig(explicit, cwd)
  } catch (e) {
    if (e instanceof ConfigError) return { lines: e.lines, exitCode: e.exitCode }
    const { message, hint, exitCode } = e as { message: string; hint?: string; exitCode: number }
    return { message, hint, exitCode }
  }
}

t.test('the file named by --config, or the one in the working folder, or none', async (t) => {
  t.equal(CONFIG_FILE_NAME, 'profiler-search.config.json')
  t.equal(CONFIG_MAX_BYTES, 1024 * 1024)
  const dir = t.testdir({ 'site.json': '{"limit": 3, "tz": "UTC"}', [CONFIG_FILE_NAME]: '{"limit": 7}', empty: {} })
  t.strictSame(await loaded('site.json', dir), { label: 'site.json', values: { limit: 3, tz: 'UTC' } })
  t.strictSame(await loaded(join(dir, 'site.json'), '/'), { label: join(dir, 'site.json'), values: { limit: 3, tz: 'UTC' } })
  t.strictSame(await loaded(undefined, dir), { label: CONFIG_FILE_NAME, values: { limit: 7 } })
  t.equal(await loaded(undefined, join(dir, 'empty')), null, 'no file in the working folder: no config')
})

t.test('a file that cannot be read: named, with the hint for how it was found', async (t) => {
  const dir = t.testdir({ folder: {}, implicit: { [CONFIG_FILE_NAME]: {} } })
  await symlink('missing.json', join(dir, 'dangling.json'))
  t.strictSame(await loaded('missing.json', dir), { message: 'cannot read config file missing.json: no such file', hint: 'check the --config path', exitCode: 2 })
  t.strictSame(await loaded('folder', dir), { message: 'cannot read config file folder: it is a folder', hint: 'check the --config path', exitCode: 2 })
  t.strictSame(await loaded(undefined, join(dir, 'implicit')),
    { message: `cannot read config file ${CONFIG_FILE_NAME}: it is a folder`, hint: `rename or fix ./${CONFIG_FILE_NAME}`, exitCode: 2 })
  t.strictSame(await loaded('dangling.json', dir), { message: 'cannot read config file dangling.json: no such file', hint: 'check the --config path', exitCode: 2 })
})

t.test('more than 1 MiB is not read on: a large file, or a device that never ends', async (t) => {
  const dir = t.testdir()
  await writeFile(join(dir, 'big.json'), `{"limit": 3${' '.repeat(CONFIG_MAX_BYTES)}}`)
  t.strictSame(await loaded('big.json', dir), { message: 'config file big.json is larger than 1 MiB', hint: 'check the --config path', exitCode: 2 })
  t.strictSame(await loaded('/dev/zero', dir), { message: 'config file /dev/zero is larger than 1 MiB', hint: 'check the --config path', exitCode: 2 })
  await writeFile(join(dir, 'exact.json'), `{"limit": 3}${' '.repeat(CONFIG_MAX_BYTES - 12)}`)
  t.strictSame(await loaded('exact.json', dir), { label: 'exact.json', values: { limit: 3 } }, '1 MiB exactly is read')
})

t.test('not JSON: where, and what is wrong', async (t) => {
  const dir = t.testdir({ 'comma.json': '{"limit": 3,}', 'empty.json': '' })
  t.strictSame(await loaded('comma.json', dir),
    { lines: ['comma.json:1:13: not valid JSON: expected a property name in double quotes (a comma before } is not allowed)'], exitCode: 2 })
  t.strictSame(await loaded('empty.json', dir), { lines: ['empty.json:1:1: not valid JSON: the file is empty; write at least {}'], exitCode: 2 })
})

t.test('not what the schema allows: one line per problem, each naming the file', async (t) => {
  const dir = t.testdir({ 'bad.json': '{"limit": "x", "bogus": 1}', 'list.json': '[1]', [CONFIG_FILE_NAME]: '{"shapes": []}' })
  t.strictSame(await loaded('bad.json', dir), {
    lines: ['bad.json: unknown key /bogus (did you mean logTz?)', 'bad.json: /limit must be an integer >= 1 (got "x")'], exitCode: 2,
  })
  t.strictSame(await loaded('list.json', dir), { lines: ['list.json: (the top level) must be an object (got [1])'], exitCode: 2 })
  t.strictSame(await loaded(undefined, dir), { lines: [`${CONFIG_FILE_NAME}: /shapes must be an object (got [])`], exitCode: 2 })
})
