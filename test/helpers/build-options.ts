/** Complete options of the build job for tests that call it directly: the command line's defaults, with some changed. */

import { PassThrough } from 'node:stream'
import { Command } from 'commander'
import { addBuildCommand, buildOptionsOf, type BuildFlags } from '../../src/cli/build-command.js'
import type { BuildOptions } from '../../src/jobs/build-options.js'

export const buildOptions = (changes: Partial<BuildOptions> = {}): BuildOptions => {
  const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), warn: () => undefined, cwd: process.cwd(), env: {} }
  // commander holds each option's default as soon as the option is added
  const command = addBuildCommand(new Command(), { io })
  return { ...buildOptionsOf([], command.opts<BuildFlags>(), null), ...changes }
}
