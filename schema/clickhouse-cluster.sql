-- profiler-search with several ClickHouse servers (shards): after schema/clickhouse.sql, on every
-- server of the cluster `logs_cluster` (the servers' <remote_servers>, see docs/clickhouse.md),
--   clickhouse-client --multiquery < schema/clickhouse-cluster.sql
-- makes the Distributed table `ship` inserts into and the page reads, over each server's
-- logs.access_lines:
--   ship /var/log/nginx/access.log --to clickhouse://shipper@ch1:8123/logs.access_lines_all
--   build clickhouse://reader@ch1:8123/logs.access_lines_all -o /var/www/profiler/index.html
--
-- The sharding key cityHash64(host, file) puts each log file's lines on one shard (ship's inserts
-- of a file are stored whole or not at all there, and where it stopped is read from one place)
-- and spreads a small fleet: cityHash64(host) would put hosts named web1, web2 and web3 all on
-- the first of two shards. rand() spreads lines evenly but splits an insert of ship over the
-- shards, each part stored on its own: not for ship.

CREATE TABLE IF NOT EXISTS logs.access_lines_all AS logs.access_lines
ENGINE = Distributed(logs_cluster, logs, access_lines, cityHash64(host, file));
