/**
 * What the subcommands share (src/cli/command-context.ts): each action's
 * first step, the config file read into its flags (defaults < file < flags)
 * with a --verbose note of which file; the --config option; a subcommand
 * that reads inputs.
 */

import { Command, Option } from 'commander'
import { join } from 'node:path'
import t from 'tap'
import { addBuildCommand, type BuildFlags } from '../../../src/cli/build-command.js'
import { configOption, configured, inputsCommand } from '../../../src/cli/command-context.js'
import { CONFIG_FILE_NAME } from '../../../src/config/load-config.js'
import { commandWith, testContext } from '../../helpers/command-flags.js'

const run = async (argv: string[], cwd: string) => {
  const warnings: string[] = []
  const context = testContext(cwd, warnings)
  const { flags, shapes } = await configured<BuildFlags>(commandWith(addBuildCommand, argv, context), context)
  return { limit: flags.limit, tz: flags.tz, shapes, warnings }
}

t.test('the file in the working folder: its values under the flags; --verbose names it by its full path', async (t) => {
  const dir = t.testdir({ [CONFIG_FILE_NAME]: JSON.stringify({ limit: 3, tz: 'UTC' }) })
  t.strictSame(await run([], dir), { limit: 3, tz: 'UTC', shapes: null, warnings: [] })
  t.strictSame(await run(['-n', '7', '--verbose'], dir),
    { limit: 7, tz: 'UTC', shapes: null, warnings: [`config file ${join(dir, CONFIG_FILE_NAME)} (found in the working folder)`] })
})

t.test('--config FILE: named as given', async (t) => {
  const dir = t.testdir({ 'site.json': JSON.stringify({ limit: 4 }) })
  t.strictSame(await run(['--config', 'site.json', '--verbose'], dir), { limit: 4, tz: undefined, shapes: null, warnings: ['config file site.json (--config)'] })
})

t.test('no config file: the defaults, and no note', async (t) => {
  t.strictSame(await run(['--verbose'], t.testdir()), { limit: 10, tz: undefined, shapes: null, warnings: [] })
})

t.test('the file\'s request shapes come back beside the flags', async (t) => {
  const dir = t.testdir({ [CONFIG_FILE_NAME]: JSON.stringify({ shapes: { patterns: ['/moebel/{id:int}/{n:sku}'], segmentTypes: { sku: 'SW[0-9]+' } } }) })
  const { shapes } = await run([], dir)
  t.match(shapes, { patterns: ['/moebel/{id:int}/{n:sku}'], segmentTypes: { sku: 'SW[0-9]+' } })
})

t.test('the --config option, and a subcommand that reads inputs', async (t) => {
  const option = configOption()
  t.equal(option.long, '--config')
  t.equal(option.description, `read options and request shapes from this JSON file, yours or root's and writable by nobody else (default: ./${CONFIG_FILE_NAME} when present); flags win over it`)
  const program = new Command('prog')
  const command = inputsCommand(program, 'build', 'Build it.', 'the logs', [new Option('--one'), new Option('--two <x>')], '\nAfter.')
  t.equal(command.name(), 'build')
  t.equal(command.description(), 'Build it.')
  t.strictSame(command.registeredArguments.map((argument) => [argument.name(), argument.description, argument.variadic, argument.required]), [['inputs', 'the logs', true, false]])
  t.strictSame(command.options.map((o) => o.long), ['--one', '--two'])
  t.match(command.helpInformation(), /-h, --help\s+show this help/)
  t.equal(program.commands[0], command)
})
