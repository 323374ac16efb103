-- profiler-search: raw access-log lines in ClickHouse, for `profiler-search ship` to fill and for
-- `build`/`watch` to read through clickhouse:// URLs. Works on ClickHouse 18.16 (Debian's
-- clickhouse-server) and on current releases. Run it with
--   clickhouse-client --multiquery < schema/clickhouse.sql
--
-- One row per log line, as the server wrote it. Nothing is parsed into columns but the time:
-- profiler-search reads `message` with its own parser, so a page from ClickHouse lists exactly the
-- rows and tokens a page from the files does (every row the server sends is checked again).
--
--   time     the line's own time (its logged instant, whole seconds, UTC), as our parser reads
--            it; not the time it was shipped. Ranges of it are what a search narrows first.
--   host     the server that wrote the line (`ship --host`, default: the machine's name).
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
-- page from the files does. PARTITION BY day: old days are dropped whole (see TTL below), and a
-- search of a day reads that day's parts only.

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

-- Several servers: each ClickHouse node holds the table above; one Distributed table over the
-- cluster (named in the server's <remote_servers>) is what the page reads. Rows of one host go
-- to one shard (the sharding key), so `ship` resuming from the rows of its host finds them all
-- there. `ship` inserts with insert_distributed_sync=1; the page reads through either table.
--   build clickhouse://reader@ch1/logs.access_lines_all -o /var/www/profiler/index.html

CREATE TABLE IF NOT EXISTS logs.access_lines_all AS logs.access_lines
ENGINE = Distributed(logs_cluster, logs, access_lines, cityHash64(host));

-- Keep 30 days (ClickHouse 19.6 and later; on 18.16 drop old partitions from cron instead:
--   ALTER TABLE logs.access_lines DROP PARTITION 20261001):
--   ALTER TABLE logs.access_lines MODIFY TTL time + INTERVAL 30 DAY;
--
-- A read-only user for the page (users.xml on 18.16; on current releases, in SQL):
--   <reader><password_sha256_hex>…</password_sha256_hex><profile>readonly</profile>
--     <networks><ip>10.0.0.0/8</ip></networks><allow_databases><database>logs</database></allow_databases></reader>
--   CREATE USER reader IDENTIFIED BY '…' SETTINGS readonly = 1; GRANT SELECT ON logs.* TO reader;
-- and a writer for `ship`: INSERT and SELECT (ship reads where it stopped) on logs.access_lines, and
-- SELECT on system.processes (before it reads where it stopped, ship waits until no insert of its own,
-- query_id profiler-search-ship-…, is still under way: one a killed run left may still be storing lines).
-- The password goes in CLICKHOUSE_PASSWORD or a file named by CLICKHOUSE_PASSWORD_FILE, never
-- in the URL (`ps` shows a command line).
--
-- Instead of `ship`: Vector (file source → clickhouse sink) or Fluent Bit (tail → http output
-- with format json_lines to /?query=INSERT INTO logs.access_lines FORMAT JSONEachRow) can feed
-- the table: message = the line, time = the line's own time parsed by the feeder, host, file,
-- seq = the byte offset (Vector: `offset_key = "seq"`, `file_key`, `host_key`). Their rows read
-- the same, as long as `time` is the line's time within --order-tolerance (60 s).
