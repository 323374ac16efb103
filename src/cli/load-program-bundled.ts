/**
 * The program as the bundle loads it (it replaces load-program.ts there):
 * dist/program.cjs, run with the code cache made when the package was
 * built. Compiling the program costs a small cron run more than anything it
 * does; with the cache it is read, not compiled.
 */

import { fileURLToPath } from 'node:url'
import { runWithCodeCache } from './code-cache.js'
import type { ProgramModule } from './load-program.js'

export function loadProgram(): Promise<ProgramModule> {
  return Promise.resolve(runWithCodeCache(fileURLToPath(new URL('program.cjs', import.meta.url))) as ProgramModule)
}
