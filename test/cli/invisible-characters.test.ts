/**
 * No character that shows nothing or moves text reaches a page raw: whatever
 * field of the log, notice or search it comes from, it is named by code point.
 * Checked on the whole HTML of a page built from a JSON log (any code point in
 * any field, a lone surrogate too), PHP notices and a --url.
 */

import t from 'tap'
import { tableRows, unescapeHtml } from '../helpers/page.js'
import { runCli } from '../helpers/run-cli.js'

/** Issue 24's invisible characters. */
const INVISIBLE = [0xad, 0x34f, 0x115f, 0x1160, 0x180e, 0x17b4, 0x17b5, 0x2061, 0x2062, 0x2063, 0x2064, 0x206a, 0x206b, 0x206c,
  0x206d, 0x206e, 0x206f, 0x3164, 0xfe0f, 0xffa0, 0xfff9, 0x1bca0, 0x1d173, 0xe0100]
const TEXT = INVISIBLE.map((code) => `x${String.fromCodePoint(code)}`).join('')
const NAMED = INVISIBLE.map((code) => `x<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`).join('')
/** With a lone surrogate, which only JSON can spell (`\ud800`; in UTF-8 text it is U+FFFD). */
const JSON_TEXT = `${TEXT}x\ud800`
const JSON_NAMED = `${NAMED}x<U+D800>`
/** What the page may never hold raw (a line break of the markup aside). */
const RAW = /[^\P{Cc}\n]|[\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u

t.test('every field shows invisible characters by code point; the page holds none raw', async (t) => {
  const record = {
    remote_addr: JSON_TEXT, time_iso8601: '2026-11-22T12:02:01+00:00', request: `GET /${TEXT} HTTP/1.1`, status: 200, body_bytes_sent: 5,
    remote_user: JSON_TEXT, http_referer: JSON_TEXT, http_user_agent: JSON_TEXT, host: JSON_TEXT, http_x_forwarded_for: JSON_TEXT,
  }
  const dir = t.testdir({
    'access.ndjson': `${JSON.stringify(record)}\n`,
    'notices.log': `[22-Nov-2026 12:00:00 UTC] PHP Deprecated:  ${TEXT} in /var/www/${TEXT}.php on line 1\n`,
  })
  const r = await runCli(['build', '--log-format', 'json', '--any-url', '--url', TEXT, '--notices', `${dir}/notices.log`, `${dir}/access.ndjson`, '--full-paths'])
  t.equal(r.code, 0, r.stderr)
  t.equal(RAW.exec(r.stdout)?.[0], undefined, 'no raw invisible character anywhere in the HTML')
  t.ok(JSON.stringify(record).includes('x\\ud800"'), 'the log spells the lone surrogate as an escape')
  t.strictSame(tableRows(r.stdout).map((cells) => [cells[1], cells[3]]), [[JSON_NAMED, `/${NAMED}`]], 'the IP and URL columns')
  const text = unescapeHtml(r.stdout)
  for (const label of ['Remote user', 'Referer', 'User agent', 'Virtual host', 'X-Forwarded-For']) {
    t.ok(text.includes(`<dt>${label}</dt>\n<dd>${JSON_NAMED}</dd>`), `the ${label} detail`)
  }
  t.ok(text.includes(`<b>Deprecated</b>: ${NAMED} in <b>/var/www/${NAMED}.php</b>`), 'the notice')
  t.ok(text.includes(`<dt>URL</dt>\n<dd>${NAMED}</dd>`), 'the sidebar\'s URL')
  t.ok(text.includes(`<span>--url '${NAMED}'</span>`), 'the option that set it')
})
