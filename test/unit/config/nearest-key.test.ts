import t from 'tap'
import { editDistance, nearestKey } from '../../../src/config/nearest-key.js'

t.test('edit distance', async (t) => {
  t.equal(editDistance('limit', 'limit'), 0)
  t.equal(editDistance('limt', 'limit'), 1)
  t.equal(editDistance('kitten', 'sitting'), 3)
  t.equal(editDistance('', 'abc'), 3)
})

t.test('the nearest allowed key', async (t) => {
  const keys = ['output', 'limit', 'tz', 'emit', 'logFormat', 'shapes']
  t.equal(nearestKey('limt', keys), 'limit')
  t.equal(nearestKey('log_format', keys), 'logFormat')
  t.equal(nearestKey('LIMIT', keys), 'limit', 'case does not count')
  t.equal(nearestKey('log-format', keys), 'logFormat', 'the flag name finds its key')
  t.equal(nearestKey('shape', keys), 'shapes')
  t.equal(nearestKey('colour', ['tz', 'emit']), 'tz', 'always the nearest, even when far; the first of equals')
  t.equal(nearestKey('x', []), null)
})
