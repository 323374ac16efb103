/** The published file: --if-changed, and stdout closed early. */

import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs'
import t from 'tap'
import { BIN, fixture, NODE, ROOT, runCli } from '../helpers/run-cli.js'
import { writeLargeLog } from '../helpers/large-log.js'

const PAST = new Date('2020-01-02T03:04:05Z')

t.test('--if-changed leaves a byte-identical target and its mtime alone, and rewrites a changed one', async (t) => {
  const dir = t.testdir({})
  const target = `${dir}/index.html`
  const args = ['build', fixture('nginx/access.log'), '-o', target, '--if-changed']
  const first = await runCli(args)
  t.equal(first.code, 0)
  t.equal(first.stderr, '')
  const page = readFileSync(target, 'utf8')
  utimesSync(target, PAST, PAST)
  const { ino } = statSync(target)

  const same = await runCli(args)
  t.equal(same.code, 0)
  t.equal(same.stderr, '', 'quiet without --verbose')
  t.equal(statSync(target).mtimeMs, PAST.getTime(), 'mtime untouched')
  t.equal(statSync(target).ino, ino, 'the same file, not a copy')
  t.equal(readFileSync(target, 'utf8'), page)
  t.strictSame(readdirSync(dir), ['index.html'], 'its temporary file is gone')

  const changed = await runCli([...args, '--limit', '3'])
  t.equal(changed.code, 0)
  t.not(statSync(target).mtimeMs, PAST.getTime(), 'a new page is written')
  t.equal((readFileSync(target, 'utf8').match(/<tr>/g) ?? []).length, 4, 'the header row and 3 rows')

  const without = await runCli(['build', fixture('nginx/access.log'), '--limit', '3', '-o', target])
  t.equal(without.code, 0)
  utimesSync(target, PAST, PAST)
  await runCli(['build', fixture('nginx/access.log'), '--limit', '3', '-o', target])
  t.not(statSync(target).mtimeMs, PAST.getTime(), 'without --if-changed an identical page is written again')
})

t.test('--if-changed says what it did under --verbose', async (t) => {
  const dir = t.testdir({})
  const args = ['build', fixture('nginx/access.log'), '-o', `${dir}/index.html`, '--if-changed', '--verbose']
  await runCli(args)
  const r = await runCli(args)
  t.equal(r.code, 0)
  t.ok(r.stderr.split('\n').includes(`profiler-search: ${dir}/index.html is unchanged, left as it was (--if-changed)`), r.stderr)
})

t.test('--if-changed needs --output', async (t) => {
  const r = await runCli(['build', '--if-changed', fixture('nginx/access.log')])
  t.equal(r.code, 2)
  t.equal(r.stdout, '')
  t.equal(r.stderr, 'profiler-search: --if-changed needs --output <file> (stdout is written every time; give -o out.html)\n')
})

t.test('stdout closed early (| head -c 10): exit 0, quietly', async (t) => {
  const dir = t.testdir({})
  writeLargeLog(`${dir}/access.log`, 20_000, 3)
  const script = '"$0" "$1" build --limit 3000 "$2" | head -c 10; echo " ${PIPESTATUS[0]}"'
  const run = (): Promise<{ stdout: string; stderr: string }> => new Promise((resolve, reject) => {
    const child = spawn(NODE, ['-u', 'NODE_OPTIONS', 'bash', '-c', script, process.execPath, BIN, `${dir}/access.log`], { cwd: ROOT, env: { ...process.env, TZ: 'UTC', LANG: 'C' } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (b: Buffer) => { stdout += b.toString('utf8') })
    child.stderr.on('data', (b: Buffer) => { stderr += b.toString('utf8') })
    child.on('error', reject)
    child.on('close', () => resolve({ stdout, stderr }))
  })
  const r = await run()
  t.equal(r.stdout, '<!DOCTYPE  0\n', 'ten bytes of the page, then the exit code of the build')
  t.equal(r.stderr, '', 'no EPIPE message, no stack')
})
