/**
 * The program, imported when a command runs. The bundle replaces this module
 * with load-program-bundled.ts, which requires the same program from dist/.
 */

export type ProgramModule = typeof import('./program.js')

export function loadProgram(): Promise<ProgramModule> {
  return import('./program.js')
}
