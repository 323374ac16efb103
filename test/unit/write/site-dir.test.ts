import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { pinSiteDir, publishSite as publishAt, removeStaleSiteTemps, SITE_MARKER, WRITE_CONCURRENCY } from '../../../src/write/site-dir.js'
import type { SiteFile, SiteFiles } from '../../../src/render/page.js'
import { HOST_TAG } from '../../../src/write/temp-files.js'
import { asOtherUser, needsRoot, OTHER_USER, type OtherUserResult } from '../../helpers/other-user.js'
import { NODE, NODE_ARGS, ROOT } from '../../helpers/run-cli.js'

/** Paths here are absolute: the working folder is not read. */
const HERE = process.cwd()

/** The checks of --out-dir DIR, before anything is read. */
const checkSiteDir = async (dir: string, cwd: string): Promise<void> => (await pinSiteDir(dir, cwd)).parent.close()

/** Pins DIR's folder, publishes the site there, lets go of the folder. */
const publishSite = async (dir: string, cwd: string, files: SiteFiles): Promise<void> => {
  const place = await pinSiteDir(dir, cwd)
  try {
    await publishAt(place, files)
  } finally {
    await place.parent.close()
  }
}

const site = (tokens: string[], version = 'v1'): SiteFile[] => [
  { path: 'index.html', content: `index ${version}` },
  { path: 'profile-search.css', content: 'css' },
  ...tokens.map((token) => ({ path: `profiles/${token}.html`, content: `${token} ${version}` })),
]

/** Every file under `dir`, relative, sorted. */
const tree = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort()

const MARKER_TEXT = 'This folder is written by profiler-search build --out-dir and is replaced as a whole on every run.\n'

/** A PID that is certainly not running: a child that has already exited. */
const deadPid = (): number => spawnSync(NODE, [...NODE_ARGS, '-e', '0']).pid

const REFUSED = (dir: string): string =>
  `refusing to replace --out-dir ${dir}: the folder holds files profiler-search did not write`

t.test('first run: the folder is made with every file and the marker, nothing else is left', async (t) => {
  const parent = t.testdir({})
  await publishSite(`${parent}/site`, HERE, site(['aaaaaaaaaaaaa', 'bbbbbbbbbbbbb']))
  t.strictSame(readdirSync(parent), ['site'], 'no temporary folder next to it')
  t.strictSame(tree(`${parent}/site`), [
    SITE_MARKER, 'index.html', 'profile-search.css', 'profiles/aaaaaaaaaaaaa.html', 'profiles/bbbbbbbbbbbbb.html',
  ])
  t.equal(readFileSync(`${parent}/site/profiles/aaaaaaaaaaaaa.html`, 'utf8'), 'aaaaaaaaaaaaa v1')
  t.equal(readFileSync(`${parent}/site/${SITE_MARKER}`, 'utf8'), MARKER_TEXT)
  t.equal(statSync(`${parent}/site`).mode & 0o777, 0o755)
  t.equal(statSync(`${parent}/site/index.html`).mode & 0o777, 0o644)
})

t.test('a later run replaces the whole site: pages of tokens no longer listed are gone', async (t) => {
  const parent = t.testdir({})
  await publishSite(`${parent}/site`, HERE, site(['aaaaaaaaaaaaa', 'bbbbbbbbbbbbb']))
  chmodSync(`${parent}/site`, 0o750)
  await publishSite(`${parent}/site`, HERE, site(['ccccccccccccc'], 'v2'))
  t.strictSame(readdirSync(parent), ['site'], 'no backup or temporary folder left')
  t.strictSame(tree(`${parent}/site`), [SITE_MARKER, 'index.html', 'profile-search.css', 'profiles/ccccccccccccc.html'])
  t.equal(readFileSync(`${parent}/site/index.html`, 'utf8'), 'index v2')
  t.equal(statSync(`${parent}/site`).mode & 0o777, 0o750, 'the folder keeps its permissions')
})

t.test('files made as they are asked for are written as they come, a few at a time, each piece by piece', async (t) => {
  const parent = t.testdir({})
  let made = 0
  let written = 0
  let mostHeld = 0
  async function* content(i: number): AsyncGenerator<string> {
    yield `page ${i}`
    yield ', second piece'
    written++
  }
  async function* files(): AsyncGenerator<SiteFile> {
    for (let i = 0; i < 200; i++) {
      made++
      mostHeld = Math.max(mostHeld, made - written)
      yield { path: `profiles/${String(i).padStart(13, '0')}.html`, content: content(i) }
    }
  }
  await publishSite(`${parent}/site`, HERE, files())
  t.equal(written, 200)
  t.ok(mostHeld <= WRITE_CONCURRENCY, `at most ${mostHeld} files made and not yet written (${WRITE_CONCURRENCY} are written at a time)`)
  t.equal(tree(`${parent}/site`).length, 201, 'every page and the marker')
  t.equal(readFileSync(`${parent}/site/profiles/0000000000199.html`, 'utf8'), 'page 199, second piece')
})

t.test('an existing empty folder is used', async (t) => {
  const parent = t.testdir({ site: {} })
  await publishSite(`${parent}/site`, HERE, site([]))
  t.strictSame(tree(`${parent}/site`), [SITE_MARKER, 'index.html', 'profile-search.css'])
  t.strictSame(readdirSync(parent), ['site'])
})

t.test('a folder that is not ours is refused and left alone', async (t) => {
  const parent = t.testdir({ www: { 'index.php': '<?php', uploads: { 'a.png': 'x' } } })
  await t.rejects(checkSiteDir(`${parent}/www`, HERE), {
    message: REFUSED(`${parent}/www`),
    hint: `give a new or empty folder; a site made by --out-dir carries ${SITE_MARKER}`,
    exitCode: 2,
  })
  await t.rejects(publishSite(`${parent}/www`, HERE, site([])), { message: REFUSED(`${parent}/www`), exitCode: 2 })
  t.strictSame(tree(`${parent}/www`), ['index.php', 'uploads/a.png'])
  t.strictSame(readdirSync(parent), ['www'])
})

t.test('the target and its folder are checked', async (t) => {
  const parent = t.testdir({ file: 'x', 'dangling-link': t.fixture('symlink', 'nowhere') })
  await t.resolves(checkSiteDir(`${parent}/new`, HERE))
  await t.rejects(checkSiteDir(`${parent}/file`, HERE), { message: `cannot write --out-dir ${parent}/file: it is a file`, hint: 'give a folder: it is created if missing', exitCode: 2 })
  await t.rejects(checkSiteDir(`${parent}/missing/site`, HERE), { message: `cannot write --out-dir ${parent}/missing/site: its folder does not exist`, hint: 'choose another --out-dir', exitCode: 2 })
  await t.rejects(checkSiteDir(`${parent}/file/site`, HERE), { message: `cannot write --out-dir ${parent}/file/site: a part of the path is not a folder`, exitCode: 2 })
  await t.rejects(checkSiteDir(`${parent}/dangling-link`, HERE), { message: `cannot write --out-dir ${parent}/dangling-link: it is a symbolic link`, exitCode: 2 })
})

t.test('a symbolic link is refused, not followed: the folder it points to stays as it was', async (t) => {
  const parent = t.testdir({ releases: {} })
  await publishSite(`${parent}/releases/site`, HERE, site(['aaaaaaaaaaaaa']))
  symlinkSync('releases/site', `${parent}/current`)
  await t.rejects(publishSite(`${parent}/current`, HERE, site(['bbbbbbbbbbbbb'], 'v2')), {
    message: `cannot write --out-dir ${parent}/current: it is a symbolic link`, hint: 'give the folder it points to; a link is never followed', exitCode: 2,
  })
  t.equal(readlinkSync(`${parent}/current`), 'releases/site')
  t.strictSame(tree(`${parent}/current`), [SITE_MARKER, 'index.html', 'profile-search.css', 'profiles/aaaaaaaaaaaaa.html'])
  t.strictSame(readdirSync(`${parent}/releases`), ['site'])
})

t.test('a failure while writing leaves the previous site and no temporary folder', async (t) => {
  const parent = t.testdir({})
  await publishSite(`${parent}/site`, HERE, site(['aaaaaaaaaaaaa']))
  // `index.html` as a file and as a folder: a later write fails half way through.
  const many = Array.from({ length: 40 }, (_, i) => `b${String(i).padStart(12, '0')}`)
  const clash: SiteFile[] = [...site(many, 'v2'), { path: 'index.html/x', content: 'x' }]
  await t.rejects(publishSite(`${parent}/site`, HERE, clash), { message: `cannot write --out-dir ${parent}/site: a file is in the way`, exitCode: 2 })
  t.strictSame(readdirSync(parent), ['site'])
  t.strictSame(tree(`${parent}/site`), [SITE_MARKER, 'index.html', 'profile-search.css', 'profiles/aaaaaaaaaaaaa.html'])
  t.equal(readFileSync(`${parent}/site/index.html`, 'utf8'), 'index v1')
})

t.test('a path that would leave the site is a bug, and nothing is published', async (t) => {
  const parent = t.testdir({})
  for (const path of ['../evil.html', 'profiles/../../evil.html', '/etc/passwd', '.hidden', 'a//b', '']) {
    await t.rejects(publishSite(`${parent}/site`, HERE, [{ path, content: 'x' }]), { message: `unsafe site path ${JSON.stringify(path)}` }, path)
  }
  t.strictSame(readdirSync(parent), [])
})

t.test('temporary folders of runs that are gone are removed; a lost site is put back', async (t) => {
  const parent = t.testdir({})
  const target = `${parent}/site`
  const dead = deadPid()
  const name = (pid: number, hex: string, kind: string, host = HOST_TAG): string => `.site.${host}.${pid}.${hex}.${kind}`
  // A run killed between its two renames: the old site is only in its backup.
  mkdirSync(join(parent, name(dead, 'aaaaaaaaaaaa', 'site-old')))
  writeFileSync(join(parent, name(dead, 'aaaaaaaaaaaa', 'site-old'), 'index.html'), 'old site')
  mkdirSync(join(parent, name(dead, 'bbbbbbbbbbbb', 'site-new')))
  mkdirSync(join(parent, name(process.ppid, 'cccccccccccc', 'site-new')))
  mkdirSync(join(parent, name(12345, 'dddddddddddd', 'site-new', 'otherhost')))
  mkdirSync(join(parent, name(12345, 'eeeeeeeeeeee', 'site-new', 'otherhost')))
  const dayAndMore = Date.now() / 1000 - 25 * 3600
  utimesSync(join(parent, name(12345, 'eeeeeeeeeeee', 'site-new', 'otherhost')), dayAndMore, dayAndMore)
  mkdirSync(join(parent, '.other.x.1.aaaaaaaaaaaa.site-new'))
  const place = await pinSiteDir(target, HERE)
  await removeStaleSiteTemps(place)
  await place.parent.close()
  t.strictSame(readdirSync(parent).sort(), [
    '.other.x.1.aaaaaaaaaaaa.site-new',
    name(process.ppid, 'cccccccccccc', 'site-new'),
    name(12345, 'dddddddddddd', 'site-new', 'otherhost'),
    'site',
  ].sort(), 'a live writer\'s folder, a recent one from another host and other targets\' stay')
  t.equal(readFileSync(`${target}/index.html`, 'utf8'), 'old site', 'the backup is the site again')
})

t.test('SIGTERM while writing: the temporary folder is removed, the previous site stays', async (t) => {
  const parent = t.testdir({})
  await publishSite(`${parent}/site`, HERE, site(['aaaaaaaaaaaaa']))
  const module = fileURLToPath(new URL('../../../src/write/site-dir.ts', import.meta.url))
  const script = `
    const { pinSiteDir, publishSite } = await import(${JSON.stringify(module)})
    const files = Array.from({ length: 20000 }, (_, i) => ({ path: 'profiles/' + String(i).padStart(13, '0') + '.html', content: 'x'.repeat(2000) }))
    await publishSite(await pinSiteDir(${JSON.stringify(`${parent}/site`)}, '/'), files)
  `
  const child = spawn(NODE, [...NODE_ARGS, '--import=tsx', '--input-type=module', '-e', script], { stdio: 'ignore', cwd: ROOT })
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
  let seen = false
  for (let i = 0; i < 2000 && !seen; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5))
    const temp = readdirSync(parent).find((name) => name.endsWith('.site-new'))
    seen = temp !== undefined && existsSync(join(parent, temp, 'profiles'))
  }
  t.ok(seen, 'the child was writing its temporary folder')
  child.kill('SIGTERM')
  t.equal(await exited, 'SIGTERM', 'the child ends by the signal')
  t.strictSame(readdirSync(parent), ['site'], 'no temporary folder left')
  t.strictSame(tree(`${parent}/site`), [SITE_MARKER, 'index.html', 'profile-search.css', 'profiles/aaaaaaaaaaaaa.html'])
})

t.test('two publishes at the same time leave one complete site and nothing else', async (t) => {
  const parent = t.testdir({})
  await publishSite(`${parent}/site`, HERE, site(['aaaaaaaaaaaaa']))
  await Promise.all([
    publishSite(`${parent}/site`, HERE, site(['bbbbbbbbbbbbb'], 'v2')),
    publishSite(`${parent}/site`, HERE, site(['ccccccccccccc'], 'v3')),
  ])
  t.strictSame(readdirSync(parent), ['site'])
  const version = readFileSync(`${parent}/site/index.html`, 'utf8').slice('index '.length)
  const token = version === 'v2' ? 'bbbbbbbbbbbbb' : 'ccccccccccccc'
  t.strictSame(tree(`${parent}/site`), [SITE_MARKER, 'index.html', 'profile-search.css', `profiles/${token}.html`])
  t.equal(readFileSync(`${parent}/site/profiles/${token}.html`, 'utf8'), `${token} ${version}`, 'pages of one run only')
})

// A second user against root (issue: root in shared folders): their steps run as nobody, between two files of the site.

/** The working folder of a publish under way in `folder`. */
const workingFolder = (folder: string): string => {
  const name = readdirSync(folder).find((entry) => entry.endsWith('.site-new'))
  if (name === undefined) throw new Error(`no working folder in ${folder}`)
  return join(folder, name)
}

t.test('as root, another user\'s DIR is refused, even an empty one they made in a shared folder: nothing is written through it', { skip: needsRoot }, async (t) => {
  const parent = t.testdir({ shared: {}, secret: {} })
  chmodSync(`${parent}/shared`, 0o1777)
  chmodSync(`${parent}/secret`, 0o700)
  t.equal(asOtherUser('mkdir "$1"', `${parent}/shared/site`).status, 0, 'they made DIR')
  async function* files(): AsyncGenerator<SiteFile> {
    yield { path: 'index.html', content: 'index' }
    asOtherUser('ln -s "$2" "$1/profiles"', workingFolder(`${parent}/shared`), `${parent}/secret`)
    yield { path: 'profiles/aaaaaaaaaaaaa.html', content: 'page' }
  }
  await t.rejects(publishSite(`${parent}/shared/site`, HERE, files()), {
    message: `refusing --out-dir ${parent}/shared/site: the folder belongs to another user (uid ${OTHER_USER.uid})`,
    hint: 'give a folder of yours, or remove this one: what its owner puts in it would be written through',
    exitCode: 2,
  })
  t.strictSame(readdirSync(`${parent}/secret`), [], 'nothing made in root\'s folder')
  t.strictSame(readdirSync(`${parent}/shared`), ['site'])
  t.strictSame(readdirSync(`${parent}/shared/site`), [], 'their folder as it was')
})

t.test('as root in another user\'s folder: the working folder is root\'s alone, and swapping it redirects nothing', { skip: needsRoot }, async (t) => {
  const parent = t.testdir({ theirs: {}, secret: {} })
  chownSync(`${parent}/theirs`, OTHER_USER.uid, OTHER_USER.gid)
  chmodSync(`${parent}/theirs`, 0o755)
  chmodSync(`${parent}/secret`, 0o700)
  const steps: OtherUserResult[] = []
  async function* files(): AsyncGenerator<SiteFile> {
    yield { path: 'index.html', content: 'index' }
    const working = workingFolder(`${parent}/theirs`)
    steps.push(asOtherUser('ln -s "$2" "$1/profiles"', working, `${parent}/secret`))
    // the folder is theirs, so they may rename what it holds: ours away, one of theirs with the link in its place
    steps.push(asOtherUser('mv "$1" "$1.moved" && mkdir "$1" && ln -s "$2" "$1/profiles"', working, `${parent}/secret`))
    yield { path: 'profiles/aaaaaaaaaaaaa.html', content: 'page' }
  }
  await t.rejects(publishSite(`${parent}/theirs/site`, HERE, files()), {
    message: `cannot write --out-dir ${parent}/theirs/site: its working folder was replaced while the site was written`, exitCode: 2,
  })
  t.match(steps[0]?.stderr, /Permission denied/, 'nobody else may write into the working folder')
  t.equal(steps[1]?.status, 0, 'they swapped it')
  t.strictSame(readdirSync(`${parent}/secret`), [], 'nothing made in root\'s folder')
  t.notOk(existsSync(`${parent}/theirs/site`), 'nothing published')
})

t.test('as root, a site of root keeps its mode (never writable by others) and group', { skip: needsRoot }, async (t) => {
  const parent = t.testdir({})
  await publishSite(`${parent}/site`, HERE, site(['aaaaaaaaaaaaa']))
  chownSync(`${parent}/site`, 0, OTHER_USER.gid)
  chmodSync(`${parent}/site`, 0o775)
  await publishSite(`${parent}/site`, HERE, site(['bbbbbbbbbbbbb'], 'v2'))
  const after = statSync(`${parent}/site`)
  t.strictSame([after.uid, after.gid, after.mode & 0o777], [0, OTHER_USER.gid, 0o755])
  t.strictSame(readdirSync(parent), ['site'], 'the backup is gone')
})
