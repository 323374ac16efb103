// Deterministic access logs for the benchmark and the tests: a seeded PRNG, combined format.
// 'nginx' and 'apache': about 30% of lines of a listed storefront shape, three user agents, one
// offset, IPv4 only (tests depend on their bytes). 'wild': a Shopware shop's log as real ones look
// (wild-log.js): IPv6, several offsets, real user agents and referrers, crawlers, scanners, odd requests.
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { wildLines } from './wild-log.js'

const mulberry32 = (seed) => () => {
  seed |= 0
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const CATS = ['moebel', 'wohnzimmer', 'garten-deko', 'lampen', 'kueche', 'teppiche', 'schlafzimmer']
const SUBS = ['sofas', 'tische', 'stuehle', 'betten', 'regale']
const SLUGS = ['sofa-bergen-3-sitzer', 'couchtisch-eiche', 'stuhl-anna', 'bett-fjord-140x200', 'teppich-kiel-rot']
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
]

const pick = (rand, list) => list[Math.floor(rand() * list.length)]

const listedUrl = (rand) => {
  const r = rand()
  if (r < 0.3) return `/${pick(rand, CATS)}/`
  if (r < 0.6) return `/${pick(rand, CATS)}/${1 + Math.floor(rand() * 9999)}/${pick(rand, SLUGS)}`
  if (r < 0.8) return `/${pick(rand, CATS)}/${pick(rand, SUBS)}/${1 + Math.floor(rand() * 9999)}/${pick(rand, SLUGS)}?c=${1 + Math.floor(rand() * 99)}`
  if (r < 0.9) return `/anfrage?sInquiry=detail&sOrdernumber=SW${10000 + Math.floor(rand() * 999)}`
  return rand() < 0.5 ? '/robots.txt' : '/sitemap_index.xml'
}

const otherUrl = (rand) => {
  const r = rand()
  if (r < 0.4) return `/themes/Frontend/Responsive/frontend/_public/src/img/icon-${Math.floor(rand() * 500)}.png`
  if (r < 0.7) return `/media/image/${Math.floor(rand() * 1e6).toString(16)}/product.jpg`
  if (r < 0.85) return `/widgets/listing/ajaxListing?p=${Math.floor(rand() * 20)}`
  return `/checkout/cart?x=${Math.floor(rand() * 1000)}`
}

const pad = (n) => String(n).padStart(2, '0')

/** The 'nginx' (+0100, in order) and 'apache' (-0500, some lines a few seconds out of order) lines: a function that returns the next. */
function syntheticLines(rand, style) {
  const offsetMin = style === 'nginx' ? 60 : -300
  const zone = style === 'nginx' ? '+0100' : '-0500'
  let t = Date.UTC(2026, 10, 1) // seconds advance so the log spans weeks
  return function nextSyntheticLine() {
    t += Math.floor(rand() * 2000)
    const stamp = style === 'apache' && rand() < 0.05 ? t - Math.floor(rand() * 5000) : t
    const d = new Date(stamp + offsetMin * 60_000)
    const time = `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${zone}`
    const listed = rand() < 0.3
    const url = listed ? listedUrl(rand) : otherUrl(rand)
    const method = listed || rand() < 0.9 ? 'GET' : 'POST'
    const status = listed ? 200 : pick(rand, [200, 200, 200, 304, 404, 302])
    const ip = `${10 + Math.floor(rand() * 200)}.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}.${1 + Math.floor(rand() * 254)}`
    return `${ip} - - [${time}] "${method} ${url} HTTP/1.1" ${status} ${Math.floor(rand() * 50000)} "https://shop.example/" "${pick(rand, UAS)}"\n`
  }
}

/**
 * Writes `lines` lines to `path`, the same bytes for the same seed, style and count. style: 'nginx'
 * (+0100, in order), 'apache' (-0500, some lines a few seconds out of order) or 'wild' (wild-log.js).
 */
export const generateLog = async (path, lines, { seed = 42, style = 'nginx' } = {}) => {
  const rand = mulberry32(seed)
  const nextLine = style === 'wild' ? wildLines(rand, lines) : syntheticLines(rand, style)
  const out = createWriteStream(path)
  let batch = ''
  for (let i = 0; i < lines; i++) {
    batch += nextLine()
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await once(out, 'drain')
      batch = ''
    }
  }
  out.end(batch)
  await once(out, 'finish')
}
