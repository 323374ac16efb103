/**
 * An output that is also an input is refused before anything is read
 * (src/write/output-not-input.ts): `-o` that is an input by any name, an
 * `--out-dir` that holds an input.
 */

import { link, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { pinOutputFile } from '../../../src/write/atomic-file.js'
import { refuseOutputFileAmongInputs, refuseSiteHoldingInputs } from '../../../src/write/output-not-input.js'
import { pinSiteDir } from '../../../src/write/site-dir.js'
import { SITE_MARKER } from '../../../src/write/site-files.js'

/** Null when `-o output` is allowed beside these inputs, else the refusal's message and hint. */
const outputRefusal = async (output: string, inputs: string[], cwd: string): Promise<string | null> => {
  const place = await pinOutputFile(output, cwd)
  try {
    await refuseOutputFileAmongInputs(place, inputs, cwd)
    return null
  } catch (e) {
    const { message, hint, exitCode } = e as { message: string; hint: string; exitCode: number }
    return `${exitCode}: ${message} (${hint})`
  } finally {
    await place.folder.close()
  }
}

const siteRefusal = async (dir: string, inputs: string[], cwd: string): Promise<string | null> => {
  const place = await pinSiteDir(dir, cwd)
  try {
    await refuseSiteHoldingInputs(place, inputs, cwd)
    return null
  } catch (e) {
    const { message, hint, exitCode } = e as { message: string; hint: string; exitCode: number }
    return `${exitCode}: ${message} (${hint})`
  } finally {
    await place.parent.close()
  }
}

t.test('-o: the same file as an input, by any name, is refused', async (t) => {
  const dir = t.testdir({ 'access.log': 'log\n', other: {}, 'page.html': 'page' })
  await link(join(dir, 'access.log'), join(dir, 'hard.log'))
  await symlink(join(dir, 'access.log'), join(dir, 'other', 'soft.log'))
  const refusal = (input: string) => `2: refusing to write access.log: it is the input ${input} (give another --output; the page would replace the log)`
  t.equal(await outputRefusal('access.log', ['access.log'], dir), refusal('access.log'))
  t.equal(await outputRefusal('access.log', ['page.html', './access.log'], dir), refusal('./access.log'), 'the first input that is it is named')
  t.equal(await outputRefusal('access.log', [join(dir, 'access.log')], dir), refusal(join(dir, 'access.log')), 'an absolute name')
  t.equal(await outputRefusal('access.log', ['hard.log'], dir), refusal('hard.log'), 'a hard link')
  t.equal(await outputRefusal('access.log', ['other/soft.log'], dir), refusal('other/soft.log'), 'a link to it')
  t.equal(await outputRefusal('other/../access.log', ['access.log'], dir), '2: refusing to write other/../access.log: it is the input access.log (give another --output; the page would replace the log)')
})

t.test('-o: other files, stdin, inputs not there, and a new target are not refused', async (t) => {
  const dir = t.testdir({ 'access.log': 'log\n', 'page.html': 'page' })
  t.equal(await outputRefusal('page.html', ['access.log', '-', 'missing.log'], dir), null)
  t.equal(await outputRefusal('new.html', ['access.log', 'new.html'], dir), null, 'nothing at the target yet')
  t.equal(await outputRefusal('page.html', [], dir), null)
})

t.test('--out-dir: an input inside it, at any depth or through a link, is refused', async (t) => {
  const dir = t.testdir({ site: { [SITE_MARKER]: '', 'access.log': 'log\n', logs: { 'deep.log': 'log\n' } } })
  await symlink(join(dir, 'site', 'access.log'), join(dir, 'outside-link.log'))
  const refusal = (input: string) => `2: refusing --out-dir site: the input ${input} is in it (the site replaces the folder as a whole; keep the logs elsewhere)`
  t.equal(await siteRefusal('site', ['site/access.log'], dir), refusal('site/access.log'))
  t.equal(await siteRefusal('site', ['-', 'site/logs/deep.log'], dir), refusal('site/logs/deep.log'))
  t.equal(await siteRefusal('site', ['outside-link.log'], dir), refusal('outside-link.log'), 'a link outside to a file inside')
  t.equal(await siteRefusal('./site/', [join(dir, 'site/access.log')], dir), `2: refusing --out-dir ./site/: the input ${join(dir, 'site/access.log')} is in it (the site replaces the folder as a whole; keep the logs elsewhere)`)
})

t.test('--out-dir: inputs beside it (a name it begins) and a folder not made yet are not refused', async (t) => {
  const dir = t.testdir({ site: { [SITE_MARKER]: '' }, 'site-logs': { 'access.log': 'log\n' }, 'access.log': 'log\n' })
  t.equal(await siteRefusal('site', ['site-logs/access.log', 'access.log', 'site/missing.log'], dir), null)
  t.equal(await siteRefusal('new-site', ['access.log'], dir), null)
})
