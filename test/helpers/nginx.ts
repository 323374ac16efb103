/**
 * A real nginx for tests (Debian's nginx-light): started on a free loopback
 * port with its prefix, logs and temp paths in the test's folder, stopped
 * when the test ends. `NGINX` is null where nginx is not installed (CI
 * installs it: .ci/run).
 */

import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Test } from 'tap'
import { waitFor } from './wait-for.js'

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ?? null

/** A port nothing listens on right now. */
const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const server = createServer()
  server.once('error', reject)
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
  })
})

/** `http`: what goes into nginx's http block besides the temp paths and the server (log formats, access_log lines). */
const config = (dir: string, port: number, http: string): string => `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 64; }
http {
  ${http}
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
export const request = (port: number, path: string): Promise<number> => new Promise((resolve, reject) => {
  get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
    res.resume()
    res.on('end', () => resolve(res.statusCode ?? 0))
  }).on('error', reject)
})

/** Starts nginx in `dir`, its http block given `http` (default: the combined access log at `dir`/access.log). */
export const startNginx = async (t: Test, dir: string, http = `access_log ${dir}/access.log combined;`): Promise<{ nginx: ChildProcess; port: number }> => {
  mkdirSync(`${dir}/tmp`)
  const port = await freePort()
  writeFileSync(`${dir}/nginx.conf`, config(dir, port, http))
  const nginx = spawn(NGINX as string, ['-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] })
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()))
  t.teardown(async () => {
    nginx.kill('SIGQUIT')
    // unref'd: once nginx is gone, the guard does not keep the process alive
    await Promise.race([exited, sleep(5000, undefined, { ref: false }).then(() => nginx.kill('SIGKILL'))])
  })
  await waitFor('nginx to answer', async () => {
    if (nginx.exitCode !== null) throw new Error(`nginx did not start: ${readFileSync(`${dir}/error.log`, 'utf8')}`)
    return request(port, '/up').then(() => true, () => false)
  }, 5000, 50)
  return { nginx, port }
}
