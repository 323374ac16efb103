import t from 'tap'
import { InvalidCriterion } from '../../../../src/select/criteria.js'
import { parseServer, serverMatcher, serverNameProblem } from '../../../../src/select/filters/server.js'

t.test('a server name: any text of 1 to 253 characters without control characters', async (t) => {
  for (const name of ['web1', 'web1.shop.example', 'Web 1 (Frankfurt)', 'x'.repeat(253)]) t.equal(serverNameProblem(name), undefined, name)
  for (const name of ['', '  ', 'web\n1', 'a\u0000', 'x'.repeat(254)]) {
    t.equal(serverNameProblem(name), 'give a name for this server, such as web1 or web1.shop.example (at most 253 characters, no control characters)', JSON.stringify(name))
  }
})

t.test('--server: a name as the rows carry it, exactly; a row of no named server is of none', async (t) => {
  t.strictSame(parseServer('web1'), ['web1'])
  t.strictSame(parseServer('Web 1 (Frankfurt)'), ['Web 1 (Frankfurt)'])
  for (const bad of ['', ' ', 'web\t1', 'x'.repeat(254)]) {
    t.throws(() => parseServer(bad), new InvalidCriterion('give the name a server\'s rows carry (build --server-name), such as web1 (at most 253 characters, no control characters)'), JSON.stringify(bad))
  }
  const of = serverMatcher(['web1', 'web3'])
  t.strictSame(['web1', 'web2', 'web3', 'WEB1', null, undefined].map(of), [true, false, true, false, false, false])
})
