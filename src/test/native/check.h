// The host harnesses' one check: prints "pass WHAT" or "FAIL WHAT" (and exits 1 on a failure);
// each harness ends with "ok N checks", N = checks, which the Java test reads (NativeHarness).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>

static int checks = 0;

static void expect(bool ok, const std::string &what) {
    checks++;
    printf("%s %s\n", ok ? "pass" : "FAIL", what.c_str());
    if (!ok) exit(1);
}
