/** A bug planted in a run of the built bin: what a user would paste into a bug report (exit 70). */

/**
 * A preload (`--import=${PLANT_BUG}`) that plants a bug: every read of an
 * open file (FileHandle.read of node:fs/promises, the first one in
 * src/input/open-inputs.ts) throws a TypeError.
 */
export const PLANT_BUG = 'data:text/javascript,import{open}from"node:fs/promises";const h=await open(process.execPath);' +
  'Object.getPrototypeOf(h).read=function(){throw new TypeError("a bug planted by the test")};await h.close()'
