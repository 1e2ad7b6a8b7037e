#!/usr/bin/env bash
# End-to-end benchmark: the javax legacy demo (embedded Tomcat 9) bare, and with the agent on the
# embedded H2 SQL store, the mvstore: file store (the default), PostgreSQL, MariaDB and Redis, in one run, with the
# raw store limit and start-up beside it. The pgapp-* cases keep the demo's orders in PostgreSQL
# instead of its H2 file. A case named <case>@<x> runs <case> with the agent jar AGENT_<x> and/or
# the lines STORE_<x> added to the store section of a server database's config (an A/B of two
# builds or settings in one run).
#
#   it-tests/perf/run.sh quick    # smoke check that every part runs (under a minute); numbers meaningless
#   it-tests/perf/run.sh full     # the measurement (about 45 min with ROUNDS=2, 65 with the default 3)
#
# Load generator: wrk (installed with apt-get if missing) with requests.lua: fixed concurrency on
# loopback, unique Idempotency-Key per request for "new", one completed key for "replay".
# Every case runs in a fresh JVM and a fresh working directory (fresh H2 files, a fresh table on
# the server databases); rounds alternate bare and agent cases; the table shows medians over rounds.
# After each h2-new and mv-new case the JVM is stopped with SIGTERM and the store's files are
# measured: bytes per record after that case's burst of new keys (store-files.tsv, in the summary).
# Knobs (environment): ROUNDS THREADS CONNECTIONS WARMUP_MIN WARMUP_MAX WINDOW MEASURE
#   STARTUP_SAMPLES CASES PG_URL PG_USER MDB_URL MDB_USER OUT TABLE_PREFIX
# Needs: a JDK 17+, curl, python3; PostgreSQL at PG_URL for the pg-* cases, MariaDB at MDB_URL
# for the mdb-* cases and Redis at REDIS_URL for the rd-* cases (each skipped if down; psql,
# mariadb and redis-cli drop the tables, or the Redis keys, after).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"

MODE=${1:-full}
case "$MODE" in
  quick)
    : "${ROUNDS:=1}" "${WARMUP_MIN:=1}" "${WARMUP_MAX:=1}" "${WINDOW:=1}" "${MEASURE:=1}" "${STARTUP_SAMPLES:=0}"
    : "${CASES:=bare-create h2-new h2-replay pg-new mdb-new}" "${JMH:=-wi 0 -i 1 -r 1s -p database=h2}" ;;
  full)
    : "${ROUNDS:=3}" "${WARMUP_MIN:=90}" "${WARMUP_MAX:=150}" "${WINDOW:=10}" "${MEASURE:=15}" "${STARTUP_SAMPLES:=5}"
    : "${CASES:=bare-get h2-get pg-get mdb-get bare-create h2-new h2-replay mv-new mv-replay pg-new pg-replay mdb-new mdb-replay}"
    : "${JMH:=-wi 3 -w 2s -i 5 -r 2s -p database=h2,postgres,mariadb}" ;;
  *) echo "usage: $0 quick|full" >&2; exit 2 ;;
esac
: "${THREADS:=2}" "${CONNECTIONS:=32}" "${PG_URL:=jdbc:postgresql://127.0.0.1:5432/test}" "${PG_USER:=postgres}"
: "${MDB_URL:=jdbc:mariadb://127.0.0.1:3306/test}" "${MDB_USER:=root}" "${REDIS_URL:=redis://127.0.0.1:6379/0}"
: "${OUT:=$root/it-tests/target/perf}" "${TABLE_PREFIX:=perf_}"

BUILT_DEMO=legacy-demo/orders-servlet-javax/target/orders-servlet-javax.jar
BUILT_AGENT=agent/target/idempotency-agent.jar
BUILT_BENCH=agent/benchmarks/target/benchmarks.jar
TICK=$(getconf CLK_TCK)

log() { echo "[perf] $*" >&2; }

prerequisites() {
  command -v wrk >/dev/null || { log "installing wrk"; apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
  command -v python3 >/dev/null || { log "python3 is needed for the summary"; exit 1; }
  if [ ! -f "$BUILT_DEMO" ] || [ ! -f "$BUILT_AGENT" ] || [ ! -f "$BUILT_BENCH" ]; then
    log "building the agent, the demo and the store benchmarks"
    mvn -B -q package -DskipTests -pl "agent/javaagent,agent/benchmarks,legacy-demo/orders-servlet-javax" -am
  fi
  # Copies: a build during the run must not swap the jars under running JVMs.
  mkdir -p "$OUT/jars"
  cp "$BUILT_DEMO" "$BUILT_AGENT" "$BUILT_BENCH" "$OUT/jars/"
  local variant jar
  for variant in $(tr ' ' '\n' <<<"$CASES" | sed -n 's/.*@//p' | sort -u); do
    jar=AGENT_$variant store=STORE_$variant
    [ -n "${!jar:-}" ] || [ -n "${!store:-}" ] || { log "case ...@$variant needs $jar (an agent jar) or $store"; exit 2; }
    [ -z "${!jar:-}" ] || cp "${!jar}" "$OUT/jars/agent-$variant.jar"
  done
  DEMO=$OUT/jars/$(basename "$BUILT_DEMO")
  AGENT=$OUT/jars/$(basename "$BUILT_AGENT")
  BENCH=$OUT/jars/$(basename "$BUILT_BENCH")
  local kind
  for kind in pg mdb rd; do
    if [[ " $CASES " == *" $kind-"* || ( $kind = pg && " $CASES " == *" pgapp-"* ) ]] && ! server_up "$kind"; then
      log "$(server_name "$kind") is not answering at $(server_url "$kind"): the $kind-* cases are skipped"
      CASES=$(tr ' ' '\n' <<<"$CASES" | grep -v "^$kind-" | grep -v "^${kind}app-" | tr '\n' ' ')
      JMH=${JMH/,$(jmh_database "$kind")/}
    fi
  done
}

# The server databases: pg (PostgreSQL), mdb (MariaDB) and rd (Redis).
server_name() { case "$1" in pg) echo PostgreSQL ;; mdb) echo MariaDB ;; rd) echo Redis ;; esac; }
server_url() { case "$1" in pg) echo "$PG_URL" ;; mdb) echo "$MDB_URL" ;; rd) echo "$REDIS_URL" ;; esac; }
server_user() { case "$1" in pg) echo "$PG_USER" ;; mdb) echo "$MDB_USER" ;; rd) echo "" ;; esac; }
jmh_database() { case "$1" in pg) echo postgres ;; mdb) echo mariadb ;; rd) echo redis ;; esac; }
server_address() { # kind -> "host port database"
  local rest; rest=$(server_url "$1"); rest=${rest#jdbc:*://}; rest=${rest#redis://}
  local host=${rest%%/*} db=${rest#*/}
  echo "${host%:*} ${host#*:} ${db%%[?;]*}"
}

server_up() { # kind
  local host port db; read -r host port db <<<"$(server_address "$1")"
  (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null
}

# The demo's config with the store pointed at a server database, in a table of its own.
server_config() { # kind table [more lines of the store section]
  cat agent-config/examples/demo.yaml
  printf '\nstore:\n  url: %s\n  table: %s\n' "$(server_url "$1")" "$2"
  [ -z "$(server_user "$1")" ] || printf '  user: %s\n' "$(server_user "$1")"
  [ -z "${3:-}" ] || sed 's/^/  /' <<<"$3"
}

drop_server_table() { # kind table
  local host port db; read -r host port db <<<"$(server_address "$1")"
  local sql="DROP TABLE IF EXISTS $2; DROP TABLE IF EXISTS ${2}_meta"
  case "$1" in
    pg) command -v psql >/dev/null || return 0
        psql -q -h "$host" -p "$port" -U "$(server_user pg)" -d "$db" -c "$sql" >/dev/null 2>&1 || true ;;
    mdb) command -v mariadb >/dev/null || return 0
        mariadb -h "$host" -P "$port" -u "$(server_user mdb)" "$db" -e "$sql" >/dev/null 2>&1 || true ;;
    rd) command -v redis-cli >/dev/null || return 0
        redis-cli -h "$host" -p "$port" -n "$db" --scan --pattern "{$2}*" \
          | xargs -r redis-cli -h "$host" -p "$port" -n "$db" del >/dev/null 2>&1 || true ;;
  esac
}

cpu_ticks() { # pid -> utime + stime of the whole JVM
  local stat; stat=$(sed 's/^.*) //' "/proc/$1/stat")
  set -- $stat
  echo $(( ${12} + ${13} ))
}

# The PostgreSQL backends serving one JVM: the server ends of its connections to PG_URL's port
# (PostgreSQL runs on this machine). Its CPU is the database's share of that JVM's requests.
pg_backends() { # jvm_pid
  local host port db; read -r host port db <<<"$(server_address pg)"
  ss -tnpH state established 2>/dev/null | python3 -c '
import re, sys
jvm, port = "pid=%s," % sys.argv[1], ":" + sys.argv[2]
rows = [line.split() for line in sys.stdin if line.strip()]
mine = {r[2].rsplit(":", 1)[1] for r in rows if r[3].endswith(port) and jvm in r[-1]}
print(" ".join(m for r in rows if r[2].endswith(port) and r[3].rsplit(":", 1)[1] in mine
               for m in re.findall(r"pid=(\d+)", r[-1])))' "$1" "$port"
}

cpu_ticks_of() { # pids... -> their utime + stime together (pids that have gone count 0)
  local total=0 pid
  for pid in "$@"; do
    [ -r "/proc/$pid/stat" ] && total=$((total + $(cpu_ticks "$pid" 2>/dev/null || echo 0)))
  done
  echo "$total"
}

PID=
WORK=

# Starts the demo for a case in a fresh directory on a free port; waits for the first served
# POST /orders (which creates order 1 for "get", and completes the key "replay" replays). Sets PID,
# WORK, PORT and STARTED ("wall_ms cpu_ms" from the java command to that first answer).
# A pgapp-<case> is <case> with the demo's orders in a PostgreSQL table of its own.
launch() { # case run_id
  local name=${1%@*} opts=() agent=$AGENT store=
  if [[ $1 == *@* ]]; then
    local jar=AGENT_${1##*@} extra=STORE_${1##*@}
    [ -z "${!jar:-}" ] || agent=$OUT/jars/agent-${1##*@}.jar
    store=${!extra:-}
  fi
  WORK=$(mktemp -d)
  if [[ $name == pgapp-* ]]; then
    name=${name#pgapp-}
    opts=("-Ddemo.orders.url=$PG_URL" "-Ddemo.orders.user=$PG_USER" "-Ddemo.orders.table=${TABLE_PREFIX}${2}_orders")
  fi
  local kind=${name%%-*}
  case "$kind" in
    h2) { cat "$root/agent-config/examples/demo.yaml"; printf '\nstore:\n  url: jdbc:h2:file:./idempotency-store/agent\n'; } \
          >"$WORK/agent.yaml"; opts+=("-javaagent:$agent=config=$WORK/agent.yaml") ;;
    mv) opts+=("-javaagent:$agent=config=$root/agent-config/examples/demo.yaml") ;;  # the default store
    pg|mdb|rd) server_config "$kind" "${TABLE_PREFIX}$2" "$store" >"$WORK/agent.yaml"; opts+=("-javaagent:$agent=config=$WORK/agent.yaml") ;;
  esac
  local start; start=$(date +%s%N)
  (cd "$WORK" && exec java "${opts[@]}" -jar "$DEMO" 0 >"$WORK/stdout.log" 2>"$WORK/stderr.log") &
  PID=$!
  PORT=
  local code=
  until [ "$code" = 201 ]; do
    kill -0 "$PID" 2>/dev/null || { log "the demo died:"; cat "$WORK/stderr.log" >&2; exit 1; }
    sleep 0.02
    [ -n "$PORT" ] || PORT=$(sed -n 's/.*listening on \([0-9][0-9]*\).*/\1/p' "$WORK/stdout.log" | head -1)
    [ -n "$PORT" ] || continue
    code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
      -H "Idempotency-Key: $2-replay" --data '{"item":"book","quantity":2}' \
      "http://127.0.0.1:$PORT/orders" 2>/dev/null || true)
  done
  local end; end=$(date +%s%N)
  STARTED="$(( (end - start) / 1000000 )) $(( $(cpu_ticks "$PID") * 1000 / TICK ))"
}

# A normal stop (SIGTERM), as an operator's restart would.
halt() {
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
}

stop() {
  halt
  rm -rf "$WORK"
}

# The embedded store's files after a new-key case, read once the JVM has stopped: what the case's
# burst of new keys (warm-up and measured window, every key one record) left on disk.
store_file() { # case round orders stop_ms
  local bytes; bytes=$(du -sb "$WORK/idempotency-store" 2>/dev/null | cut -f1)
  printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${bytes:-0}" "$4" >>"$OUT/store-files.tsv"
  log "$1 round $2: the store's files take ${bytes:-0} bytes for $3 records after a stop of $4 ms"
}

# One wrk window; prints "requests rps p50_ms p99_ms non2xx seconds". Each window gets its own tag
# (the clock in ns), so the new keys of the measured window were never sent during the warm-up:
# there they would be replays.
window() { # seconds mode run_id
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${1}s" --latency -s "$here/requests.lua" \
      "http://127.0.0.1:$PORT" -- "$2" "$3" "w$(date +%s%N)" | python3 "$here/wrk_window.py" "$1"
}

mode_of() { case "${1%@*}" in *-get) echo get ;; *-replay) echo replay ;; *) echo new ;; esac; }

# Warm-up: windows until two successive ones agree within 5 % (after WARMUP_MIN s) or WARMUP_MAX s.
warm_up() { # mode run_id
  local elapsed=0 previous=0 rps
  while [ "$elapsed" -lt "$WARMUP_MAX" ]; do
    rps=$(window "$WINDOW" "$1" "$2" | cut -d' ' -f2)
    elapsed=$((elapsed + WINDOW))
    if [ "$elapsed" -ge "$WARMUP_MIN" ] && python3 -c "import sys; p,r=float(sys.argv[1]),float(sys.argv[2]); sys.exit(0 if p>0 and abs(r-p)/p<=0.05 else 1)" "$previous" "$rps"; then
      break
    fi
    previous=$rps
  done
  echo "$elapsed"
}

heap_after_gc_kb() {
  jcmd "$PID" GC.run >/dev/null 2>&1 || true
  jcmd "$PID" GC.heap_info 2>/dev/null | grep -o 'used [0-9]*K' | head -1 | tr -dc '0-9'
}

run_case() { # case round
  local name=$1 round=$2
  local run_id; run_id="r$(date +%s%N | cut -c8-16)"
  launch "$name" "$run_id"
  local started=$STARTED
  local mode; mode=$(mode_of "$name")
  local warmed; warmed=$(warm_up "$mode" "$run_id")
  local backends=() db_before=0
  [[ $name == pg-* || $name == pgapp-* ]] && read -r -a backends <<<"$(pg_backends "$PID")"
  [ "${#backends[@]}" -gt 0 ] && db_before=$(cpu_ticks_of "${backends[@]}")
  local before; before=$(cpu_ticks "$PID")
  local measured; measured=$(window "$MEASURE" "$mode" "$run_id")
  local after; after=$(cpu_ticks "$PID")
  local db_after=0
  [ "${#backends[@]}" -gt 0 ] && db_after=$(cpu_ticks_of "${backends[@]}")
  local heap; heap=$(heap_after_gc_kb)
  if [[ $name == h2-new* || $name == mv-new* ]]; then
    local orders; orders=$(curl -s "http://127.0.0.1:$PORT/stats" | python3 -c 'import json, sys; print(json.load(sys.stdin)["orders"])')
    local halted; halted=$(date +%s%N)
    halt
    store_file "$name" "$round" "$orders" "$(( ($(date +%s%N) - halted) / 1000000 ))"
  fi
  stop
  case "$name" in
    pg-*|mdb-*|rd-*) drop_server_table "${name%%-*}" "${TABLE_PREFIX}$run_id" ;;
    pgapp-*) drop_server_table pg "${TABLE_PREFIX}${run_id}_orders"; drop_server_table pg "${TABLE_PREFIX}$run_id" ;;
  esac
  local requests=${measured%% *}
  local cpu_us_per_req=$(( requests > 0 ? (after - before) * 1000000 / TICK / requests : 0 ))
  local db_us_per_req=$(( requests > 0 ? (db_after - db_before) * 1000000 / TICK / requests : 0 ))
  # case round requests rps p50 p99 non2xx seconds cpu_us/req heap_kb warmup_s start_wall_ms start_cpu_ms
  # start_classes (empty here) db_cpu_us/req
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\t%s\n' "$name" "$round" "${measured// /$'\t'}" "$cpu_us_per_req" \
    "${heap:-0}" "$warmed" "${started% *}" "${started#* }" "$db_us_per_req" >>"$RESULTS"
  log "$name round $round: $(cut -d' ' -f2 <<<"$measured") req/s after ${warmed}s warm-up, $(cut -d' ' -f5 <<<"$measured") non-2xx"
}

# Start-up alone, alternating bare and agent (the default store, mvstore:): time and CPU to the first served POST /orders, and
# the classes loaded by then, by origin (class-origins.sh, read after the sample is timed).
startup_samples() {
  local i
  for ((i = 1; i <= STARTUP_SAMPLES; i++)); do
    for name in startup-bare startup-mv; do
      local kind=bare; [ "$name" = startup-mv ] && kind=mv
      launch "$kind-startup" "s$i$RANDOM"
      local started=$STARTED
      local origins; origins=$("$here/class-origins.sh" "$PID" || true)
      stop
      printf '%s\t%s\t0\t0\t0\t0\t0\t0\t0\t0\t0\t%s\t%s\t%s\n' "$name" "$i" "${started% *}" "${started#* }" \
        "$origins" >>"$RESULTS"
    done
  done
}

# The raw store limit: plain INSERT + UPDATE of the same row on the same databases (the store
# engineer's JMH benchmark), with the store's own claim+complete beside it, and the INSERT alone
# (one durable single-row write: the floor of a new key); pool of 8, 8 threads. The file store
# (FileStoreBenchmark, matched too) beside a bare MVStore file: a claim's row put and committed; and
# its new key as the agent writes it, the completion behind the caller (claimWithOutcomeBehind).
# Redis (RedisStoreBenchmark, with rd-* cases only) beside one plain SET (its floor) and SET+SET.
raw_store_limit() {
  local redis=(-e RedisStoreBenchmark)
  [[ " $CASES " != *" rd-"* ]] || redis=()
  # shellcheck disable=SC2086
  java -Djmh.ignoreLock=true -jar "$BENCH" 'StoreBenchmark.(rawInsert|rawInsertUpdate|rawSet|rawSetSet|claimAndComplete|claimWithOutcomeBehind)$' \
    "${redis[@]}" -f 1 -t 8 $JMH \
    -rf csv -rff "$OUT/raw-store.csv" >"$OUT/raw-store.log" 2>&1 || log "the raw store benchmark failed: see $OUT/raw-store.log"
}

main() {
  mkdir -p "$OUT"
  prerequisites
  RESULTS="$OUT/samples.tsv"
  : >"$RESULTS"
  : >"$OUT/store-files.tsv"
  local began; began=$(date +%s)
  {
    echo "mode: $MODE; rounds $ROUNDS; wrk -t$THREADS -c$CONNECTIONS; warm-up ${WARMUP_MIN}-${WARMUP_MAX}s in ${WINDOW}s windows; measured ${MEASURE}s"
    echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); java $(java -version 2>&1 | head -1)"
    echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  } >"$OUT/conditions.txt"
  log "$(cat "$OUT/conditions.txt")"
  log "raw store limit (JMH)"
  raw_store_limit
  startup_samples
  local round
  for ((round = 1; round <= ROUNDS; round++)); do
    for name in $CASES; do
      run_case "$name" "$round"
    done
  done
  echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg); took $(( $(date +%s) - began )) s" >>"$OUT/conditions.txt"
  python3 "$here/summarize.py" "$RESULTS" "$OUT/raw-store.csv" "$OUT/conditions.txt" "$OUT/store-files.tsv" >"$OUT/summary.md" \
    && status=0 || status=$?
  cat "$OUT/summary.md"
  return "$status"
}

main
