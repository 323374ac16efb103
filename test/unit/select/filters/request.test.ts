import t from 'tap'
import { InvalidCriterion } from '../../../../src/select/filters/invalid-criterion.js'
import {
  parseMethod, parseStatus, parseUrl, statusMatcher, statusText, urlMatcher, urlText,
} from '../../../../src/select/filters/request.js'

const METHOD_HINT = 'give a method such as GET, POST or HEAD, or any for every method'
const STATUS_HINT = 'give a status code such as 404, a class such as 2xx or 4xx, or any for every status'
const URL_HINT = 'give part of a URL such as /moebel/, or !/robots.txt to leave such URLs out'

t.test('parseMethod: exact and upper-cased, or any', async (t) => {
  t.equal(parseMethod('GET'), 'GET')
  t.equal(parseMethod('head'), 'HEAD')
  t.equal(parseMethod('Propfind'), 'PROPFIND')
  t.equal(parseMethod('M-SEARCH'), 'M-SEARCH')
  t.equal(parseMethod('any'), null)
  t.equal(parseMethod('ANY'), null)
  for (const bad of ['', 'GET POST', 'G/ET', '1GET', '-GET', 'GET\n', '<b>']) {
    t.throws(() => parseMethod(bad), new InvalidCriterion(METHOD_HINT), JSON.stringify(bad))
  }
})

t.test('parseStatus: a code, a class, or any', async (t) => {
  t.strictSame(parseStatus('404'), { kind: 'code', code: 404 })
  t.strictSame(parseStatus('100'), { kind: 'code', code: 100 })
  t.strictSame(parseStatus('999'), { kind: 'code', code: 999 })
  t.strictSame(parseStatus('2xx'), { kind: 'class', hundreds: 2 })
  t.strictSame(parseStatus('5XX'), { kind: 'class', hundreds: 5 })
  t.equal(parseStatus('any'), null)
  t.equal(parseStatus('Any'), null)
  for (const bad of ['', '42', '1000', '099', '0xx', 'xx', '2x', '2xxx', '20x', ' 200', '2e2', 'ok']) {
    t.throws(() => parseStatus(bad), new InvalidCriterion(STATUS_HINT), JSON.stringify(bad))
  }
})

t.test('statusMatcher', async (t) => {
  const codes = [199, 200, 204, 299, 300, 404, 499, 500]
  t.strictSame(codes.map(statusMatcher({ kind: 'code', code: 404 })), [false, false, false, false, false, true, false, false])
  t.strictSame(codes.map(statusMatcher({ kind: 'class', hundreds: 2 })), [false, true, true, true, false, false, false, false])
  t.strictSame(codes.map(statusMatcher({ kind: 'class', hundreds: 4 })), [false, false, false, false, false, true, true, false])
})

t.test('parseUrl: a substring, or with ! its absence', async (t) => {
  t.strictSame(parseUrl('sofa'), { text: 'sofa', exclude: false })
  t.strictSame(parseUrl('!sofa'), { text: 'sofa', exclude: true })
  t.strictSame(parseUrl('!!x'), { text: '!x', exclude: true }, 'only the first ! is the switch')
  t.strictSame(parseUrl('a!'), { text: 'a!', exclude: false })
  t.strictSame(parseUrl('<script>'), { text: '<script>', exclude: false }, 'any text: it is only compared')
  for (const bad of ['', '!']) t.throws(() => parseUrl(bad), new InvalidCriterion(URL_HINT), JSON.stringify(bad))
})

t.test('urlMatcher', async (t) => {
  const urls = ['/moebel/12/sofa-bergen', '/robots.txt', '/moebel/', '/anfrage?sInquiry=detail&sOrdernumber=SW1']
  t.strictSame(urls.map(urlMatcher(parseUrl('sofa'))), [true, false, false, false])
  t.strictSame(urls.map(urlMatcher(parseUrl('!sofa'))), [false, true, true, true])
  t.strictSame(urls.map(urlMatcher(parseUrl('/moebel/'))), [true, false, true, false])
  t.strictSame(urls.map(urlMatcher(parseUrl('SOFA'))), [false, false, false, false], 'case matters, as in the original')
  t.strictSame(urls.map(urlMatcher(parseUrl('sOrdernumber=SW'))), [false, false, false, true], 'the query counts')
})

t.test('as the search form shows them', async (t) => {
  t.equal(statusText({ kind: 'code', code: 404 }), '404')
  t.equal(statusText({ kind: 'class', hundreds: 3 }), '3xx')
  t.equal(urlText(null), '')
  t.equal(urlText({ text: 'sofa', exclude: false }), 'sofa')
  t.equal(urlText({ text: 'sofa', exclude: true }), '!sofa')
})
