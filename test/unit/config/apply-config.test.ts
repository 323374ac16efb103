import { Command, InvalidArgumentError, Option } from 'commander'
import t, { type Test } from 'tap'
import { applyConfig, parseConfigValue } from '../../../src/config/apply-config.js'
import { ConfigError } from '../../../src/config/config-error.js'
import { isUserError } from '../../../src/errors.js'

const positive = (value: string): number => {
  if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError('give a whole number of 1 or more')
  return Number(value)
}
const repeat = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value]

/** A small program shaped like ours: build and merge sharing some options. */
const commands = (): { root: Command; build: Command; merge: Command } => {
  const root = new Command('p').exitOverride()
  const build = root.command('build').exitOverride()
    .addOption(new Option('-n, --limit <n>').default(10).argParser(positive))
    .addOption(new Option('--tz <zone>'))
    .addOption(new Option('--any-url'))
    .addOption(new Option('--notices <file>').argParser(repeat))
    .addOption(new Option('-o, --output <file>'))
    .addOption(new Option('--out-dir <dir>').conflicts('output'))
    .addOption(new Option('--config <file>'))
    .action(() => undefined)
  const merge = root.command('merge').exitOverride()
    .addOption(new Option('-n, --limit <n>').default(10).argParser(positive))
    .addOption(new Option('--config <file>'))
    .action(() => undefined)
  return { root, build, merge }
}

/** No config file of these tests is passed over: a warning is a failure. */
const noWarning = (line: string): never => {
  throw new Error(`unexpected warning: ${line}`)
}

const run = async (t: Test, files: Record<string, string>, argv: string[], which: 'build' | 'merge' = 'build') => {
  const dir = t.testdir(files)
  const c = commands()
  let applied: Awaited<ReturnType<typeof applyConfig>> | undefined
  c.root.hook('preAction', async (_root, action) => {
    applied = await applyConfig(action, c.root.commands, dir, noWarning)
  })
  await c.root.parseAsync([which, ...argv], { from: 'user' })
  const command = which === 'build' ? c.build : c.merge
  return { opts: command.opts(), applied, source: (key: string) => command.getOptionValueSource(key), dir }
}

const failure = async (t: Test, files: Record<string, string>, argv: string[], which: 'build' | 'merge' = 'build'): Promise<string[]> => {
  try {
    await run(t, files, argv, which)
  } catch (e) {
    if (e instanceof ConfigError) return [...e.lines]
    if (isUserError(e)) return [e.format('p')]
    throw e
  }
  return []
}

const CONFIG = 'profiler-search.config.json'

t.test('parseConfigValue goes through the option parser', async (t) => {
  const limit = new Option('-n, --limit <n>').default(10).argParser(positive)
  t.strictSame(parseConfigValue(limit, 'limit', 5), { ok: true, value: 5 })
  t.strictSame(parseConfigValue(limit, 'limit', 0), { ok: false, problem: '/limit is invalid: give a whole number of 1 or more (got 0)' })
  const notices = new Option('--notices <file>').argParser(repeat)
  t.strictSame(parseConfigValue(notices, 'notices', ['a', 'b']), { ok: true, value: ['a', 'b'] }, 'a list: each item as if repeated')
  t.strictSame(parseConfigValue(new Option('--any-url'), 'anyUrl', true), { ok: true, value: true })
  t.strictSame(parseConfigValue(new Option('--tz <zone>'), 'tz', 'UTC'), { ok: true, value: 'UTC' }, 'no parser: the text')
})

t.test('no config file: nothing changes', async (t) => {
  const r = await run(t, {}, ['--tz', 'UTC'])
  t.strictSame(r.applied, { file: null, shapes: null })
  t.strictSame(r.opts, { limit: 10, tz: 'UTC' })
})

t.test('the implicit file: defaults < config file < flags', async (t) => {
  const files = { [CONFIG]: JSON.stringify({ limit: 50, tz: 'Europe/Berlin', anyUrl: true, notices: ['a.log', 'b.log'] }) }
  const fromFile = await run(t, files, [])
  t.strictSame(fromFile.opts, { limit: 50, tz: 'Europe/Berlin', anyUrl: true, notices: ['a.log', 'b.log'] })
  t.equal(fromFile.source('limit'), 'config')
  t.equal(fromFile.applied?.file, CONFIG)
  const flags = await run(t, files, ['--limit', '10', '--notices', 'c.log'])
  t.strictSame(flags.opts, { limit: 10, tz: 'Europe/Berlin', anyUrl: true, notices: ['c.log'] }, 'a flag wins even when it equals the default')
  t.equal(flags.source('limit'), 'cli')
})

t.test('--config names the file; keys of the other command are checked, then left', async (t) => {
  const r = await run(t, { 'site.json': JSON.stringify({ limit: 3, anyUrl: true }) }, [], 'merge')
  t.strictSame(r.opts, { limit: 10 }, 'without --config the implicit file is looked for, and there is none')
  const dir = t.testdir({ 'site.json': JSON.stringify({ limit: 3, anyUrl: true }) })
  const c = commands()
  c.root.hook('preAction', async (_root, action) => void (await applyConfig(action, c.root.commands, '/nonexistent', noWarning)))
  await c.root.parseAsync(['merge', '--config', `${dir}/site.json`], { from: 'user' })
  t.strictSame(c.merge.opts(), { limit: 3, config: `${dir}/site.json` })
  const bad = await failure(t, { [CONFIG]: JSON.stringify({ anyUrl: true, notices: [''] }) }, [], 'merge')
  t.match(bad, [/notices\/0/], 'a build-only key is still checked when merging')
})

t.test('values are checked by the option parsers, all problems at once', async (t) => {
  t.strictSame(await failure(t, { [CONFIG]: JSON.stringify({ limit: 0 }) }, []), [`${CONFIG}: /limit must be an integer >= 1 (got 0)`])
  const lines = await failure(t, { [CONFIG]: '{"limit": "ten", "tz": 5, "emit": "xml", "emitt": 1, "anyUrl": 1, "notices": 2}' }, [])
  t.strictSame(lines, [
    `${CONFIG}: unknown key /emitt (did you mean emit?)`,
    `${CONFIG}: /limit must be an integer >= 1 (got "ten")`,
    `${CONFIG}: /tz must be a non-empty string (got 5)`,
    `${CONFIG}: /emit must be one of "html", "json", "ndjson", "csv" (got "xml")`,
    `${CONFIG}: /anyUrl must be true or false (got 1)`,
    `${CONFIG}: and 1 more`,
  ])
})

t.test('a value from the file that conflicts with a flag or another value', async (t) => {
  t.strictSame(await failure(t, { [CONFIG]: JSON.stringify({ outDir: 'site' }) }, ['-o', 'x.html']), [`${CONFIG}: /outDir cannot be used with --output on the command line`])
  t.strictSame(await failure(t, { [CONFIG]: JSON.stringify({ outDir: 'site', output: 'x.html' }) }, []), [`${CONFIG}: /outDir cannot be used with /output`])
  t.strictSame(await failure(t, { [CONFIG]: JSON.stringify({ output: 'x.html' }) }, ['--out-dir', 'site']), [`${CONFIG}: /output cannot be used with --out-dir on the command line`],
    'either side of a conflict')
  const flagWins = await run(t, { [CONFIG]: JSON.stringify({ outDir: 'site' }) }, ['--out-dir', 'other'])
  t.equal(flagWins.opts.outDir, 'other')
})

t.test('shapes come back compiled-checked', async (t) => {
  const r = await run(t, { [CONFIG]: JSON.stringify({ shapes: { patterns: ['/{category}/'] } }) }, [])
  t.strictSame(r.applied?.shapes?.patterns, ['/{category}/'])
  t.equal(r.applied?.shapes?.reserved.length, 30)
  t.strictSame(await failure(t, { [CONFIG]: JSON.stringify({ shapes: { patterns: ['/{a:nope}'] } }) }, []), [
    `${CONFIG}: /shapes/patterns/0: route pattern /{a:nope}: unknown type "nope" (known: category, int, slug, ordernumber)`,
  ])
})

t.test('reading and JSON problems', async (t) => {
  t.strictSame(await failure(t, {}, ['--config', '/nonexistent/site.json']), [
    'p: cannot read config file /nonexistent/site.json: no such file (check the --config path)',
  ])
  t.strictSame(await failure(t, { [CONFIG]: {} as unknown as string }, []), [
    `p: cannot read config file ${CONFIG}: it is a folder (rename or fix ./${CONFIG})`,
  ])
  t.strictSame(await failure(t, { [CONFIG]: '{\n  "limit": 5,\n}\n' }, []), [
    `${CONFIG}:3:1: not valid JSON: expected a property name in double quotes (a comma before } is not allowed)`,
  ])
})
