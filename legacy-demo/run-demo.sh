#!/usr/bin/env bash
# Builds the project, then runs the javax demo service (embedded Tomcat 9) with the agent attached
# on its default store, the embedded file store. The demo's orders and the agent's store live in
# ./target/demo, so a restart keeps both. PORT (default 8080) picks the port.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
port="${PORT:-8080}"

echo "building (tests skipped; 'mvn verify' runs them)..."
mvn -q -B -DskipTests package

mkdir -p target/demo
cd target/demo
cat <<HELP

The demo protects POST /orders, POST /orders/form and POST /orders/{id}/payments.
Try, in another terminal:

  # 1. first request: executes once (201, one order, one e-mail)
  curl -si -X POST localhost:$port/orders -H 'Idempotency-Key: order-123' \\
       -H 'Content-Type: application/json' -d '{"item":"book","quantity":1}'
  # 2. the client times out after 1 s, the server goes on and writes the order...
  curl -si -m 1 -X POST 'localhost:$port/orders?delayMs=3000' -H 'Idempotency-Key: order-456' \\
       -H 'Content-Type: application/json' -d '{"item":"pen","quantity":2}'
  #    ...and the retry with the same key gets the stored answer, not a second order
  sleep 3; curl -si -X POST 'localhost:$port/orders?delayMs=3000' -H 'Idempotency-Key: order-456' \\
       -H 'Content-Type: application/json' -d '{"item":"pen","quantity":2}'
  # 3. same key, same body: the same 201 again, with Idempotent-Replayed: true
  # 4. same key, different body: 422 before anything is written
  curl -si -X POST localhost:$port/orders -H 'Idempotency-Key: order-123' \\
       -H 'Content-Type: application/json' -d '{"item":"book","quantity":9}'
  # what the service did:
  curl -s localhost:$port/stats

HELP
exec java -javaagent:"$root/agent/target/idempotency-agent.jar=config=$root/agent-config/examples/demo.yaml" \
     -jar "$root/legacy-demo/orders-servlet-javax/target/orders-servlet-javax.jar" "$port"
