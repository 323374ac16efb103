/**
 * What the hostile corpus (fixtures/hostile/) must look like on the page:
 * each payload exactly as the reader sees it. Log escapes are decoded
 * (`\x22` is `"`), invalid UTF-8 is U+FFFD, and control and bidi characters
 * take the visible forms the README documents (NUL is ␀, ESC is ␛, CR is ␍,
 * U+202E is `<U+202E>`). Entities stay as the literal text they were logged as.
 */

const FFFD = '\uFFFD'

/** Storefront rows, listed with the default options: IP column, details and raw lines. */
export const SHOWN_BY_DEFAULT: readonly string[] = [
  // IP column
  '<script>window.__pwned=1;alert(1)</script>',
  '"><svg/onload=window.__pwned=2;alert(2)>',
  '</style><script>window.__pwned=4</script>',
  '&lt;script&gt;&amp;amp;',
  '10.0.0.5\u2400<U+202E>evil',
  '<img/src=//127.0.0.1:9/ip.png>',
  '<iframe/src=//127.0.0.1:9/frame>',
  '<base/href=//127.0.0.1:9/>',
  "{{constructor.constructor('window.__pwned=9')()}}",
  '10.9.9.2\u2400<script>window.__pwned=21</script>',
  `10.9.9.3<U+202E>${FFFD}`,
  // 8 KB storefront URLs
  `/${'a'.repeat(8190)}/`,
  `/anfrage?sInquiry=detail&sOrdernumber=SW${'1'.repeat(8150)}`,
  // user, referer and User-Agent (token details and raw lines)
  '</textarea><svg/onload=window.__pwned=3>',
  'javascript:window.__pwned=7',
  '<script>alert(document.domain)</script>',
  '" onmouseover="window.__pwned=3" x="',
  '</title><script>window.__pwned=5</script>',
  '&lt;b&gt;not bold&lt;/b&gt; &#x3C;i&#x3E; &quot;',
  `bad utf-8 ${FFFD}${FFFD}( and RLO <U+202E>txt.exe`,
  '<link rel=stylesheet href=http://127.0.0.1:9/x.css>',
  '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:9/">',
  '<style>@import url(http://127.0.0.1:9/i.css);</style>',
  '<!-- ]]> -->',
  '{{{raw}}} {{> partial}}',
  `NUL \u2400 FF ${FFFD} lone C3 ${FFFD}( RLO <U+202E> end`,
  'ESC \u241b[31mred\u241b[0m CR \u240d mid-line C1 <U+0085> LRI <U+2066>',
]

/** Rows listed only with --any-url and any method and status: the URL and Method columns. */
export const SHOWN_WITH_ANY_URL: readonly string[] = [
  '/<script>window.__pwned=11</script>',
  '/search?q="><svg/onload=window.__pwned=12>',
  'javascript:window.__pwned=13',
  '/</style></title></textarea><script>window.__pwned=14</script>',
  '/%3Cscript%3E&lt;x&gt;?a=1&amp;b=2',
  '/bidi<U+202E>fdp.exe\u2400',
  `/x?${'"><svg/onload=window.__pwned=17>'.repeat(240)}`,
  'X-Evil_Method',
  '/<b>bold</b>',
  '/moebel/?onmouseover=alert(20)',
]

/** fixtures/hostile/notices.log as the first lines of the page. */
export const SHOWN_IN_NOTICES: readonly string[] = [
  'Deprecated: <script>window.__pwned=30</script> in /var/www/</title><svg/onload=window.__pwned=31>.php on line 12',
  'Deprecated: Implicit conversion from float "><img src=x onerror=window.__pwned=32> to int loses precision in /var/www/shop/Kernel.php on line 193',
  'Deprecated: &lt;entity&gt; &amp; </style><style>body{display:none}</style> in /var/www/shop/a&amp;b.php on line 7',
  'Deprecated: RLO <U+202E> and NUL \u2400 and javascript:window.__pwned=33 in /var/www/shop/x.php on line 8',
]

/** fixtures/hostile/access.ndjson (--log-format json): any text in any field, the client address included. */
export const SHOWN_FROM_JSON: readonly string[] = [
  '" onmouseover="window.__pwned=40" x="',
  '<script>window.__pwned=41</script>',
  '</title><script>window.__pwned=42</script>',
  '<img src=x onerror=window.__pwned=43>, 10.0.0.1',
  '/<script>window.__pwned=45</script> x',
  'javascript:window.__pwned=46',
  'RLO <U+202E> NUL \u2400 end',
]
