/**
 * `watch` against a real nginx (Debian's nginx-light, started by the test on
 * a free loopback port with its prefix, logs and temp paths in the test's
 * folder): each request nginx serves is listed on the page, once,
 * across a logrotate-style rename (the server still writes to the renamed
 * file until it reopens its log on USR1) and a copytruncate. SIGTERM ends
 * the watch with exit 0 and no temporary file. How soon a line is listed is
 * the bench's (test/bench/soak.js). Skipped where nginx is not installed (CI
 * installs it: .ci/run).
 */

import { spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import t, { type Test } from 'tap'
import { tableRows } from '../helpers/page.js'
import { startCli } from '../helpers/run-cli.js'

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ?? null

/** A port nothing listens on right now. */
const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const server = createServer()
  server.once('error', reject)
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
  })
})

const config = (dir: string, port: number): string => `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 64; }
http {
  access_log ${dir}/access.log combined;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  server {
    listen 127.0.0.1:${port};
    location / { return 200 "ok\\n"; }
  }
}
`

/** Answers once nginx serves, so its log is open. */
const request = (port: number, path: string): Promise<number> => new Promise((resolve, reject) => {
  get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
    res.resume()
    res.on('end', () => resolve(res.statusCode ?? 0))
  }).on('error', reject)
})

const startNginx = async (t: Test, dir: string): Promise<{ nginx: ChildProcess; port: number }> => {
  mkdirSync(`${dir}/tmp`)
  const port = await freePort()
  writeFileSync(`${dir}/nginx.conf`, config(dir, port))
  const nginx = spawn(NGINX as string, ['-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] })
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()))
  t.teardown(async () => {
    nginx.kill('SIGQUIT')
    // unref'd: once nginx is gone, the guard does not keep the process alive
    await Promise.race([exited, sleep(5000, undefined, { ref: false }).then(() => nginx.kill('SIGKILL'))])
  })
  for (const end = Date.now() + 5000; ; await sleep(50)) {
    const up = await request(port, '/up').then(() => true, () => false)
    if (up) break
    if (Date.now() > end || nginx.exitCode !== null) throw new Error(`nginx did not start: ${readFileSync(`${dir}/error.log`, 'utf8')}`)
  }
  return { nginx, port }
}

/** The URLs the page lists, top to bottom. */
const listedUrls = (page: string): string[] => {
  if (!existsSync(page)) return []
  return tableRows(readFileSync(page, 'utf8')).map((cells) => cells[3] as string)
}

t.test('every request nginx serves is listed, once, across a rename and a copytruncate', { skip: NGINX ? false : 'nginx is not installed' }, async (t) => {
  const dir = t.testdir({})
  const { nginx, port } = await startNginx(t, dir)
  const log = `${dir}/access.log`
  const page = `${dir}/page.html`
  const watching = startCli(['watch', log, '-o', page, '--interval', '0.2', '--limit', '100'])
  t.teardown(() => void watching.child.kill('SIGKILL'))

  const sent: string[] = []
  /** Sends a request for a new storefront URL and waits until the page lists it (a watch that does not is stopped after 10 s). */
  const listed = async (): Promise<void> => {
    const url = `/moebel/${sent.length + 1}/sofa-bergen`
    t.equal(await request(port, url), 200)
    sent.push(url)
    for (const end = Date.now() + 10_000; !listedUrls(page).includes(url); await sleep(20)) {
      if (Date.now() > end) throw new Error(`${url} not listed: ${listedUrls(page).join(' ')}`)
    }
  }

  for (let i = 0; i < 4; i++) await listed()

  // logrotate's default: the log is renamed; nginx writes to the renamed file until USR1 makes it reopen its log
  renameSync(log, `${log}.1`)
  await listed()
  await listed()
  t.ok(nginx.kill('SIGUSR1'), 'nginx -s reopen')
  for (const end = Date.now() + 5000; !existsSync(log); await sleep(10)) if (Date.now() > end) throw new Error('nginx did not reopen its log')
  for (let i = 0; i < 3; i++) await listed()
  t.match(readFileSync(`${log}.1`, 'utf8'), '/moebel/6/sofa-bergen', 'the renamed file got the requests before the reopen')
  t.notMatch(readFileSync(log, 'utf8'), '/moebel/6/sofa-bergen')

  // logrotate's copytruncate: copied, then emptied in place; nginx goes on writing at the new end (O_APPEND)
  copyFileSync(log, `${log}.2`)
  truncateSync(log, 0)
  for (let i = 0; i < 3; i++) await listed()
  t.equal(readFileSync(log, 'utf8').split('\n').filter(Boolean).length, 3, 'the emptied log holds the requests since')

  // two more, each listed after a poll of its own: a line read twice in the polls before them would be on the page by then
  await listed()
  await listed()
  const urls = listedUrls(page)
  t.equal(urls.filter((url) => url.startsWith('/moebel/')).length, sent.length, 'each request listed once, none twice')
  t.strictSame([...urls].filter((url) => url.startsWith('/moebel/')).sort(), [...sent].sort())

  t.ok(watching.child.kill('SIGTERM'))
  const r = await watching.result
  t.strictSame([r.code, r.signal, r.stdout, r.stderr], [0, null, '', ''], 'SIGTERM: exit 0, nothing said')
  t.strictSame(readdirSync(dir).filter((name) => name.endsWith('.tmp')), [], 'no temporary file left')
  t.ok(readdirSync(dir).includes('page.html'))
})
