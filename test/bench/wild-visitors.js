// The people of the 'wild' bench log (wild-log.js) and the shop's own machines, each a generator of
// its requests as one visit goes: shoppers (a page, then its theme, images and widgets; a few into
// the checkout), the shop's staff in the backend, the ERP's sync through the API, monitoring checks.
// A request is { request, status, bytes, referer }; `clock.t` is now (ms). Robots: wild-robots.js.
import {
  SITE, ARTICLES, around, article, articleId, between, cacheBuster, campaignQuery, category, detailUrl, entryReferer, formUrl,
  hexDigits, image, listingUrl, pick, searchUrl, staticPage, themeAssets,
} from './wild-values.js'

export function hit(request, status, bytes, referer) {
  return { request, status, bytes, referer }
}

// --- shoppers

/** The page a visit starts on: mostly a product or a category from a search engine. */
function entryPage(rand) {
  const r = rand()
  if (r < 0.45) return { kind: 'detail', url: detailUrl(rand, article(articleId(rand))) }
  if (r < 0.7) return { kind: 'listing', url: listingUrl(rand, category(rand)) }
  if (r < 0.85) return { kind: 'home', url: '/' }
  if (r < 0.9) return { kind: 'search', url: searchUrl(rand) }
  return { kind: 'static', url: staticPage(rand) }
}

function nextPage(rand) {
  const r = rand()
  if (r < 0.3) return { kind: 'listing', url: listingUrl(rand, category(rand)) }
  if (r < 0.6) return { kind: 'detail', url: detailUrl(rand, article(articleId(rand))) }
  if (r < 0.68) return { kind: 'search', url: searchUrl(rand) }
  if (r < 0.73) return { kind: 'home', url: '/' }
  if (r < 0.83) return { kind: 'cart', url: '/checkout/cart' }
  if (r < 0.87) return { kind: 'account', url: pick(rand, ['/account', '/account/orders', '/note', '/account/profile']) }
  if (r < 0.91) return { kind: 'static', url: staticPage(rand) }
  if (r < 0.94) return { kind: 'form', url: formUrl(rand, article(articleId(rand))) }
  return { kind: 'checkout', url: '/checkout/confirm' }
}

// HTML pages' bytes (gzipped) by kind: [least, most]
const PAGE_BYTES = { home: [25000, 32000], listing: [22000, 48000], detail: [18000, 36000], search: [20000, 40000], static: [12000, 16000], cart: [14000, 18000], account: [13000, 19000], form: [14000, 17000], checkout: [16000, 21000] }
// how many product images a page shows: [least, most]
const PAGE_IMAGES = { home: [10, 16], listing: [8, 16], detail: [3, 7], search: [6, 12], cart: [1, 4] }

/** A page's status and bytes: rarely gone (404), cut off (499), broken (500, 502). */
function pageAnswer(rand, kind) {
  const r = rand()
  if (kind === 'detail' && r < 0.02) return [404, between(rand, 16500, 17200)]
  if (r > 0.9965) return [499, 0]
  if (r > 0.9958) return [500, between(rand, 0, 600)]
  if (r > 0.9955) return [502, 157]
  const [least, most] = PAGE_BYTES[kind]
  return [200, between(rand, least, most)]
}

/** The first `length` characters of a URL-encoded `term`, not cutting a `%XX` apart. */
function typedPrefix(term, length) {
  const escape = term.lastIndexOf('%', length - 1)
  return term.slice(0, escape >= 0 && escape + 3 > length ? escape + 3 : length)
}

/** One page view: a redirect now and then, the page, then what the browser fetches for it. */
function* pageView(rand, clock, page, visit, referer, first) {
  const { proto, cached } = visit
  if (first && rand() < 0.04) yield hit(`GET ${page.url} HTTP/1.1`, 301, 162, referer) // http:// → https://
  if (page.kind === 'search') { // the suggestions while typing, the older ones cut off
    const term = page.url.slice('/search?sSearch='.length).split('&')[0]
    for (let n = between(rand, 0, 3), typed = 3; n > 0 && typed < term.length; n--, typed += between(rand, 1, 3)) {
      const url = `/ajax_search?sSearch=${typedPrefix(term, typed)}`
      yield rand() < 0.12 ? hit(`GET ${url} ${proto}`, 499, 0, referer) : hit(`GET ${url} ${proto}`, 200, between(rand, 1500, 9000), referer)
    }
  }
  const [status, bytes] = pageAnswer(rand, page.kind)
  yield hit(`GET ${page.url} ${proto}`, status, bytes, referer)
  if (status !== 200 && status !== 404) return
  const here = SITE + page.url
  if (first && !cached) for (const [url, size] of themeAssets(rand)) yield hit(`GET ${url} ${proto}`, 200, size, here)
  if (first && rand() < 0.08) yield hit(`GET /apple-touch-icon${rand() < 0.5 ? '-precomposed' : ''}.png ${proto}`, 404, 153, '-')
  yield hit(`GET /csrftoken ${proto}`, 200, 0, here)
  yield hit(`GET /widgets/checkout/info ${proto}`, 200, between(rand, 1100, 1600), here)
  const images = PAGE_IMAGES[page.kind]
  for (let n = images ? between(rand, images[0], images[1]) : 0; n > 0; n--) {
    if (cached && rand() < 0.7) continue // in the browser's cache
    const [url, size] = image(rand, article(articleId(rand)))
    const r = rand()
    yield cached ? hit(`GET ${url} ${proto}`, 304, 0, here) : hit(`GET ${url} ${proto}`, r < 0.02 ? 404 : 200, r < 0.02 ? 153 : size, here)
  }
  if (page.kind === 'listing' && rand() < 0.3) {
    const c = category(rand)
    for (let p = 2, last = 1 + between(rand, 1, 3); p <= last; p++) yield hit(`GET /widgets/listing/ajaxListing?sCategory=${c.id}&p=${p}&o=1&n=12&${cacheBuster(clock.t)} ${proto}`, 200, between(rand, 20000, 60000), here)
  } else if (page.kind === 'listing' && rand() < 0.15) {
    yield hit(`GET /widgets/listing/listingCount/sCategory/${category(rand).id}?p=1&o=${between(rand, 1, 5)}&n=12&f=${between(rand, 1, 60)}%7C${between(rand, 1, 60)}&loadProducts=1 ${proto}`, 200, between(rand, 80, 30000), here)
  } else if (page.kind === 'home') {
    yield hit(`GET /widgets/emotion/index/emotionId/${between(rand, 1, 4)}/controllerName/index ${proto}`, 200, between(rand, 9000, 14000), here)
  } else if (page.kind === 'detail' && rand() < 0.6) {
    const id = between(rand, 1, ARTICLES)
    yield hit(`GET /widgets/recommendation/bought/articleId/${id} ${proto}`, 200, between(rand, 300, 12000), here)
    yield hit(`GET /widgets/recommendation/viewed/articleId/${id} ${proto}`, 200, between(rand, 300, 12000), here)
    if (rand() < 0.12) {
      yield hit(`POST /checkout/ajaxAddArticleCart ${proto}`, 200, between(rand, 3000, 6500), here)
      yield hit(`GET /checkout/ajaxAmount?${cacheBuster(clock.t)} ${proto}`, 200, between(rand, 250, 320), here)
    }
  }
}

/** The way through the checkout: a login, the confirmation, the order (each a POST and its redirect). */
function* checkout(rand, clock, visit, referer) {
  const { proto } = visit
  yield hit(`GET /checkout/confirm ${proto}`, 302, 0, referer)
  const login = '/account/login/sTarget/checkout/sTargetAction/confirm'
  yield* pageView(rand, clock, { kind: 'account', url: login }, visit, referer, false)
  yield hit(`POST ${login} ${proto}`, 302, 0, SITE + login)
  yield* pageView(rand, clock, { kind: 'checkout', url: '/checkout/confirm' }, visit, SITE + login, false)
  if (rand() < 0.6) {
    yield hit(`POST /checkout/finish ${proto}`, 302, 0, `${SITE}/checkout/confirm`)
    yield* pageView(rand, clock, { kind: 'checkout', url: `/checkout/finish?sUniqueID=${hexDigits(rand, 32)}` }, visit, `${SITE}/checkout/confirm`, false)
  }
}

/** A visit of a person: a few pages from an entry page, each with its assets and widgets. */
export function* shopping(rand, clock) {
  const visit = { proto: rand() < 0.85 ? 'HTTP/2.0' : 'HTTP/1.1', cached: rand() < 0.35 }
  let referer = entryReferer(rand)
  let page = entryPage(rand)
  if (referer.startsWith('https://www.google') && rand() < 0.3) page.url += `${page.url.includes('?') ? '&' : '?'}${campaignQuery(rand)}`
  for (let pages = 1 + Math.floor(around(rand, 4)), first = true; pages > 0; pages--, first = false) {
    if (page.kind === 'checkout') yield* checkout(rand, clock, visit, referer)
    else yield* pageView(rand, clock, page, visit, referer, first)
    referer = SITE + page.url
    page = nextPage(rand)
  }
}

// --- the shop's staff, the ERP, monitoring

/** The shop's staff in the Shopware backend: ExtJS stores loaded with `_dc` cache-busters, the login status polled. */
export function* backendWork(rand, clock) {
  const referer = `${SITE}/backend/`
  yield hit('GET /backend/ HTTP/2.0', 200, between(rand, 28000, 31000), '-')
  for (let n = 30 + Math.floor(around(rand, 150)); n > 0; n--) {
    const r = rand()
    const dc = `_dc=${Math.floor(clock.t)}`
    if (r < 0.3) yield hit(`GET /backend/Login/getLoginStatus?${dc} HTTP/2.0`, 200, 83, referer)
    else if (r < 0.55) yield hit(`POST /backend/Order/getList?${dc} HTTP/2.0`, 200, between(rand, 5000, 60000), referer)
    else if (r < 0.8) yield hit(`GET /backend/Article/loadStores?${dc}&articleId=${articleId(rand)} HTTP/2.0`, 200, between(rand, 20000, 120000), referer)
    else if (r < 0.9) yield hit(`POST /backend/Article/save?${dc} HTTP/2.0`, 200, between(rand, 3000, 9000), referer)
    else yield hit(`GET /backend/MediaManager/getAlbumMedia?${dc}&albumID=-1&page=1&start=0&limit=30 HTTP/2.0`, 200, between(rand, 9000, 40000), referer)
  }
}

/** The ERP's sync through the REST API: open orders read, stock and prices written per article number. */
export function* erpSync(rand) {
  yield hit('GET /api/orders?limit=50&filter[0][property]=status&filter[0][value]=0 HTTP/1.1', 200, between(rand, 3000, 90000), '-')
  for (let n = 40 + Math.floor(around(rand, 160)); n > 0; n--) {
    const a = article(articleId(rand))
    yield rand() < 0.8 ? hit(`PUT /api/articles/${a.number}?useNumberAsId=true HTTP/1.1`, 200, 87, '-') : hit(`GET /api/articles/${a.number}?useNumberAsId=true HTTP/1.1`, 200, between(rand, 4000, 9000), '-')
  }
}

/** A monitoring check's endless requests. */
export function* checking(rand, request, status) {
  for (;;) yield hit(request, status, status === 200 && request.startsWith('GET') ? between(rand, 25000, 32000) : 0, '-')
}
