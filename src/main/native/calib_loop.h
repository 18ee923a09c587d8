// The closed-loop calibration of a kernel kind at one launch shape, in plain C++ so that a host
// test (src/test/native/calib/harness.cpp) runs it against fake kernels without a GPU. The device
// side (kinds.cu) supplies `measure(units)`: the median kernel time in ns of a few launches doing
// `units` of work (GPU timer, first block start to last block end), or a negative value on failure.
#pragma once
#include <cmath>
#include <cstdlib>

namespace calib {

// The calibration's goal: the median within 5 % + 5 us of the asked time.
inline bool within(long long measuredNs, long long askedNs) {
    return std::llabs(measuredNs - askedNs) <= askedNs / 20 + 5000;
}

struct Result {
    double unitsPerNs = 0;   // the rate a job of this shape is launched at
    long long medianNs = 0;  // the last measured median at the asked time
    int rounds = 0;          // measurements made
    bool converged = false;  // the last median is within() the asked time
    bool failed = false;     // measure() failed
};

// Measure at the asked time with `rate`, correct the amount by asked / measured, re-measure, until
// the median is within() the asked time or `maxRounds` measurements were made. A kind whose floor
// is above the asked time never converges: its amount falls to 1 unit and stays there.
template <class Measure>
Result close_loop(double rate, long long askedNs, int maxRounds, Measure measure) {
    Result r;
    double units = rate * (double)askedNs;
    while (r.rounds < maxRounds) {
        long long u = (long long)std::llround(units < 1 ? 1 : units);
        long long m = measure(u);
        r.rounds++;
        if (m < 0) { r.failed = true; break; }
        r.medianNs = m;
        r.unitsPerNs = (double)u / (double)askedNs;
        if (within(m, askedNs)) { r.converged = true; break; }
        // A kernel's time is near proportional to its work beyond a fixed cost; the ratio corrects
        // the proportional part at once and the next round the rest. Damped to at most 4x per
        // round, so one noisy median cannot throw the amount far off.
        double f = m > 0 ? (double)askedNs / (double)m : 4.0;
        units = (double)u * (f > 4 ? 4 : f < 0.25 ? 0.25 : f);
    }
    return r;
}

// The median of `n` values (sorted in place; the lower middle for an even count).
template <class T>
T median(T *v, int n) {
    for (int i = 1; i < n; i++) {
        T x = v[i];
        int j = i - 1;
        while (j >= 0 && v[j] > x) { v[j + 1] = v[j]; j--; }
        v[j + 1] = x;
    }
    return v[(n - 1) / 2];
}

}  // namespace calib
