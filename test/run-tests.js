#!/usr/bin/env node
// `npm test`: the bundle and, when the installed one does not match package.json, tap's build of
// its Test class, side by side; then the tap suite with its usual report, while the type check
// (src and tests) and the lint run beside it (the suite leaves a core idle now and then: browser
// tests wait on Chromium, kill tests on their processes). Their output follows the suite's. Ends
// with one plain line, `N passed, N failed`: tap's own count (the `# { total, pass, fail }` its
// report ends with), plus one for the type check and one for the lint, each passed or failed.
// Never fewer failures than tap's: a suite killed by tap's timeout is a failure of tap's root
// that no file's saved output shows, so tap's summary is read; the results each file saved are
// counted too (tap's root may then leave out a file that ran beside the killed one), and each
// figure is the larger of the two; a failed tap is at least one failure.
//
//   npm test [-- [--no-checks] [tap's arguments: the test files to run …]]
// --no-checks: the suite alone, without the type check and the lint (.ci/run, on another Node.js).
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Parser } from 'tap-parser'
import { tapBuildIsCurrent } from '../scripts/tap-build.js'

const started = Date.now()
const noChecks = process.argv.includes('--no-checks')
const tapArgs = process.argv.slice(2).filter((arg) => arg !== '--no-checks')
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`
const phases = []

/** A package's command, run by node itself (npx would cost every command a second npm process). */
const require = createRequire(import.meta.url)
const bin = (pkg, name) => {
  const manifest = require.resolve(`${pkg}/package.json`)
  const { bin: bins } = JSON.parse(readFileSync(manifest, 'utf8'))
  return join(dirname(manifest), typeof bins === 'string' ? bins : bins[name])
}
const TAP = bin('tap', 'tap')

/** Runs a command; resolves to a function that prints its output (kept, so the side-by-side ones do not interleave) and tells whether it succeeded. */
const step = (name, command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const output = []
    child.stdout.on('data', (b) => output.push(b))
    child.stderr.on('data', (b) => output.push(b))
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
    child.on('close', (code) => {
      phases.push(`${name}: done at ${seconds()}`)
      resolve(() => {
        const text = Buffer.concat(output).toString('utf8').replace(/^npm warn .*\n/gm, '')
        process.stdout.write(`> ${name}${code === 0 ? '' : ` (failed, exit ${code})`}${text.trim() ? `\n${text.trimEnd()}` : ''}\n`)
        return code === 0
      })
    })
  })

const report = (finished) => finished.map((print) => print()).every(Boolean)

/** Prints nothing and succeeds: for a step that had nothing to do. */
const nothingToDo = () => Promise.resolve(() => true)

// Both type-check the whole project. tsc keeps what it learnt in node_modules/.cache, so a run
// after a small change checks only what the change can affect (a fresh clone checks everything).
const checks = noChecks ? [] : [
  step('type check: tsc -p test/tsconfig.json', process.execPath, [bin('typescript', 'tsc'), '-p', 'test/tsconfig.json',
    '--incremental', '--tsBuildInfoFile', 'node_modules/.cache/profiler-search/test-tsconfig.tsbuildinfo']),
  step('lint: eslint', process.execPath, [bin('eslint', 'eslint'), '.']),
]
const prepared = report(await Promise.all([
  step('bundle: node scripts/bundle.js --if-stale', process.execPath, ['scripts/bundle.js', '--if-stale']),
  (await tapBuildIsCurrent()) ? nothingToDo() : step('tap build', process.execPath, [TAP, 'build']),
]))
/** Prints the closing line, tap's count and one for each check (skipped may follow); returns the failures. */
const closingLine = (totals, checksPassed) => {
  const passedChecks = checksPassed.filter(Boolean).length
  const failed = totals.fail + checksPassed.length - passedChecks
  console.log(`${totals.pass + passedChecks} passed, ${failed} failed${totals.skip ? `, ${totals.skip} skipped` : ''}`)
  return failed
}
if (!prepared) {
  // nothing ran: the step that failed is one failure, beside the checks
  closingLine({ pass: 0, fail: 1, skip: 0 }, (await Promise.all(checks)).map((print) => print()))
  process.exit(1)
}

const outputDir = '.tap/output'
rmSync(outputDir, { recursive: true, force: true })

// One Chromium for the browser tests of the whole run (test/helpers/browser.ts), started once,
// unless the files named leave them out.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const browserTests = !tapArgs.some((arg) => !arg.startsWith('-')) || tapArgs.some((arg) => arg.includes('browser'))
const browserServer = browserTests && existsSync(chromiumPath)
  ? await (await import('playwright-core')).chromium.launchServer({
    executablePath: chromiumPath,
    ...JSON.parse(readFileSync(new URL('helpers/chromium-launch.json', import.meta.url), 'utf8')),
  })
  : null

phases.push(`tap run: started at ${seconds()}`)
/** The end of tap's report, where its summary is: the report itself goes on to stdout as it comes. */
let reportTail = ''
const tap = await new Promise((resolve) => {
  // tap's report is read through a pipe: in a terminal, the report tap gives one (base, in colour)
  const terminal = process.stdout.isTTY ? ['--reporter=base'] : []
  const child = spawn(process.execPath, [TAP, 'run', ...terminal, ...tapArgs], {
    stdio: ['inherit', 'pipe', 'inherit'],
    env: { ...process.env, TZ: 'UTC', LANG: 'C', ...(terminal.length ? { FORCE_COLOR: '1' } : {}),
      ...(browserServer ? { PROFILER_SEARCH_BROWSER: browserServer.wsEndpoint() } : {}) },
  })
  child.stdout.on('data', (bytes) => {
    process.stdout.write(bytes)
    reportTail = (reportTail + bytes.toString('utf8')).slice(-64 * 1024)
  })
  child.on('close', (status) => resolve({ status }))
})
phases.push(`tap run: done at ${seconds()}`)
await browserServer?.close()
const checksPassed = (await Promise.all(checks)).map((print) => print())
console.log(`# ${phases.join('; ')}`)

/**
 * The count when tap's report has no summary (tap itself failed).
 * Adds one file's raw TAP to `totals` as tap's summary counts it: tap's
 * runner counts each result its parser surfaces to the root (tap-parser's
 * root `result` event, read by Base in @tapjs/core): every assertion, and a
 * subtest's closing test point unless it only echoes the subtest's
 * assertions (it is counted for a subtest without any, or a skipped one).
 * The runner's closing point of each file echoes it the same way; a file
 * that crashed or was killed by tap's timeout shows only in tap's summary
 * and its exit status.
 */
const count = (tapText, totals) => {
  const parser = new Parser()
  parser.on('result', (result) => {
    if (result.todo || result.skip) totals.skip++
    else if (result.ok) totals.pass++
    else totals.fail++
  })
  parser.end(tapText)
}

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)])

/** tap's summary, `# { total: 9, pass: 7, fail: 1, skip: 1 }` (colours taken out), the last in its report; null without one. */
const tapSummary = (report) => {
  // eslint-disable-next-line no-control-regex
  const lines = report.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').split(/\r?\n/).filter((line) => /^# \{ total: \d+/.test(line))
  const last = lines.at(-1)
  if (last === undefined) return null
  const field = (name) => Number(new RegExp(`\\b${name}: (\\d+)`).exec(last)?.[1] ?? 0)
  return { pass: field('pass'), fail: field('fail'), skip: field('skip') + field('todo') }
}

const fromFiles = { pass: 0, fail: 0, skip: 0 }
try {
  for (const file of files(outputDir)) count(readFileSync(file, 'utf8'), fromFiles)
} catch {
  // No output saved: tap itself failed before running anything.
}
// each the larger of tap's summary and the files' own count, and (tap failed) at least one failure:
// tap's root counts a file its timeout killed, and then may leave out a file that ran beside it
const summary = tapSummary(reportTail) ?? fromFiles
const totals = {
  pass: Math.max(summary.pass, fromFiles.pass),
  fail: Math.max(summary.fail, fromFiles.fail, (tap.status ?? 1) !== 0 ? 1 : 0),
  skip: Math.max(summary.skip, fromFiles.skip),
}
process.exit(closingLine(totals, checksPassed) === 0 ? 0 : 1)
