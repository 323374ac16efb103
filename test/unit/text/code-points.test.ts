/** Texts in code point order (src/text/code-points.ts): the same in every locale, upper case before lower, as `sort()` with no compare. */

import t from 'tap'
import { byCodePoints } from '../../../src/text/code-points.js'

t.test('code point order, not a locale\'s', async (t) => {
  t.strictSame(['b.log', 'a.log', 'B.log', 'ä.log', 'a.log'].sort(byCodePoints), ['B.log', 'a.log', 'a.log', 'b.log', 'ä.log'])
  t.equal(byCodePoints('x', 'x'), 0)
  t.equal(byCodePoints('web10/access.log', 'web2/access.log'), -1, 'digits as text')
})
