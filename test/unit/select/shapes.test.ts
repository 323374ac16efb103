import t from 'tap'
import { defaultRowRule, hasListedShape } from '../../../src/select/shapes.js'

const RESERVED = [
  'backend', 'widgets', 'api', 'media', 'web', 'themes', 'engine', 'custom', 'files', 'var',
  'vendor', 'recovery', 'frontend', 'account', 'checkout', 'note', 'register', 'search',
  'listing', 'detail', 'compare', 'newsletter', 'ticket', 'address', 'sitemap', 'tellafriend',
  'blog', 'profiler', 'csrftoken', 'forms',
]

const INQ = 'sInquiry=detail&sOrdernumber=SW10001'

// [target, listed?, why]
const targets: [string, boolean, string][] = [
  // every shape
  ['/moebel/', true, 'category'],
  ['/moebel-2/', true, 'category with hyphen and digit'],
  ['/2-moebel/', true, 'category starting with a digit'],
  ['/4k/', true, 'digits and letters'],
  ['/blogs/', true, 'reserved only as a whole word'],
  ['/api-docs/', true, 'reserved only as a whole word'],
  ['/moebel/12/sofa-blau-3', true, 'article'],
  ['/moebel/1/2', true, 'slug of digits'],
  ['/moebel/sofas/12/sofa-blau', true, 'subcategory article'],
  ['/moebel/sofas/12/sofa-blau?c=7', true, 'subcategory article with c'],
  ['/moebel/sofas/12/sofa-blau?c=1234567', true, 'long c'],
  ['/anfrage-formular?' + INQ, true, 'inquiry'],
  ['/anfrage-formular?sOrdernumber=SW10001&sInquiry=detail', true, 'inquiry, other order'],
  ['/anfrage?sInquiry=detail&sOrdernumber=SW10001.2', true, 'order number with dot and digits'],
  ['/anfrage?sInquiry=detail&sOrdernumber=sw1', true, 'lower-case order number'],
  ['/forms/index/id/5', true, 'form'],
  ['/forms/index/id/120', true, 'form'],
  ['/robots.txt', true, 'robots'],
  ['/sitemap_index.xml', true, 'sitemap index'],
  // absolute form
  ['http://shop.example/moebel/', true, 'absolute form'],
  ['https://h:8443/robots.txt', true, 'absolute form with port'],
  ['http://shop.example/moebel/sofas/12/sofa?c=2', true, 'absolute form with query'],
  ['HTTP://shop.example/moebel/', true, 'scheme is case-insensitive'],
  ['http://h', false, 'absolute form without path'],
  ['http://h/', false, 'root'],
  ['http://h?c=1', false, 'absolute form, query only'],
  ['http://shop.example//moebel/', false, 'empty segment after host'],
  ['/', false, 'root'],
  ['', false, 'empty target'],
  ['moebel/', false, 'no leading slash'],
  ['*', false, 'asterisk form'],
  // empty segments
  ['//moebel/', false, 'empty first segment'],
  ['//x/', false, 'empty first segment'],
  ['/moebel//', false, 'empty segment'],
  ['/moebel//12/sofa', false, 'empty subcategory'],
  ['/moebel/12//sofa', false, 'empty segment'],
  ['/moebel/12/', false, 'empty slug'],
  ['//robots.txt', false, 'empty first segment'],
  // category
  ['/moebel', false, 'no trailing slash'],
  ['/123/', false, 'only digits'],
  ['/123/12/sofa', false, 'only digits'],
  ['/moebel/123/12/sofa', false, 'subcategory only digits'],
  ['/a--b/', false, 'double hyphen'],
  ['/-a/', false, 'leading hyphen'],
  ['/a-/', false, 'trailing hyphen'],
  ['/a_b/', false, 'underscore'],
  ['/a.b/', false, 'dot'],
  ['/Moebel/', false, 'upper case'],
  ['/moebel/Sofas/12/sofa', false, 'upper-case subcategory'],
  ['/m%C3%B6bel/', false, 'percent-encoded'],
  ['/m%c3%b6bel/', false, 'percent-encoded, lower hex'],
  ['/möbel/', false, 'non-ASCII'],
  ['/moebel/ /', false, 'space'],
  // article id
  ['/moebel/0/sofa', false, 'zero id'],
  ['/moebel/012/sofa', false, 'leading zero'],
  ['/moebel/-1/sofa', false, 'negative'],
  ['/moebel/+1/sofa', false, 'plus sign'],
  ['/moebel/1a/sofa', false, 'not an integer'],
  ['/moebel/1.5/sofa', false, 'not an integer'],
  ['/moebel/sofas/0/sofa', false, 'zero id, 4 segments'],
  ['/moebel/%31/sofa', false, 'percent-encoded digit'],
  // slug
  ['/moebel/12/sofa--blau', false, 'double hyphen'],
  ['/moebel/12/sofa-', false, 'trailing hyphen'],
  ['/moebel/12/-sofa', false, 'leading hyphen'],
  ['/moebel/12/sofa_blau', false, 'underscore'],
  ['/moebel/12/sofa.html', false, 'dot'],
  ['/moebel/12/Sofa', false, 'upper case'],
  ['/moebel/12/sofa%20blau', false, 'percent-encoded space'],
  ['/moebel/12/sofa/', false, 'trailing slash'],
  ['/moebel/12/sofa/x', false, 'extra segment'],
  ['/moebel/sofas/12/sofa/x', false, 'extra segment'],
  // no query on /c/ and /c/id/slug
  ['/moebel/?', false, 'empty query'],
  ['/moebel/?c=1', false, 'query on category'],
  ['/moebel/?p=2', false, 'query on category'],
  ['/moebel/12/sofa?', false, 'empty query'],
  ['/moebel/12/sofa?c=1', false, 'c only with subcategory'],
  // query on 4 segments
  ['/moebel/sofas/12/sofa?', false, 'empty query'],
  ['/moebel/sofas/12/sofa?c=', false, 'empty c'],
  ['/moebel/sofas/12/sofa?c', false, 'c without ='],
  ['/moebel/sofas/12/sofa?c=x', false, 'c not an integer'],
  ['/moebel/sofas/12/sofa?c=-1', false, 'c negative'],
  ['/moebel/sofas/12/sofa?c=1.5', false, 'c not an integer'],
  ['/moebel/sofas/12/sofa?C=1', false, 'upper-case C'],
  ['/moebel/sofas/12/sofa?c=1&c=2', false, 'duplicate c'],
  ['/moebel/sofas/12/sofa?c=1&p=2', false, 'extra param'],
  ['/moebel/sofas/12/sofa?p=2', false, 'other param'],
  ['/moebel/sofas/12/sofa?c=1&', false, 'trailing &'],
  ['/moebel/sofas/12/sofa?c=%31', false, 'percent-encoded c'],
  // inquiry form
  ['/anfrage', false, 'inquiry path without query'],
  ['/anfrage?', false, 'inquiry path, empty query'],
  ['/anfrage/?' + INQ, false, 'trailing slash'],
  ['/a/b?' + INQ, false, 'two segments'],
  ['/Anfrage?' + INQ, false, 'upper-case path'],
  ['/123?' + INQ, false, 'path only digits'],
  ['/anfrage?sInquiry=detail', false, 'missing order number'],
  ['/anfrage?sOrdernumber=SW10001', false, 'missing sInquiry'],
  ['/anfrage?' + INQ + '&x=1', false, 'extra param'],
  ['/anfrage?' + INQ + '&sInquiry=detail', false, 'duplicate param'],
  ['/anfrage?sInquiry=Detail&sOrdernumber=SW10001', false, 'sInquiry value case'],
  ['/anfrage?sInquiry=details&sOrdernumber=SW10001', false, 'sInquiry value'],
  ['/anfrage?sinquiry=detail&sOrdernumber=SW10001', false, 'param name case'],
  ['/anfrage?sInquiry=detail&sOrdernumber=', false, 'empty order number'],
  ['/anfrage?sInquiry=detail&sOrdernumber=SW10001.', false, 'dot without digits'],
  ['/anfrage?sInquiry=detail&sOrdernumber=SW10001.a', false, 'dot and letters'],
  ['/anfrage?sInquiry=detail&sOrdernumber=SW1.2.3', false, 'two dots'],
  ['/anfrage?sInquiry=detail&sOrdernumber=.2', false, 'only dot and digits'],
  ['/anfrage?sInquiry=detail&sOrdernumber=SW-1', false, 'hyphen'],
  ['/anfrage?sInquiry=detail&sOrdernumber=SW%201', false, 'percent-encoded'],
  ['/anfrage?sInquiry=detail;sOrdernumber=SW1', false, 'wrong separator'],
  // forms
  ['/forms/index/id/0', false, 'form id zero'],
  ['/forms/index/id/05', false, 'form id leading zero'],
  ['/forms/index/id/x', false, 'form id not an integer'],
  ['/forms/index/id/', false, 'no form id'],
  ['/forms/index/id/5/', false, 'trailing slash'],
  ['/forms/index/id/5?', false, 'empty query'],
  ['/forms/index/id/5?x=1', false, 'query'],
  ['/forms/index/5', false, 'missing id segment'],
  ['/Forms/index/id/5', false, 'upper case'],
  // fixed paths
  ['/robots.txt?', false, 'empty query'],
  ['/robots.txt?x=1', false, 'query'],
  ['/robots.txt/', false, 'trailing slash'],
  ['/ROBOTS.TXT', false, 'upper case'],
  ['/robots%2Etxt', false, 'percent-encoded dot'],
  ['/de/robots.txt', false, 'not at root'],
  ['/sitemap_index.xml?page=2', false, 'query'],
  ['/sitemap.xml', false, 'not a shape'],
  ['/sitemap_index.xml/', false, 'trailing slash'],
]

for (const word of RESERVED) {
  targets.push(
    [`/${word}/`, false, `reserved ${word} as category`],
    [`/${word}/12/sofa`, false, `reserved ${word} as category of article`],
    [`/moebel/${word}/12/sofa`, false, `reserved ${word} as subcategory`],
    [`/${word}/sofas/12/sofa?c=1`, false, `reserved ${word} as category with subcategory`],
    [`/${word}?${INQ}`, false, `reserved ${word} as inquiry path`],
    [`/${word}x/`, true, `${word}x is not reserved`],
    [`/moebel/${word}-x/12/sofa`, true, `${word}-x is not reserved`],
  )
}

// Method and status are search criteria now: test/unit/select/filters/record-filter.test.ts.
t.test('request targets', async (t) => {
  const rule = defaultRowRule()
  t.ok(targets.length >= 60)
  for (const [target, listed, why] of targets) {
    t.equal(hasListedShape(rule, target), listed, `${JSON.stringify(target)}: ${why}`)
  }
})

t.test('segments and the query are matched on the target as logged', async (t) => {
  const rule = defaultRowRule()
  t.equal(hasListedShape(rule, '/moebel/sofas/12/sofa?c=/7'), false, 'a / in the query is not a segment: c is not an int')
  t.equal(hasListedShape(rule, '/anfrage?sInquiry=detail&sOrdernumber=SW1/2'), false)
  t.equal(hasListedShape(rule, '/moebel/?a=/b/c'), false, 'a query on a category page')
  t.equal(hasListedShape(rule, '/a/b/c/d/e/f/g/h'), false, 'no pattern has 8 segments')
  t.equal(hasListedShape(rule, 'http://shop.example/moebel/12/sofa'), true, 'absolute form, 3 segments after the host')
})
