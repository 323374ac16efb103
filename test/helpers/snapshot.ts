/**
 * Plain-file snapshots under test/snapshots/, readable and diffable as they
 * are (a page snapshot opens in a browser). Run with UPDATE_SNAPSHOTS=1 to
 * rewrite them after a deliberate change, and review the diff.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Test } from 'tap'

export const matchFileSnapshot = (t: Test, actual: string, name: string): void => {
  const path = fileURLToPath(new URL(`../snapshots/${name}`, import.meta.url))
  if (process.env.UPDATE_SNAPSHOTS === '1' || !existsSync(path)) {
    if (process.env.CI) {
      t.fail(`snapshot ${name} is missing; run UPDATE_SNAPSHOTS=1 npm test and commit it`)
      return
    }
    writeFileSync(path, actual)
  }
  t.equal(actual, readFileSync(path, 'utf8'), `matches test/snapshots/${name}`)
}
