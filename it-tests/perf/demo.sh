# Sourced by the perf scripts: the javax demo started as a JVM of its own, on a free port, and option sets sampled in turns.
demo=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../../legacy-demo/orders-servlet-javax/target/orders-servlet-javax.jar

# start_demo WORK OPTIONS...: runs the demo in WORK (its logs there) with the JVM options given;
# sets demo_pid and demo_port, or stops the script when it does not start within 30 s.
start_demo() {
  local work=$1; shift
  # shellcheck disable=SC2068 # the options are words
  (cd "$work" && exec java $@ -jar "$demo" 0 >"$work/stdout.log" 2>"$work/stderr.log") &
  demo_pid=$! demo_port=
  for _ in $(seq 300); do
    demo_port=$(sed -n 's/.*listening on \([0-9][0-9]*\).*/\1/p' "$work/stdout.log" | head -1)
    [ -n "$demo_port" ] && return 0
    sleep 0.1
  done
  echo "the demo did not start: $(cat "$work/stderr.log")" >&2
  kill "$demo_pid"
  exit 1
}

# in_turns NAME ROUNDS SAMPLES "label|jvm options" ...: each round, each option set in turn, calls
# the script's own `sample LABEL ROUND OPTIONS...`, its output appended to the file SAMPLES.
in_turns() {
  local name=$1 rounds=$2 samples=$3 round set label; shift 3
  for round in $(seq "$rounds"); do
    for set in "$@"; do
      label=${set%%|*}
      echo "[$name] round $round: $label" >&2
      # shellcheck disable=SC2086 # the options are words
      sample "$label" "$round" ${set#*|} >>"$samples"
    done
  done
}
