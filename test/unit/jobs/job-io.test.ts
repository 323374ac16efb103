import { PassThrough } from 'node:stream'
import t from 'tap'
import { jobIO, type RunIO } from '../../../src/jobs/job-io.js'

t.test('jobIO: the run\'s edges with warn, each asked for only when the job uses it', async (t) => {
  const asked: string[] = []
  const streams = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough() }
  const io: RunIO = {
    get stdin() {
      asked.push('stdin')
      return streams.stdin
    },
    get stdout() {
      asked.push('stdout')
      return streams.stdout
    },
    get stderr() {
      asked.push('stderr')
      return streams.stderr
    },
    cwd: '/srv/logs',
    env: { TZ: 'Europe/Berlin' },
  }
  const warnings: string[] = []
  const job = jobIO(io, (line) => void warnings.push(line))
  t.strictSame(asked, [], 'none made yet')
  t.equal(job.stdout, streams.stdout)
  t.strictSame(asked, ['stdout'], 'stdout when asked for, and only it')
  t.strictSame([job.cwd, job.env], ['/srv/logs', { TZ: 'Europe/Berlin' }])
  job.warn('a warning')
  t.strictSame(warnings, ['a warning'])
  t.equal(Object.hasOwn(io, 'warn'), false, 'the run\'s own object is left as it was')
})
