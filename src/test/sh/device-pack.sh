#!/usr/bin/env bash
# Packs what a GPU machine without a JDK or Maven needs to run src/test/sh/device-run.sh, into
# target/device-pack, and that folder as target/device-pack.tgz (ignored by git, so it travels only
# where it is named):
#   runtime/        a Java runtime cut down to the modules the jar uses (jlink)
#   gpusched.jar    the release jar, less the SQLite natives of other platforms than this one's
#   test/           NativePlayerTest, its fixtures, the launcher DeviceTests and JUnit's jars
#   shared/         the H200 calibration workload the device run repeats, when SHARED holds it
# The pack must stay under 64 MiB, the most a device session carries; it fails the script otherwise.
#
#   src/test/sh/device-pack.sh          # runs the package build unless target/gpusched.jar is newer than src/
#   # then, on the GPU machine, from the repository root:
#   tar -C target -xzf target/device-pack.tgz
#   JAVA=target/device-pack/runtime/bin/java JAR=target/device-pack/gpusched.jar src/test/sh/device-run.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$repo"
SHARED=${SHARED:-../shared}
jar=target/gpusched.jar
# A jar older than the sources would measure old code under the new commit's name: rebuild it.
if [ ! -f "$jar" ] || [ -n "$(find src pom.xml -newer "$jar" -print -quit)" ]; then
    ./mvnw -B -q -DskipTests package
fi
out=target/device-pack
rm -rf "$out"
mkdir -p "$out"

cp "$jar" "$out/gpusched.jar"
# The device is Linux on x86-64; every other platform's SQLite library is dead weight there.
unzip -Z1 "$out/gpusched.jar" | grep '^org/sqlite/native/.*[^/]$' | grep -v '^org/sqlite/native/Linux/x86_64/' \
    | xargs -r zip -q -d "$out/gpusched.jar"
# Nor does the device run write PDF, so the CJK character maps of the PDF library stay behind.
zip -q -d "$out/gpusched.jar" 'org/apache/fontbox/cmap/*' 'org/apache/fontbox/unicode/*'

modules=$(jdeps --ignore-missing-deps --multi-release 17 --print-module-deps "$out/gpusched.jar")
jlink --add-modules "$modules" --compress=2 --strip-debug --no-header-files --no-man-pages \
    --output "$out/runtime"
# The JDK's own libraries keep their symbol tables (4 MiB of libjvm.so alone); the runtime needs none.
if command -v strip >/dev/null; then
    find "$out/runtime/lib" -name '*.so' -exec strip --strip-unneeded {} +
fi
"$out/runtime/bin/java" -jar "$out/gpusched.jar" --version >/dev/null

# NativePlayerTest without Maven: the player's test classes, the launcher class DeviceTests and JUnit's jars
# (device-run.sh runs them with the packed runtime when the machine has no JDK).
./mvnw -B -o -q test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
mkdir -p "$out/test/classes/org/gpusched/player" "$out/test/classes/org/gpusched/device" "$out/test/lib"
cp target/test-classes/org/gpusched/device/DeviceTests.class "$out/test/classes/org/gpusched/device/"
cp target/test-classes/org/gpusched/player/*.class "$out/test/classes/org/gpusched/player/"
tr ':' '\n' < target/test-classpath.txt | grep -E '/(junit-|opentest4j|apiguardian|assertj-core)[^/]*\.jar$' \
    | xargs -I{} cp {} "$out/test/lib/"

if [ -f "$SHARED/device/h200-2026-11/kinds-calibration.json" ]; then
    mkdir -p "$out/shared/device/h200-2026-11"
    cp "$SHARED/device/h200-2026-11/kinds-calibration.json" "$out/shared/device/h200-2026-11/"
fi
# What travels is the checkout and the pack together, so the pack goes as one gzip archive
# (the runtime's libjvm.so alone shrinks by half) and the two must stay under 64 MiB.
tar -C target -czf target/device-pack.tgz device-pack
kib=$(du -sk target/device-pack.tgz | cut -f1)
tree=$(git ls-files -z | xargs -0 du -ck 2>/dev/null | tail -n 1 | cut -f1)
echo "$0: target/device-pack.tgz is $((kib / 1024)) MiB, the checkout $((tree / 1024)) MiB (runtime: $modules)"
if [ $((kib + tree)) -ge $((64 * 1024)) ]; then
    echo "$0: over the 64 MiB a device session carries" >&2
    exit 1
fi
