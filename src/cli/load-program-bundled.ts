/**
 * The program as the bundle loads it (it replaces load-program.ts there):
 * dist/program.cjs, beside dist/cli.cjs, required as CommonJS. The bin has
 * switched on Node's compile cache by then (bin/profiler-search.js), so on
 * Node 22.1+ a run reads the program's compiled code instead of compiling it.
 */

import { createRequire } from 'node:module'
import type { ProgramModule } from './load-program.js'

export function loadProgram(): Promise<ProgramModule> {
  return Promise.resolve(createRequire(import.meta.url)('./program.cjs') as ProgramModule)
}
