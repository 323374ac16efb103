import t from 'tap'
import { inputsRead } from '../../../src/jobs/build-options.js'
import { buildOptions } from '../../helpers/build-options.js'

t.test('the paths a run reads: the logs, then the notices files', async (t) => {
  const notices = { files: ['php.log', 'fpm.log'], limit: 10, all: false, redactPaths: [] }
  t.strictSame(inputsRead(buildOptions({ inputs: ['access.log', '-', 'old.gz'], notices })), ['access.log', '-', 'old.gz', 'php.log', 'fpm.log'])
  t.strictSame(inputsRead(buildOptions({ inputs: [] })), [], 'the defaults: none')
})
