package org.gpusched.pbs;

import org.gpusched.explore.BruteForceExplorer;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.Proofs;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.poweron.PowerOnExplorer;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.explore.result.ExploredGraph;
import org.gpusched.explore.result.Phases;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;

/**
 * The one way to ask the PBS question ("is this task set schedulable under PBS, and with which
 * table"): it decides power-on or steady state, which engine {@code --engine} names (the graph
 * search, the solver, or both racing in the {@link Portfolio}), on how many threads, and runs the
 * brute-force twin. Everything above {@code explore} and {@code solver} asks here, so an option
 * such as {@code --engine} means the same in every command.
 *
 * <p>Each call takes the started {@link Budget.Meter} of the analysis: the command starts its clock
 * once and every analysis runs under it (or under an {@link Budget.Meter#inner inner} meter of it),
 * so no limit is restarted part-way. The limits in {@link Options} only say what each meter is
 * started with.
 */
public final class PbsQuestion {
    private PbsQuestion() { }

    /**
     * An answer on the time line it was found on (the file's when the set was searched from
     * power-on) with the explored graph when {@link Options#graphLimit()} asked for one (else null).
     */
    public record Answer(TaskSet timeLine, Analysis analysis, ExploredGraph graph) { }

    /**
     * An analysis with what measuring it needs: the graph search's phases, its helper threads' CPU
     * time and its vertices per depth; {@code helperCpuNanos} is -1 (phases none, no depths) when
     * another engine answered on threads of its own, whose CPU time is not tracked.
     */
    public record Measured(Analysis analysis, Phases phases, long helperCpuNanos, long[] verticesPerDepth) {
        /** Whether the CPU time of the threads the analysis ran on is known. */
        public boolean cpuTracked() {
            return helperCpuNanos >= 0;
        }
    }

    /**
     * The question {@code analyze} answers: from power-on where the set has no cut at 0 (unless
     * {@code steadyState}), else by the engine the options name, a refutation of the window
     * relaxation or of the solver re-decided by the exhaustive search ({@link Proofs}). A recorded
     * graph is the graph search's, so asking for one runs that search whatever the engine.
     */
    public static Answer answer(TaskSet ts, Options o, boolean steadyState, Budget.Meter meter) {
        if (!steadyState && needsPowerOn(ts)) {
            meter.running("power-on search");
            return powerOn(ts, o, meter);
        }
        if (o.engine() != EngineKind.GRAPH && o.graphLimit() == 0) {
            Analysis a = Proofs.confirm(ts, o, meter, Portfolio.analyze(ts, o, meter));
            return new Answer(ts, a.timed(meter.elapsedNanos()), null);
        }
        meter.running("graph search");
        GpuSchedExplorer ex = new GpuSchedExplorer(ts, o);
        // A recorded graph is read from the explorer after it ended: that search is waited for.
        Analysis a = Proofs.confirm(ts, o, meter, o.graphLimit() > 0 ? ex.analyze(meter) : Portfolio.graph(ex, meter));
        return new Answer(ts, a.timed(meter.elapsedNanos()), o.graphLimit() > 0 ? ex.graph() : null);
    }

    /**
     * From power-on where the set has no cut at 0, else the steady state by the engine the options
     * name; no re-check of refutations: the many analyses of one command (sensitivity's bisection)
     * take the engine's word.
     */
    public static Answer fromPowerOn(TaskSet ts, Options o, Budget.Meter meter) {
        return needsPowerOn(ts) ? powerOn(ts, o, meter) : new Answer(ts, steadyState(ts, o, meter), null);
    }

    private static Answer powerOn(TaskSet ts, Options o, Budget.Meter meter) {
        PowerOnExplorer.Result p = new PowerOnExplorer(ts, o).analyze(meter);
        return new Answer(p.fileTimeLine(), p.analysis().timed(meter.elapsedNanos()), null);
    }

    /**
     * Whether the question is asked from power-on: the set has no cut at 0, so its steady state is
     * not what happens after power-on (unless the steady state is asked for).
     */
    public static boolean needsPowerOn(TaskSet ts) {
        return PowerOnExplorer.needed(ts);
    }

    /** The steady-state window by the engine the options name (graph, solver, portfolio or auto). */
    public static Analysis steadyState(TaskSet ts, Options o, Budget.Meter meter) {
        return Portfolio.analyze(ts, o, meter).timed(meter.elapsedNanos());
    }

    /** The brute-force twin: every PBS schedule of the steady-state window enumerated, under the options' limits. */
    public static Analysis bruteForce(TaskSet ts, Options o, Budget.Meter meter) {
        return new BruteForceExplorer(ts, o.budget()).analyze(meter).timed(meter.elapsedNanos());
    }

    /**
     * The steady-state window by the engine the options name, measured: the graph search with its
     * internals (for the benchmarks and the graph-size experiment), any other engine as it answers.
     */
    public static Measured measured(TaskSet ts, Options o, Budget.Meter meter) {
        if (o.engine() != EngineKind.GRAPH) {
            return new Measured(Portfolio.analyze(ts, o, meter), Phases.NONE, -1, new long[0]);
        }
        GpuSchedExplorer ex = new GpuSchedExplorer(ts, o);
        Analysis a = ex.analyze(meter);
        return new Measured(a, ex.phases(), ex.helperCpuNanos(), ex.verticesPerDepth());
    }
}
