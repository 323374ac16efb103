-- profiler-search: raw access-log lines in ClickHouse, for `profiler-search ship` to fill and for
-- `build`/`watch`/`serve` to read through clickhouse:// URLs. Works on ClickHouse 18.16 (Debian's
-- clickhouse-server) and on current releases. Run it on every ClickHouse server with
--   clickhouse-client --multiquery < schema/clickhouse.sql
-- and, with several servers (shards), schema/clickhouse-cluster.sql after it. Users, the cluster,
-- retention and other feeders: docs/clickhouse.md.
--
-- One row per log line, as the server wrote it. Nothing is parsed into columns but the time:
-- profiler-search reads `message` with its own parser, so a page from ClickHouse lists exactly the
-- rows and tokens a page from the files does (every row the server sends is checked again).
--
--   time     the line's own time (its logged instant, whole seconds, UTC), as our parser reads
--            it; not the time it was shipped. Ranges of it are what a search narrows first.
--   host     the server that wrote the line (`ship --host`, default: the machine's name): a
--            row's server (`--server`, the page's Server column).
--   file     the log's path on that host, e.g. /var/log/nginx/access.log; the rotated
--            generations of a log are one file (access.log.1 is the older part of access.log).
--   seq      the line's place in that file, unique per host and file, growing as lines come:
--            `ship` writes generation * 2^40 + the byte offset of the line in its generation
--            (a rotation or copytruncate starts a new generation), so seq orders the lines of a
--            file across rotations and tells `ship` where it stopped. A feeder of its own may
--            write the plain byte offset (Vector's `offset_key`, Fluent Bit's `Offset_Key`).
--   message  the line, without its newline.
--
-- ORDER BY (time, host, file, seq): a row's key is unique, and rows of one time are in the order
-- of their file (the newest first when read DESC), so a page from ClickHouse breaks ties as a
-- page from the files does. PARTITION BY day: old days are dropped whole, and a search of a day
-- reads that day's parts only.

CREATE DATABASE IF NOT EXISTS logs;

CREATE TABLE IF NOT EXISTS logs.access_lines
(
    time    DateTime,
    host    String,
    file    String,
    seq     UInt64,
    message String
)
ENGINE = MergeTree
PARTITION BY toYYYYMMDD(time)
ORDER BY (time, host, file, seq);
