/**
 * The serve job: listening beyond this machine needs --htpasswd (exit 2
 * before anything is read); a bad start ends it as a build ends; it says
 * where it listens; a stop ends the searches under way, whose pages are
 * still sent, and closes every connection.
 */

import t from 'tap'
import { checkListen, startServing, type Serving } from '../../../../src/jobs/serve/serve.js'
import { jobIO } from '../../../../src/jobs/job-io.js'
import { fixture, ROOT } from '../../../helpers/run-cli.js'
import { testIO } from '../../../helpers/main-io.js'
import { testJobIO } from '../../../helpers/job-io.js'
import { writeLargeLog } from '../../../helpers/large-log.js'
import { request, serveOptions } from '../../../helpers/serve.js'

const NGINX = fixture('nginx/access.log')

t.test('an address other than loopback needs --htpasswd: exit 2, one line why', async (t) => {
  for (const listen of ['0.0.0.0:8080', '[::]:8080', '192.0.2.10:80']) {
    t.throws(() => checkListen(serveOptions([NGINX], ['--listen', listen])), {
      exitCode: 2,
      message: `refusing to listen on ${listen} without --htpasswd: the pages show client addresses and raw log lines`,
      hint: 'give --htpasswd FILE (made with profiler-search htpasswd FILE USER, or htpasswd -cB FILE USER), or listen on 127.0.0.1',
    }, listen)
  }
  t.doesNotThrow(() => checkListen(serveOptions([NGINX], ['--listen', '0.0.0.0:8080', '--htpasswd', 'users'])))
  for (const listen of ['127.0.0.1:8080', '127.0.0.2:1', '[::1]:8080', 'localhost:0']) t.doesNotThrow(() => checkListen(serveOptions([NGINX], ['--listen', listen])), listen)
})

t.test('a bad start ends the run as a build ends: nothing listens', async (t) => {
  const { io } = testJobIO(ROOT)
  await t.rejects(startServing(serveOptions([fixture('nginx/nope.log')], ['--listen', '127.0.0.1:0']), io), { exitCode: 2, message: `cannot read ${fixture('nginx/nope.log')}: no such file` })
  await t.rejects(startServing(serveOptions([NGINX], ['--listen', '0.0.0.0:0']), io), { exitCode: 2, message: /^refusing to listen on 0.0.0.0:0 / }, 'refused before the logs are read')
  await t.rejects(startServing(serveOptions([NGINX], ['--listen', '127.0.0.1:0', '--htpasswd', 'nope']), io), { exitCode: 2, message: 'cannot read --htpasswd nope: no such file' })
})

t.test('it says where it listens and how many rows it holds; stopped, it answers nothing more', async (t) => {
  const run = testJobIO(ROOT)
  const serving = await startServing(serveOptions([NGINX], ['--listen', '127.0.0.1:0']), run.io)
  const base = `http://127.0.0.1:${serving.address.port}`
  t.equal(serving.announcement, `serving ${base}/ (30 rows in memory)`)
  t.strictSame(run.warnings, [], 'said by the job once it takes stop signals (serve)')
  t.equal((await request(base, '/')).status, 200)
  await serving.stop('SIGTERM')
  await t.rejects(request(base, '/'), { code: 'ECONNREFUSED' })
})

t.test('a stop while a search reads: the search ends at once, its page is sent and says so, with Connection: close', async (t) => {
  const dir = t.testdir({})
  writeLargeLog(`${dir}/access.log`, 30_000, 9)
  const run = testIO(ROOT)
  let serving: Serving | null = null
  const stopping: { done: Promise<void> | null } = { done: null }
  // the stop comes as the search starts to read: deterministic, whatever the machine's speed
  const io = jobIO(run.io, (line) => {
    if (line.endsWith(': reading the logs') && serving) stopping.done = serving.stop('SIGTERM')
  })
  serving = await startServing(serveOptions([`${dir}/access.log`], ['--listen', '127.0.0.1:0', '--verbose']), io)
  const r = await request(`http://127.0.0.1:${serving.address.port}`, '/?url=/nowhere')
  t.equal(r.status, 200)
  t.equal(r.headers.connection, 'close')
  t.match(r.body, '<p class="search-stopped" role="status">The search stopped as the server was stopped: the rows are the newest of the logs it read; 1 more log was not read.</p>')
  t.ok(stopping.done, 'the stop came')
  await stopping.done
  t.match(run.stderr(), /"GET \/\?url=\/nowhere HTTP\/1\.1" 200 \d+ "-" "-"\n$/, 'logged as answered')
})
