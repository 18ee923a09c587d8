package org.gpusched.profile;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Verdict;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.gpusched.pbs.PbsQuestion;
import org.gpusched.player.*;
import org.gpusched.table.SchedulingTable;
import org.gpusched.table.TableAudit;
import org.gpusched.table.Tables;

import java.util.*;
import java.util.function.Function;

/**
 * {@code gpusched loop}: the measure / analyse / replay cycle (MAST-2's "plan, measure, update,
 * re-analyse"). Each round writes the model into the workload, analyses it exactly, replays the
 * table found, and compares every frame with its model ({@link FrameCheck}); each set whose frame
 * ran longer than its model is raised to the longest frame measured, and the next round analyses
 * again. It stops when no frame overran (stable), when the model is no longer schedulable, when an
 * analysis is inconclusive, or after {@code maxRounds} rounds.
 *
 * <p>Termination: a raised entry is at least the longest frame of its set seen so far; on a
 * deterministic device (the simulator at {@code --exec-time wcet}) that is the set's true time,
 * so a set is raised at most once and the loop ends within (sets + 1) rounds.
 */
public final class Loop {
    /**
     * Hyperperiods a round replays on the GPU at least: the host's wake-up skew has a long tail (on
     * the H200 host its worst, 749 us, came once in 1,200 frames of 300 hyperperiods of
     * player-calibration, the run that showed a table declared stable after 50 missing), so a table is
     * declared stable only after as many hyperperiods as that run (fewer when the player cannot play
     * that many launches).
     */
    public static final int GPU_MIN_HYPERPERIODS = 300;

    /** The hyperperiods each round replays: {@code asked}, and on the GPU at least {@link #GPU_MIN_HYPERPERIODS}. */
    public static int hyperperiods(DeviceChoice device, int asked) {
        return device == DeviceChoice.SIM ? asked : Math.max(asked, GPU_MIN_HYPERPERIODS);
    }

    /**
     * How a round's table is replayed. Simulator: every job takes its set's time under the device's
     * timing (the --sim-timing file, else the input workload's model, never the round's model).
     * GPU: every kernel is asked for its input unit's isolated wcet (a task's, or its chain kernel's),
     * so the device decides how long a set takes (the table's model is what is being checked, so it
     * must not set the durations).
     */
    public static Function<UnrolledTable, PlayResult> player(TaskSet input, SimTiming timing, DeviceChoice device,
                                                             Mode mode, ExecTime execTime, long seed, int gpu,
                                                             long nanos) {
        if (device == DeviceChoice.SIM) {
            return plan -> {
                SimTiming t = SimTiming.of(plan.taskSet(), timing.truth()).with(timing.contention());
                long[] d = execTime.durations(plan, seed, t.completions(plan));
                return PlayResult.of(plan, mode, new SimDevice(t.deviceName()).play(plan, mode, d));
            };
        }
        return plan -> {
            // Not the round's model: a set raised for a frame the runtime made long would then ask
            // longer kernels, and the next frame would be longer by as much (on an H200 five rounds
            // of player-calibration grew its first frame from 839 to 1,038 us and never settled).
            long[] d = execTime.ownDurations(plan, input, seed);
            try (CudaDevice dev = CudaDevice.open(plan.taskSet(), gpu, nanos)) {
                return PlayResult.of(plan, mode, dev.play(plan, mode, d));
            }
        };
    }

    private Loop() { }

    public enum Outcome {
        STABLE("stable: no frame overran its model"),
        NOT_SCHEDULABLE("not schedulable under the measured model"),
        INCONCLUSIVE("analysis inconclusive (budget)"),
        ROUND_LIMIT("round limit reached with frames still over their model"),
        /**
         * Every frame kept its model and a job still missed: frames started late (the host woke up
         * late), which no raised entry can fix; the frame-start jitter belongs in the runtime's cost.
         */
        LATE_START("a deadline was missed with every frame within its model: frames started late (host"
                + " wake-up); state the frame-start jitter in the workload's runtime.submit (profile measures it)");

        private final String words;

        Outcome(String words) {
            this.words = words;
        }

        /** The answer a script gates on: a late start is a miss, a spent round or budget no answer. */
        public Verdict verdict() {
            return switch (this) {
                case STABLE -> Verdict.SCHEDULABLE;
                case NOT_SCHEDULABLE, LATE_START -> Verdict.NOT_SCHEDULABLE;
                case INCONCLUSIVE, ROUND_LIMIT -> Verdict.INCONCLUSIVE;
            };
        }

        public int exitCode() { return verdict().exitCode(); }

        public String words() { return words; }
    }

    /** One raised entry: the set (task names), its modelled time before and after. */
    public record Change(List<String> tasks, long from, long to) {
        public Change {
            tasks = List.copyOf(tasks);
        }
    }

    /**
     * One round: its verdict and its table's replay. A round whose analysis found no table to replay
     * played nothing: no frames, no overrun, no miss and no changes.
     */
    public record Round(int round, Verdict verdict, int frames, int overrunFrames, long worstOverrun,
                        List<String> worstJobs, boolean deadlineMissed, List<Change> changes) {
        public Round {
            worstJobs = List.copyOf(worstJobs);
            changes = List.copyOf(changes);
        }
    }

    /**
     * The final workload (text and task set), its table (null unless schedulable), every round, and the last
     * replay of a round's table (null when no round found one), which the review page draws frame by frame.
     */
    public record Result(Outcome outcome, String workloadJson, TaskSet taskSet, SchedulingTable table,
                         List<Round> rounds, PlayResult lastPlay) {
        public Result {
            rounds = List.copyOf(rounds);
        }
    }

    /**
     * How a round's table is replayed, and the rest of a loop's settings. {@code explore} gives each
     * round's analysis options (the engine among them); {@code whole} is the command's meter, started
     * once: each round runs under a meter inside it, so the one time limit binds the whole loop.
     */
    public record Settings(String outName, int maxRounds, int hyperperiods, Options explore, Budget.Meter whole,
                           Function<UnrolledTable, PlayResult> player) { }

    public static Result run(TaskSet input, String content, Model start, Settings s) {
        Model model = start;
        List<Round> rounds = new ArrayList<>();
        PlayResult played = null;
        for (int round = 1; ; round++) {
            String json = MeasuredWorkload.json(input, content, model, s.outName());
            TaskSet ts = new TaskSetReader(true).read(s.outName(), json);
            Analysis a = PbsQuestion.steadyState(ts, s.explore(), s.whole().inner(s.explore().budget()));
            if (a.verdict() != Verdict.SCHEDULABLE) {
                rounds.add(new Round(round, a.verdict(), 0, 0, 0, List.of(), false, List.of()));
                Outcome o = a.verdict() == Verdict.NOT_SCHEDULABLE ? Outcome.NOT_SCHEDULABLE : Outcome.INCONCLUSIVE;
                return new Result(o, json, ts, null, rounds, played);
            }
            SchedulingTable table = Tables.of(ts, a);
            // The round's table is what the loop hands out: the reference core checks it first.
            TableAudit.require(ts, table);
            UnrolledTable plan = UnrolledTable.of(ts, table, s.outName(), playable(table, s.hyperperiods()));
            played = s.player().apply(plan);
            FrameCheck fc = FrameCheck.of(played);
            Model next = model.raise(fc.worstTicksBySet());
            List<Change> changes = changes(ts, model, next, fc.worstTicksBySet());
            FrameCheck.Summary f = fc.summary();
            rounds.add(new Round(round, a.verdict(), f.frames(), f.overrunFrames(), f.worstOverrun(), f.worstJobs(),
                    f.deadlineMissed(), changes));
            // The very check play reports: no frame over its model, and no deadline missed.
            if (!f.overran()) {
                return new Result(f.deadlineMissed() ? Outcome.LATE_START : Outcome.STABLE, json, ts, table, rounds, played);
            }
            if (round >= s.maxRounds()) {
                return new Result(Outcome.ROUND_LIMIT, json, ts, table, rounds, played);
            }
            model = next;
        }
    }

    /** {@code hyperperiods}, or as many as the player plays of this table when that is fewer (at least 1). */
    static int playable(SchedulingTable table, int hyperperiods) {
        long perHp = Math.max(1, Math.max(table.entries().size(),
                table.entries().stream().mapToLong(e -> e.batch().size()).sum()));
        return (int) Math.max(1, Math.min(hyperperiods, UnrolledTable.MAX_ITEMS / perHp));
    }

    private static List<Change> changes(TaskSet ts, Model before, Model after, Map<Long, Long> measured) {
        // Every set whose time moved: the measured ones, and entries that followed a raised wcet.
        SortedSet<Long> masks = new TreeSet<>(measured.keySet());
        masks.addAll(after.table().keySet());
        for (int i = 0; i < ts.unitCount(); i++) {
            masks.add(1L << i);
        }
        List<Change> out = new ArrayList<>();
        for (long mask : masks) {
            long from = before.completion(mask);
            long to = after.completion(mask);
            if (to != from) {
                out.add(new Change(Arrays.stream(Oracle.tasksOf(mask)).mapToObj(u -> ts.units().get(u).name())
                        .toList(), from, to));
            }
        }
        return out;
    }
}
