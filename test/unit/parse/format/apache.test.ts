import t from 'tap'
import { apacheFormat, apachePieces, unwrapApacheFormat } from '../../../../src/parse/format/apache.js'
import { FormatError } from '../../../../src/parse/format/text-format.js'

const roles = (format: string): string[] => apacheFormat(format).fields.map((f) => `${f.role}:${f.name}:${f.rank}`)
const parse = (format: string, line: string) => apacheFormat(format).parse(line)

t.test('config quoting: the LogFormat line, the quoted string, or the bare string', async (t) => {
  const bare = '%h %l %u %t \\"%r\\" %>s %O \\"%{Referer}i\\" \\"%{User-Agent}i\\"'
  t.equal(unwrapApacheFormat(`LogFormat "${bare}" combined`), bare)
  t.equal(unwrapApacheFormat(`  LogFormat "${bare}"  `), bare)
  t.equal(unwrapApacheFormat(`"${bare}"`), bare)
  t.equal(unwrapApacheFormat(bare), bare)
  t.equal(unwrapApacheFormat('"%r" %>s "%{Referer}i"'), '"%r" %>s "%{Referer}i"', 'plain quotes inside are not config quoting')
})

t.test('\\" and plain quotes give the same format', async (t) => {
  const escaped = apacheFormat('%h %l %u %t \\"%r\\" %>s %b')
  const plain = apacheFormat('%h %l %u %t "%r" %>s %b')
  const line = '192.0.2.1 - - [22/Nov/2026:04:00:01 -0500] "GET / HTTP/1.1" 200 5'
  t.strictSame(escaped.parse(line), plain.parse(line))
  t.strictSame(plain.parse(line), ['192.0.2.1', '-', '22/Nov/2026:04:00:01 -0500', 'GET / HTTP/1.1', '200', '5'])
})

t.test('directives and their meaning', async (t) => {
  t.strictSame(roles('%a %{c}a %h'), ['ip:%a:3', 'ip:%{c}a:1', 'ip:%h:2'], '%a wins over %h, the peer %{c}a last')
  t.strictSame(roles('%s %>s %<s'), ['status:%s:1', 'status:%>s:2', 'status:%<s:1'], 'the final status wins')
  t.strictSame(roles('%b %B %O %I %S'), ['bytes:%b:3', 'bytes:%B:3', 'bytes:%O:2'], '%I and %S are passed over')
  t.strictSame(roles('%v %V %{Host}i %p %{canonical}p %{local}p %{remote}p'),
    ['host:%v:3', 'host:%V:2', 'host:%{Host}i:1', 'port:%p:2', 'port:%{canonical}p:2', 'port:%{local}p:1'])
  t.strictSame(roles('%m %U%q %H %r'), ['method:%m:1', 'path:%U:1', 'query:%q:1', 'protocol:%H:1', 'request:%r:1'])
  t.strictSame(roles('%{referer}i %{USER-AGENT}i %{X-Forwarded-For}i %{Accept}i %u'),
    ['referer:%{referer}i:1', 'userAgent:%{USER-AGENT}i:1', 'forwardedFor:%{X-Forwarded-For}i:1', 'user:%u:1'], 'header names in any case')
  const durations = apacheFormat('%D %T %{s}T %{ms}T %{us}T').fields.map((f) => `${f.name}=${f.microsPerUnit}`)
  t.strictSame(durations, ['%D=1', '%T=1000000', '%{s}T=1000000', '%{ms}T=1000', '%{us}T=1'])
  t.strictSame(roles('%t %{begin:sec}t %{end:msec}t'), ['time:%t:1', 'time:%{begin:sec}t:1', 'time:%{end:msec}t:0'], 'end: ranks below begin:')
})

t.test('modifiers and conditions are read and ignored; %% is a percent sign', async (t) => {
  t.strictSame(roles('%400,501{User-Agent}i %!200,304s %>s'), ['userAgent:%400,501{User-Agent}i:1', 'status:%!200,304s:1', 'status:%>s:2'])
  t.strictSame(parse('%h 100%% %>s', '192.0.2.1 100% 200'), ['192.0.2.1', '200'])
  t.strictSame(parse('%h %{X}^ti %{Y}^to %>s', '192.0.2.1 a b 200'), ['192.0.2.1', '200'], 'trailer directives are passed over')
})

t.test('unknown directives are passed over, quoted or bare', async (t) => {
  const format = '%h %X "%{Cookie}C" %k %{UNIQUE_ID}e [%{ssl}n] %f %>s'
  t.strictSame(parse(format, '192.0.2.1 + "a=1; b=\\"2\\"" 0 YW1hZ2ljaWQ [-] /var/www/x 404'), ['192.0.2.1', '404'])
})

t.test('Apache\'s own time layouts, %{msec_frac}t with the rest of the time', async (t) => {
  const format = '%a %l %u [%{%d/%b/%Y:%H:%M:%S}t.%{msec_frac}t %{%z}t] "%r" %>s %b %D %{msec}t "%{X-Forwarded-For}i"'
  const line = '::1 - - [22/Nov/2026:07:23:41.042 -0500] "GET /moebel/ HTTP/1.1" 200 3 1543 1795350221042 "203.0.113.9, 10.0.0.2"'
  t.strictSame(parse(format, line), [
    '::1', '-', '22/Nov/2026:07:23:41', '042', '-0500', 'GET /moebel/ HTTP/1.1', '200', '3', '1543', '1795350221042', '203.0.113.9, 10.0.0.2',
  ])
  t.strictSame(parse('%h [%{%d/%b/%Y %T}t] %>s', '192.0.2.1 [22/Nov/2026 07:23:41] 200'), ['192.0.2.1', '22/Nov/2026 07:23:41', '200'],
    'a layout with spaces is read by its shape, not cut at the first space')
  t.strictSame(parse('%h %{%d/%b/%Y %T}t %>s', '192.0.2.1 22/Nov/2026 07:23:41 200'), ['192.0.2.1', '22/Nov/2026 07:23:41', '200'])
})

t.test('%U%q glued together', async (t) => {
  t.strictSame(parse('%h "%m %U%q %H" %>s', '192.0.2.1 "GET /a?b=1 HTTP/1.1" 200'), ['192.0.2.1', 'GET', '/a', '?b=1', 'HTTP/1.1', '200'])
  t.strictSame(parse('%h "%m %U%q %H" %>s', '192.0.2.1 "GET /a HTTP/1.1" 200'), ['192.0.2.1', 'GET', '/a', '', 'HTTP/1.1', '200'])
  t.strictSame(parse('%h %U %>s', '192.0.2.1 /a?b 200'), ['192.0.2.1', '/a?b', '200'], 'without %q, %U runs to the next literal')
})

t.test('escapes in the literal text: \\t and \\\\', async (t) => {
  t.strictSame(apachePieces('%h\\t%>s'), [
    { kind: 'field', label: '%h', spec: { role: 'ip', name: '%h', rank: 2 }, extent: { type: 'toNext' } },
    { kind: 'literal', text: '\t' },
    apachePieces('%>s')[0],
  ])
  t.strictSame(parse('%h\\t%>s', '192.0.2.1\t200'), ['192.0.2.1', '200'])
})

t.test('formats that cannot be read', async (t) => {
  const fails = (format: string, message: string) => t.throws(() => apacheFormat(format), new FormatError(message), format)
  fails('%h%l %>s', 'has %h%l: two fields with nothing between them cannot be told apart (put a space or other text between them)')
  fails('%h %{Referer', 'has %{Referer with { but no }')
  fails('%h %', 'ends in % without a directive letter')
  fails('%h\\n%>s', 'has \\n in it: a log line cannot hold a newline')
  fails('%h %{%Q}t', '%{%Q}t: the time layout "%Q" has %Q, which is not a strftime conversion we can read')
  fails('no directives', 'has no fields')
})
