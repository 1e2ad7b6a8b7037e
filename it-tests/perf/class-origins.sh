#!/usr/bin/env bash
# Classes loaded in a running JVM, counted by origin, on one line:
#   bytebuddy=N h2=N jackson=N yaml=N hikaricp=N agent=N jdk=N app=N total=N
# Origins of the agent's libraries are told by their relocated packages (the application's own H2 or
# Jackson count as app); jdk is the boot loader and the java.*, jdk.*, sun.*, com.sun.* packages
# (lambda and method-handle classes included); app is everything else (the demo, Tomcat).
# Read with jcmd VM.class_hierarchy after the fact, so counting costs the measured start nothing.
# usage: class-origins.sh PID
set -euo pipefail
jcmd "$1" VM.class_hierarchy 2>/dev/null | awk '
  /^[0-9]+:$/ { next }
  {
    line = $0
    sub(/^[|  -]*/, "", line); sub(/ \(intf\)$/, "", line)
    split(line, part, " "); entry = part[1]
    if (entry == "" || seen[entry]++) next
    loader = entry; sub(/.*\//, "", loader)
    name = entry; sub(/\/.*/, "", name)
    shaded = "dev.idempotency.agent.shaded."
    if (index(name, shaded "net.bytebuddy.") == 1) origin = "bytebuddy"
    else if (index(name, shaded "org.h2.") == 1) origin = "h2"
    else if (index(name, shaded "org.yaml.snakeyaml.") == 1 || index(name, shaded "com.fasterxml.jackson.dataformat.yaml.") == 1) origin = "yaml"
    else if (index(name, shaded "com.fasterxml.jackson.") == 1) origin = "jackson"
    else if (index(name, shaded "com.zaxxer.hikari.") == 1) origin = "hikaricp"
    else if (index(name, "dev.idempotency.agent.") == 1) origin = "agent"
    else if (loader == "null" || name ~ /^(java|jdk|sun|com\.sun)\./) origin = "jdk"
    else origin = "app"
    count[origin]++; total++
  }
  END {
    split("bytebuddy h2 jackson yaml hikaricp agent jdk app", order, " ")
    for (i = 1; i <= 8; i++) printf "%s=%d ", order[i], count[order[i]]
    printf "total=%d\n", total
  }'
