#!/usr/bin/env bash
# The store at volume on your own database: fills a fresh table to each size given (the database
# generates the rows, INSERT ... SELECT in chunks of 20,000),
# measures claim+complete and replay latency against the empty table with the same harness, bytes
# on disk per record, and the purge of expired records with claims running beside it; drops the
# table at the end. Refuses to start without the free disk it needs; stops filling at --max-minutes
# and measures at the size it reached (the purge too, of expired records added as a share of it).
# MariaDB: --buffer-pool 3G sets innodb_buffer_pool_size for the run (the server's setting, online),
# purges half the expired records with it and half with the server's own size, and restores that.
# MariaDB: --mariadb-layout 1 creates the table as schema version 1 laid it out (rows clustered by key),
# to compare with the store's own (2, rows in insertion order); InnoDB's disk reads during the purge are told.
# With --migrate true it then runs the documented migration to version 2, timed, claims beside it, before the purge.
#   agent/benchmarks/volume.sh --url jdbc:postgresql://db:5432/app --user app --password ... \
#     --records 1000000,10000000 [--threads 4] [--seconds 10] [--warm-up-seconds 3] [--body 100-2000] \
#     [--in-progress 0.02] [--ttl-hours 24] [--expired 0.1] [--max-minutes 60] [--disk-path DIR] \
#     [--bytes-per-record N] [--buffer-pool BYTES[K|M|G]] [--mariadb-layout 1|2 [--migrate true]]
# Steady churn instead of the fill: --churn <live records> [--churn-ttl-seconds 30] [--churn-seconds 180]
#     [--sample-seconds 15]: new keys through the store at the pace that keeps that many records live
#     under the TTL (each claimed on its thread, completed behind it by the agent's outcome writers), the
#     keeper's purge beside it; reports records, bytes on disk, live bytes (H2's own count) and the
#     claims' latencies per sample, and says so in a sample where the store fell behind that pace.
#     The file store: --churn-prefill true starts from the live records of a TTL of traffic (expiries
#     spread evenly, written straight into a compacted file) instead of empty,
#     e.g. a day at 100 new keys/s: --churn 8640000 --churn-ttl-seconds 86400 --churn-prefill true.
#     Each sample of the file store also prints its compaction (steps, their time) and its chunks by the
#     share of them still live.
# H2: --url jdbc:h2:file:/path/to/file (a file the run creates is removed at the end).
# The file store: --url mvstore:/path/to/file (filled through the store's own calls, not SQL; the churn as
#     above); JAVA_OPTS=-Dvolume.retention-ms=N sets MVStore's retention, -Dvolume.versions-to-keep=N its versions.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=agent/benchmarks/target/benchmarks.jar
if [[ "${SKIP_BUILD:-}" != 1 ]]; then
  mvn -B -q -pl agent/benchmarks -am package -DskipTests
fi
# shellcheck disable=SC2086
exec java ${JAVA_OPTS:-} -cp "$JAR" dev.idempotency.agent.store.jdbc.VolumeBenchmark "$@"
