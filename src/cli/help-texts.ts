/** The text `--help` shows after the options: exit codes and examples. */

export const PROG = 'profiler-search'

export const EXIT_CODES_HELP = `
Exit codes:
  0   the page was written
  1   an input does not look like an nginx/Apache access log (in --log-format),
      or a line was skipped under --strict
  2   bad option, missing or unreadable input (a truncated .gz too, unless
      --partial-ok), or the output cannot be written
  70  internal error (a bug: please report it with the stack trace)`

export const BUILD_EXAMPLES = `
Examples:
  $ profiler-search build /var/log/nginx/access.log -o /var/www/profiler/index.html
  $ zcat /var/log/nginx/access.log.*.gz | profiler-search build - -o out.html
  $ profiler-search build access.log access.log.1 access.log.2.gz --limit 50 --tz Europe/Berlin
  $ profiler-search build access.log --notices /var/log/php/error.log --redact-path /var/www/shop -o out.html
${EXIT_CODES_HELP}`

export const WATCH_EXAMPLES = `
Examples:
  $ profiler-search watch /var/log/nginx/access.log -o /var/www/profiler/index.html
  $ profiler-search watch /var/log/nginx/access.log --out-dir /var/www/profiler --refresh 5
  $ profiler-search watch access.log access.log.1 --notices /var/log/php/error.log --interval 0.5 -o out.html

Exit codes:
  0   stopped by SIGINT, SIGTERM or SIGHUP (or nothing was left to follow:
      every input was a .gz, a rotated name, or a stream that ended)
  1   at start: an input does not look like an nginx/Apache access log
  2   at start: bad option, missing or unreadable input, or the output cannot
      be written
  70  internal error (a bug: please report it with the stack trace)
Once the first page is written, a problem (an input gone, a failed write) is
one line on stderr and the watch goes on; a failed write is tried again at
the next change.`

export const MERGE_EXAMPLES = `
Examples:
  on each server:  $ profiler-search build --emit ndjson --limit 50 /var/log/nginx/access.log -o /srv/rows.ndjson
  on one host:     $ profiler-search merge web1.ndjson web2.ndjson.gz -o /var/www/profiler/index.html
                   $ ssh web1 cat /srv/rows.ndjson | profiler-search merge - web2.ndjson --emit csv

Exit codes:
  0   the listing was written
  1   an input holds no rows written by build --emit ndjson, or a line was
      skipped under --strict
  2   bad option, missing or unreadable input, or the output cannot be written
  70  internal error (a bug: please report it with the stack trace)`

export const SERVE_EXAMPLES = `
Examples:
  $ profiler-search serve /var/log/nginx/access.log
  $ profiler-search serve access.log access.log.1 access.log.2.gz --tz Europe/Berlin --listen 127.0.0.1:9000
  $ profiler-search serve /var/log/nginx/access.log --listen 0.0.0.0:8080 --htpasswd /etc/profiler-search.htpasswd --allow-host profiler.example.com

Pages: / (the search: ip, server, method, status_code, url, urls, crawlers,
token, start, end, limit), /profiles/<token>.html, /profile-search.css;
anything else is 404. stderr gets one line per request in the combined log
format.

Exit codes:
  0   stopped by SIGINT, SIGTERM or SIGHUP (requests under way are answered first)
  1   at start: an input does not look like an nginx/Apache access log
  2   at start: bad option, missing or unreadable input or --htpasswd file, an
      address other than loopback without --htpasswd, or one that cannot be
      listened on
  70  internal error (a bug: please report it with the stack trace)`
export const SHIP_EXAMPLES = `
Examples:
  $ CLICKHOUSE_PASSWORD_FILE=/etc/profiler-search/ch.pass \\
      profiler-search ship /var/log/nginx/access.log --to clickhouse://shipper@ch1:8123/logs.access_lines
  $ profiler-search ship --once /var/log/nginx/access.log.*.gz /var/log/nginx/access.log.1 \\
      /var/log/nginx/access.log --to clickhouse://ch1:8123/logs.access_lines   # backfill, or from cron
  then, on any host: $ profiler-search build clickhouse://reader@ch1:8123/logs.access_lines -o index.html

The URL's port is ClickHouse's HTTP port (8123), not its native one (9000).
The table: schema/clickhouse.sql; users, several servers (shards), failures:
docs/clickhouse.md. The password: CLICKHOUSE_PASSWORD, or the first line of
the file CLICKHOUSE_PASSWORD_FILE names (never in the URL).

Exit codes:
  0   --once: everything read was shipped; else stopped by SIGINT, SIGTERM
      or SIGHUP (after shipping what it held, within a second)
  1   a log does not look like an nginx/Apache access log (in --log-format)
  2   bad option, unreadable log, or (at start, and under --once at any time)
      the server cannot be reached or refuses the table
  70  internal error (a bug: please report it with the stack trace)
Once following, a server that cannot be reached is one line on stderr: the
lines are held (a bounded number; the rest wait in the files) and sent when
it is back, each once.`

export const HTPASSWD_EXAMPLES = `
Examples:
  $ profiler-search htpasswd /etc/profiler-search.htpasswd anna          # asks twice, shows nothing
  $ printf '%s\\n' "$PASSWORD" | profiler-search htpasswd users.htpasswd ben

Exit codes:
  0   the entry was added, or its password replaced
  2   bad user name or option, no password or two that differ, or the file
      cannot be read or written (it is left as it was)
  70  internal error (a bug: please report it with the stack trace)`
