/**
 * A bug planted in a run of the built bin, and the files its stack names:
 * how a test checks what a user would paste into a bug report (exit 70).
 */

/**
 * A preload (`--import=${PLANT_BUG}`) that plants a bug: every read of an
 * open file (FileHandle.read of node:fs/promises, the first one in
 * src/input/open-inputs.ts) throws a TypeError.
 */
export const PLANT_BUG = 'data:text/javascript,import{open}from"node:fs/promises";const h=await open(process.execPath);' +
  'Object.getPrototypeOf(h).read=function(){throw new TypeError("a bug planted by the test")};await h.close()'

export interface Frame {
  file: string
  line: number
  column: number
}

/** The frames of a stack that name a file by its path (not node:internal/…, nor the preload's data: URL). */
export const fileFrames = (stack: string): Frame[] =>
  [...stack.matchAll(/^ {4}at (?:.*\()?(\/[^\s()]+):(\d+):(\d+)\)?$/gm)].map(([, file = '', line, column]) => ({ file, line: Number(line), column: Number(column) }))
