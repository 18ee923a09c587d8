package org.gpusched.explore.bound;

import org.gpusched.explore.job.JobModel;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Randomised look-ahead runs with backtracking and restarts, for the sets where every greedy
 * policy fails. Each restart is a depth-first walk from the start of the hyperperiod whose
 * successors at a frame start are a few frames built as the look-ahead policies build theirs, in
 * an order drawn at random (one of the three policies' keys, each kernel's key scaled by noise).
 * A walk stops after its share of steps (the Luby sequence: 1, 1, 2, 1, 1, 2, 4, ... times a unit),
 * so no walk spends the budget deep in a subtree where an early frame was wrong; the states a walk
 * left with nothing found, after trying every successor it drew, are not entered again by later walks.
 * It is a search for a schedule only: it never refutes a set (its successors are a sample, not
 * every eligible frame). The random stream has a fixed seed and the walks count steps, not time,
 * so the same set gives the same run. A complete run is replayed by the table checker's rules
 * before it is reported ({@link GreedyFirst#valid}).
 */
final class RestartRuns {
    /** Steps of the shortest walk; a walk whose Luby term is k may take k times as many. */
    private static final int UNIT = 200;
    /** Frames built per state: one for each of this many first kernels. */
    private static final int FIRSTS = 4;
    private static final long SEED = 0x5DEECE66DL;

    private final Oracle oracle;
    private final JobModel jm;
    private final LiveBound live;
    private final Set<Long> dead = new HashSet<>();
    private final double[] key;
    private long steps;
    private int walks;

    RestartRuns(Oracle oracle, JobModel jm, LiveBound live) {
        this.oracle = oracle;
        this.jm = jm;
        this.live = live;
        this.key = new double[jm.units];
    }

    /** Steps (frames entered) so far, over all walks. */
    long steps() {
        return steps;
    }

    /** Walks started so far. */
    int walks() {
        return walks;
    }

    /** A complete run found within {@code maxSteps} frames entered, or null. */
    GreedyRuns.Run search(long maxSteps) {
        SplittableRandom random = new SplittableRandom(SEED);
        while (steps < maxSteps) {
            long before = steps;
            GreedyRuns.Run r = walk(random, Math.min(luby(++walks) * UNIT, maxSteps - steps));
            if (r != null || steps == before) {
                // A walk that entered no frame found every frame it drew from the start left behind.
                return r;
            }
        }
        return null;
    }

    /** Term i (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, ... */
    static long luby(int i) {
        int k = 1;
        while ((1L << k) - 1 < i) {
            k++;
        }
        return (1L << k) - 1 == i ? 1L << (k - 1) : luby(i - (1 << (k - 1)) + 1);
    }

    /** One depth-first walk of at most {@code limit} steps; the complete run, or null. */
    private GreedyRuns.Run walk(SplittableRandom random, long limit) {
        int depthMax = jm.totalKernels + 1;
        int[] counts = new int[jm.n];
        long[][] successors = new long[depthMax][];
        int[] next = new int[depthMax];
        long[] starts = new long[depthMax];
        long[] masks = new long[depthMax];
        long[] keys = new long[depthMax];
        boolean[] cut = new boolean[depthMax];
        Set<Long> seen = new HashSet<>();
        int depth = 0;
        int done = 0;
        long used = 0;
        starts[0] = settle(counts, 0);
        successors[0] = successors(random, counts, starts[0]);
        while (depth >= 0) {
            oracle.poll();
            long[] here = successors[depth];
            if (next[depth] >= here.length || used >= limit) {
                boolean stopped = cut[depth] || next[depth] < here.length;
                if (!stopped) {
                    dead.add(keys[depth]);
                }
                if (depth == 0) {
                    return null;
                }
                depth--;
                cut[depth] |= stopped;
                done += jm.count(counts, masks[depth], -1);
                continue;
            }
            long mask = here[next[depth]++];
            long end = Ticks.add(starts[depth], oracle.completion(mask));
            done += jm.count(counts, mask, 1);
            if (done == jm.totalKernels) {
                masks[depth] = mask;
                return new GreedyRuns.Run(null, true, Arrays.copyOf(starts, depth + 1),
                        Arrays.copyOf(masks, depth + 1));
            }
            long t = settle(counts, end);
            long k = stateKey(counts, t);
            if (dead.contains(k) || !seen.add(k)) {
                done += jm.count(counts, mask, -1);
                continue;
            }
            used++;
            steps++;
            masks[depth++] = mask;
            starts[depth] = t;
            keys[depth] = k;
            cut[depth] = false;
            next[depth] = 0;
            successors[depth] = successors(random, counts, t);
        }
        return null;
    }

    /** The next frame start from t: t itself when a kernel is ready, else the next release. */
    private long settle(int[] counts, long t) {
        long at = t;
        while (jm.readyAt(counts, at) == 0) {
            at = jm.nextArrival(counts);
        }
        return at;
    }

    private static long stateKey(int[] counts, long t) {
        long h = t * 0x9E3779B97F4A7C15L;
        for (int c : counts) {
            h = (h ^ c) * 0xBF58476D1CE4E5B9L + 0x94D049BB133111EBL;
        }
        return h;
    }

    /**
     * The frames tried from a state, best first: for each of the first few kernels (in a random
     * policy's order) whose frame alone leaves the state alive, that kernel joined by every other
     * one, in the same order, that keeps the frame within its deadlines and the state alive; now and
     * then also the kernel alone.
     */
    private long[] successors(SplittableRandom random, int[] counts, long t) {
        long ready = jm.readyAt(counts, t);
        Integer[] order = new Integer[Long.bitCount(ready)];
        int r = 0;
        for (long b = ready; b != 0; b &= b - 1) {
            order[r++] = Long.numberOfTrailingZeros(b);
        }
        int policy = random.nextInt(3);
        double noise = random.nextDouble() * 0.3;
        for (Integer u : order) {
            long d = jm.unitDeadline(u, counts);
            double base = switch (policy) {
                case 0 -> d;
                case 1 -> d - jm.wcet[u];
                default -> jm.wcet[u] * 10.0 + d * 0.001;
            };
            key[u] = base * (1 + noise * gaussian(random));
        }
        Arrays.sort(order, (a, b) -> Double.compare(key[a], key[b]));
        Set<Long> frames = new LinkedHashSet<>();
        int firsts = 0;
        for (int f = 0; f < r && firsts < FIRSTS; f++) {
            int first = order[f];
            if (!alive(counts, t, 1L << first)) {
                continue;
            }
            firsts++;
            frames.add(frame(counts, t, order, first));
            if (random.nextInt(3) == 0) {
                frames.add(1L << first);
            }
        }
        return frames.stream().mapToLong(Long::longValue).toArray();
    }

    /** The first kernel, then every other ready one in order that keeps the deadlines and the state alive. */
    private long frame(int[] counts, long t, Integer[] order, int first) {
        Oracle.OrderedBatch batch = oracle.orderedBatch();
        batch.tryAppend(first);
        long deadline = jm.unitDeadline(first, counts);
        for (int u : order) {
            if (u == first) {
                continue;
            }
            long d = Math.min(deadline, jm.unitDeadline(u, counts));
            long with = batch.mask() | (1L << u);
            long c = oracle.completion(with);
            if (c != CompletionModel.FORBIDDEN && Ticks.add(t, c) <= d && alive(counts, t, with) && batch.tryAppend(u)) {
                deadline = d;
            }
        }
        return batch.mask();
    }

    /**
     * A standard normal draw by Box-Muller from two {@code nextDouble}s, not the JDK's
     * {@code nextGaussian}: its algorithm is the JDK's choice, so the walks, and the table they find,
     * could change with the JDK; {@code SplittableRandom.nextDouble} is specified.
     */
    private static double gaussian(SplittableRandom random) {
        double u = 1.0 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    /** The frame meets its deadlines and the state it leads to is alive by the explorer's bounds. */
    private boolean alive(int[] counts, long t, long mask) {
        long c = oracle.completion(mask);
        if (c == CompletionModel.FORBIDDEN) {
            return false;
        }
        long end = Ticks.add(t, c);
        if (end > jm.minDeadline(counts, mask)) {
            return false;
        }
        int[] after = counts.clone(); // a fresh array each time: the bound's memo keeps it
        jm.count(after, mask, 1);
        if (Arrays.stream(after).sum() == jm.totalKernels) {
            return true; // the last frame: nothing left to starve
        }
        long at = settle(after, end);
        return at <= live.latestStart(after, Arrays.hashCode(after), jm.readyAt(after, at));
    }
}
