import t from 'tap'
import { csvField, neutraliseFormula, renderCsv } from '../../../src/render/emit-csv.js'
import type { EmittedRow } from '../../../src/row-format.js'
import { ODD_ROWS } from '../../helpers/emitted-rows.js'
import { joined, pieceList } from '../../helpers/pieces.js'

const HEADER = 'status,ip,method,url,time,token,timestamp,referer,userAgent,bytes,duration,host,port,forwardedFor,loggedIp,user,request,raw,source,line,byteOffset\r\n'

const row = (over: Partial<EmittedRow>): EmittedRow => ({
  status: 200,
  ip: '192.0.2.1',
  method: 'GET',
  url: '/moebel/',
  time: '22.11.2026 10:05:07',
  token: '6b02b0430002a',
  timestamp: '2026-11-22T10:05:07+01:00',
  referer: null,
  userAgent: null,
  bytes: 512,
  duration: null,
  host: null,
  port: null,
  forwardedFor: null,
  loggedIp: '192.0.2.1',
  user: null,
  request: 'GET /moebel/ HTTP/1.1',
  raw: 'x',
  source: 'access.log',
  line: 1,
  byteOffset: null,
  ...over,
})

t.test('formula starts get a leading apostrophe (OWASP)', async (t) => {
  for (const start of ['=', '+', '-', '@', '\t', '\r', '\n', '\u0000', '\uff1d', '\uff0b', '\uff0d', '\uff20']) {
    t.equal(neutraliseFormula(`${start}1+1`), `'${start}1+1`, JSON.stringify(start))
  }
  t.equal(neutraliseFormula('1-1'), '1-1', 'only the first character counts')
  t.equal(neutraliseFormula(' =1'), ' =1')
  t.equal(neutraliseFormula(''), '')
  t.equal(neutraliseFormula('/moebel/'), '/moebel/')
  t.equal(neutraliseFormula('＝HYPERLINK("x")'), '\'＝HYPERLINK("x")', 'full-width equals sign')
  t.equal(neutraliseFormula('\uff1c\uff01'), '\uff1c\uff01', 'other full-width signs are text')
  t.equal(neutraliseFormula('\u0000=1+1'), "'\u0000=1+1", 'NUL before a formula (ASVS 1.2.10)')
  t.equal(neutraliseFormula('\n1'), "'\n1", 'LF (OWASP)')
  t.equal(neutraliseFormula('\n@SUM(1+1)'), "'\n'@SUM(1+1)", 'LF before a formula: also a break where a cell starts (below)')
  t.equal(neutraliseFormula('\u0001=1'), '\u0001=1', 'other controls are not skipped before a formula')
})

t.test('a formula start after a ;, TAB, CR or LF inside a value gets a leading apostrophe too', async (t) => {
  t.equal(neutraliseFormula("/x;=cmd|' /C calc'!A0;"), "/x;'=cmd|' /C calc'!A0;", 'Excel splits at ; in many locales')
  for (const separator of [';', '\t', '\r', '\n']) {
    for (const start of ['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20', '\t', '\u0000', '"']) {
      t.equal(neutraliseFormula(`a${separator}${start}1`), `a${separator}'${start}1`, JSON.stringify(separator + start))
    }
  }
  t.equal(neutraliseFormula('a;"=1"'), 'a;\'"=1"', 'a quoted cell opened after a ;')
  t.equal(neutraliseFormula('a\r\n-1'), "a\r\n'-1", 'CRLF is one break: the apostrophe goes after it')
  t.equal(neutraliseFormula('a;\t=1'), "a;'\t'=1", 'after a TAB that follows a ;')
  t.equal(neutraliseFormula('=1;=2'), "'=1;'=2", 'at the start and after a ;')
  t.equal(neutraliseFormula('Mozilla/5.0 (X11; Linux x86_64; rv:128.0)'), 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0)')
  t.equal(neutraliseFormula('/a;b=1;c-2,=3'), '/a;b=1;c-2,=3', 'a sign inside a piece, or after a comma (quoted), is text')
})

t.test('RFC 4180 quoting', async (t) => {
  t.equal(csvField('plain text'), 'plain text')
  t.equal(csvField('a,b'), '"a,b"')
  t.equal(csvField('say "hi"'), '"say ""hi"""')
  t.equal(csvField('two\nlines'), '"two\nlines"')
  t.equal(csvField('cr\ronly'), '"cr\ronly"')
  t.equal(csvField('"'), '""""')
  t.equal(csvField("it's"), "it's")
})

t.test('no rows: the header alone', async (t) => {
  t.equal(await joined(renderCsv([])), HEADER)
})

t.test('exact records: nulls empty, numbers bare, text neutralised then quoted, CRLF after every record', async (t) => {
  const csv = await joined(renderCsv([
    row({ referer: '=HYPERLINK("http://evil.example/","x")', userAgent: '@SUM(1+1)', user: '-' }),
    row({ status: 404, userAgent: 'Mozilla/5.0 (X11; Linux), "quoted"\r\nnext', bytes: null, duration: 1500, port: 8080, line: 2 }),
    row({ source: 'big.log', line: null, byteOffset: 4194304 }),
    row({ referer: '\u0000=1+1', userAgent: '\n=HYPERLINK("http://evil.example/")', user: 'u;=2;"@3"', raw: '\t-1\r\n+2' }),
  ]))
  t.equal(csv, HEADER +
    `200,192.0.2.1,GET,/moebel/,22.11.2026 10:05:07,6b02b0430002a,2026-11-22T10:05:07+01:00,"'=HYPERLINK(""http://evil.example/"",""x"")",'@SUM(1+1),512,,,,,192.0.2.1,'-,GET /moebel/ HTTP/1.1,x,access.log,1,\r\n` +
    `404,192.0.2.1,GET,/moebel/,22.11.2026 10:05:07,6b02b0430002a,2026-11-22T10:05:07+01:00,,"Mozilla/5.0 (X11; Linux), ""quoted""\r\nnext",,1500,,8080,,192.0.2.1,,GET /moebel/ HTTP/1.1,x,access.log,2,\r\n` +
    `200,192.0.2.1,GET,/moebel/,22.11.2026 10:05:07,6b02b0430002a,2026-11-22T10:05:07+01:00,,,512,,,,,192.0.2.1,,GET /moebel/ HTTP/1.1,x,big.log,,4194304\r\n` +
    `200,192.0.2.1,GET,/moebel/,22.11.2026 10:05:07,6b02b0430002a,2026-11-22T10:05:07+01:00,'\u0000=1+1,"'\n'=HYPERLINK(""http://evil.example/"")",512,,,,,192.0.2.1,"u;'=2;'""@3""",GET /moebel/ HTTP/1.1,"'\t'-1\r\n'+2",access.log,1,\r\n`)
})

t.test('csv: one piece per row, and the header', async (t) => {
  const csv = await pieceList(renderCsv(ODD_ROWS))
  t.equal(csv.length, 4)
  t.equal(csv[2], `200,::1,GET,"/a\nb\r\u2028\u2029""\\",22.11.2026 9:05:07,6b02b04300001,2026-11-22T09:05:07+00:00,,a\u0000b\u202e\u{1F600},0,1500,,,,::1,,GET /robots.txt HTTP/1.1,r,'-,,4194304\r\n`, 'the source - neutralised as a formula start')
})
