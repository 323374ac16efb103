/**
 * The line compiler writes each text format out as one generated function;
 * the closure steps are its reference and its fallback where the engine may
 * not make code from text. These tests prove which one a run actually uses.
 */

import { spawnSync } from 'node:child_process'
import t from 'tap'
import { parseLogFormat } from '../../../../src/parse/format/log-format-option.js'
import { preset, probeCandidates } from '../../../../src/parse/format/presets.js'
import { DEFAULT_READ_OPTIONS, readSettings } from '../../../../src/source/read-settings.js'
import { NODE, NODE_ARGS, ROOT } from '../../../helpers/run-cli.js'

const NGINX = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" rt=$request_time'
const APACHE = '%h %l %u %t \\"%r\\" %>s %b \\"%{Referer}i\\" \\"%{User-Agent}i\\" %D'
const LINE = '192.0.2.1 - - [22/Nov/2026:10:00:00 +0100] "GET /moebel/ HTTP/1.1" 200 3 "-" "curl/8"'

t.test('the presets and custom formats run as generated code', async (t) => {
  for (const name of ['combined', 'common', 'vhost_combined'] as const) {
    const spec = preset(name)
    t.equal(spec.kind === 'text' && spec.parse.runs, 'inline', name)
  }
  for (const candidate of probeCandidates()) {
    const read = candidate.read()
    if (read.kind === 'text') t.equal(read.parse.runs, 'inline', `auto reads ${candidate.name} as generated code`)
    if (candidate.probe.kind === 'text') t.equal(candidate.probe.parse.runs, 'inline', `auto probes ${candidate.name} as generated code`)
  }
  for (const text of [NGINX, APACHE]) {
    const fixed = readSettings({ ...DEFAULT_READ_OPTIONS, logFormat: parseLogFormat(text) }).fixed
    t.equal(fixed?.spec.kind === 'text' && fixed.spec.parse.runs, 'inline', text)
  }
})

t.test('where the engine may not make code from text, the closures run, with the same slots', async (t) => {
  const script = `
    import { preset } from './src/parse/format/presets.ts'
    const spec = preset('combined')
    console.log(JSON.stringify({ runs: spec.parse.runs, slots: spec.parse(${JSON.stringify(LINE)}) }))`
  const child = spawnSync(NODE, [...NODE_ARGS, '--disallow-code-generation-from-strings', '--import=tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })
  t.equal(child.status, 0, child.stderr)
  const spec = preset('combined')
  t.strictSame(JSON.parse(child.stdout), { runs: 'steps', slots: spec.kind === 'text' ? spec.parse(LINE) : null })
})
