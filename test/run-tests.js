#!/usr/bin/env node
// Runs the tap suite with its usual report, then reads the raw TAP that tap
// saved for each test file and ends with one plain line: `N passed, N failed`.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Parser } from 'tap-parser'

const outputDir = '.tap/output'
rmSync(outputDir, { recursive: true, force: true })

// tap builds its Test class for the plugins package.json names (not @tapjs/typescript: tests
// load through tsx). A fresh install holds the default build; when `tap run` rebuilds it
// itself, the first run still hands every test process the typescript plugin's loader.
const built = spawnSync('npx', ['tap', 'build'], { stdio: 'inherit' })
if (built.status !== 0) process.exit(built.status ?? 1)

const tap = spawnSync('npx', ['tap', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TZ: 'UTC', LANG: 'C' },
})

/**
 * Counts the leaf assertions of one file's raw TAP. A subtest's own closing
 * test point (which follows the subtest's child stream) is not an assertion.
 */
const count = (tapText) => {
  const totals = { pass: 0, fail: 0, skip: 0 }
  const attach = (parser) => {
    let closesChild = false
    parser.on('child', (child) => {
      closesChild = true
      attach(child)
    })
    parser.on('assert', (result) => {
      if (closesChild) {
        closesChild = false
        return
      }
      if (result.skip || result.todo) totals.skip++
      else if (result.ok) totals.pass++
      else totals.fail++
    })
  }
  const parser = new Parser()
  attach(parser)
  parser.end(tapText)
  return totals
}

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)])

let passed = 0
let failed = 0
let skipped = 0
try {
  for (const file of files(outputDir)) {
    const totals = count(readFileSync(file, 'utf8'))
    passed += totals.pass
    failed += totals.fail
    skipped += totals.skip
  }
} catch {
  // No output saved: tap itself failed before running anything.
}

const status = tap.status ?? 1
// A failure tap saw but no saved assertion shows (a crashed file) still counts.
if (status !== 0 && failed === 0) failed = 1
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(status === 0 && failed === 0 ? 0 : 1)
