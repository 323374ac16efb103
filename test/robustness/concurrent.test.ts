/** Builds racing for one target: each rename is atomic, so the target is always one complete page. */

import { readdirSync, readFileSync } from 'node:fs'
import t from 'tap'
import { runCli, spawnCli } from '../helpers/run-cli.js'
import { isCompletePage, writeLargeLog } from '../helpers/large-log.js'

t.test('two concurrent builds to the same target leave one complete page and no temporary file', async (t) => {
  const dir = t.testdir({ www: {} })
  writeLargeLog(`${dir}/access.log`, 20_000, 7)
  const target = `${dir}/www/index.html`
  const pageOf = async (limit: string): Promise<string> => (await runCli(['build', `${dir}/access.log`, '--limit', limit])).stdout
  const expected = [await pageOf('500'), await pageOf('800')]
  for (let round = 0; round < 5; round++) {
    // two processes: the race between separate runs is the point
    const [a, b] = await Promise.all(['500', '800'].map((limit) => spawnCli(['build', `${dir}/access.log`, '--limit', limit, '-o', target])))
    t.strictSame([a?.code, b?.code], [0, 0], `round ${round}: both succeed`)
    const page = readFileSync(target, 'utf8')
    t.ok(isCompletePage(page) && expected.includes(page), `round ${round}: the target is one of the two pages, whole`)
    t.strictSame(readdirSync(`${dir}/www`), ['index.html'], `round ${round}: neither removed the other's file, both cleaned up`)
  }
})
