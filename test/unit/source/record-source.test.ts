/** The warning of --partial-ok (src/source/record-source.ts): the input's error, and how many lines were kept. */

import t from 'tap'
import { partialWarning } from '../../../src/source/record-source.js'

t.test('the error, then what was kept, one line or many', async (t) => {
  t.equal(partialWarning('cannot read a.gz: the gzip data is truncated', 0), 'cannot read a.gz: the gzip data is truncated; kept the 0 lines read before the error (--partial-ok)')
  t.equal(partialWarning('cannot read a.gz: x', 1), 'cannot read a.gz: x; kept the 1 line read before the error (--partial-ok)')
  t.equal(partialWarning('cannot read a.gz: x', 1500), 'cannot read a.gz: x; kept the 1500 lines read before the error (--partial-ok)')
})
