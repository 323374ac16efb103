/**
 * The program, imported when a command runs. The bundle replaces this module
 * with load-program-bundled.ts, which loads the same program from dist/ with
 * V8's code cache.
 */

export type ProgramModule = typeof import('./program.js')

export function loadProgram(): Promise<ProgramModule> {
  return import('./program.js')
}
