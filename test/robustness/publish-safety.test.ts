/**
 * Publishing into folders others share, as root from cron: only a regular
 * file we may replace is ever replaced, modes and owners carry over, a
 * symbolic link is never followed, and stdout write errors are never a
 * truncated page with exit 0.
 */

import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { HOST_TAG } from '../../src/write/temp-files.js'
import { asOtherUser, needsRoot, OTHER_USER } from '../helpers/other-user.js'
import { BIN, fixture, NODE, runCli } from '../helpers/run-cli.js'

const LOG = fixture('nginx/access.log')
const ROOT_USER = process.geteuid?.() === 0
const notRoot = ROOT_USER ? false : 'needs root (owners of other users)'
const OTHER = { uid: 1234, gid: 2345 }

const build = (...args: string[]): ReturnType<typeof runCli> => runCli(['build', LOG, ...args])

t.test('-o refuses what is not a regular file and leaves it as it was', async (t) => {
  const dir = t.testdir({ 'real.html': 'mine\n', fifo: '' })
  t.test('a device', { skip: notRoot }, async (t) => {
    t.equal(spawnSync('mknod', [`${dir}/null`, 'c', '1', '3']).status, 0, 'made a device node')
    const r = await build('-o', `${dir}/null`)
    t.equal(r.code, 2)
    t.equal(r.stderr, `profiler-search: refusing to replace ${dir}/null: it is a device (give the path of a regular file, or a new name)\n`)
    t.ok(lstatSync(`${dir}/null`).isCharacterDevice(), 'still a device')
  })
  t.test('a FIFO (and no wait on it)', async (t) => {
    spawnSync('rm', [`${dir}/fifo`])
    t.equal(spawnSync('mkfifo', [`${dir}/fifo`]).status, 0)
    const r = await build('-o', `${dir}/fifo`)
    t.equal(r.code, 2)
    t.equal(r.stderr, `profiler-search: refusing to replace ${dir}/fifo: it is a FIFO (give the path of a regular file, or a new name)\n`)
    t.ok(lstatSync(`${dir}/fifo`).isFIFO(), 'still a FIFO')
  })
  t.test('a symbolic link to a file in the same folder', async (t) => {
    symlinkSync('real.html', `${dir}/link.html`)
    const r = await build('-o', `${dir}/link.html`)
    t.equal(r.code, 2)
    t.equal(r.stderr, `profiler-search: refusing to replace ${dir}/link.html: it is a symbolic link (give the path of the file it points to, or a new name)\n`)
    t.equal(readlinkSync(`${dir}/link.html`), 'real.html', 'the link stays')
    t.equal(readFileSync(`${dir}/real.html`, 'utf8'), 'mine\n', 'what it points to is untouched')
  })
  t.test('a symbolic link pointing elsewhere', async (t) => {
    const elsewhere = t.testdir({ 'passwd': 'root:x:0:0\n' })
    symlinkSync(`${elsewhere}/passwd`, `${dir}/planted.html`)
    const r = await build('-o', `${dir}/planted.html`, '--if-changed')
    t.equal(r.code, 2)
    t.match(r.stderr, /^profiler-search: refusing to replace .*planted\.html: it is a symbolic link/)
    t.equal(readFileSync(`${elsewhere}/passwd`, 'utf8'), 'root:x:0:0\n')
    t.ok(lstatSync(`${dir}/planted.html`).isSymbolicLink())
  })
  t.test('no working file is left behind', async (t) => {
    t.strictSame(readdirSync(dir).filter((name) => name.startsWith('.')), [])
  })
})

t.test('-o keeps the replaced file\'s mode; a new file gets 0644 less the umask', async (t) => {
  const dir = t.testdir({ 'page.html': 'old\n' })
  chmodSync(`${dir}/page.html`, 0o640)
  t.equal((await build('-o', `${dir}/page.html`)).code, 0)
  t.equal(lstatSync(`${dir}/page.html`).mode & 0o777, 0o640)
  t.not(readFileSync(`${dir}/page.html`, 'utf8'), 'old\n')

  const umask = process.umask(0o027)
  try {
    t.equal((await build('-o', `${dir}/new.html`)).code, 0)
  } finally {
    process.umask(umask)
  }
  t.equal(lstatSync(`${dir}/new.html`).mode & 0o777, 0o640, '0644 less umask 027')
  t.equal((await build('-o', `${dir}/plain.html`)).code, 0)
  t.equal(lstatSync(`${dir}/plain.html`).mode & 0o777, 0o644 & ~umask)
})

t.test('as root, -o keeps the group and mode of a file of root\'s', { skip: notRoot }, async (t) => {
  const dir = t.testdir({ 'page.html': 'old\n' })
  chownSync(`${dir}/page.html`, 0, OTHER.gid)
  chmodSync(`${dir}/page.html`, 0o640)
  t.equal((await build('-o', `${dir}/page.html`)).code, 0)
  const after = lstatSync(`${dir}/page.html`)
  t.strictSame([after.uid, after.gid, after.mode & 0o777], [0, OTHER.gid, 0o640])
})

t.test('--out-dir refuses a symbolic link and leaves what it points to alone', async (t) => {
  const dir = t.testdir({ elsewhere: { 'keep.txt': 'keep\n' } })
  symlinkSync(`${dir}/elsewhere`, `${dir}/site`)
  const r = await build('--out-dir', `${dir}/site`)
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: cannot write --out-dir ${dir}/site: it is a symbolic link (give the folder it points to; a link is never followed)\n`)
  t.strictSame(readdirSync(`${dir}/elsewhere`), ['keep.txt'])
  t.strictSame(readdirSync(dir).sort(), ['elsewhere', 'site'])
})

t.test('--out-dir in a folder of another user that others may write to is refused', { skip: notRoot }, async (t) => {
  const dir = t.testdir({ shared: {} })
  chownSync(`${dir}/shared`, OTHER.uid, OTHER.gid)
  chmodSync(`${dir}/shared`, 0o1777)
  const r = await build('--out-dir', `${dir}/shared/site`)
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: refusing --out-dir ${dir}/shared/site: its folder ${dir}/shared belongs to another user and others may write to it (give a folder inside one of yours; what others plant beside it could take its place)\n`)
  t.strictSame(readdirSync(`${dir}/shared`), [])
  chmodSync(`${dir}/shared`, 0o755)
  t.equal((await build('--out-dir', `${dir}/shared/site`)).code, 0, 'another user\'s folder only it may write to is fine')
})

t.test('--out-dir never renames a working folder another user planted into place', { skip: notRoot }, async (t) => {
  const dir = t.testdir({})
  // a backup left by a run that is gone (PID 999999999 is not running), as the scheme names it
  const planted = `${dir}/.site.${HOST_TAG}.999999999.0123456789ab.site-old`
  mkdirSync(planted)
  writeFileSync(`${planted}/index.html`, '<script>planted</script>')
  writeFileSync(`${planted}/.profiler-search-site`, '')
  chownSync(planted, OTHER.uid, OTHER.gid)
  const r = await build('--out-dir', `${dir}/site`)
  t.equal(r.code, 0, r.stderr)
  t.notMatch(readFileSync(`${dir}/site/index.html`, 'utf8'), 'planted')
  t.ok(lstatSync(planted).isDirectory(), 'left where it is, not renamed, not removed')
})

t.test('--out-dir keeps the replaced folder\'s mode', async (t) => {
  const dir = t.testdir({})
  t.equal((await build('--out-dir', `${dir}/site`)).code, 0)
  chmodSync(`${dir}/site`, 0o750)
  t.equal((await build('--out-dir', `${dir}/site`, '--limit', '2')).code, 0)
  t.equal(lstatSync(`${dir}/site`).mode & 0o777, 0o750)
  t.equal(lstatSync(`${dir}/site/index.html`).mode & 0o777, 0o644 & ~process.umask())
})

// A second user against root (their steps run as nobody, see helpers/other-user.ts).

t.test('as root in a shared folder, another user\'s file at -o lends neither mode nor owner', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ www: {} })
  chmodSync(`${dir}/www`, 0o1777)
  const page = `${dir}/www/index.html`
  t.equal(asOtherUser('echo theirs > "$1" && chmod 666 "$1"', page).status, 0, 'they made index.html, mode 666')
  t.equal((await build('-o', page)).code, 0)
  const after = lstatSync(page)
  t.strictSame([after.uid, after.gid, after.mode & 0o777], [0, 0, 0o644 & ~process.umask()], 'root\'s page, 0644')
  const rewrite = asOtherUser('echo rewritten > "$1"', page)
  t.match(rewrite.stderr, /Permission denied/, 'they cannot rewrite root\'s page')
  t.match(readFileSync(page, 'utf8'), /<!DOCTYPE html>/)
})

t.test('as root, -o through a folder link another user planted is refused; root\'s file elsewhere stays', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ ww: {}, secret: { 'index.html': 'root page\n' }, real: {} })
  chmodSync(`${dir}/ww`, 0o1777)
  chmodSync(`${dir}/secret`, 0o700)
  t.equal(asOtherUser('ln -s "$1" "$2"', `${dir}/secret`, `${dir}/ww/prof`).status, 0)
  const r = await build('-o', `${dir}/ww/prof/index.html`)
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: refusing to write ${dir}/ww/prof/index.html: ${dir}/ww/prof is a symbolic link of another user (uid ${OTHER_USER.uid}) (give the real path of the folder; a link someone else could have placed is never followed)\n`)
  t.equal(readFileSync(`${dir}/secret/index.html`, 'utf8'), 'root page\n')
  t.strictSame(readdirSync(`${dir}/secret`), ['index.html'])
  symlinkSync(`${dir}/real`, `${dir}/mine`)
  t.equal((await build('-o', `${dir}/mine/index.html`)).code, 0, 'root\'s own link in root\'s folder is followed')
  t.strictSame(readdirSync(`${dir}/real`), ['index.html'])
})

t.test('-o into another user\'s folder that others may write to is refused, as --out-dir is', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ theirs: {} })
  chownSync(`${dir}/theirs`, OTHER_USER.uid, OTHER_USER.gid)
  chmodSync(`${dir}/theirs`, 0o777)
  const r = await build('-o', `${dir}/theirs/index.html`)
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: refusing to write ${dir}/theirs/index.html: its folder ${dir}/theirs belongs to another user and others may write to it (give a folder inside one of yours; what others plant beside it could take its place)\n`)
  t.strictSame(readdirSync(`${dir}/theirs`), [])
})

t.test('an output that is one of the inputs is refused and the input stays', async (t) => {
  const log = readFileSync(LOG, 'utf8')
  // a site folder (it carries the marker) someone keeps a log in
  const dir = t.testdir({ 'a.log': log, 'errors.log': 'x\n', logs: { 'b.log': log, '.profiler-search-site': '' } })
  symlinkSync('a.log', `${dir}/link.log`)
  const cases: [string[], string][] = [
    [['build', `${dir}/a.log`, '-o', `${dir}/a.log`], `refusing to write ${dir}/a.log: it is the input ${dir}/a.log (give another --output; the page would replace the log)`],
    [['build', `${dir}/link.log`, '-o', `${dir}/a.log`], `refusing to write ${dir}/a.log: it is the input ${dir}/link.log (give another --output; the page would replace the log)`],
    [['build', `${dir}/a.log`, '--notices', `${dir}/errors.log`, '-o', `${dir}/errors.log`], `refusing to write ${dir}/errors.log: it is the input ${dir}/errors.log (give another --output; the page would replace the log)`],
    [['merge', `${dir}/a.log`, '-o', `${dir}/a.log`], `refusing to write ${dir}/a.log: it is the input ${dir}/a.log (give another --output; the page would replace the log)`],
    [['watch', `${dir}/a.log`, '-o', `${dir}/a.log`], `refusing to write ${dir}/a.log: it is the input ${dir}/a.log (give another --output; the page would replace the log)`],
    [['build', `${dir}/logs/b.log`, '--out-dir', `${dir}/logs`], `refusing --out-dir ${dir}/logs: the input ${dir}/logs/b.log is in it (the site replaces the folder as a whole; keep the logs elsewhere)`],
  ]
  for (const [args, message] of cases) {
    const r = await runCli(args)
    t.strictSame([r.code, r.stderr], [2, `profiler-search: ${message}\n`], args.join(' '))
  }
  t.equal(readFileSync(`${dir}/a.log`, 'utf8'), log)
  t.equal(readFileSync(`${dir}/errors.log`, 'utf8'), 'x\n')
  t.strictSame(readdirSync(dir).sort(), ['a.log', 'errors.log', 'link.log', 'logs'])
  t.strictSame(readdirSync(`${dir}/logs`).sort(), ['.profiler-search-site', 'b.log'])
})

/**
 * The built bin with its stdout sent where a shell sends it. tap's hooks put
 * themselves back into NODE_OPTIONS of any child, so env(1) drops them before
 * bash: a hook that writes its own file as the child exits would meet the
 * shell's `ulimit -f` too, and print its stack.
 */
const shell = (script: string): ReturnType<typeof spawnSync> =>
  spawnSync(NODE, ['-u', 'NODE_OPTIONS', 'bash', '-c', script, 'bash', process.execPath, BIN, LOG], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } })

t.test('stdout to a full device is exit 2 with one line', async (t) => {
  const r = shell('"$1" "$2" build "$3" > /dev/full')
  t.equal(r.status, 2)
  t.equal(r.stderr, 'profiler-search: cannot write to stdout: no space left on the device (check where stdout goes: a full disk?)\n')
})

t.test('stdout to a file that cannot grow (ulimit -f) is exit 2, never a cut page with exit 0', async (t) => {
  const dir = t.testdir({})
  const r = shell(`ulimit -f 1; "$1" "$2" build "$3" > ${dir}/page.html`)
  t.equal(r.status, 2)
  t.equal(r.stderr, 'profiler-search: cannot write to stdout: the file would be larger than allowed (ulimit -f?) (check where stdout goes: a full disk?)\n')
})
