/**
 * The config file coming in (src/config/load-config.ts): `--config FILE`,
 * else ./profiler-search.config.json when there is one; read with a cap,
 * parsed, checked against the schema; any problem one clear error (exit 2).
 */

import { spawnSync } from 'node:child_process'
import { chmod, chown, lchown, mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { ConfigError } from '../../../src/config/config-error.js'
import { CONFIG_FILE_NAME, CONFIG_MAX_BYTES, loadConfig } from '../../../src/config/load-config.js'
import { UNTRUSTED_CONFIG_HINT } from '../../../src/config/trusted-config.js'
import { needsRoot, OTHER_USER } from '../../helpers/other-user.js'

/** What loading gives: the values (and warnings, when any), or the error's lines and hint. */
const loaded = async (explicit: string | undefined, cwd: string): Promise<unknown> => {
  const warnings: string[] = []
  try {
    const config = await loadConfig(explicit, cwd, (line) => warnings.push(line))
    return warnings.length === 0 ? config : { config, warnings }
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
  t.test('a device of root\'s that nobody else may write to', { skip: needsRoot }, async (t) => {
    t.equal(spawnSync('mknod', ['-m', '0644', join(dir, 'zero'), 'c', '1', '5']).status, 0, 'made /dev/zero\'s device, mode 0644')
    t.strictSame(await loaded('zero', dir), { message: 'config file zero is larger than 1 MiB', hint: 'check the --config path', exitCode: 2 })
  })
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

t.test('a file anyone may write to is not read: /dev/zero (mode 0666) named by --config is refused', async (t) => {
  t.strictSame(await loaded('/dev/zero', '/'),
    { message: 'refusing config file /dev/zero: it belongs to root, but its mode 0666 lets others write to it', hint: UNTRUSTED_CONFIG_HINT, exitCode: 2 })
})

t.test('whose file and folder: the implicit file passed over with one line, --config refused (exit 2)', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ theirs: { [CONFIG_FILE_NAME]: '{"limit": 7}' }, writable: { [CONFIG_FILE_NAME]: '{"limit": 7}' }, sticky: { [CONFIG_FILE_NAME]: '{"limit": 7}' },
    open: { [CONFIG_FILE_NAME]: '{"limit": 7}' }, folder: { [CONFIG_FILE_NAME]: '{"limit": 7}' }, linked: {} })
  const { uid, gid } = OTHER_USER
  await chown(join(dir, 'theirs', CONFIG_FILE_NAME), uid, gid)
  await chmod(join(dir, 'writable', CONFIG_FILE_NAME), 0o664)
  await chmod(join(dir, 'sticky'), 0o1777)
  await chmod(join(dir, 'open'), 0o777)
  await chown(join(dir, 'folder'), uid, gid)
  await symlink(join(dir, 'sticky', CONFIG_FILE_NAME), join(dir, 'linked', CONFIG_FILE_NAME))
  await mkdir(join(dir, 'sticky', 'link'))
  await chmod(join(dir, 'sticky', 'link'), 0o1777)
  const warned = (folder: string, why: string): unknown => ({ config: null, warnings: [`ignoring ${join(dir, folder, CONFIG_FILE_NAME)}: ${why} (${UNTRUSTED_CONFIG_HINT})`] })
  t.strictSame(await loaded(undefined, join(dir, 'theirs')), warned('theirs', 'it belongs to uid 65534, not to root'))
  t.strictSame(await loaded(undefined, join(dir, 'writable')), warned('writable', 'it belongs to root, but its mode 0664 lets others write to it'))
  t.strictSame(await loaded(undefined, join(dir, 'open')), warned('open', `its folder ${join(dir, 'open')} (mode 0777) lets others put another file in its place`))
  t.strictSame(await loaded(undefined, join(dir, 'folder')), warned('folder', `its folder ${join(dir, 'folder')} belongs to uid 65534, who may put another file in its place`))
  t.strictSame(await loaded(undefined, join(dir, 'sticky')), { label: CONFIG_FILE_NAME, values: { limit: 7 } }, 'root\'s file in a folder of mode 1777: read')
  t.strictSame(await loaded(undefined, join(dir, 'linked')), { label: CONFIG_FILE_NAME, values: { limit: 7 } }, 'root\'s link to root\'s file: read')
  await symlink(join(dir, 'sticky', CONFIG_FILE_NAME), join(dir, 'sticky', 'link', CONFIG_FILE_NAME))
  await lchown(join(dir, 'sticky', 'link', CONFIG_FILE_NAME), uid, gid)
  t.strictSame(await loaded(undefined, join(dir, 'sticky', 'link')), warned(join('sticky', 'link'), 'it is a symbolic link of uid 65534'),
    'another user\'s link to root\'s file, in a folder of mode 1777: not followed')
  t.strictSame(await loaded(join(dir, 'theirs', CONFIG_FILE_NAME), '/'), {
    message: `refusing config file ${join(dir, 'theirs', CONFIG_FILE_NAME)}: it belongs to uid 65534, not to root`, hint: UNTRUSTED_CONFIG_HINT, exitCode: 2,
  })
  t.strictSame(await loaded('open/profiler-search.config.json', dir), {
    message: `refusing config file open/profiler-search.config.json: its folder ${join(dir, 'open')} (mode 0777) lets others put another file in its place`, hint: UNTRUSTED_CONFIG_HINT, exitCode: 2,
  })
  t.strictSame(await loaded(undefined, join(dir, 'nowhere')), null, 'a working folder that is gone: no config, nothing said')
})
