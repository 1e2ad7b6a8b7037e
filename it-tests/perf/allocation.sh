#!/usr/bin/env bash
# What a new key allocates on the JVM's heap, by thread: the demo under wrk's new keys (as run.sh's
# new-key cases), option sets in turns, and per set the bytes each thread group allocated per
# request while measured (Flight Recorder's exact per-thread counts, jdk.ThreadAllocationStatistics,
# at the recording's start and end) and the young collections per 1,000 requests.
# usage: allocation.sh ROUNDS "label|jvm options" ...   (an empty option list is the bare demo)
# e.g.   allocation.sh 2 "bare|" "agent|-javaagent:$PWD/agent/target/idempotency-agent.jar=config=$PWD/agent-config/examples/demo.yaml"
# WARM (s, default 40) of new keys before, MEASURE (s, default 15) recorded; jars and config by absolute path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=demo.sh
. "$here/demo.sh"
rounds=$1; shift
: "${WARM:=40}" "${MEASURE:=15}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

sample() { # label round options...
  local label=$1 round=$2; shift 2
  local work; work=$(mktemp -d)
  start_demo "$work" "$@"
  local pid=$demo_pid port=$demo_port
  local run="a$$-$round-$label"
  wrk -t2 -c32 -d"${WARM}s" -s "$here/requests.lua" "http://127.0.0.1:$port" -- new "$run" warm >/dev/null
  jcmd "$pid" JFR.start name=allocation settings=default filename="$work/allocation.jfr" >/dev/null
  wrk -t2 -c32 -d"${MEASURE}s" -s "$here/requests.lua" "http://127.0.0.1:$port" -- new "$run" measured >"$work/wrk.txt"
  jcmd "$pid" JFR.stop name=allocation >/dev/null
  kill "$pid"; wait "$pid" 2>/dev/null || true
  jfr print --events jdk.ThreadAllocationStatistics,jdk.GarbageCollection "$work/allocation.jfr" >"$work/events.txt"
  python3 - "$label" "$round" "$(awk '/requests in/ {print $1}' "$work/wrk.txt")" \
    "$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")" "$work/events.txt" <<'PY'
import collections, re, sys
label, round_, requests, rate, events = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), open(sys.argv[5]).read()
UNITS = {"bytes": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9}
first, last = {}, {}
for event in events.split("jdk.ThreadAllocationStatistics")[1:]:
    allocated = re.search(r"allocated = ([\d.]+) (\w+)", event)
    thread = re.search(r'thread = "([^"]*)"', event)
    if allocated and thread:
        value = float(allocated.group(1)) * UNITS[allocated.group(2)]
        first.setdefault(thread.group(1), value)
        last[thread.group(1)] = value
for name in last:
    print(label, round_, re.sub(r"\d+", "N", name).replace(" ", "_"), (last[name] - first[name]) / requests)
print(label, round_, "req/s", rate)
print(label, round_, "young_collections", events.count("jdk.GarbageCollection") * 1000 / requests)
PY
  rm -rf "$work"
}

samples=$(mktemp)
in_turns allocation "$rounds" "$samples" "$@"
python3 - "$samples" <<'PY'
import collections, statistics, sys
GROUPS = {"http-nio-auto-N-exec-N": "requests (Tomcat)", "idempotency-store-writer": "store writer",
          "idempotency-agent-attempt-log": "attempt log", "idempotency-outcomes-N": "outcome writers",
          "idempotency-outcomes-gathered": "outcome writers", "req/s": "req/s", "young_collections": "young_collections"}
COLUMNS = ["requests (Tomcat)", "store writer", "attempt log", "outcome writers", "other"]
value = collections.defaultdict(float)
labels, rounds = [], set()
for line in open(sys.argv[1]):
    label, round_, name, amount = line.split()
    labels += [label] if label not in labels else []
    rounds.add(round_)
    value[label, round_, GROUPS.get(name, "other")] += float(amount)
def med(label, group):
    return statistics.median(value[label, r, group] for r in rounds)
print("medians of %d round(s); KB allocated per request by thread\n" % len(rounds))
print("| | req/s | " + " | ".join(COLUMNS) + " | total | young collections per 1,000 requests |")
print("|---" * (len(COLUMNS) + 4) + "|")
for l in labels:
    print("| %s | %.0f | %s | %.1f | %.2f |" % (l, med(l, "req/s"), " | ".join("%.1f" % (med(l, g) / 1e3) for g in COLUMNS),
                                           sum(med(l, g) for g in COLUMNS) / 1e3, med(l, "young_collections")))
PY
rm -f "$samples"
