#!/usr/bin/env bash
# One start-up sample: starts the demo (with or without the agent) in a fresh directory, waits for
# the first served POST /orders, and prints: wall_ms cpu_ms loaded_classes, how long that first
# request took (first_ms=N, from curl: with the agent, the first protected request), then the classes
# loaded by origin (class-origins.sh: bytebuddy=N h2=N jackson=N yaml=N hikaricp=N agent=N jdk=N app=N total=N)
# usage: startup.sh [jvm-option...]   (e.g. -javaagent:agent/target/idempotency-agent.jar=config=...)
# STARTUP_THREADS=1 also prints CPU per thread name on stderr; STARTUP_LOG=FILE keeps the demo's output;
# DEMO_JAR=FILE starts another build of the demo jar.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
tick=$(getconf CLK_TCK)
start=$(date +%s%N)
(cd "$work" && exec java "$@" -jar "${DEMO_JAR:-$root/legacy-demo/orders-servlet-javax/target/orders-servlet-javax.jar}" 0 \
    >"$work/out.log" 2>&1) &
pid=$!
port=
while :; do
  sleep 0.02
  [ -n "$port" ] || port=$(sed -n 's/.*listening on \([0-9][0-9]*\).*/\1/p' "$work/out.log" | head -1)
  [ -n "$port" ] || { kill -0 "$pid" 2>/dev/null && continue; cat "$work/out.log" >&2; exit 1; }
  answer=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' -X POST -H 'Content-Type: application/json' \
      -H "Idempotency-Key: startup-$RANDOM$RANDOM" --data '{"item":"book","quantity":1}' \
      "http://127.0.0.1:$port/orders" 2>/dev/null || true)
  code=${answer%% *}
  [ "$code" = 201 ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/out.log" >&2; exit 1; }
done
end=$(date +%s%N)
[ -n "${STARTUP_LOG:-}" ] && cp "$work/out.log" "$STARTUP_LOG"
read -r -a stat < "/proc/$pid/stat"
# utime and stime are fields 14 and 15 (1-based); the command name has no spaces here ("java").
cpu_ms=$(( (stat[13] + stat[14]) * 1000 / tick ))
classes=$(jcmd "$pid" PerfCounter.print 2>/dev/null | awk -F= '/java.cls.loadedClasses=/{print $2}')
if [ -n "${STARTUP_THREADS:-}" ]; then # CPU per thread name, for finding where start-up CPU goes
  for t in /proc/$pid/task/*; do
    name=$(cat "$t/comm" 2>/dev/null) && rest=$(sed "s/^.*) //" "$t/stat" 2>/dev/null) || continue
    set -- $rest; echo "$(( (${12} + ${13}) * 1000 / tick )) ${name// /_}"
  done | sed -E 's/[0-9]+$//' | awk '{c[$2]+=$1} END {for (n in c) if (c[n] > 0) print c[n] " ms " n}' | sort -rn >&2
fi
origins=$("$here/class-origins.sh" "$pid" || true)
first_ms=$(awk '{printf "%d", $2 * 1000}' <<<"$answer")
echo "$(( (end - start) / 1000000 )) $cpu_ms ${classes:-?} first_ms=$first_ms ${origins:-?}"
