/**
 * The line compiler writes each text format out as one function, compiled
 * with node:vm; `node --disallow-code-generation-from-strings` guards eval
 * and new Function only, so a run under it reads lines the same way.
 */

import { spawnSync } from 'node:child_process'
import t from 'tap'
import { preset } from '../../../../src/parse/format/presets.js'
import { NODE, NODE_ARGS, ROOT } from '../../../helpers/run-cli.js'

const LINE = '192.0.2.1 - - [22/Nov/2026:10:00:00 +0100] "GET /moebel/ HTTP/1.1" 200 3 "-" "curl/8"'

t.test('where the engine may not make code from strings (eval, new Function), lines read the same', async (t) => {
  const script = `
    import { preset } from './src/parse/format/presets.ts'
    const spec = preset('combined')
    let refused = false
    try { new Function('') } catch { refused = true }
    console.log(JSON.stringify({ refused, slots: spec.parse(${JSON.stringify(LINE)}) }))`
  const child = spawnSync(NODE, [...NODE_ARGS, '--disallow-code-generation-from-strings', '--import=tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })
  t.equal(child.status, 0, child.stderr)
  const spec = preset('combined')
  const slots = ['192.0.2.1', '-', '22/Nov/2026:10:00:00 +0100', 'GET /moebel/ HTTP/1.1', '200', '3', '-', 'curl/8']
  t.strictSame(spec.kind === 'text' && spec.parse(LINE), slots, 'without the flag')
  t.strictSame(JSON.parse(child.stdout), { refused: true, slots }, 'under it')
})
