// Start-up of a small run against `node -e 0`, on the Node.js that runs the bench (run it with
// another node binary to measure that one): `--version` and a build of a 10-line log, run in
// turns with `node -e 0` so that a slow moment of the machine falls on each alike. The targets
// (issue 31), medians of this run: the build at most 1.5x where Node has its compile cache
// (22.1+: the bin switches it on), 2.0x on Node 20, which compiles the program at every run;
// --version at most 1.3x everywhere.
//
//   node --import tsx test/bench/run.js --startup [--runs 3]
//   /path/to/node24 --import tsx test/bench/run.js --startup
import { join } from 'node:path'
import { statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { generateLog } from './generate-log.js'

/** The start-up targets of the Node.js running this, as ratios to `node -e 0`. */
export const startupTargets = () => ({
  build: typeof createRequire(import.meta.url)('node:module').enableCompileCache === 'function' ? 1.5 : 2.0,
  version: 1.3,
})

/**
 * Times the three commands in turns (`rounds` each) and records their medians as `node -e 0`,
 * `--version` and `build, 10-line input`; returns the targets, checked.
 */
export const startupBench = async ({ dir, bin, rounds, runOnce, record }) => {
  const small = join(dir, 'ten.log')
  await generateLog(small, 10)
  const startups = {
    'node -e 0': [process.execPath, '-e', '0'],
    '--version': [process.execPath, bin, '--version'],
    'build, 10-line input': [process.execPath, bin, 'build', small, '-o', join(dir, 'ten.html')],
  }
  // one run of each first: the compile cache is written by the first run of a new build
  for (const argv of Object.values(startups)) runOnce(argv)
  const times = Object.fromEntries(Object.keys(startups).map((name) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    for (const [name, argv] of Object.entries(startups)) times[name].push(runOnce(argv))
  }
  const medians = {}
  for (const [name, all] of Object.entries(times)) {
    const sorted = [...all].sort((a, b) => a.seconds - b.seconds)
    medians[name] = record(name, name.startsWith('build') ? 10 : 0, name.startsWith('build') ? statSync(small).size : 0,
      { seconds: sorted[Math.floor(sorted.length / 2)].seconds, rssMb: Math.max(...all.map((r) => r.rssMb ?? 0)) || null })
  }
  const node = medians['node -e 0'].seconds
  const build = medians['build, 10-line input'].seconds
  const version = medians['--version'].seconds
  const targets = startupTargets()
  const versionName = `node ${process.version}`
  console.log(`  start-up / node -e 0 (${versionName}): build, 10-line input ${(build / node).toFixed(2)}x (target ${targets.build}x), ` +
    `--version ${(version / node).toFixed(2)}x (target ${targets.version}x)`)
  return [
    { what: `${versionName}: build of a 10-line log at most ${targets.build}x node -e 0`, value: `${(build / node).toFixed(2)}x (${build.toFixed(3)} s vs ${node.toFixed(3)} s)`, pass: build <= targets.build * node },
    { what: `${versionName}: --version at most ${targets.version}x node -e 0`, value: `${(version / node).toFixed(2)}x (${version.toFixed(3)} s)`, pass: version <= targets.version * node },
  ]
}
