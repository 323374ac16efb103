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

import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, truncateSync } from 'node:fs'
import t from 'tap'
import { NGINX, request, startNginx } from '../helpers/nginx.js'
import { tableRows } from '../helpers/page.js'
import { startCli } from '../helpers/run-cli.js'
import { waitFor } from '../helpers/wait-for.js'

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
  /** Sends a request for a new storefront URL and waits until the page lists it. */
  const listed = async (): Promise<void> => {
    const url = `/moebel/${sent.length + 1}/sofa-bergen`
    t.equal(await request(port, url), 200)
    sent.push(url)
    await waitFor(`${url} to be listed`, () => listedUrls(page).includes(url))
  }

  for (let i = 0; i < 4; i++) await listed()

  // logrotate's default: the log is renamed; nginx writes to the renamed file until USR1 makes it reopen its log
  renameSync(log, `${log}.1`)
  await listed()
  await listed()
  t.ok(nginx.kill('SIGUSR1'), 'nginx -s reopen')
  await waitFor('nginx to reopen its log', () => existsSync(log))
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
