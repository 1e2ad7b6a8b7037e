#!/usr/bin/env bash
# Builds two class-data-sharing archives for the start-up comparison: one of the JDK classes the
# bare demo loads by its first served POST /orders, one of the JDK classes and the agent's own
# classes the demo with the agent loads by then. Both are static archives made without the agent
# attached (-Xshare:dump); the agent's classes are listed as classes of a custom loader, which the
# JVM takes from the archive, already parsed and verified, when the agent's loader defines a class
# with the same name, size and CRC. Then compare, e.g.:
#   startup-compare.sh 10 "bare|" "barecds|-XX:SharedArchiveFile=DIR/bare.jsa" \
#     "agent|-javaagent:JAR=config=CONFIG" "agentcds|-XX:SharedArchiveFile=DIR/agent.jsa -javaagent:JAR=config=CONFIG"
# usage: startup-cds.sh DIR AGENT_JAR CONFIG   (absolute paths; DIR is created)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=$1 agent=$2 config=$3
demo=${DEMO_JAR:-$root/legacy-demo/orders-servlet-javax/target/orders-servlet-javax.jar}
mkdir -p "$dir"
"$here/startup.sh" -XX:DumpLoadedClassList="$dir/bare.classlist" >/dev/null
"$here/startup.sh" -XX:DumpLoadedClassList="$dir/agent.classlist" -Xlog:class+load:file="$dir/agent.classload" \
    -javaagent:"$agent=config=$config" >/dev/null
python3 - "$agent" "$dir" <<'PY'
import re, struct, sys, zipfile
agent_jar, out = sys.argv[1], sys.argv[2]
# The agent's classes, stored as inst/a/b/C.classdata, become a/b/C.class in a jar of their own:
# the archive dump reads custom-loader classes from a jar named in the class list.
classes = out + '/agent-classes.jar'
with zipfile.ZipFile(agent_jar) as src, zipfile.ZipFile(classes, 'w', zipfile.ZIP_DEFLATED) as dst:
    for entry in src.namelist():
        if entry.startswith('inst/') and entry.endswith('.classdata'):
            dst.writestr(entry[len('inst/'):-len('.classdata')] + '.class', src.read(entry))
jar = zipfile.ZipFile(classes)
def supertypes(name):
    """The superclass and interfaces of a class file, from its constant pool."""
    b = jar.read(name + '.class')
    count = struct.unpack('>H', b[8:10])[0]
    pool, i, k = [None] * count, 10, 1
    while k < count:
        tag = b[i]
        if tag == 1:
            length = struct.unpack('>H', b[i + 1:i + 3])[0]
            pool[k] = b[i + 3:i + 3 + length].decode('utf8', 'replace'); i += 3 + length
        elif tag in (7, 8, 16, 19, 20):
            pool[k] = struct.unpack('>H', b[i + 1:i + 3])[0]; i += 3
        elif tag in (3, 4, 9, 10, 11, 12, 17, 18):
            i += 5
        elif tag in (5, 6):
            i += 9; k += 1
        elif tag == 15:
            i += 4
        else:
            raise ValueError('constant pool tag %d in %s' % (tag, name))
        k += 1
    i += 2
    superclass = struct.unpack('>H', b[i + 2:i + 4])[0]; i += 4
    interfaces = [struct.unpack('>H', b[i + 2 + 2 * j:i + 4 + 2 * j])[0] for j in range(struct.unpack('>H', b[i:i + 2])[0])]
    name_of = lambda index: pool[pool[index]]
    return (name_of(superclass) if superclass else None), [name_of(x) for x in interfaces]
JDK = ('java/', 'jdk/', 'sun/', 'javax/', 'com/sun/')
def class_list(dumped, loaded_by_agent, target):
    ids, lines = {}, []
    def builtin(name):
        if name not in ids:
            ids[name] = len(ids); lines.append('%s id: %d' % (name, ids[name]))
    def custom(name, seen=()):
        if name in ids:
            return True
        try:
            superclass, interfaces = supertypes(name)
        except KeyError:  # not in the agent's loader (the bridge, in the boot loader)
            return False
        for parent in [superclass] + interfaces:
            if parent is None:
                continue
            if parent.startswith(JDK):
                builtin(parent)
            elif parent in seen or not custom(parent, seen + (name,)):
                return False
        ids[name] = len(ids)
        lines.append('%s id: %d super: %d%s source: %s' % (name, ids[name], ids[superclass],
            (' interfaces: ' + ' '.join(str(ids[x]) for x in interfaces)) if interfaces else '', classes))
        return True
    extra = []
    for line in open(dumped):
        line = line.rstrip('\n')
        if line.startswith('@lambda-form-invoker') or re.match(r'@lambda-proxy (java|jdk|sun)/', line):
            extra.append(line)
        elif line.startswith(JDK):
            builtin(line)
    for name in loaded_by_agent:
        custom(name)
    open(target, 'w').write('\n'.join(lines + extra) + '\n')
loaded = [m.group(1).replace('.', '/') for m in (re.search(r'\] (\S+) source: file:\S*\.jar$', l.rstrip())
          for l in open(out + '/agent.classload')) if m and m.group(1).startswith('dev.idempotency.agent.')
          and '.launcher.' not in m.group(1)]
class_list(out + '/bare.classlist', [], out + '/bare.cds-list')
class_list(out + '/agent.classlist', loaded, out + '/agent.cds-list')
PY
# Some of the agent's classes fail the dump's verification (a type they name is not in the list);
# the dump skips those, and the JVM loads them from the jar as usual.
java -Xshare:dump -XX:SharedClassListFile="$dir/bare.cds-list" -XX:SharedArchiveFile="$dir/bare.jsa" -cp "$demo" >"$dir/bare.dump.log" 2>&1
java -Xshare:dump -XX:SharedClassListFile="$dir/agent.cds-list" -XX:SharedArchiveFile="$dir/agent.jsa" -cp "$demo" >"$dir/agent.dump.log" 2>&1
echo "$dir/bare.jsa $dir/agent.jsa ($(grep -c 'source:' "$dir/agent.cds-list") agent classes listed," \
    "$(grep -c 'Skipping\|Verification failed' "$dir/agent.dump.log" || true) skipped by the dump)"
