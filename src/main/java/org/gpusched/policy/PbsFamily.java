package org.gpusched.policy;

import org.gpusched.baseline.*;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.poweron.UnboundedJobs;
import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.JobLimit;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Workload;
import org.gpusched.pbs.PbsQuestion;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The methods of the PBS paper (Feddal, Zahaf, Lipari 2024): the GPUSched exact analysis, its brute-force twin
 * and the EDF-serial / EDF-parallel baselines. They read the workload's v1 task set and apply
 * exactly when it has one (one kernel per job, no CPU work, ...; {@link Workload#pbsNote()}).
 */
public final class PbsFamily {
    static final String PAPER = "Feddal, Zahaf, Lipari, RTNS 2024 (PBS / GPUSched)";

    private PbsFamily() { }

    public static List<Method> all() {
        return List.of(new GpuSched(), new BruteForce(), new Edf(EdfBaseline.Kind.SERIAL, false),
                new Edf(EdfBaseline.Kind.PARALLEL, false), new Edf(EdfBaseline.Kind.SERIAL, true),
                new Edf(EdfBaseline.Kind.PARALLEL, true));
    }

    /** Whether a method is a time-triggered EDF baseline, which differs from its online rule only with jitter. */
    public static boolean timeTriggeredEdf(Method m) {
        return m instanceof Edf e && e.timeTriggered;
    }

    private abstract static class Base extends FamilyMethod {
        Base(String id, String description, Evidence evidence) {
            super(id, description, PAPER, evidence);
        }

        @Override
        public Applicability applicability(Workload w) {
            return w.pbs() != null ? Applicability.yes() : Applicability.no(w.pbsNote());
        }

        /** The PBS engines meter themselves: a spent budget is their own inconclusive verdict. */
        @Override
        public MethodResult run(Workload w, RunOptions o, Budget.Meter meter) {
            return judge(w, o, meter);
        }

        MethodResult result(TaskSet ts, Analysis a, List<Frame> frames, Detail.Frames detail) {
            return new MethodResult(id(), outcome(a.verdict()), a.note(), evidence(), rows(ts, frames),
                    detail, a.stats().elapsedNanos());
        }
    }

    static Outcome outcome(Verdict v) {
        return switch (v) {
            case SCHEDULABLE -> Outcome.SCHEDULABLE;
            case NOT_SCHEDULABLE -> Outcome.NOT_SCHEDULABLE;
            case INCONCLUSIVE -> Outcome.INCONCLUSIVE;
        };
    }

    /**
     * Per task, the worst response time (frame end − release) over the given frames, and whether
     * every job of the task met its deadline in them. No frames: nothing known per task.
     */
    static List<TaskRow> rows(TaskSet ts, List<Frame> frames) {
        return frames.isEmpty() ? List.of() : rows(ts, Responses.of(ts, frames));
    }

    /** The rows of per-task worst responses gathered while frames went by. */
    static List<TaskRow> rows(TaskSet ts, Responses r) {
        List<TaskRow> rows = new ArrayList<>();
        for (int i = 0; i < ts.size(); i++) {
            OptionalLong w = r.worst(i);
            rows.add(new TaskRow(ts.task(i).name(), w, w.isPresent() ? w.getAsLong() <= ts.task(i).deadline() : null,
                    false));
        }
        return rows;
    }

    static final class GpuSched extends Base {
        GpuSched() {
            super("gpusched", "PBS: exact search of the GPUSched scheduling graph; a schedule is the table",
                    Evidence.EXACT);
        }

        @Override
        public Applicability applicability(Workload w) {
            return jobCap(w, super.applicability(w), "the exact search");
        }

        @Override
        MethodResult judge(Workload w, RunOptions o, Budget.Meter meter) {
            // The front door decides power-on or steady state and runs the engine --engine names.
            PbsQuestion.Answer p = PbsQuestion.answer(w.pbs(), o.explore(), o.steadyState(), meter);
            Analysis a = p.analysis();
            return result(p.timeLine(), a, a.schedule(), Detail.Frames.checked(p.timeLine(), a, p.graph(), null));
        }
    }

    /** The methods that keep state per job take at most {@link TaskSet#MAX_JOBS} jobs. */
    static Applicability jobCap(Workload w, Applicability pbs, String what) {
        String r = pbs.applies() ? JobLimit.reason(w.pbs(), what) : null;
        return r == null ? pbs : Applicability.no(r);
    }

    static final class BruteForce extends Base {
        BruteForce() {
            super("brute-force", "PBS: every PBS schedule enumerated (the slow reference twin of gpusched)",
                    Evidence.EXACT);
        }

        /**
         * The steady state's window is what brute-force analyses; a set with offsets and no instant
         * outside every job's window has none (gpusched and the EDF rules answer it from power-on).
         */
        @Override
        public Applicability applicability(Workload w) {
            Applicability pbs = jobCap(w, super.applicability(w), "brute force");
            if (pbs.applies() && w.pbs().origin() < 0) {
                return Applicability.no("offsets: every instant of the hyperperiod lies inside some job's window, so"
                        + " there is no steady-state window (gpusched and the EDF rules answer from power-on)");
            }
            return pbs;
        }

        @Override
        MethodResult judge(Workload w, RunOptions o, Budget.Meter meter) {
            TaskSet ts = w.pbs();
            if (!o.steadyState() && PbsQuestion.needsPowerOn(ts)) {
                // Brute force enumerates one hyperperiod of the steady state, which is a different
                // question here: its verdict beside gpusched's would contradict it, not check it.
                return MethodResult.notApplicable(this, "offsets: the steady state's window does not start at 0, so"
                        + " the set is answered from power-on (gpusched) and brute force, which enumerates one"
                        + " hyperperiod of the steady state, answers another question (add --steady-state to compare"
                        + " the two on the steady state)");
            }
            Analysis a = PbsQuestion.bruteForce(ts, o.explore(), meter);
            return result(ts, a, a.schedule(), Detail.Frames.checked(ts, a, null, null));
        }
    }

    /**
     * The paper's EDF baselines. {@code edf-serial} and {@code edf-parallel} are online: a job
     * arrives anywhere in [a, a + J] and EDF sees it then; {@code -tt} are time-triggered: each
     * job held until a + J. Without jitter the two rules are one, and both simulate. A set with
     * no steady-state window is answered from power-on, until the state at a hyperperiod
     * boundary repeats.
     */
    static final class Edf extends Base {
        private final EdfBaseline.Kind kind;
        private final boolean timeTriggered;

        Edf(EdfBaseline.Kind kind, boolean timeTriggered) {
            super(kind.method() + (timeTriggered ? "-tt" : ""), description(kind, timeTriggered), Evidence.SIMULATION);
            this.kind = kind;
            this.timeTriggered = timeTriggered;
        }

        private static String description(EdfBaseline.Kind kind, boolean timeTriggered) {
            String what = kind == EdfBaseline.Kind.SERIAL ? "EDF, one kernel at a time" : "EDF, kernels batched in EDF"
                    + " order while eligible";
            return timeTriggered ? what + ", each job held until the end of its release window (arrival + jitter),"
                    + " simulated over the hyperperiod"
                    : what + " (the paper's baseline), online: with jitter every arrival in [a, a + J] is checked"
                    + " (schedule-abstraction graph), else simulated";
        }

        @Override
        MethodResult judge(Workload w, RunOptions o, Budget.Meter meter) {
            TaskSet ts = w.pbs();
            // The question gpusched answers: from power-on wherever the window does not start at 0
            // (and always where there is no window), the steady state's only when asked for.
            if (ts.origin() < 0 || !o.steadyState() && PbsQuestion.needsPowerOn(ts)) {
                return fromPowerOn(UnboundedJobs.fileTimeLine(ts), meter);
            }
            if (!timeTriggered && OnlineEdfGraph.differs(ts)) {
                Analysis a = new OnlineEdfGraph(ts, kind).analyze(meter);
                return new MethodResult(id(), outcome(a.verdict()), a.note(), Evidence.EXACT, List.of(),
                        Detail.Frames.checked(ts, a, null, null), a.stats().elapsedNanos());
            }
            // The analysis keeps only the frames up to the first miss; per-task rows need all of them.
            Baselines.Run run = Baselines.run(ts, kind, meter);
            BaselineResult all = run.all();
            Analysis a = run.analysis();
            if (timeTriggered) {
                a = new Analysis(a.verdict(), id(), a.stats(), a.schedule(), a.witness(), a.note(), a.achieved(),
                        a.foundBy(), a.repeat(), a.engine(), a.proof());
            }
            List<TaskRow> rows = all == null ? List.of() : rows(ts, run.responses());
            return new MethodResult(id(), outcome(a.verdict()), a.note(), evidence(), rows,
                    Detail.Frames.checked(ts, a, null, all), a.stats().elapsedNanos());
        }

        /** From power-on: the online graph or the simulation, on the file's time line. */
        private MethodResult fromPowerOn(TaskSet file, Budget.Meter meter) {
            if (!timeTriggered && OnlineEdfGraph.differs(file)) {
                Analysis a = new OnlineEdfPowerOn(file, kind).analyze(meter);
                return new MethodResult(id(), outcome(a.verdict()), a.note(), Evidence.EXACT, List.of(),
                        Detail.Frames.checked(file, a, null, null), a.stats().elapsedNanos());
            }
            Analysis a = new PowerOnEdf(file, kind, id()).analyze(meter).analysis();
            List<Frame> frames = a.verdict() == Verdict.SCHEDULABLE ? a.schedule()
                    : a.witness() == null ? List.of() : a.witness().path();
            return result(file, a, frames, Detail.Frames.checked(file, a, null, null));
        }
    }
}
