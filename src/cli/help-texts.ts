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

export const MERGE_EXAMPLES = `
Examples:
  on each server:  $ profiler-search build --emit ndjson --limit 50 /var/log/nginx/access.log -o /srv/rows.ndjson
  on one host:     $ profiler-search merge web1.ndjson web2.ndjson.gz -o /var/www/profiler/index.html
                   $ ssh web1 cat /srv/rows.ndjson | profiler-search merge - web2.ndjson --emit csv

Exit codes:
  0   the listing was written
  1   an input holds no rows written by build --emit ndjson, or a line was
      not a row under --strict
  2   bad option, missing or unreadable input, or the output cannot be written
  70  internal error (a bug: please report it with the stack trace)`
