#!/usr/bin/env bash
# Alternating start-up samples of several JVM option sets (startup.sh each), then per set the median
# and quartiles of wall and JVM CPU to the first served POST /orders, the first request's time, the
# classes loaded by origin in the first sample, and the overhead against the set labelled "bare".
# usage: startup-compare.sh ROUNDS "label|jvm options" ...   (an empty option list is the bare demo)
# e.g.   startup-compare.sh 10 "bare|" "agent|-javaagent:$PWD/agent/target/idempotency-agent.jar=config=$PWD/agent-config/examples/demo.yaml"
# The jars and the config need absolute paths (startup.sh starts each JVM in a fresh directory).
# SAMPLES=FILE keeps the raw samples.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rounds=$1; shift
samples=${SAMPLES:-$(mktemp)}
: >"$samples"
for _ in $(seq "$rounds"); do
  for set in "$@"; do
    label=${set%%|*}; options=${set#*|}
    # shellcheck disable=SC2086 # the options are words
    echo "$label $("$here/startup.sh" $options 2>/dev/null)" >>"$samples"
  done
done
python3 - "$samples" <<'PY'
import collections, statistics, sys
sets = collections.OrderedDict()
for line in open(sys.argv[1]):
    words = line.split()
    if len(words) < 5:
        continue
    sets.setdefault(words[0], []).append(
        (int(words[1]), int(words[2]), int(words[4].split('=')[1]), ' '.join(words[5:])))
def spread(values):
    values = sorted(values)
    return '%d [%d-%d]' % (statistics.median(values), values[len(values) // 4], values[(3 * len(values)) // 4])
bare = sets.get('bare')
for label, runs in sets.items():
    wall = [r[0] for r in runs]
    cpu = [r[1] for r in runs]
    line = '%-8s n=%d wall %s cpu %s first %d' % (label, len(runs), spread(wall), spread(cpu),
                                                 statistics.median(r[2] for r in runs))
    if bare and label != 'bare':
        line += '  overhead +%d wall +%d cpu' % (statistics.median(wall) - statistics.median(r[0] for r in bare),
                                                statistics.median(cpu) - statistics.median(r[1] for r in bare))
    print(line)
    print('         ' + runs[0][3])
PY
