import t from 'tap'
import { unwrapNginxFormat } from '../../../../src/parse/format/nginx-conf.js'
import { FormatError } from '../../../../src/parse/format/text-format.js'

const BODY = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" rt=$request_time host=$host xff="$http_x_forwarded_for"'
const NOT_A_DIRECTIVE = new FormatError('looks like a log_format directive, but it is not `log_format NAME [escape=…] \'…\' …;` (check its quotes)')

t.test('the nginx.conf text as people copy it', async (t) => {
  t.strictSame(unwrapNginxFormat(BODY), { body: BODY, escape: 'default' }, 'the bare body')
  t.strictSame(unwrapNginxFormat(`'${BODY}'`), { body: BODY, escape: 'default' }, 'one quoted piece')
  t.strictSame(unwrapNginxFormat(`log_format main '$remote_addr - $remote_user [$time_local] "$request" '\n    '$status $body_bytes_sent';`),
    { body: '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent', escape: 'default' }, 'the directive, pieces joined')
  t.strictSame(unwrapNginxFormat(`log_format j escape=json '{"ip":"$remote_addr",' '"s":$status}';`),
    { body: '{"ip":"$remote_addr","s":$status}', escape: 'json' })
  t.strictSame(unwrapNginxFormat(`escape=none '$remote_addr "$request"'`), { body: '$remote_addr "$request"', escape: 'none' })
  t.strictSame(unwrapNginxFormat(`log_format x "$remote_addr \\"$request\\"";`), { body: '$remote_addr "$request"', escape: 'default' },
    'double quotes with \\" inside, as nginx reads them')
  t.strictSame(unwrapNginxFormat(`'$remote_addr' junk`), { body: `'$remote_addr' junk`, escape: 'default' }, 'not only quoted pieces: verbatim')
  t.throws(() => unwrapNginxFormat(`log_format main '$remote_addr`), NOT_A_DIRECTIVE)
})

t.test('nginx.conf string escapes and tokens', async (t) => {
  t.strictSame(unwrapNginxFormat(`log_format main '$a\\t$b\\n\\x' ;`), { body: '$a\t$b\n\\x', escape: 'default' },
    '\\t and \\n undone; an escape nginx does not know kept as written')
  t.strictSame(unwrapNginxFormat(`log_format main '$a' "it's";`), { body: "$ait's", escape: 'default' }, 'either quote, the other one inside')
  t.strictSame(unwrapNginxFormat('log_format main $remote_addr;'), { body: '$remote_addr', escape: 'default' }, 'an unquoted piece')
  t.strictSame(unwrapNginxFormat(`log_format main '$a'`), { body: '$a', escape: 'default' }, 'without its ;')
  t.strictSame(unwrapNginxFormat(`log_format\tmain\n  '$a';`), { body: '$a', escape: 'default' }, 'any white space')
  t.strictSame(unwrapNginxFormat(`'$a' '$b'`), { body: '$a$b', escape: 'default' })
})

t.test('what is left as it is, and what is no directive', async (t) => {
  for (const text of ['  $a  ', `"$a" '$b'`, 'escape=json $remote_addr', 'escape=json', `'$a`]) {
    t.strictSame(unwrapNginxFormat(text), { body: text, escape: 'default' }, JSON.stringify(text))
  }
  for (const text of ['log_format main;', `log_format 'main' '$a';`, 'log_format main escape=json;', `log_format main '$a'; junk`]) {
    t.throws(() => unwrapNginxFormat(text), NOT_A_DIRECTIVE, text)
  }
})
