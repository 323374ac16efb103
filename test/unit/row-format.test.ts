/**
 * The row as data (src/row-format.ts): the keys in output order, and the
 * schemas, which accept the rows and documents `build` writes and nothing
 * else.
 */

import t from 'tap'
import { LISTING_SCHEMA_FILE, readSchema, ROW_KEYS, ROW_SCHEMA_FILE, schemaValidators, SERVER_KEY } from '../../src/row-format.js'
import { ROW_A } from '../helpers/emitted-rows.js'
import { fixture, runCli } from '../helpers/run-cli.js'

t.test('the keys, in output order, are the schema\'s, all required but server, last', async (t) => {
  const schema = readSchema(ROW_SCHEMA_FILE) as { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean }
  t.strictSame([...ROW_KEYS, SERVER_KEY], Object.keys(schema.properties))
  t.strictSame(ROW_KEYS, schema.required)
  t.ok(schemaValidators().row({ ...ROW_A, server: 'web1' }), 'a row may name its server')
  t.notOk(schemaValidators().row({ ...ROW_A, server: '' }), 'not as nothing')
  t.equal(schema.additionalProperties, false)
  t.match(readSchema(LISTING_SCHEMA_FILE), { $id: 'listing.schema.json', required: ['count', 'rows'] })
})

t.test('the validators are compiled once', async (t) => {
  t.equal(schemaValidators(), schemaValidators())
})

t.test('the schemas accept the rows and the documents build writes', async (t) => {
  const runs: [string[], number][] = [
    [['nginx/rotated/access.log.2.gz', 'nginx/rotated/access.log.1', 'nginx/rotated/access.log'], 30],
    [['nginx/json.log'], 30],
    [['apache/vhost_combined.log'], 30],
  ]
  for (const [names, listed] of runs) {
    const logs = names.map(fixture)
    const ndjson = await runCli(['build', ...logs, '--emit', 'ndjson', '--limit', '1000'])
    t.equal(ndjson.code, 0, ndjson.stderr)
    const rows = ndjson.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)
    t.equal(rows.length, listed, `${names.join(' ')}: every row listed`)
    t.strictSame(rows.filter((row) => !schemaValidators().row(row)), [], 'every row is valid')
    const json = await runCli(['build', ...logs, '--emit', 'json', '--limit', '1000'])
    t.equal(json.code, 0, json.stderr)
    t.ok(schemaValidators().listing(JSON.parse(json.stdout)), 'the document is valid')
    t.strictSame(JSON.parse(json.stdout), { count: listed, rows }, 'the same rows in both')
  }
})

t.test('the row schema rejects what is not a row', async (t) => {
  const valid = schemaValidators().row
  t.ok(valid(ROW_A))
  t.notOk(valid({ ...ROW_A, extra: 1 }), 'no other keys')
  t.notOk(valid({ ...ROW_A, status: '200' }))
  t.notOk(valid({ ...ROW_A, token: '6B02B04300001' }), 'tokens are lower-case hex')
  t.notOk(valid({ ...ROW_A, timestamp: '2026-11-22T09:05:07Z' }), 'the offset is written as +00:00')
  t.notOk(valid({ ...ROW_A, timestamp: '2026-11-22T09:05:07.1234+00:00' }), 'fractions have 3 or 6 digits')
  t.notOk(valid({ ...ROW_A, time: '22.11.2026 09:05:07' }), 'the hour is not zero-padded')
  t.notOk(valid({ ...ROW_A, line: 0 }))
  t.ok(valid({ ...ROW_A, line: null, byteOffset: 0 }), 'a line read from the end has a byte offset')
  t.notOk(valid({ ...ROW_A, byteOffset: -1 }))
  t.notOk(valid({ ...ROW_A, byteOffset: '0' }))
  const withoutRaw: Partial<typeof ROW_A> = { ...ROW_A }
  delete withoutRaw.raw
  t.notOk(valid(withoutRaw), 'every key is required')
})
