#!/usr/bin/env bash
# Installs the JVMs legacy services run (OpenJDK 8, 11 and 21) for the tests that start services on
# them, from Debian's own archive, into a cache shared by every checkout of this machine:
#   ${IDEMPOTENCY_JDKS:-$HOME/.cache/idempotency-agent/jdks}/jdk8, jdk11, jdk21
# The Maven build finds them there (it-tests/pom.xml, profiles java-8, java-11 and java-21). A JDK
# already installed and working is kept, so a second run costs a second.
#
# The system's apt configuration and dpkg database are left untouched: a private apt state lives
# beside the JDKs. The mirror is the one this machine's apt already uses (read from its sources).
#   JDK 11: Debian 11's security suite; runs on this system's glibc as it is.
#   JDK 8 : only Debian's unstable suite ships it; its binaries want a newer glibc than Debian 12's,
#           so Debian 13's libc6 is unpacked beside it and the binaries are patched (patchelf) to
#           load it. JDK 21: Debian 13's build, patched the same way.
# Usage: tools/install-jdks.sh [8] [11] [21]    (default: all three)
set -euo pipefail
DEST=${IDEMPOTENCY_JDKS:-$HOME/.cache/idempotency-agent/jdks}
WANT=${*:-8 11 21}
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)
log() { echo "[install-jdks] $*"; }

exec 9>"$DEST/.lock"
flock -w 900 9 || { log "another install holds $DEST/.lock"; exit 1; }

# A JDK counts as installed once this recipe finished it (the marker), and it runs.
RECIPE=2
works() { [ -f "$DEST/jdk$1/.install-jdks-$RECIPE" ] && "$DEST/jdk$1/bin/java" -version >/dev/null 2>&1 \
  && "$DEST/jdk$1/bin/javac" -version >/dev/null 2>&1; }
missing=()
for v in $WANT; do
  if works "$v"; then log "jdk$v: $("$DEST/jdk$v/bin/java" -version 2>&1 | head -n1) (installed)"; else missing+=("$v"); fi
done
[ ${#missing[@]} -gt 0 ] || exit 0

src=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null || true)
MAIN=$(printf '%s\n' "$src" | grep -oE 'https?://[^ ]+/debian/?( |$)' | head -n1 | tr -d ' ')
SEC=$(printf '%s\n' "$src" | grep -oE 'https?://[^ ]+/debian-security/?( |$)' | head -n1 | tr -d ' ')
[ -n "$MAIN" ] && [ -n "$SEC" ] || { log "no Debian mirror found in this machine's apt sources"; exit 1; }

A=$DEST/.apt
rm -rf "$A/debs" "$DEST/.root"
mkdir -p "$A"/lists/partial "$A"/cache/archives/partial "$A"/debs "$DEST"/.root "$DEST"/.glibc
touch "$A"/status
printf 'deb %s bullseye-security main\ndeb %s sid main\ndeb %s trixie main\n' "$SEC" "$MAIN" "$MAIN" > "$A"/sources.list
O=(-o Dir::Etc::SourceList="$A"/sources.list -o Dir::Etc::SourceParts=/nonexistent
   -o Dir::State::Lists="$A"/lists -o Dir::Cache="$A"/cache -o Dir::State::Status="$A"/status
   -o APT::Sandbox::User=root)
log "reading the package lists of bullseye-security, sid and trixie"
timeout 300 apt-get "${O[@]}" update >/dev/null
# awk reads to the end: leaving early would kill apt-cache with SIGPIPE, and pipefail would stop the script
pick() { apt-cache "${O[@]}" madison "$1" | awk -F'|' -v s="$2" '!found && $3 ~ s {gsub(/ /,"",$2); print $2; found=1}'; }

pkgs=(); need_glibc=
for v in "${missing[@]}"; do
  case $v in
    8)  suite=sid ;;  11) suite=bullseye-security ;;  21) suite=trixie ;;
    *)  log "no recipe for Java $v (8, 11 and 21 are known)"; exit 2 ;;
  esac
  ver=$(pick "openjdk-$v-jre-headless" "$suite")
  [ -n "$ver" ] || { log "openjdk-$v is not in $suite"; exit 1; }
  pkgs+=("openjdk-$v-jre-headless=$ver" "openjdk-$v-jdk-headless=$ver")
  [ "$v" = 11 ] || need_glibc=yes
done
[ -z "$need_glibc" ] || pkgs+=("libc6=$(pick libc6 trixie)")
log "downloading ${pkgs[*]}"
( cd "$A"/debs && timeout 600 apt-get "${O[@]}" download "${pkgs[@]}" >/dev/null )
for d in "$A"/debs/openjdk-*.deb; do dpkg -x "$d" "$DEST"/.root; done

PE=$(command -v patchelf || true)
if [ -z "$PE" ] && [ -n "$need_glibc" ]; then   # this system's own build, unpacked, not installed
  ( cd "$A" && rm -f patchelf_*.deb && { apt-get download patchelf >/dev/null 2>&1 \
      || { apt-get update -qq && apt-get download patchelf >/dev/null 2>&1; }; } )
  rm -rf "$A"/pe && dpkg -x "$A"/patchelf_*.deb "$A"/pe
  PE="$A"/pe/usr/bin/patchelf
fi
G=$DEST/.glibc/usr/lib/x86_64-linux-gnu
[ -z "$need_glibc" ] || dpkg -x "$A"/debs/libc6_*.deb "$DEST"/.glibc

for v in "${missing[@]}"; do
  J=$DEST/jdk$v
  rm -rf "$J"
  cp -a "$DEST"/.root/usr/lib/jvm/java-$v-openjdk-amd64 "$J"
  # links into /etc/java-N-openjdk (the same packages' config files) become copies
  find "$J" -type l -lname '/etc/java-*' | while read -r l; do
    s="$DEST/.root$(readlink "$l")"; if [ -e "$s" ]; then rm "$l"; cp -aL "$s" "$l"; fi; done
  if [ "$v" != 11 ]; then
    # every executable, lib/jspawnhelper too (the JVM starts child processes through it)
    find "$J" -type f | while read -r b; do
      file -b "$b" | grep -q 'ELF.*executable' || continue
      "$PE" --set-interpreter "$G"/ld-linux-x86-64.so.2 --force-rpath \
            --set-rpath "$("$PE" --print-rpath "$b" 2>/dev/null):$G:/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu" "$b"
    done
  fi
  touch "$J/.install-jdks-$RECIPE"
  works "$v" || { log "jdk$v was unpacked but does not run"; "$J/bin/java" -version || true; exit 1; }
  log "jdk$v: $("$J/bin/java" -version 2>&1 | head -n1)"
done
rm -rf "$DEST"/.root "$A"/debs
