package org.gpusched.player;

import java.util.Arrays;
import java.util.Locale;

/**
 * How late the host woke up for its frames (ns, after a sleep): the distribution {@code play}
 * reports and the bound {@code profile} writes as the frame-start jitter. Percentiles are nearest
 * rank, so each is a skew that was seen.
 *
 * @param count how many wake-ups
 */
public record WakeSkew(int count, long p50, long p99, long max) {
    public static final WakeSkew NONE = new WakeSkew(0, 0, 0, 0);

    public static WakeSkew of(long[] skews) {
        if (skews.length == 0) {
            return NONE;
        }
        long[] s = skews.clone();
        Arrays.sort(s);
        return new WakeSkew(s.length, rank(s, 50), rank(s, 99), s[s.length - 1]);
    }

    private static long rank(long[] sorted, int percent) {
        int r = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(0, r - 1)];
    }

    /** The bound the analysis may take as frame-start jitter: the worst wake-up seen, never below 0. */
    public long bound() {
        return Math.max(0, max);
    }

    @Override
    public String toString() {
        return count == 0 ? "n/a" : String.format(Locale.ROOT, "p50 %d ns, p99 %d ns, max %d ns over %d frames",
                p50, p99, max, count);
    }

    /** One line on what the host granted the timed loop: real-time priority and locked memory. */
    static String realtime(long fifo, long locked, long fifoErrno, long lockErrno) {
        return "host: " + (fifo == 1 ? "SCHED_FIFO priority granted" : "SCHED_FIFO refused (errno " + fifoErrno
                + "; needs CAP_SYS_NICE or an rtprio limit)") + ", " + (locked == 1 ? "memory locked"
                : "memory not locked (errno " + lockErrno + "; RLIMIT_MEMLOCK)");
    }
}
