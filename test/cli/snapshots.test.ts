/** Snapshots of `--help` and of the page for the bundled nginx fixture. */

import t from 'tap'
import { matchFileSnapshot } from '../helpers/snapshot.js'
import { fixture, runCli, spawnCli } from '../helpers/run-cli.js'

t.test('--help', async (t) => {
  const r = await runCli(['--help'])
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  matchFileSnapshot(t, r.stdout, 'help.txt')
})

for (const command of ['build', 'watch', 'merge', 'serve', 'ship', 'htpasswd']) {
  t.test(`${command} --help`, async (t) => {
    const r = await runCli([command, '--help'])
    t.equal(r.code, 0)
    matchFileSnapshot(t, r.stdout, `${command}-help.txt`)
  })
}

t.test('--version prints the package version', async (t) => {
  const r = await runCli(['--version'])
  t.equal(r.code, 0)
  t.match(r.stdout, /^\d+\.\d+\.\d+\n$/)
})

t.test('the page for fixtures/nginx/access.log', async (t) => {
  // A relative path (runCli works in the repository root): the page names its source, and the
  // snapshot must not depend on where the repository was cloned.
  const r = await runCli(['build', 'fixtures/nginx/access.log'])
  t.equal(r.code, 0)
  matchFileSnapshot(t, r.stdout, 'nginx-access.html')
})

t.test('the page does not depend on TZ or LANG of the environment', async (t) => {
  // processes of their own: their environment is the point
  const base = await spawnCli(['build', fixture('apache/access.log')])
  for (const env of [{ TZ: 'Asia/Kathmandu', LANG: 'de_DE.UTF-8' }, { TZ: 'America/Los_Angeles', LANG: 'ar_EG.UTF-8', LC_ALL: 'ar_EG.UTF-8' }]) {
    const r = await spawnCli(['build', fixture('apache/access.log')], { env })
    t.equal(r.stdout, base.stdout, JSON.stringify(env))
  }
})
