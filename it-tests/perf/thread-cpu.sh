#!/usr/bin/env bash
# Where a new key's CPU goes: the demo under wrk's new keys (as run.sh's new-key cases), alternating
# option sets, and per set the JVM's CPU per request by thread (Tomcat's request threads, the store's
# writer, the attempt log, the outcome writers, GC, the JIT), the times a thread went to sleep and was
# woken again per request, and the bytes the process wrote per request, medians over rounds; beside the JVM,
# the CPU per request of the database servers running here (Redis, PostgreSQL, MariaDB: a store's other half),
# and PostgreSQL's commits per request where it answers (PGHOST, PGUSER, PGDATABASE; default 127.0.0.1, postgres, test).
# usage: thread-cpu.sh ROUNDS "label|jvm options" ...   (an empty option list is the bare demo)
# e.g.   thread-cpu.sh 2 "bare|" "agent|-javaagent:$PWD/agent/target/idempotency-agent.jar=config=$PWD/agent-config/examples/demo.yaml"
# WARM (s, default 75) of new keys before, MEASURE (s, default 30) measured; jars and config by absolute path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=demo.sh
. "$here/demo.sh"
rounds=$1; shift
: "${WARM:=75}" "${MEASURE:=30}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
samples=$(mktemp)
tick=$(getconf CLK_TCK)

# Per thread, its name with digits as N, user+system ticks and voluntary switches; summed by name.
threads() { # pid
  local t
  for t in /proc/"$1"/task/*; do
    # shellcheck disable=SC2046 # stat's fields are words; the name may hold spaces, hence the sed
    set -- $(sed 's/.*) //' "$t/stat")
    printf '%s %s %s\n' "$(tr ' ' '_' <"$t/comm")" "$(( ${12} + ${13} ))" \
      "$(awk '/^voluntary_ctxt_switches/ {print $2}' "$t/status")"
  done | awk '{n=$1; gsub(/[0-9]+/, "N", n); cpu[n]+=$2; sw[n]+=$3} END {for (n in cpu) print n, cpu[n], sw[n]}' | sort
}

# User+system ticks of the database servers' processes, summed (0 when none runs).
servers() {
  local p total=0
  for p in $(pgrep -x 'redis-server|postgres|mariadbd|mysqld' || true); do
    # shellcheck disable=SC2046
    set -- $(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null || echo)
    [ $# -ge 13 ] && total=$(( total + ${12} + ${13} ))
  done
  echo "$total"
}

# PostgreSQL's transactions committed so far, every database (0 where none answers).
pg_commits() {
  psql -qXAt -h "${PGHOST:-127.0.0.1}" -U "${PGUSER:-postgres}" -d "${PGDATABASE:-test}" \
    -c "SELECT sum(xact_commit) FROM pg_stat_database" 2>/dev/null || echo 0
}

sample() { # label round options...
  local label=$1 round=$2; shift 2
  local work; work=$(mktemp -d)
  start_demo "$work" "$@"
  local pid=$demo_pid port=$demo_port
  # keys of their own per sample: a store that outlives the JVM (a server) would answer repeats as replays
  local run="c$$-$round-$label"
  wrk -t2 -c32 -d"${WARM}s" -s "$here/requests.lua" "http://127.0.0.1:$port" -- new "$run" warm >/dev/null
  threads "$pid" >"$work/before"; local w0; w0=$(awk '/^wchar/ {print $2}' "/proc/$pid/io"); local s0; s0=$(servers); local c0; c0=$(pg_commits)
  wrk -t2 -c32 -d"${MEASURE}s" -s "$here/requests.lua" "http://127.0.0.1:$port" -- new "$run" measured >"$work/wrk.txt"
  threads "$pid" >"$work/after"; local w1; w1=$(awk '/^wchar/ {print $2}' "/proc/$pid/io"); local s1; s1=$(servers); local c1; c1=$(pg_commits)
  local requests; requests=$(awk '/requests in/ {print $1}' "$work/wrk.txt")
  join "$work/before" "$work/after" | awk -v label="$label $round" -v r="$requests" -v tick="$tick" -v w=$((w1 - w0)) -v db=$((s1 - s0)) -v commits=$((c1 - c0)) \
    -v rps="$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")" \
    '{printf "%s %s %.1f %.2f\n", label, $1, ($4-$2)*1e6/tick/r, ($5-$3)/r}
     END {printf "%s req/s %.0f 0\n%s written_bytes %.0f 0\n%s database_servers %.1f 0\n%s postgres_commits %.2f 0\n",
          label, rps, label, w/r, label, db*1e6/tick/r, label, commits/r}'
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}

in_turns thread-cpu "$rounds" "$samples" "$@"
python3 - "$samples" <<'PY'
import collections, statistics, sys
# Thread names as /proc shows them (15 characters, digits as N), for a reader; the rest is "other".
GROUPS = {"http-nio-auto-N": "requests (Tomcat)", "idempotency-sto": "store writer", "idempotency-age": "attempt log",
          "idempotency-out": "outcome writers", "GC_Thread#N": "GC", "G1_Conc#N": "GC", "G1_Refine#N": "GC",
          "G1_Service": "GC", "CN_CompilerThre": "JIT", "req/s": "req/s", "written_bytes": "written_bytes",
          "database_servers": "database_servers", "postgres_commits": "postgres_commits"}
COLUMNS = ["requests (Tomcat)", "store writer", "attempt log", "outcome writers", "GC", "JIT", "other"]
cpu = collections.defaultdict(float)      # (label, round, group): µs per request
woken = collections.defaultdict(float)    # (label, round, group): sleeps per request
labels, rounds = [], set()
for line in open(sys.argv[1]):
    label, round_, name, us, sw = line.split()
    labels += [label] if label not in labels else []
    rounds.add(round_)
    group = GROUPS.get(name, "other")
    cpu[label, round_, group] += float(us)
    woken[label, round_, group] += float(sw)
def med(table, label, group):
    return statistics.median(table[label, r, group] for r in rounds)
print("medians of %d round(s); CPU µs per request by thread, then how often those threads slept per request\n" % len(rounds))
print("| | req/s | " + " | ".join(COLUMNS) + " | total | bytes written/req | database servers µs/req | PostgreSQL commits/req |")
print("|---" * (len(COLUMNS) + 6) + "|")
for l in labels:
    total = sum(med(cpu, l, g) for g in COLUMNS)
    print("| %s | %.0f | %s | %.1f | %.0f | %.1f | %.2f |" % (l, med(cpu, l, "req/s"), " | ".join("%.1f" % med(cpu, l, g) for g in COLUMNS),
                                            total, med(cpu, l, "written_bytes"), med(cpu, l, "database_servers"),
                                            med(cpu, l, "postgres_commits")))
    print("| %s, sleeps/req | | %s | | | | |" % (l, " | ".join("%.2f" % med(woken, l, g) for g in COLUMNS)))
PY
