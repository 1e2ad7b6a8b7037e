#!/usr/bin/env bash
# Builds the benchmarks and measures the JDBC stores against the raw limit of each database.
# Needs the databases of agent/store-jdbc's tests (PostgreSQL and MariaDB on localhost; other URLs with
# JAVA_OPTS="-Didempotency.bench.postgres.url=... -Didempotency.bench.mariadb.url=...").
#   THREADS="1 8 32"  DATABASES="h2,postgres,mariadb"  WARMUP=3  MEASURE=5  SECONDS_PER_ITERATION=2
#   WRITES=default  (write strategies to compare in one run, e.g. "plain,grouped"; see StoreBenchmark)
#   BENCHMARKS=StoreBenchmark  (a JMH regexp, e.g. "StoreBenchmark.(claimAndComplete|replay)")
#   ROUNDS=1  (runs of every thread count; even rounds take WRITES in reverse order, so a machine whose
#              load drifts during the run favours no strategy; the table shows the median of the rounds)
set -euo pipefail
cd "$(dirname "$0")/../.."

THREADS=${THREADS:-"1 8 32"}
DATABASES=${DATABASES:-h2,postgres,mariadb}
WARMUP=${WARMUP:-3}
MEASURE=${MEASURE:-5}
SECONDS_PER_ITERATION=${SECONDS_PER_ITERATION:-2}
WRITES=${WRITES:-default}
BENCHMARKS=${BENCHMARKS:-StoreBenchmark}
ROUNDS=${ROUNDS:-1}
OUT=agent/benchmarks/target/results

mvn -B -q -pl agent/benchmarks -am package -DskipTests
mkdir -p "$OUT"
JAR=agent/benchmarks/target/benchmarks.jar
LOG="$OUT/store.log"
: > "$LOG"
results=()
REVERSED=$(echo "$WRITES" | tr ',' '\n' | tac | paste -sd, -)
for round in $(seq 1 "$ROUNDS"); do
  writes=$WRITES
  if (( round % 2 == 0 )); then writes=$REVERSED; fi
  for threads in $THREADS; do
    result="$OUT/store-t$threads-r$round.json"
    # shellcheck disable=SC2086
    java ${JAVA_OPTS:-} -jar "$JAR" "$BENCHMARKS" -f 1 -t "$threads" \
      -wi "$WARMUP" -w "${SECONDS_PER_ITERATION}s" -i "$MEASURE" -r "${SECONDS_PER_ITERATION}s" \
      -p database="$DATABASES" -p writes="$writes" -rf json -rff "$result" | tee -a "$LOG"
    results+=("$result")
  done
done
java -cp "$JAR" dev.idempotency.agent.store.jdbc.BenchmarkTable "${results[@]}" | tee "$OUT/store.md"
# Commits per operation and latency percentiles, printed by each trial.
grep -h -E '^\[(writer|grouped|latency|store/raw)\]' "$LOG" | tee -a "$OUT/store.md"
