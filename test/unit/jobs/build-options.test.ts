import t from 'tap'
import { inputsRead, logFiles, logsReadStdin } from '../../../src/jobs/build-options.js'
import { buildOptions } from '../../helpers/build-options.js'

t.test('the paths a run reads: the logs, then the notices files', async (t) => {
  const notices = { files: ['php.log', 'fpm.log'], limit: 10, all: false, redactPaths: [] }
  t.strictSame(inputsRead(buildOptions({ inputs: ['access.log', '-', 'old.gz'], notices })), ['access.log', '-', 'old.gz', 'php.log', 'fpm.log'])
  t.strictSame(inputsRead(buildOptions({ inputs: [] })), [], 'the defaults: none')
  t.strictSame(inputsRead(buildOptions({ inputs: ['clickhouse://host/logs.access_lines', 'a.log'] })), ['a.log'], 'a table is no path')
})

t.test('logFiles: the inputs that are no clickhouse:// table; none to open when only tables are named', async (t) => {
  const table = 'clickhouse://host/logs.access_lines'
  t.strictSame(logFiles(buildOptions({ inputs: ['a.log', table, '-'] })), ['a.log', '-'])
  t.strictSame(logFiles(buildOptions({ inputs: [] })), [], 'stdin, opened as no input is named')
  t.equal(logFiles(buildOptions({ inputs: [table] })), null, 'tables alone: stdin is not read')
})

t.test('logsReadStdin: no inputs, or - among them', async (t) => {
  t.equal(logsReadStdin(buildOptions({ inputs: [] })), true)
  t.equal(logsReadStdin(buildOptions({ inputs: ['a.log', '-'] })), true)
  t.equal(logsReadStdin(buildOptions({ inputs: ['a.log'] })), false)
  t.equal(logsReadStdin(buildOptions({ inputs: ['clickhouse://host/logs.access_lines'] })), false)
})
