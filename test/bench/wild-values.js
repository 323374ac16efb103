// The vocabulary of the 'wild' bench log (wild-log.js): a Shopware 5 furniture shop's catalogue and
// URLs, client addresses, browsers and referrers. Synthetic values in the shapes and lengths of real
// logs (/work/shared/wild-logs and shops' own), none taken from them.

export const SITE = 'https://www.moebel-wohnwelt.example'

/** An element of `list`, uniformly. */
export function pick(rand, list) {
  return list[Math.floor(rand() * list.length)]
}

/** A whole number in [min, max]. */
export function between(rand, min, max) {
  return min + Math.floor(rand() * (max - min + 1))
}

/** A number of [0, ∞) with mean `mean`, most of them small (exponential). */
export function around(rand, mean) {
  return -Math.log(1 - rand()) * mean
}

const hex = (n) => n.toString(16)
const HEX = '0123456789abcdef'

/** `length` random lower-case hex digits (hashes, session ids). */
export function hexDigits(rand, length) {
  let s = ''
  for (let i = 0; i < length; i++) s += HEX[Math.floor(rand() * 16)]
  return s
}

// The catalogue: top-level categories with their subcategories, each with the nouns of its articles.
const CATEGORIES = [
  ['wohnzimmer', { sofas: ['ecksofa', 'sofa-3-sitzer', 'schlafsofa', 'wohnlandschaft'], sessel: ['ohrensessel', 'relaxsessel'], couchtische: ['couchtisch', 'beistelltisch'], 'tv-moebel': ['lowboard', 'tv-board'], regale: ['buecherregal', 'wandregal'] }],
  ['schlafzimmer', { betten: ['doppelbett', 'polsterbett'], boxspringbetten: ['boxspringbett'], matratzen: ['taschenfederkernmatratze', 'kaltschaummatratze'], kleiderschraenke: ['schwebetuerenschrank', 'drehtuerenschrank'], kommoden: ['kommode', 'nachttisch'] }],
  ['esszimmer', { esstische: ['esstisch', 'ausziehtisch'], stuehle: ['schwingstuhl', 'polsterstuhl', 'armlehnstuhl'], sitzbaenke: ['sitzbank'], sideboards: ['sideboard', 'highboard'] }],
  ['kueche', { barhocker: ['barhocker'], kuechenregale: ['kuechenregal', 'gewuerzregal'], kuechenwagen: ['servierwagen'] }],
  ['buero', { schreibtische: ['schreibtisch', 'hoehenverstellbarer-schreibtisch'], buerostuehle: ['buerostuhl', 'gaming-stuhl'] }],
  ['garten', { gartenmoebel: ['gartentisch', 'gartenbank', 'lounge-set'], sonnenschirme: ['ampelschirm', 'sonnenschirm'], gartenstuehle: ['klappstuhl', 'stapelstuhl'] }],
  ['leuchten', { haengeleuchten: ['pendelleuchte', 'haengelampe'], stehleuchten: ['stehlampe', 'bogenlampe'], tischleuchten: ['tischlampe'] }],
  ['teppiche', { kurzflor: ['kurzflorteppich'], hochflor: ['hochflorteppich', 'shaggy-teppich'], laeufer: ['teppichlaeufer'] }],
  ['deko', { kissen: ['dekokissen', 'sitzkissen'], vasen: ['bodenvase', 'tischvase'], spiegel: ['wandspiegel', 'standspiegel'] }],
  ['kinderzimmer', { kinderbetten: ['hochbett', 'hausbett'], spielzeugkisten: ['spielzeugkiste'] }],
].map(([name, subs], c) => ({
  name,
  id: 3 + c * 10,
  subs: Object.entries(subs).map(([sub, nouns], s) => ({ name: sub, id: 4 + c * 10 + s, nouns })),
}))
const NAMES = ['lund', 'bergen', 'malmo', 'oslo', 'aarhus', 'kiel', 'sylt', 'ruegen', 'toskana', 'verona', 'lyon', 'porto', 'nora', 'emma', 'mila', 'lina', 'frieda', 'hugo', 'oskar', 'theo', 'jasper', 'fjord', 'nordic', 'loft']
const FINISHES = ['eiche-massiv', 'wildeiche-geoelt', 'nussbaum', 'kernbuche', 'weiss-hochglanz', 'anthrazit', 'hellgrau', 'beige', 'cognac', 'samt-gruen', 'cord-rosa', 'boucle-creme', 'schwarz-matt', 'rattan-natur', 'akazie', 'teak', 'metall-schwarz', 'leinen-sand']
const SIZES = ['', '', '', '-140x200', '-180x200', '-160x90', '-200x300', '-120x80', '-mit-schlaffunktion', '-2er-set', '-4er-set', '-mit-stauraum']
const STATIC_PAGES = ['/impressum', '/datenschutz', '/agb', '/versand-und-zahlungsbedingungen', '/widerrufsrecht', '/ueber-uns', '/kontaktformular', '/hilfe/faq/']
const SEARCH_TERMS = ['sofa', 'ecksofa+grau', 'boxspringbett+180x200', 'couchtisch+rund', 'teppich+beige', 'stehlampe', 'esstisch+ausziehbar', 'gartenstuhl', 'k%C3%BCchenregal', 'spiegel+gold', 'b%C3%BCrostuhl', 'schlafsofa', 'kommode+wei%C3%9F', 'sessel+cord', 'lowboard+eiche', 'sitzbank', 'hochbett', 'matratze+h3']
export const ARTICLES = 4800

/** The article of id `id`, the same on every call: its category path, order number and slug. */
export function article(id) {
  const category = CATEGORIES[id % CATEGORIES.length]
  const sub = category.subs[(id >> 2) % category.subs.length]
  const slug = `${sub.nouns[(id >> 4) % sub.nouns.length]}-${NAMES[(id * 7) % NAMES.length]}-${FINISHES[(id * 13) % FINISHES.length]}${SIZES[(id * 5) % SIZES.length]}`
  return { id, category, sub, slug, number: `SW${10000 + id}` }
}

/** An article id, the popular (low) ones far more often. */
export function articleId(rand) {
  const u = rand()
  return 1 + Math.floor(ARTICLES * u * u * u)
}

export function category(rand) {
  return pick(rand, CATEGORIES)
}

/** A product's detail URL as Shopware writes it: category path, id, name; reached from a listing `?c=`, a variant `?number=`. */
export function detailUrl(rand, a) {
  const path = `/${a.category.name}/${a.sub.name}/${a.id}/${a.slug}`
  const r = rand()
  if (r < 0.7) return path
  if (r < 0.85) return `${path}?c=${a.sub.id}`
  return `${path}?number=${a.number}.${between(rand, 1, 6)}`
}

/** A category listing, maybe paged, sorted or filtered (as crawlers follow them without end). */
export function listingUrl(rand, c) {
  const r = rand()
  if (r < 0.45) return `/${c.name}/`
  const sub = pick(rand, c.subs)
  if (r < 0.7) return `/${c.name}/${sub.name}/`
  if (r < 0.85) return `/${c.name}/${sub.name}/?p=${between(rand, 2, 12)}`
  if (r < 0.95) return `/${c.name}/${sub.name}/?o=${between(rand, 1, 5)}&n=${pick(rand, [12, 24, 48])}`
  return `/${c.name}/?p=${between(rand, 1, 30)}&o=${between(rand, 1, 5)}&n=12&f=${between(rand, 1, 60)}%7C${between(rand, 1, 60)}&min=${between(rand, 0, 9) * 50}&max=${between(rand, 10, 40) * 50}`
}

export function searchUrl(rand) {
  return `/search?sSearch=${pick(rand, SEARCH_TERMS)}${rand() < 0.2 ? `&p=${between(rand, 2, 4)}` : ''}`
}

export function staticPage(rand) {
  return pick(rand, STATIC_PAGES)
}

/** An inquiry about an article or a form: two of the listed shapes. */
export function formUrl(rand, a) {
  return rand() < 0.7 ? `/anfrage-formular?sInquiry=detail&sOrdernumber=${a.number}` : `/forms/index/id/${pick(rand, [5, 16, 22])}`
}

// thumbnail suffix → its bytes: [least, most]
const THUMBNAILS = [['_200x200', 5000, 16000], ['_200x200@2x', 14000, 40000], ['_600x600', 24000, 80000], ['_600x600@2x', 70000, 210000], ['_1280x1280', 90000, 280000]]
/** A product image of article `a` in a thumbnail size, under Shopware's hashed media folders: [URL, bytes]. */
export function image(rand, a) {
  const h = Math.imul(a.id, 2654435761) >>> 0
  const [size, least, most] = pick(rand, THUMBNAILS)
  const folders = `${hex(h & 0xff).padStart(2, '0')}/${hex((h >>> 8) & 0xff).padStart(2, '0')}/${hex((h >>> 16) & 0xff).padStart(2, '0')}`
  return [`/media/image/${folders}/${a.slug}-${between(rand, 1, 4)}${size}.jpg`, between(rand, least, most)]
}

const THEME_BUILD = 1729158600
const FONTS = ['Regular/OpenSans-Regular', 'Semibold/OpenSans-Semibold', 'Bold/OpenSans-Bold']
/** The compiled theme of a first page view: CSS, JS, fonts and icons, with their cache-busting queries. */
export function themeAssets(rand) {
  const assets = [
    [`/web/cache/${THEME_BUILD}_6f1d7c3e0b9a2e4d5c8f7a1b3e6d9c02.css`, between(rand, 61000, 64000)],
    [`/web/cache/${THEME_BUILD}_6f1d7c3e0b9a2e4d5c8f7a1b3e6d9c02.js`, between(rand, 180000, 186000)],
    [`/themes/Frontend/Responsive/frontend/_public/src/fonts/shopware.woff2?v=${THEME_BUILD}`, 31000],
    [`/themes/Frontend/Wohnwelt/frontend/_public/src/img/logos/logo--tablet.png?v=3`, 8214],
  ]
  for (const font of FONTS) {
    if (rand() < 0.8) assets.push([`/themes/Frontend/Responsive/frontend/_public/vendors/fonts/open-sans-fontface/${font}.woff2`, between(rand, 17000, 19000)])
  }
  if (rand() < 0.5) assets.push(['/favicon.ico', 5430])
  return assets
}

/** A query string's jQuery cache-buster (`_=` milliseconds) for ajax widgets. */
export function cacheBuster(ms) {
  return `_=${Math.floor(ms)}`
}

// --- clients

// First octets of European access networks (no private, documentation or multicast range: 203.0.113.0/24 never appears).
const ACCESS_V4 = [2, 5, 31, 37, 46, 62, 77, 78, 79, 80, 81, 82, 83, 84, 85, 87, 88, 89, 90, 91, 92, 93, 94, 95, 109, 134, 141, 145, 151, 176, 178, 185, 188, 212, 213, 217]
// The first two groups of German access networks' IPv6 prefixes: [group, lowest second group, highest].
const ACCESS_V6 = [['2003', 0xc0, 0xff], ['2a02', 0x8108, 0x810f], ['2a02', 0x908, 0x90f], ['2a01', 0xc22, 0xc23], ['2001', 0x9e8, 0x9e8], ['2001', 0x16b8, 0x16b8], ['2a00', 0x20, 0x23], ['2a0a', 0xa540, 0xa547], ['2a02', 0x3100, 0x31ff]]

export function addressV4(rand, firstOctets = ACCESS_V4) {
  return `${pick(rand, firstOctets)}.${between(rand, 0, 255)}.${between(rand, 0, 255)}.${between(rand, 1, 254)}`
}

/** An IPv6 client as nginx writes it (RFC 5952): a /56 of an access network, then a privacy, EUI-64 or short interface id. */
export function addressV6(rand) {
  const [first, low, high] = pick(rand, ACCESS_V6)
  const prefix = `${first}:${hex(between(rand, low, high))}:${hex(between(rand, 0, 0xffff))}:${hex(between(rand, 1, 0xff) << 8 | between(rand, 0, 0xff))}`
  const r = rand()
  if (r < 0.6) return `${prefix}:${hex(between(rand, 1, 0xffff))}:${hex(between(rand, 1, 0xffff))}:${hex(between(rand, 1, 0xffff))}:${hex(between(rand, 1, 0xffff))}`
  if (r < 0.75) return `${prefix}:${hex(between(rand, 0, 0xff) << 8 | between(rand, 0, 0xff) ^ 2)}:${hex(between(rand, 0, 0xff))}ff:fe${hex(between(rand, 0, 0xff)).padStart(2, '0')}:${hex(between(rand, 1, 0xffff))}`
  return `${prefix}::${hex(between(rand, 1, 0xffff))}`
}

/** A shopper's address: about a quarter IPv6, some behind a few carrier NAT addresses that many share. */
export function shopperAddress(rand) {
  const r = rand()
  if (r < 0.25) return addressV6(rand)
  if (r < 0.32) return `80.187.${between(rand, 96, 111)}.${between(rand, 1, 20)}`
  return addressV4(rand)
}

// --- user agents

/** A browser's User-Agent as sent today (Chrome, Edge, Firefox, Safari on Windows, macOS, iOS, Android; in-app browsers). */
export function browser(rand) {
  const chrome = between(rand, 124, 131)
  const firefox = between(rand, 128, 133)
  const ios = `${between(rand, 16, 18)}_${between(rand, 0, 7)}${rand() < 0.4 ? `_${between(rand, 1, 3)}` : ''}`
  const r = rand()
  if (r < 0.22) return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Safari/537.36`
  if (r < 0.28) return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Safari/537.36 Edg/${chrome}.0.${between(rand, 2400, 2900)}.${between(rand, 40, 130)}`
  if (r < 0.33) return `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${firefox}.0) Gecko/20100101 Firefox/${firefox}.0`
  if (r < 0.39) return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${between(rand, 16, 18)}.${between(rand, 0, 6)} Safari/605.1.15`
  if (r < 0.43) return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Safari/537.36`
  if (r < 0.45) return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:${firefox}.0) Gecko/20100101 Firefox/${firefox}.0`
  if (r < 0.66) return `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${ios.split('_').slice(0, 2).join('.')} Mobile/15E148 Safari/604.1`
  if (r < 0.68) return `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/${chrome}.0.${between(rand, 6300, 6800)}.${between(rand, 30, 130)} Mobile/15E148 Safari/604.1`
  if (r < 0.71) return `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21G${between(rand, 80, 99)} [FBAN/FBIOS;FBAV/${between(rand, 470, 490)}.0.0.${between(rand, 30, 60)}.${between(rand, 100, 120)};FBBV/${between(rand, 600000000, 699999999)};FBDV/iPhone${between(rand, 12, 16)},${between(rand, 1, 8)};FBMD/iPhone;FBSN/iOS;FBSV/${ios.replace(/_/g, '.')};FBSS/3;FBID/phone;FBLC/de_DE;FBOP/5;FBRV/${between(rand, 600000000, 699999999)}]`
  if (r < 0.73) return `Mozilla/5.0 (iPad; CPU OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${ios.split('_').slice(0, 2).join('.')} Mobile/15E148 Safari/604.1`
  if (r < 0.88) return `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Mobile Safari/537.36`
  const model = pick(rand, ['SM-S918B', 'SM-A546B', 'SM-G991B', 'SM-A536B', 'SM-S911B', 'SM-A336B'])
  if (r < 0.94) return `Mozilla/5.0 (Linux; Android ${between(rand, 12, 14)}; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${between(rand, 24, 27)}.0 Chrome/${chrome}.0.0.0 Mobile Safari/537.36`
  if (r < 0.97) return `Mozilla/5.0 (Linux; Android 14; ${model} Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${chrome}.0.${between(rand, 6300, 6800)}.${between(rand, 30, 200)} Mobile Safari/537.36 Instagram ${between(rand, 340, 360)}.0.0.${between(rand, 20, 50)}.${between(rand, 90, 120)} Android (34/14; 450dpi; 1080x2340; samsung; ${model}; a54x; s5e8835; de_DE; ${between(rand, 600000000, 699999999)})`
  return `Mozilla/5.0 (X11; Linux x86_64; rv:${firefox}.0) Gecko/20100101 Firefox/${firefox}.0`
}

/** Where a visit comes from: mostly a search engine or nothing, some social, price comparison, apps. */
export function entryReferer(rand) {
  const r = rand()
  if (r < 0.38) return 'https://www.google.com/'
  if (r < 0.66) return '-'
  if (r < 0.71) return 'https://www.google.de/'
  if (r < 0.76) return 'https://www.bing.com/'
  if (r < 0.79) return 'https://duckduckgo.com/'
  if (r < 0.81) return 'https://www.ecosia.org/'
  if (r < 0.84) return 'android-app://com.google.android.googlequicksearchbox/'
  if (r < 0.87) return 'https://l.instagram.com/'
  if (r < 0.89) return 'https://m.facebook.com/'
  if (r < 0.94) return `https://www.idealo.de/preisvergleich/OffersOfProduct/${between(rand, 200000000, 209999999)}_-${pick(rand, NAMES)}.html`
  if (r < 0.96) return 'https://www.pinterest.de/'
  return `https://www.google.com/search?q=${pick(rand, SEARCH_TERMS)}&client=firefox-b-d`
}

/** The query a search ad or Google's free listings append to a landing URL. */
export function campaignQuery(rand) {
  const r = rand()
  if (r < 0.5) return `srsltid=AfmBOo${base64url(rand, 44)}`
  if (r < 0.8) return `gclid=Cj0KCQjw${base64url(rand, 60)}_BwE`
  return `utm_source=newsletter&utm_medium=email&utm_campaign=herbst-sale-${between(rand, 1, 4)}`
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
function base64url(rand, length) {
  let s = ''
  for (let i = 0; i < length; i++) s += BASE64URL[Math.floor(rand() * 64)]
  return s
}
