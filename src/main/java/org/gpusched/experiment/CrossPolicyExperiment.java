package org.gpusched.experiment;

import org.gpusched.explore.job.Options;
import org.gpusched.model.Workload;
import org.gpusched.output.RunFolder;
import org.gpusched.policy.*;
import org.gpusched.rta.GpuPriorityMode;
import org.gpusched.rta.Variant;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One workload, every policy: the paper's GPU-only sets (the generator of Figure 4) judged by PBS,
 * the EDF baselines and the GCAPS family side by side, as {@code compare} does for one file. A set
 * is read as {@code compare} reads a v1 file: each task one kernel with zero CPU time on its own
 * core, and, the sets being in ticks, an ideal driver (L = 1, θ = α = 0; docs/format.md). Units
 * are ordered scenario, then U, then set index; a method's cell is yes, no, inconclusive or n/a.
 */
public final class CrossPolicyExperiment extends Experiment {
    public static final String KIND = "cross-policy";
    /** The default columns: PBS, its baselines and the GCAPS family (self-suspending and busy). */
    public static final List<String> DEFAULT_METHODS = List.of("gpusched", "edf-serial", "edf-parallel",
            "tsg-rr-suspend", "gcaps-suspend", "mpcp-suspend", "fmlp+-suspend", "tsg-rr-busy", "gcaps-busy",
            "mpcp-busy", "fmlp+-busy");

    private final PaperSets paper;
    private final List<Method> methods;
    private final GpuPriorityMode gpuPriority;
    private final Variant variant;

    public CrossPolicyExperiment(long seed, List<Scenario> scenarios, List<Double> utilizations, int sets, int tasks,
                                 Duration timeLimit, List<String> methodIds, GpuPriorityMode gpuPriority,
                                 Variant variant) {
        this(new PaperSets(seed, scenarios, utilizations, sets, tasks, timeLimit), methods(methodIds), gpuPriority,
                variant);
    }

    private CrossPolicyExperiment(PaperSets paper, List<Method> methods, GpuPriorityMode gpuPriority,
                                  Variant variant) {
        super(KIND, "unit,scenario,utilization,tasks,index,"
                + String.join(",", methods.stream().map(m -> m.id() + ":yes|no|inconclusive|n/a").toList()));
        this.paper = paper;
        this.methods = methods;
        this.gpuPriority = gpuPriority;
        this.variant = variant;
    }

    private static List<Method> methods(List<String> ids) {
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("need at least one method");
        }
        MethodRegistry registry = MethodRegistry.standard();
        return ids.stream().map(id -> registry.byId(id).orElseThrow(
                () -> new IllegalArgumentException("unknown method '" + id + "'"))).toList();
    }

    static CrossPolicyExperiment fromParams(Map<String, String> p) {
        return new CrossPolicyExperiment(PaperSets.fromParams(p), methods(List.of(get(p, "methods").split(","))),
                GpuPriorityMode.valueOf(get(p, "gpuPriority")), Variant.valueOf(get(p, "variant")));
    }

    @Override
    public Map<String, String> params() {
        Map<String, String> p = paper.params();
        p.putAll(map("methods", String.join(",", methods.stream().map(Method::id).toList()),
                "gpuPriority", gpuPriority.name(), "variant", variant.name()));
        return p;
    }

    @Override
    public int units() {
        return paper.units();
    }

    @Override
    String leading(int unit) {
        return paper.unit(unit).columns();
    }

    @Override
    public List<String> run(int unit) {
        PaperSets.Unit u = paper.unit(unit);
        Workload w = Workload.ofV1(paper.taskSet(u));
        RunOptions o = new RunOptions(Options.defaults().withBudget(Options.DEFAULT_MAX_STATES, paper.timeLimit()),
                gpuPriority, variant);
        StringBuilder row = new StringBuilder(u.columns());
        for (Method m : methods) {
            // Each method its own budget: the time limit is per method and set, as in the other sweeps.
            row.append(',').append(word(m.analyze(w, o).outcome()));
        }
        return List.of(row.toString());
    }

    static String word(Outcome o) {
        return switch (o) {
            case SCHEDULABLE -> "yes";
            case NOT_SCHEDULABLE -> "no";
            case INCONCLUSIVE -> "inconclusive";
            case NOT_APPLICABLE -> "n/a";
        };
    }

    @Override
    public List<Path> summarize(List<String[]> rows, RunFolder dir) throws IOException {
        List<String> ids = methods.stream().map(Method::id).toList();
        return paper.ratios(rows, dir, KIND, "scenario,utilization,sets,method,schedulable,inconclusive,notApplicable",
                ids, sc -> "One workload, every policy: " + sc.id() + " slowdown, " + paper.tasks() + " tasks, "
                        + paper.sets() + " sets per point", (csv, sc, u, point, y) -> {
                    for (int k = 0; k < ids.size(); k++) {
                        csv.append(String.format(Locale.ROOT, "%s,%.2f,%d,%s,%.4f,%d,%d\n", sc.id(), u, paper.sets(),
                                ids.get(k), y[k], count(point, 5 + k, "inconclusive"),
                                count(point, 5 + k, "n/a")));
                    }
                });
    }
}
