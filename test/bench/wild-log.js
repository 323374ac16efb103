// The 'wild' style of generate-log.js: a Shopware 5 shop's nginx access log (combined) as real ones
// look. Clients come and go in a pool of visits (wild-visitors.js, wild-robots.js), so addresses,
// user agents and referrers repeat as in a real log and a page's assets follow it; a monitoring check
// every minute, UptimeRobot every five, the ERP's API sync every quarter hour. Traffic follows the
// day (quiet at night, busiest in the evening): 5M lines span about a week, whatever the size the
// same rate. The shop's clocks go back from +0200 to +0100 at 30% of the log (Europe's end of summer
// time, 25 Oct 2026); the API's vhost logs in +0000. About 5% of lines are stamped a few seconds (at
// most 45) before the lines around them: nginx writes a request when it ends, stamped when it began
// ($time_local of a slow request behind a proxy, or Apache's %t).
import { addressV4, around, between, browser, shopperAddress } from './wild-values.js'
import { backendWork, checking, erpSync, shopping } from './wild-visitors.js'
import { crawler, scanner, tool } from './wild-robots.js'

const WEEK = 7 * 86_400_000
const MEAN_GAP_MS = WEEK / 5_000_000
const SUMMER_TIME_ENDS = Date.UTC(2026, 9, 25, 1)
// requests by the shop's local hour, relative to the day's mean
const HOURLY = [0.5, 0.32, 0.22, 0.18, 0.17, 0.2, 0.3, 0.55, 0.85, 1.05, 1.15, 1.2, 1.25, 1.2, 1.15, 1.15, 1.2, 1.3, 1.45, 1.6, 1.7, 1.6, 1.25, 0.8]
const HOURLY_MEAN = HOURLY.reduce((a, b) => a + b) / HOURLY.length
const GAP_BY_HOUR = HOURLY.map((share) => MEAN_GAP_MS * HOURLY_MEAN / share)
const VISITS_AT_ONCE = 24
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const pad = (n) => (n < 10 ? `0${n}` : `${n}`)

/** nginx's $time_local of the instant `ms` in the offset of `minutes` east of UTC. */
function timeLocal(ms, minutes) {
  const d = new Date(ms + minutes * 60_000)
  const zone = `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${zone}`
}

/** How long before its neighbours a late-written line is stamped (ms): mostly a second or three. */
function lateBy(rand) {
  const r = rand()
  if (r < 0.7) return between(rand, 1000, 3000)
  if (r < 0.95) return between(rand, 3000, 15000)
  return between(rand, 15000, 45000)
}

/** The shop's staff: one office address, a Chrome on Windows. */
function staff(rand) {
  return { ip: addressV4(rand, [91]), ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' }
}

/** A new client of the pool: mostly a shopper, then crawlers, tools, now and then a scanner or the staff. */
function newVisit(rand, clock, office) {
  const r = rand()
  if (r < 0.62) return { ip: shopperAddress(rand), user: '-', ua: browser(rand), utc: false, requests: shopping(rand, clock) }
  if (r < 0.72) return crawler(rand)
  if (r < 0.98) return tool(rand)
  if (r < 0.998) return scanner(rand)
  return { ip: office.ip, user: '-', ua: office.ua, utc: false, requests: backendWork(rand, clock) }
}

/** Returns a function that returns the log's next line: `lines` of them span `lines` × 0.12 s on average. */
export function wildLines(rand, lines) {
  const clock = { t: Math.floor((SUMMER_TIME_ENDS - 0.3 * lines * MEAN_GAP_MS) / 1000) * 1000 }
  const office = staff(rand)
  const visits = Array.from({ length: VISITS_AT_ONCE }, () => newVisit(rand, clock, office))
  const monitor = { ip: '2a01:4f8:10a:1f2c::2', user: '-', ua: 'check_http/v2.3.3 (monitoring-plugins 2.3.3)', utc: false, requests: checking(rand, 'GET / HTTP/1.1', 200) }
  const uptime = { ip: '216.144.248.21', user: '-', ua: 'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)', utc: false, requests: checking(rand, 'HEAD / HTTP/1.1', 200) }
  const erp = { ip: '185.12.64.201', user: 'erp-sync', ua: 'GuzzleHttp/7', utc: true, requests: null }
  let nextCheck = clock.t + 17_000
  let nextUptime = clock.t + 131_000
  let nextSync = clock.t + 420_000
  let last = visits[0]
  let cachedSecond = -1
  let cachedMinutes = 0
  let cachedTime = ''

  /** The next request of a visit in the pool: often the last one's again (a page's assets come in a burst); an ended visit makes room for a new one. */
  function fromPool() {
    if (erp.requests && rand() < 1 / VISITS_AT_ONCE) {
      const next = erp.requests.next()
      if (!next.done) return [erp, next.value]
      erp.requests = null
    }
    const slot = rand() < 0.55 ? visits.indexOf(last) : Math.floor(rand() * VISITS_AT_ONCE)
    let visit = visits[slot]
    let next = visit.requests.next()
    while (next.done) {
      visit = visits[slot] = newVisit(rand, clock, office)
      next = visit.requests.next()
    }
    last = visit
    return [visit, next.value]
  }

  return function nextWildLine() {
    clock.t += around(rand, GAP_BY_HOUR[Math.floor(clock.t / 3_600_000 + 1) % 24])
    let visit
    let hit
    if (clock.t >= nextCheck) {
      nextCheck += 60_000
      visit = monitor
      hit = monitor.requests.next().value
    } else if (clock.t >= nextUptime) {
      nextUptime += 300_000
      visit = uptime
      hit = uptime.requests.next().value
    } else {
      if (clock.t >= nextSync) {
        nextSync += 900_000
        erp.requests ??= erpSync(rand)
      }
      [visit, hit] = fromPool()
    }
    const stamp = rand() < 0.05 ? clock.t - lateBy(rand) : clock.t
    const minutes = visit.utc ? 0 : stamp < SUMMER_TIME_ENDS ? 120 : 60
    const second = Math.floor(stamp / 1000)
    if (second !== cachedSecond || minutes !== cachedMinutes) {
      cachedSecond = second
      cachedMinutes = minutes
      cachedTime = timeLocal(second * 1000, minutes)
    }
    return `${visit.ip} - ${visit.user} [${cachedTime}] "${hit.request}" ${hit.status} ${hit.bytes} "${hit.referer}" "${visit.ua}"\n`
  }
}
