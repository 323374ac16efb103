/** An invalid config file (src/config/config-error.ts): exit 2, a line per problem, at most five and then how many more. */

import t from 'tap'
import { ConfigError, MAX_LINES } from '../../../src/config/config-error.js'

t.test('each problem its own line, each with the program\'s name', async (t) => {
  const e = new ConfigError('c.json', ['c.json: /limit must be an integer', 'c.json: unknown key /x'])
  t.equal(e.exitCode, 2)
  t.equal(e.name, 'ConfigError')
  t.strictSame(e.lines, ['c.json: /limit must be an integer', 'c.json: unknown key /x'])
  t.equal(e.message, 'c.json: /limit must be an integer\nc.json: unknown key /x')
  t.equal(e.format('profiler-search'), 'profiler-search: c.json: /limit must be an integer\nprofiler-search: c.json: unknown key /x')
})

t.test(`at most MAX_LINES (${MAX_LINES}), then how many more`, async (t) => {
  t.equal(MAX_LINES, 5)
  const lines = (n: number): string[] => Array.from({ length: n }, (_, i) => `c.json: problem ${i + 1}`)
  t.strictSame(new ConfigError('c.json', lines(5)).lines, lines(5), 'five: all of them')
  t.strictSame(new ConfigError('c.json', lines(6)).lines, [...lines(5), 'c.json: and 1 more'])
  t.strictSame(new ConfigError('c.json', lines(12)).lines, [...lines(5), 'c.json: and 7 more'])
  t.equal(new ConfigError('c.json', lines(12)).format('p').split('\n').length, 6)
})
