/**
 * A folder of a test file's own, for files that need one at their top level.
 * The suites import many files into one process (helpers/import-tests.ts),
 * where `t.testdir()` at the top level of two files is the same folder, made
 * afresh by each: one file's import would take away what another's runs are
 * writing there.
 */

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'

/** A new folder named after `name`, removed when `t` ends. */
export const ownDir = (t: Test, name: string): string => {
  const dir = mkdtempSync(join(tmpdir(), `profiler-search-${name}-`))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
