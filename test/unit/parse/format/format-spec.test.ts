import t from 'tap'
import { hasRole, type FieldSpec } from '../../../../src/parse/format/format-spec.js'

t.test('hasRole: whether any field of the format has the role', async (t) => {
  const fields: FieldSpec[] = [{ role: 'ip', name: '%h', rank: 1 }, { role: 'time', name: '%t', rank: 1 }, { role: 'ip', name: '%a', rank: 2 }]
  t.strictSame((['ip', 'time', 'status', 'path'] as const).map((role) => hasRole({ fields }, role)), [true, true, false, false])
  t.equal(hasRole({ fields: [] }, 'ip'), false, 'a format without fields has none')
})
