#!/bin/sh
# The release build is reproducible: a second build of the same checkout, in a copy at another path
# and without the tests, must write the same target/SHA256SUMS (the archive, the jar, the SBOM and
# the qualification report) as the build that ran before it. Run by .ci/run after './mvnw verify';
# needs git, and Maven's cache warm. Not offline: the SBOM plugin skips its goal under -o, and an
# archive without the SBOM would differ for that reason alone.
# Usage: src/test/sh/reproducible-build.sh [MAVEN OPTION...]   (the options the first build had, e.g.
# -P '!cuda,!cuda-home'; exit 0 when every checksum is the same; the copy is kept when they differ)
set -u
repo=$(CDPATH= cd -- "$(dirname -- "$0")/../../.." && pwd)
first="$repo/target/SHA256SUMS"
[ -f "$first" ] || { echo "no $first: run './mvnw verify' first" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gpusched-rebuild.XXXXXX")
copy="$work/gpusched"
mkdir -p "$copy"
# What the first build saw: the tracked and untracked-but-not-ignored files, and .git (the build
# stamps the commit, its date and whether the tree had changes).
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar cf - 2>/dev/null) |
    (cd "$copy" && tar xf -) || { echo "cannot copy the checkout" >&2; exit 2; }
cp -R "$repo/.git" "$copy/.git" || { echo "cannot copy $repo/.git" >&2; exit 2; }
start=$(date +%s)
# Neither the tests nor their compilation, nor the class-data-sharing archive: none of them goes
# into SHA256SUMS.
if ! (cd "$copy" && ./mvnw -B -q verify -Dmaven.test.skip=true -Dcds.skip=true "$@") >"$work/build.log" 2>&1; then
    tail -n 30 "$work/build.log" >&2
    echo "FAIL: the second build failed (above; the copy is $copy)" >&2
    exit 1
fi
echo "second build: $(( $(date +%s) - start )) s"
if ! diff -u "$first" "$copy/target/SHA256SUMS"; then
    echo "FAIL: the release build is not reproducible: the second build of this commit wrote other bytes" \
        "(the lines above, - first build, + second; its output is in $copy/target)" >&2
    # nvcc names its temporary files after its process id and they end up in the library.
    if unzip -l "$copy/target/gpusched.jar" 2>/dev/null | grep -q 'libgpusched_player\.so'; then
        echo "the jar holds a native player built by nvcc, which differs from build to build;" \
            "the release is built without it (-P '!cuda,!cuda-home', or on a machine without nvcc)" >&2
    fi
    exit 1
fi
rm -rf "$work"
echo "reproducible: $(wc -l <"$first") files, the same SHA-256 in both builds"
