import t from 'tap'
import { displayUrl, pathAndQuery } from '../../../src/text/url.js'

t.test('pathAndQuery', async (t) => {
  t.strictSame(pathAndQuery('/a/b?c=1'), { path: '/a/b', query: 'c=1' })
  t.strictSame(pathAndQuery('/a/'), { path: '/a/', query: null })
  t.strictSame(pathAndQuery('/a?'), { path: '/a', query: '' })
  t.strictSame(pathAndQuery('/a?b?c=1'), { path: '/a', query: 'b?c=1' })
  t.strictSame(pathAndQuery('http://h'), { path: '/', query: null })
  t.strictSame(pathAndQuery('http://h/'), { path: '/', query: null })
  t.strictSame(pathAndQuery('http://h?x=1'), { path: '/', query: 'x=1' })
  t.strictSame(pathAndQuery('https://h:8443/robots.txt'), { path: '/robots.txt', query: null })
  t.strictSame(pathAndQuery('http://u@shop.example/x/y?z=1&w'), { path: '/x/y', query: 'z=1&w' })
  t.strictSame(pathAndQuery('//h/x'), { path: '//h/x', query: null }, 'no scheme: not absolute form')
  t.strictSame(pathAndQuery('/http://h/x'), { path: '/http://h/x', query: null })
  t.strictSame(pathAndQuery(''), { path: '', query: null })
  t.strictSame(pathAndQuery('*'), { path: '*', query: null })
})

t.test('displayUrl', async (t) => {
  t.equal(displayUrl('/moebel/12/sofa'), '/moebel/12/sofa')
  t.equal(displayUrl('http://shop.example/moebel/sofas/12/sofa?c=2'), '/moebel/sofas/12/sofa?c=2')
  t.equal(displayUrl('https://h:8443/robots.txt'), '/robots.txt')
  t.equal(displayUrl('http://h'), '/')
  t.equal(displayUrl('http://h?x=1'), '/?x=1')
  t.equal(displayUrl('/a?'), '/a?', 'an empty query keeps its ?')
  t.equal(displayUrl('/a?b=%20'), '/a?b=%20', 'no decoding')
  t.equal(displayUrl(''), '')
})
