#!/usr/bin/env bash
# Writes the fixtures of EarlierReleaseStoreFilesTest with the agent jar of the earlier release
# (H2 2.5.252; it needs Java 11 or later): one keyed POST /orders answered 201 through the estate
# Jetty 9.4 demo, on the H2 SQL store and on the mvstore: file store, with a ttl of 100 years, so
# the record stays live for the test. Copies them into it-tests/src/test/resources/earlier-release.
#
#   it-tests/earlier-release/make-fixtures.sh EARLIER_AGENT_JAR
#
# The earlier release's jar is built from its commit: git worktree add DIR a08dd62^, then in DIR
# mvn -q package -DskipTests -pl agent/javaagent -am (the jar is DIR/agent/target/idempotency-agent.jar).
set -euo pipefail
agent=$(realpath "${1:?usage: $0 EARLIER_AGENT_JAR}")
root=$(cd "$(dirname "$0")/../.." && pwd)
app=$root/legacy-demo/estate/jetty94/target/estate-jetty94.jar
out=$root/it-tests/src/test/resources/earlier-release
key=written-by-the-earlier-release
for kind in "jdbc:h2:file:|.mv.db" "mvstore:|.mvstore"; do
  prefix=${kind%|*} suffix=${kind#*|}
  work=$(mktemp -d)
  mkdir -p "$work/store"
  printf 'service-name: estate\nstore:\n  url: %s%s/store/agent\nendpoints:\n  - name: create-order\n    method: POST\n    path: /orders\n    ttl: 36500d\n' \
    "$prefix" "$work" >"$work/agent.yaml"
  (cd "$work" && exec java "-javaagent:$agent=config=$work/agent.yaml" -jar "$app" 0 >"$work/out.log" 2>"$work/err.log") &
  pid=$!
  port=
  for _ in $(seq 1 300); do
    port=$(sed -n 's/^listening on \([0-9]*\)$/\1/p' "$work/out.log" | head -1)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { cat "$work/err.log" >&2; kill "$pid"; exit 1; }
  curl -sf -X POST -H 'Content-Type: application/json' -H "Idempotency-Key: $key" \
    --data '{"item":"book","quantity":1}' "http://127.0.0.1:$port/orders" >/dev/null
  sleep 1
  kill "$pid"
  wait "$pid" || true
  cp "$work/store/agent$suffix" "$out/written-by-h2-2.5.252$suffix"
  rm -rf "$work"
done
ls -l "$out"
