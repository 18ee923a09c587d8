package org.gpusched.qualify;

import org.gpusched.explore.result.Proof;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.*;
import org.gpusched.pbs.PbsQuestion;
import org.gpusched.policy.*;
import org.gpusched.reference.Reference;
import org.gpusched.rta.RtaMethod;
import org.gpusched.rta.RtaWorkload;
import org.gpusched.rta.SimResult;
import org.gpusched.rta.Simulator;
import org.gpusched.table.SchedulingTable;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.gpusched.timepart.Flow;
import org.gpusched.timepart.FlowSimulator;
import org.gpusched.timepart.Flows;

import java.util.*;

/**
 * Every method that applies to a workload, each against its independent twin, as the property
 * tests of the build do: the exact search against brute force where the window starts at 0 (there
 * the steady state is the verdict analyze gives); elsewhere the power-on verdict analyze gives
 * against the reference core and, separately, the steady state against brute force; every table
 * it or an EDF baseline gives against the table checker, an EDF baseline's success against the
 * exact verdict (EDF is one PBS schedule), and every response-time bound against the simulator of
 * the same policy (a bound is never below what a simulation observes).
 */
final class Twins {
    static final String EXACT = "gpusched = brute-force";
    static final String STEADY_STATE = "steady state = brute-force";
    static final String POWER_ON = "power-on verdict = reference";
    static final String REFUTATION = "not schedulable: refutation re-checked";
    static final String TABLE = "tables pass the checker";
    static final String EDF = "edf schedulable implies gpusched schedulable";
    /** Releases simulated for a bound: the jobs of a few hyperperiods, no more than this many. */
    static final long MAX_SIMULATED_JOBS = 200_000;

    private final MethodRegistry registry;
    private final RunOptions options;
    private final Mutation mutation;

    Twins(MethodRegistry registry, RunOptions options, Mutation mutation) {
        this.registry = registry;
        this.options = options;
        this.mutation = mutation;
    }

    /** The check id of a bound method against its simulator. */
    static String boundCheck(String method) {
        return method + " bound >= simulation";
    }

    /**
     * States the reference core's exhaustive power-on search may visit per drawn set: it keeps every
     * state with its successors, so past this a set is counted as not compared rather than risk the
     * heap.
     */
    static final long REFERENCE_STATES = 300_000;

    /**
     * What one workload's checks found.
     *
     * @param verdict the verdict analyze gives (gpusched's, in words), or null where gpusched does not apply
     */
    record Checked(String verdict, List<Observation> observations) {
        Checked {
            observations = List.copyOf(observations);
        }
    }

    /** Runs every applicable method under {@code meter} and compares each with its twin; {@code json}: the file text. */
    Checked check(Workload w, String json, long seed, Budget.Meter meter) {
        Map<String, MethodResult> results = new LinkedHashMap<>();
        for (Method m : registry.all()) {
            if (m.applicability(w).applies()) {
                results.put(m.id(), mutation.apply(m.analyze(w, options, meter.inner(options.explore().budget()))));
            }
        }
        List<Observation> out = new ArrayList<>();
        if (w.pbs() != null) {
            pbs(w, json, results, out, meter);
        }
        for (MethodResult r : results.values()) {
            if (r.evidence() != Evidence.BOUND || r.outcome() == Outcome.INCONCLUSIVE) {
                continue;
            }
            RtaMethod.byId(r.method()).ifPresent(m -> out.add(rta(w, m, r)));
            if (r.method().endsWith("holistic") || r.method().endsWith("offset-based")) {
                out.add(flows(w, r, seed));
            }
        }
        MethodResult exact = results.get("gpusched");
        return new Checked(exact == null ? null : exact.outcome().words(), out);
    }

    private void pbs(Workload w, String json, Map<String, MethodResult> results, List<Observation> out,
                     Budget.Meter meter) {
        TaskSet ts = w.pbs();
        // What analyze gives by default: from power-on wherever the window does not start at 0.
        MethodResult exact = results.get("gpusched");
        if (exact != null && !PbsQuestion.needsPowerOn(ts)) {
            MethodResult brute = results.get("brute-force");
            out.add(brute != null ? compare(EXACT, exact, brute) : Observation.notCompared(EXACT,
                    "brute force does not apply: " + registry.byId("brute-force").orElseThrow().applicability(w).reason()));
        } else if (exact != null) {
            out.add(powerOn(exact, json));
            if (ts.origin() > 0) {
                // The steady state (analyze --steady-state) is another question with its own twin; its
                // agreement says nothing of the power-on verdict, so it is counted as its own check.
                RunOptions steady = options.withSteadyState(true);
                MethodResult s = mutation.apply(registry.byId("gpusched").orElseThrow().analyze(w, steady,
                        meter.inner(options.explore().budget())));
                out.add(compare(STEADY_STATE, s, registry.byId("brute-force").orElseThrow().analyze(w, steady,
                        meter.inner(options.explore().budget()))));
                table(ts, "gpusched --steady-state", s, out);
            }
        }
        table(ts, "gpusched", exact, out);
        refutation(exact, out);
        for (String edf : List.of("edf-serial", "edf-parallel", "edf-serial-tt", "edf-parallel-tt")) {
            MethodResult r = results.get(edf);
            if (r == null || r.outcome() != Outcome.SCHEDULABLE) {
                continue;
            }
            // Both answer from power-on where the window does not start at 0, so EDF's schedule is one
            // of the PBS schedules the exact search explores there too.
            if (exact != null) {
                out.add(exact.outcome() == Outcome.INCONCLUSIVE
                        ? Observation.notCompared(EDF, "gpusched inconclusive: " + exact.reason())
                        : exact.outcome() == Outcome.SCHEDULABLE ? Observation.agreed(EDF, edf + " and gpusched schedulable")
                        : Observation.disagreed(EDF, edf + " schedulable, gpusched " + exact.outcome().words()));
            }
            if (r.detail() instanceof Detail.Frames f && f.baseline() != null && !f.baseline().streamed()) {
                out.add(table(ts, edf, Tables.of(ts, edf, f.baseline().frames())));
            }
        }
    }

    /**
     * A "not schedulable" from the window relaxation or the solver was re-decided by the exhaustive
     * search within a budget (docs/explorer.md, "Refutations re-checked"): confirmed counts as an
     * agreement, a budget spent first as not compared. A refutation the search contradicts never
     * gets here: it ends the run as an internal error.
     */
    static void refutation(MethodResult exact, List<Observation> out) {
        if (exact != null && exact.outcome() == Outcome.NOT_SCHEDULABLE && exact.detail() instanceof Detail.Frames f
                && f.analysis().proof() != null && f.analysis().proof().confirmation() != null) {
            Proof p = f.analysis().proof();
            out.add(p.confirmation().equals(Proof.CONFIRMED)
                    ? Observation.agreed(REFUTATION, p.kind().words() + " confirmed")
                    : Observation.notCompared(REFUTATION, p.kind().words() + " " + p.confirmation()));
        }
    }

    /** The power-on verdict against the reference core's on the same file text. */
    private static Observation powerOn(MethodResult gpusched, String json) {
        if (gpusched.outcome() != Outcome.SCHEDULABLE && gpusched.outcome() != Outcome.NOT_SCHEDULABLE) {
            return Observation.notCompared(POWER_ON, "gpusched " + gpusched.outcome().words() + ": " + gpusched.reason());
        }
        Reference.Verdict ref = Reference.powerOn(json, REFERENCE_STATES);
        if (ref == Reference.Verdict.UNDECIDED) {
            return Observation.notCompared(POWER_ON, "reference undecided within " + REFERENCE_STATES + " states");
        }
        boolean refSchedulable = ref == Reference.Verdict.SCHEDULABLE;
        String both = "gpusched " + gpusched.outcome().words() + ", reference "
                + (refSchedulable ? "schedulable" : "not schedulable");
        return refSchedulable == (gpusched.outcome() == Outcome.SCHEDULABLE) ? Observation.agreed(POWER_ON, both)
                : Observation.disagreed(POWER_ON, both);
    }

    /** The table of an exact verdict of schedulable against the checker; nothing for any other result. */
    private static void table(TaskSet ts, String label, MethodResult r, List<Observation> out) {
        if (r != null && r.outcome() == Outcome.SCHEDULABLE && r.detail() instanceof Detail.Frames f
                && f.analysis().verdict() == Verdict.SCHEDULABLE) {
            out.add(table(ts, label, Tables.of(f.taskSet(), f.analysis())));
        }
    }

    private static Observation compare(String check, MethodResult a, MethodResult b) {
        if (a.outcome() == Outcome.NOT_APPLICABLE || b.outcome() == Outcome.NOT_APPLICABLE) {
            return Observation.notCompared(check, "not applicable: " + (a.outcome() == Outcome.NOT_APPLICABLE ? a : b)
                    .reason());
        }
        if (a.outcome() == Outcome.INCONCLUSIVE || b.outcome() == Outcome.INCONCLUSIVE) {
            return Observation.notCompared(check, "inconclusive: " + (a.outcome() == Outcome.INCONCLUSIVE ? a : b).reason());
        }
        String both = a.method() + " " + a.outcome().words() + ", " + b.method() + " " + b.outcome().words();
        return a.outcome() == b.outcome() ? Observation.agreed(check, both) : Observation.disagreed(check, both);
    }

    private static Observation table(TaskSet ts, String method, SchedulingTable t) {
        List<String> problems = TableChecker.check(ts, t);
        return problems.isEmpty() ? Observation.agreed(TABLE, method + " table valid")
                : Observation.disagreed(TABLE, method + " table refused: " + problems.get(0));
    }

    /**
     * The bound of every task against the simulated worst response, three hyperperiods run: released together at
     * 0 and, where the file gives offsets, also at them (the analyses ignore offsets, so a bound holds for both).
     */
    private static Observation rta(Workload w, RtaMethod m, MethodResult r) {
        // the simulation runs what the method judged: each launch longer by the runtime cost
        RtaWorkload rw = GcapsFamily.adapt(RuntimeCharge.fold(w));
        long[] periods = rw.tasks().stream().mapToLong(t -> t.period()).toArray();
        OptionalLong h = Hyperperiod.lcm(periods);
        String check = boundCheck(m.id());
        if (h.isEmpty() || jobs(periods, h.getAsLong()) > MAX_SIMULATED_JOBS) {
            return Observation.notCompared(check, "hyperperiod too long to simulate");
        }
        long[] offsets = w.tasks().stream().mapToLong(WorkTask::offset).toArray();
        long last = Arrays.stream(offsets).max().orElse(0);
        List<SimResult> runs = new ArrayList<>(List.of(Simulator.run(rw, m, order(r), new long[offsets.length],
                h.getAsLong(), 3 * h.getAsLong())));
        if (last > 0) {
            runs.add(Simulator.run(rw, m, order(r), offsets, last + h.getAsLong(), last + 3 * h.getAsLong()));
        }
        for (SimResult s : runs) {
            for (TaskRow row : r.tasks()) {
                OptionalLong seen = s.observed(row.task());
                if (row.responseTime().isPresent() && seen.isPresent()
                        && seen.getAsLong() > row.responseTime().getAsLong()) {
                    return Observation.disagreed(check, row.task() + ": bound " + row.responseTime().getAsLong()
                            + " below the simulated " + seen.getAsLong() + (s == runs.get(0) ? ""
                            : " (tasks released at their offsets)"));
                }
            }
        }
        return Observation.agreed(check, "every bound at least the simulated response");
    }

    /** The GPU priority order the analysis used (Audsley's may differ from the CPU's), or null. */
    @SuppressWarnings("unchecked")
    private static List<String> order(MethodResult r) {
        return r.detail() instanceof Detail.Facts f ? f.facts().stream()
                .filter(x -> x.key().equals("gpuPriorityOrder") && x.value() instanceof List<?>)
                .map(x -> (List<String>) x.value()).findFirst().orElse(null) : null;
    }

    /** Flow bounds against the flow simulator, jitter drawn from the set's seed, as OffsetBasedPropertyTest does. */
    private static Observation flows(Workload w, MethodResult r, long seed) {
        String check = boundCheck(r.method());
        List<Flow> flows = Flows.of(RuntimeCharge.fold(w));
        var plan = r.method().startsWith("time-partitioned") ? w.platform().timePartitions() : null;
        long h = plan == null ? 1 : plan.majorFrame();
        long maxOffset = 0;
        long[] periods = new long[flows.size() + 1];
        for (int i = 0; i < flows.size(); i++) {
            periods[i] = flows.get(i).period();
            maxOffset = Math.max(maxOffset, flows.get(i).offset());
        }
        periods[flows.size()] = h;
        OptionalLong hp = Hyperperiod.lcm(periods);
        if (hp.isEmpty() || jobs(Arrays.copyOf(periods, flows.size()), hp.getAsLong()) > MAX_SIMULATED_JOBS / 3) {
            return Observation.notCompared(check, "hyperperiod too long to simulate");
        }
        long until = maxOffset + 3 * hp.getAsLong();
        Map<String, FlowSimulator.Observed> seen = new LinkedHashMap<>();
        for (FlowSimulator.Observed o : FlowSimulator.run(flows, plan, until, until + 20 * hp.getAsLong(),
                new Random(seed))) {
            seen.put(o.flow(), o);
        }
        for (TaskRow row : r.tasks()) {
            FlowSimulator.Observed o = seen.get(row.task());
            if (row.responseTime().isEmpty() || o == null) {
                continue;
            }
            if (o.worst().isEmpty() || o.worst().getAsLong() > row.responseTime().getAsLong()) {
                return Observation.disagreed(check, row.task() + ": bound " + row.responseTime().getAsLong()
                        + (o.worst().isEmpty() ? " but a job never finished in the simulation"
                        : " below the simulated " + o.worst().getAsLong()));
            }
        }
        return Observation.agreed(check, "every bound at least the simulated response");
    }

    private static long jobs(long[] periods, long h) {
        return Arrays.stream(periods).map(p -> h / Math.max(1, p)).sum();
    }
}
