#!/usr/bin/env bash
# A burst of new keys through the javax demo with the agent on its default store: the rate, the
# latency, and the store's file growth per new key while the JVM runs (before any close
# compacts it). Builds given as agent jars are measured in turns, one fresh JVM and working
# directory per sample ("How the store writes" in docs/performance.md).
#
#   it-tests/perf/burst.sh ROUNDS CLIENTS "label|/abs/agent.jar" ...
#   e.g. it-tests/perf/burst.sh 2 "1 4 32" "before|/tmp/agent-before.jar" "after|$PWD/agent/target/idempotency-agent.jar"
#
# Each sample: 5 s of new keys to warm up, then 15 s measured (wrk, one thread per connection up
# to two). CONFIG (default: the demo's config, the default store) sets another agent config.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rounds=$1 clients=$2
shift 2
demo="$root/legacy-demo/orders-servlet-javax/target/orders-servlet-javax.jar"
config=${CONFIG:-$root/agent-config/examples/demo.yaml}
if [[ ! -f "$demo" ]]; then
  # The demo and the agent, as run.sh builds them (the tests are the CI's, not a benchmark's).
  (cd "$root" && mvn -B -q package -DskipTests -pl "agent/javaagent,legacy-demo/orders-servlet-javax" -am)
fi
command -v wrk > /dev/null || { apt-get update -qq && apt-get install -y -qq wrk > /dev/null; }

sample() { # label jar clients round
  local label=$1 jar=$2 conns=$3 round=$4 dir port pid out before after requests
  dir=$(mktemp -d) port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  (cd "$dir" && exec java -javaagent:"$jar"=config="$config" -jar "$demo" "$port" > out.log 2> err.log) &
  pid=$!
  for _ in $(seq 1 120); do curl -s -o /dev/null "localhost:$port/stats" && break; sleep 0.5; done
  local wrk_threads=$((conns < 2 ? 1 : 2))
  wrk -t$wrk_threads -c"$conns" -d5s -s "$here/requests.lua" "http://localhost:$port" -- new "$label-$round" warm > /dev/null
  before=$(du -sb "$dir/idempotency-store" | cut -f1)
  out=$(wrk -t$wrk_threads -c"$conns" -d15s --latency -s "$here/requests.lua" "http://localhost:$port" -- new "$label-$round" measured)
  after=$(du -sb "$dir/idempotency-store" | cut -f1)
  requests=$(awk '/requests in/ {print $1}' <<< "$out")
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$conns" "$round" \
    "$(awk '/Requests\/sec/ {print $2}' <<< "$out")" "$(awk '$1 == "50%" {print $2}' <<< "$out")" \
    "$(awk '$1 == "99%" {print $2}' <<< "$out")" "$(( (after - before) / (requests + 1) ))"
  kill "$pid"; wait "$pid" 2> /dev/null || true
  rm -rf "$dir"
}

echo "| build | clients | round | new keys/s | p50 | p99 | file bytes per new key |"
echo "|---|---|---|---|---|---|---|"
for ((round = 1; round <= rounds; round++)); do
  for conns in $clients; do
    for build in "$@"; do
      sample "${build%%|*}" "${build#*|}" "$conns" "$round"
    done
  done
done
