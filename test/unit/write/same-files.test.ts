import { lstatSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import t, { type Test } from 'tap'
import { sameFiles, type IgnoredRegion } from '../../../src/write/same-files.js'

const STAMP: IgnoredRegion = { start: '<p class="page-stamp">', end: '</p>' }
const page = (stamp: string, rest = 'the rows'): string => `<h2>3 results found</h2>\n<p class="page-stamp">${stamp}</p>\n${rest}\n<p>end</p>\n`

/** Whether `written` would leave the target holding `target` alone, compared apart from `ignoring`. */
const same = async (t: Test, target: string, written: string, ignoring: IgnoredRegion | null = STAMP): Promise<boolean> => {
  const dir = t.testdir({})
  writeFileSync(`${dir}/target`, target)
  writeFileSync(`${dir}/new`, written)
  const handle = await open(`${dir}/new`, 'r')
  try {
    return await sameFiles(`${dir}/target`, lstatSync(`${dir}/target`), handle, Buffer.byteLength(written), ignoring)
  } finally {
    await handle.close()
  }
}
t.test('byte for byte without a region', async (t) => {
  t.equal(await same(t, 'abc', 'abc', null), true)
  t.equal(await same(t, 'abc', 'abd', null), false)
  t.equal(await same(t, page('Generated 1'), page('Generated 2'), null), false, 'the stamp counts')
})

t.test('a page apart from its stamp', async (t) => {
  t.equal(await same(t, page('Generated 22.11.2026 13:50:00'), page('Generated 26.11.2026 9:01:00; newest line read: x')), true, 'only the stamp differs')
  t.equal(await same(t, page('Generated 1'), page('Generated 1', 'other rows')), false, 'the rows differ')
  t.equal(await same(t, page('Generated 1'), page('Generated 1').replace('<p>end</p>', '<p>End</p>')), false, 'after the stamp counts')
  t.equal(await same(t, 'no stamp\n', page('Generated 1')), false, 'an older page without a stamp')
  t.equal(await same(t, '<p class="page-stamp">never closed', '<p class="page-stamp">never closed either'), false, 'an unclosed region is text')
  t.equal(await same(t, 'x<p class="page-stamp">a</p><p class="page-stamp">b</p>', 'x<p class="page-stamp">c</p><p class="page-stamp">d</p>'), false,
    'only the first region is left out')
})

t.test('the region may straddle the blocks the files are read in', async (t) => {
  for (const before of [64 * 1024 - 10, 64 * 1024 - 22, 64 * 1024 - 1, 64 * 1024, 2 * 64 * 1024 - 3]) {
    const head = 'x'.repeat(before)
    const long = 's'.repeat(64 * 1024 + 7)
    t.equal(await same(t, `${head}${page('Generated 1')}`, `${head}${page(`Generated 2 ${long}`)}`), true, `at ${before}: the stamp left out`)
    t.equal(await same(t, `${head}${page('Generated 1')}`, `${head}${page('Generated 2', 'more rows')}`), false, `at ${before}: what follows counts`)
  }
})
