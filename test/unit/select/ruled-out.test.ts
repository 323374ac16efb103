/** Which criterion ruled the lines out, in words (src/select/ruled-out.ts), from the counts of the record filter. */

import t from 'tap'
import { DEFAULT_CRITERIA, type Criteria } from '../../../src/select/criteria.js'
import { parseIp } from '../../../src/select/filters/ip.js'
import { parseTimeBound } from '../../../src/select/filters/time-range.js'
import { RuledOut, ruledOutNote, type StageName } from '../../../src/select/ruled-out.js'

/** A count of lines ruled out per stage. */
const counted = (stages: [StageName, number][]): RuledOut => {
  const ruledOut = new RuledOut(stages.map(([stage]) => stage))
  ruledOut.add(stages.map(([, n]) => n))
  return ruledOut
}

const note = (changes: Partial<Criteria>, stages: [StageName, number][]): string | null => ruledOutNote(counted(stages), { ...DEFAULT_CRITERIA, ...changes })

t.test('the criteria passed, then the first that let no line through', async (t) => {
  t.equal(note({ method: 'POST' }, [['request', 0], ['method', 12], ['status', 0], ['shapes', 27]]),
    '27 POST requests answered 200, none of a storefront URL.')
  t.equal(note({ method: 'POST', status: { kind: 'code', code: 404 } }, [['request', 0], ['method', 12], ['status', 27], ['shapes', 0]]),
    '27 POST requests, none answered 404.')
  t.equal(note({ method: 'PUT' }, [['request', 1], ['method', 39], ['status', 0], ['shapes', 0]]), '39 requests, none a PUT.', 'a line without a request is no request')
  t.equal(note({}, [['request', 3], ['method', 0]]), '3 lines read, none a request (TLS bytes, "-").')
  t.equal(note({ method: null, status: { kind: 'class', hundreds: 5 }, anyUrl: true }, [['request', 0], ['status', 1]]), '1 request, none answered 5xx.')
  t.equal(note({ ip: parseIp('10.'), method: null, status: null, anyUrl: true }, [['request', 0], ['ip', 5]]), '5 requests, none from "10.".')
  t.equal(note({ url: { text: '/api', exclude: true }, server: ['web1', 'web 2'] }, [['request', 0], ['method', 0], ['status', 2], ['url', 3], ['shapes', 0], ['server', 0]]),
    '3 GET requests answered 200, none without "/api" in the URL.')
  t.equal(note({ server: ['web1', 'web 2'] }, [['request', 0], ['method', 1], ['status', 0], ['shapes', 0], ['server', 4]]),
    '4 GET requests answered 200 of a storefront URL, none of "web1" or "web 2".')
  t.equal(note({ from: parseTimeBound('2026-11-22'), until: parseTimeBound('2026-11-23') }, [['request', 0], ['method', 0], ['status', 0], ['time', 9], ['shapes', 0]]),
    '9 GET requests answered 200, none from 2026-11-22 to 2026-11-23.')
  t.equal(note({ until: parseTimeBound('2026-11-23'), token: '6b02e3f426e8d' }, [['request', 0], ['method', 0], ['status', 0], ['token', 2], ['time', 0]]),
    '2 GET requests answered 200, none of the token\'s second.')
  t.equal(note({ crawlers: 'exclude' }, [['request', 0], ['method', 0], ['status', 0], ['shapes', 0], ['crawlers', 6]]),
    '6 GET requests answered 200 of a storefront URL, all by crawlers.')
  t.equal(note({ crawlers: 'only' }, [['request', 0], ['method', 0], ['status', 0], ['shapes', 0], ['crawlers', 1]]),
    '1 GET request answered 200 of a storefront URL, none by a crawler.')
})

t.test('no line read, or lines that passed every criterion: nothing to say; values made visible', async (t) => {
  t.equal(note({}, [['request', 0], ['method', 0]]), null)
  t.equal(ruledOutNote(new RuledOut([]), DEFAULT_CRITERIA), null)
  t.equal(note({ ip: { kind: 'substring', text: '\u202e1' } }, [['request', 0], ['method', 0], ['status', 0], ['shapes', 0], ['ip', 2]]),
    '2 GET requests answered 200 of a storefront URL, none from "<U+202E>1".')
})

t.test('the counts: one per line ruled out, added from elsewhere, taken and started again', async (t) => {
  const ruledOut = new RuledOut(['request', 'method'])
  ruledOut.count(1)
  ruledOut.count(1)
  ruledOut.add([3, 1])
  t.strictSame(ruledOut.counts, [3, 3])
  t.strictSame(ruledOut.take(), [3, 3])
  t.strictSame(ruledOut.counts, [0, 0])
})
