/**
 * The last step of every command (src/write/publisher.ts): a publisher per
 * run, opened before anything is read. `-o`: a temporary file reserved from
 * the start, published atomically, again and again into the folder pinned
 * at the start; `--out-dir`: the site; else stdout. An output that is an
 * input is refused before anything is reserved.
 */

import { readdir, readFile, rename, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import t from 'tap'
import type { ProfileRow } from '../../../src/record.js'
import type { Listing, OutputFormat } from '../../../src/render/listing.js'
import { FilePublisher, openPublisher, SitePublisher, StdoutPublisher, type PublishTarget } from '../../../src/write/publisher.js'
import { SITE_MARKER } from '../../../src/write/site-files.js'
import { parseTempName } from '../../../src/write/temp-files.js'
import { makeRecord } from '../../helpers/record.js'

const JSON_FORMAT: OutputFormat = { emit: 'json', zone: 'UTC' }

/** A listing of `n` rows, the first at 10:05:07 UTC. */
const listingOf = (n: number): Listing => ({
  rows: Array.from({ length: n }, (_, i): ProfileRow => ({
    status: 200, ip: '192.0.2.1', method: 'GET', url: `/p${i}`, date: '22.11.2026', clock: '10:05:07', token: (0x6b02af1b00000 + i).toString(16),
    record: makeRecord({ time: 1_795_341_907_000, target: `/p${i}`, request: `GET /p${i} HTTP/1.1` }),
  })),
  search: null,
  notices: [],
  refresh: null,
})

/** What `--emit json` writes for listingOf(n): its count and the URLs of its rows. */
const published = async (path: string): Promise<string> => {
  const { count, rows } = JSON.parse(await readFile(path, 'utf8')) as { count: number; rows: { url: string }[] }
  return `${count}: ${rows.map((row) => row.url).join(' ')}`
}

const target = (changes: Partial<PublishTarget>): PublishTarget => ({ output: null, outDir: null, format: JSON_FORMAT, inputs: [], ...changes })

const noStdout = (): Writable => {
  throw new Error('stdout asked for')
}

/** The names in `dir`, temporary files of `target` shown as `<tmp>`. */
const entries = async (dir: string, targetName: string): Promise<string[]> =>
  (await readdir(dir)).map((name) => parseTempName(join(dir, targetName), name)?.kind === 'tmp' ? '<tmp>' : name).sort()

t.test('-o: a temporary file from the start; each publish replaces the file, the next one reserved only when it publishes', async (t) => {
  const dir = t.testdir()
  const publisher = await openPublisher(target({ output: 'out.json' }), dir, noStdout)
  t.ok(publisher instanceof FilePublisher)
  t.equal(publisher.name, 'out.json')
  t.strictSame(await entries(dir, 'out.json'), ['<tmp>'], 'reserved before anything is read')
  t.equal(await publisher.publish(listingOf(1)), 'written')
  t.equal(await published(join(dir, 'out.json')), '1: /p0')
  t.strictSame(await entries(dir, 'out.json'), ['out.json'], 'no temporary file waits between two publishes')
  t.equal(await publisher.publish(listingOf(2)), 'written')
  t.equal(await published(join(dir, 'out.json')), '2: /p0 /p1')
  t.equal(await publisher.publish(listingOf(2), { ifChanged: true }), 'unchanged')
  t.strictSame(await entries(dir, 'out.json'), ['out.json'])
  await publisher.close()
  t.strictSame(await entries(dir, 'out.json'), ['out.json'])
})

t.test('-o: close() without a publish takes the reserved file away', async (t) => {
  const dir = t.testdir()
  const publisher = await openPublisher(target({ output: 'out.json' }), dir, noStdout)
  t.strictSame(await entries(dir, 'out.json'), ['<tmp>'])
  await publisher.close()
  t.strictSame(await readdir(dir), [])
})

t.test('-o: every publish goes into the folder pinned at the start, whatever its path leads to later', async (t) => {
  const dir = t.testdir({ site: {}, elsewhere: {} })
  const publisher = await openPublisher(target({ output: 'site/out.json' }), dir, noStdout)
  t.teardown(() => publisher.close())
  await publisher.publish(listingOf(1))
  await rename(join(dir, 'site'), join(dir, 'site-old'))
  await symlink(join(dir, 'elsewhere'), join(dir, 'site'))
  await publisher.publish(listingOf(3))
  t.equal(await published(join(dir, 'site-old', 'out.json')), '3: /p0 /p1 /p2')
  t.strictSame(await readdir(join(dir, 'elsewhere')), [], 'nothing through the link put in its place')
})

t.test('-o: an output that is an input is refused, and nothing is left behind', async (t) => {
  const dir = t.testdir({ 'access.log': 'a log\n' })
  await t.rejects(openPublisher(target({ output: 'access.log', inputs: ['access.log'] }), dir, noStdout), {
    message: 'refusing to write access.log: it is the input access.log', exitCode: 2,
  })
  t.strictSame(await readdir(dir), ['access.log'])
  t.equal(await readFile(join(dir, 'access.log'), 'utf8'), 'a log\n')
})

t.test('--out-dir: the site, published again and again', async (t) => {
  const dir = t.testdir()
  const publisher = await openPublisher(target({ outDir: 'site' }), dir, noStdout)
  t.ok(publisher instanceof SitePublisher)
  t.equal(publisher.name, '--out-dir site')
  t.equal(await publisher.publish(listingOf(1)), 'written')
  t.equal(await publisher.publish(listingOf(2)), 'written')
  await publisher.close()
  t.strictSame((await readdir(join(dir, 'site'))).sort(), [SITE_MARKER, 'index.html', 'profile-search.css', 'profiles'].sort())
  t.strictSame((await readdir(join(dir, 'site', 'profiles'))).sort(), ['6b02af1b00000.html', '6b02af1b00001.html'])
  t.strictSame(await readdir(dir), ['site'], 'no working folder left beside it')
})

t.test('--out-dir: a site of ours holding an input is refused', async (t) => {
  const dir = t.testdir({ site: { [SITE_MARKER]: '', 'access.log': 'a log\n' } })
  await t.rejects(openPublisher(target({ outDir: 'site', inputs: ['site/access.log'] }), dir, noStdout), {
    message: 'refusing --out-dir site: the input site/access.log is in it', exitCode: 2,
  })
  t.strictSame((await readdir(join(dir, 'site'))).sort(), [SITE_MARKER, 'access.log'].sort())
  t.strictSame(await readdir(dir), ['site'])
})

t.test('stdout: asked for only when written, the listing as the format says', async (t) => {
  const written: string[] = []
  let asked = 0
  const stdout = (): Writable => {
    asked++
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        written.push(chunk.toString('utf8'))
        done()
      },
    })
  }
  const publisher = await openPublisher(target({ format: { emit: 'ndjson', zone: 'UTC' } }), t.testdir(), stdout)
  t.ok(publisher instanceof StdoutPublisher)
  t.equal(publisher.name, 'stdout')
  t.equal(asked, 0)
  t.equal(await publisher.publish(listingOf(2)), 'stdout')
  t.equal(asked, 1)
  t.strictSame(written.join('').split('\n').map((line) => line && (JSON.parse(line) as { url: string }).url), ['/p0', '/p1', ''])
  await publisher.close()
})

t.test('-o into a folder that is not there: refused before anything is reserved', async (t) => {
  const dir = t.testdir()
  await t.rejects(openPublisher(target({ output: 'missing/out.json' }), dir, noStdout), {
    message: 'cannot write missing/out.json: its folder does not exist', exitCode: 2,
  })
  t.strictSame(await readdir(dir), [])
})
