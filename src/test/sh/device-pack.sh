#!/usr/bin/env bash
# Packs what a GPU machine without a JDK or Maven needs to run src/test/sh/device-run.sh, into
# target/device-pack (ignored by git, so it travels only where it is named):
#   runtime/        a Java runtime cut down to the modules the jar uses (jlink)
#   gpusched.jar    the release jar, less the SQLite natives of other platforms than this one's
#   shared/         the H200 calibration workload the device run repeats, when SHARED holds it
# The pack must stay under 64 MiB, the most a device session carries; it fails the script otherwise.
#
#   src/test/sh/device-pack.sh          # after ./mvnw package, or it runs the package build
#   # then, on the GPU machine, from the repository root:
#   JAVA=target/device-pack/runtime/bin/java JAR=target/device-pack/gpusched.jar src/test/sh/device-run.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$repo"
SHARED=${SHARED:-../shared}
jar=target/gpusched.jar
[ -f "$jar" ] || ./mvnw -B -q -DskipTests package
out=target/device-pack
rm -rf "$out"
mkdir -p "$out"

cp "$jar" "$out/gpusched.jar"
# The device is Linux on x86-64; every other platform's SQLite library is dead weight there.
unzip -Z1 "$out/gpusched.jar" | grep '^org/sqlite/native/.*[^/]$' | grep -v '^org/sqlite/native/Linux/x86_64/' \
    | xargs -r zip -q -d "$out/gpusched.jar"

modules=$(jdeps --ignore-missing-deps --multi-release 17 --print-module-deps "$out/gpusched.jar")
jlink --add-modules "$modules" --compress=2 --strip-debug --no-header-files --no-man-pages \
    --output "$out/runtime"
"$out/runtime/bin/java" -jar "$out/gpusched.jar" --version >/dev/null

if [ -f "$SHARED/device/h200-2026-11/kinds-calibration.json" ]; then
    mkdir -p "$out/shared/device/h200-2026-11"
    cp "$SHARED/device/h200-2026-11/kinds-calibration.json" "$out/shared/device/h200-2026-11/"
fi
kib=$(du -sk "$out" | cut -f1)
echo "$0: $((kib / 1024)) MiB in $out (runtime: $modules)"
if [ "$kib" -ge $((64 * 1024)) ]; then
    echo "$0: over the 64 MiB a device session carries" >&2
    exit 1
fi
