import t from 'tap'
import { crawlerMatcher, crawlerTest, parseCrawlers } from '../../../../src/select/filters/crawlers.js'
import { InvalidCriterion } from '../../../../src/select/filters/invalid-criterion.js'

const AGENTS: [string | null, boolean][] = [
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
  ['Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', true],
  ['curl/7.88.1', true],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36', false],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', false],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', false],
  [null, false],
]

t.test('parseCrawlers', async (t) => {
  t.equal(parseCrawlers('include'), 'include')
  t.equal(parseCrawlers('exclude'), 'exclude')
  t.equal(parseCrawlers('only'), 'only')
  for (const bad of ['', 'Include', 'yes', 'none', 'exclude ']) {
    t.throws(() => parseCrawlers(bad), new InvalidCriterion('give one of include, exclude, only'), JSON.stringify(bad))
  }
})

t.test('crawlerTest: by User-Agent with isbot; no User-Agent is no crawler', async (t) => {
  const isCrawler = crawlerTest()
  for (const [agent, expected] of AGENTS) t.equal(isCrawler(agent), expected, String(agent))
  for (const [agent, expected] of AGENTS) t.equal(isCrawler(agent), expected, `${String(agent)}, remembered`)
})

t.test('crawlerMatcher per mode', async (t) => {
  t.equal(crawlerMatcher('include'), null, 'include: no test')
  const only = crawlerMatcher('only')
  const exclude = crawlerMatcher('exclude')
  if (!only || !exclude) throw new Error('expected tests')
  t.strictSame(AGENTS.map(([agent]) => only(agent)), AGENTS.map(([, bot]) => bot))
  t.strictSame(AGENTS.map(([agent]) => exclude(agent)), AGENTS.map(([, bot]) => !bot))
})
