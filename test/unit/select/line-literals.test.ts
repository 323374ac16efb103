/** The text every line a search can list holds as it is written (src/select/line-literals.ts), for text and for JSON lines. */

import t from 'tap'
import { CRITERION_PARSERS, DEFAULT_CRITERIA, type Criteria } from '../../../src/select/criteria.js'
import { searchLiterals } from '../../../src/select/line-literals.js'

const search = (changes: Partial<Criteria>): ReturnType<typeof searchLiterals> => searchLiterals({ ...DEFAULT_CRITERIA, ...changes })

t.test('without an address or URL text: none (the default page\'s method and status are in most lines)', async (t) => {
  t.equal(search({}), null)
  t.equal(search({ method: null, status: null }), null)
})

t.test('with one: the status and the method join, in every kind of line; a class of status has no one text', async (t) => {
  const url = { url: CRITERION_PARSERS.url('sofa') }
  t.strictSame(search(url), { text: ['sofa', '200', 'GET'], json: ['sofa', '200', 'GET'] })
  t.strictSame(search({ ...url, status: CRITERION_PARSERS.status('4xx'), method: null }), { text: ['sofa'], json: ['sofa'] })
})

t.test('an address, most selective first: as given, or a range\'s whole leading octets; not an IPv6 range, not as anonymized', async (t) => {
  const ip = (text: string, anonymized = false) => search({ ip: { ...CRITERION_PARSERS.ip(text), anonymized }, method: null, status: null })
  t.strictSame(ip('203.0.113.99'), { text: ['203.0.113.99'], json: ['203.0.113.99'] })
  t.strictSame(ip('2001:db8::'), { text: ['2001:db8::'], json: ['2001:db8::'] })
  t.strictSame(ip('10.1.0.0/16'), { text: ['10.1.'], json: ['10.1.'] })
  t.strictSame(ip('10.1.2.3/32'), { text: ['10.1.2.3'], json: ['10.1.2.3'] })
  t.strictSame(ip('172.16.0.0/12'), { text: ['172.'], json: ['172.'] }, 'only the octets the range fixes whole')
  t.equal(ip('0.0.0.0/0'), null)
  t.equal(ip('2001:db8::/32'), null, 'IPv6 is written in more than one way')
  t.equal(ip('203.0.113.0', true), null, 'matched as shown with its host part zeroed: the line holds another address')
  t.strictSame(search({ ip: CRITERION_PARSERS.ip('10.0.3.9') }), { text: ['10.0.3.9', '200', 'GET'], json: ['10.0.3.9', '200', 'GET'] })
})

t.test('URL text: as it is where no writer escapes it; a JSON line may write / as \\/, so its longest stretch without one', async (t) => {
  const url = (text: string) => search({ url: CRITERION_PARSERS.url(text), method: null, status: null })
  t.strictSame(url('/moebel/sofas'), { text: ['/moebel/sofas'], json: ['moebel'] })
  t.strictSame(url('a"b\\cdef'), { text: ['cdef'], json: ['cdef'] }, 'nginx and Apache write " and \\ escaped')
  t.strictSame(url('/ä/abc'), { text: ['/abc'], json: ['abc'] }, 'non-ASCII bytes are written \\xHH')
  t.equal(url('!/robots.txt'), null, 'a URL left out is no literal')
})
