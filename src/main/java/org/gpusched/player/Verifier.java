package org.gpusched.player;

import java.util.*;

/**
 * Monte-Carlo check of a table on the simulated device: run i draws its job times with seed
 * {@code baseSeed + i}, so {@code gpusched play --seed} with that seed replays it exactly.
 */
public final class Verifier {
    /** How many failing seeds a report lists; the count covers them all. */
    public static final int SEEDS_SHOWN = 5;

    private Verifier() { }

    /**
     * @param failingSeeds the first {@link #SEEDS_SHOWN} seeds whose run missed a deadline
     * @param worstLateness max lateness over all runs (negative: the smallest slack ever seen)
     * @param worstSeed     the seed of the run with the worst lateness
     * @param missesByJob   per job of the table (task#job) that missed, in how many runs (never run: each run)
     */
    public record ModeResult(Mode mode, int runs, int failedRuns, long missedJobs, List<Long> failingSeeds,
                             String firstMiss, long worstLateness, long worstSeed, Map<String, Integer> missesByJob) {
        public boolean ok() { return failedRuns == 0; }
    }

    public static ModeResult verify(UnrolledTable plan, Mode mode, ExecTime exec, long baseSeed, int runs) {
        SimDevice sim = new SimDevice();
        int failed = 0;
        long missed = 0;
        List<Long> seeds = new ArrayList<>();
        String firstMiss = null;
        long worst = Long.MIN_VALUE;
        long worstSeed = baseSeed;
        Map<String, Integer> byJob = new TreeMap<>();
        for (int r = 0; r < runs; r++) {
            long seed = baseSeed + r;
            PlayResult res = PlayResult.of(plan, mode, sim.play(plan, mode, exec.durations(plan, seed)));
            PlayResult.Summary s = res.summary();
            if (s.maxLateness() > worst) {
                worst = s.maxLateness();
                worstSeed = seed;
            }
            if (s.misses() > 0) {
                failed++;
                missed += s.misses();
                java.util.stream.Stream.concat(res.jobs().stream().filter(PlayResult.JobRow::miss)
                        .map(j -> j.task() + "#" + j.job()), s.neverRunJobs().stream()).distinct().forEach(k -> byJob.merge(k, 1, Integer::sum));
                if (seeds.size() < SEEDS_SHOWN) {
                    seeds.add(seed);
                }
                if (firstMiss == null) {
                    firstMiss = s.firstMiss();
                }
            }
        }
        return new ModeResult(mode, runs, failed, missed, List.copyOf(seeds), firstMiss,
                runs == 0 ? 0 : worst, worstSeed, Collections.unmodifiableMap(byJob));
    }
}
