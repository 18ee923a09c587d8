package org.gpusched.experiment;

import org.gpusched.output.RunFolder;
import org.gpusched.rta.*;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.lines.SeriesLines;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The GCAPS evaluation's schedulability sweeps: the ratio of random workloads (GcapsGenerator)
 * each analysis of the family schedules, against tasks per CPU, per-CPU utilisation and the share
 * of best-effort tasks; GCAPS both with CPU priorities and with Audsley's GPU priorities. Units are
 * ordered sweep (tasks, utilization, best-effort), then value, then set index.
 */
public final class GcapsExperiment extends Experiment {
    public static final String KIND = "gcaps";
    public static final String SUMMARY = "gcaps.csv";

    record Column(String name, RtaMethod method, GpuPriorityMode mode) { }

    static final List<Column> COLUMNS = List.of(
            new Column("tsg-rr-busy", RtaMethod.TSG_RR_BUSY, GpuPriorityMode.CPU),
            new Column("tsg-rr-suspend", RtaMethod.TSG_RR_SUSPEND, GpuPriorityMode.CPU),
            new Column("gcaps-busy", RtaMethod.GCAPS_BUSY, GpuPriorityMode.CPU),
            new Column("gcaps-suspend", RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.CPU),
            new Column("gcaps-busy-audsley", RtaMethod.GCAPS_BUSY, GpuPriorityMode.AUDSLEY),
            new Column("gcaps-suspend-audsley", RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.AUDSLEY),
            new Column("mpcp-busy", RtaMethod.MPCP_BUSY, GpuPriorityMode.CPU),
            new Column("mpcp-suspend", RtaMethod.MPCP_SUSPEND, GpuPriorityMode.CPU),
            new Column("fmlp+-busy", RtaMethod.FMLP_PLUS_BUSY, GpuPriorityMode.CPU),
            new Column("fmlp+-suspend", RtaMethod.FMLP_PLUS_SUSPEND, GpuPriorityMode.CPU));
    static final String NAMES = String.join(",", COLUMNS.stream().map(Column::name).toList());
    public static final String HEADER = "sweep,value,sets," + NAMES;
    static final String RAW_COLUMNS = "unit,sweep,value,index,tasks,gpuTasks,bestEffort,"
            + String.join(",", COLUMNS.stream().map(c -> c.name() + ":yes|no").toList());

    private final long seed;
    private final List<Integer> tasksPerCpu;
    private final List<Double> utilizations;
    private final List<Double> bestEffort;
    private final int sets;
    private final Variant variant;
    private final List<Sweep> sweeps;

    /** One sweep: its name, its x values as printed, and how a value sets the generator's point. */
    private record Sweep(String name, String xTitle, List<String> values,
                         Function<String, GcapsGenerator.Point> point) { }

    public GcapsExperiment(long seed, List<Integer> tasksPerCpu, List<Double> utilizations, List<Double> bestEffort,
                           int sets, Variant variant) {
        super(KIND, RAW_COLUMNS);
        if (sets < 1 || tasksPerCpu.isEmpty() || utilizations.isEmpty() || bestEffort.isEmpty()) {
            throw new IllegalArgumentException("need sets >= 1 and at least one value per sweep");
        }
        this.seed = seed;
        this.tasksPerCpu = List.copyOf(tasksPerCpu);
        this.utilizations = utilizations.stream().map(u -> Double.parseDouble(u(u))).toList();
        this.bestEffort = bestEffort.stream().map(u -> Double.parseDouble(u(u))).toList();
        this.sets = sets;
        this.variant = variant;
        // Each sweep fixes only its own parameter of the generator's point.
        GcapsGenerator.Point d = GcapsGenerator.Point.DEFAULT;
        this.sweeps = List.of(
                new Sweep("tasks", "tasks per CPU", this.tasksPerCpu.stream().map(String::valueOf).toList(),
                        v -> d.withTasksPerCpu(Integer.parseInt(v))),
                new Sweep("utilization", "utilisation per CPU", this.utilizations.stream().map(Experiment::u).toList(),
                        v -> d.withUtilization(Double.parseDouble(v))),
                new Sweep("best-effort", "share of best-effort tasks",
                        this.bestEffort.stream().map(Experiment::u).toList(),
                        v -> d.withBestEffort(Double.parseDouble(v))));
    }

    static GcapsExperiment fromParams(Map<String, String> p) {
        return new GcapsExperiment(Long.parseLong(get(p, "seed")), ints(get(p, "tasksPerCpu")),
                doubles(get(p, "utilizations")), doubles(get(p, "bestEffort")), Integer.parseInt(get(p, "sets")),
                Variant.valueOf(get(p, "variant").toUpperCase(Locale.ROOT)));
    }

    @Override
    public Map<String, String> params() {
        return map("seed", Long.toString(seed), "tasksPerCpu", join(tasksPerCpu), "utilizations",
                utilizations(utilizations), "bestEffort", utilizations(bestEffort), "sets", Integer.toString(sets),
                "variant", variant.name().toLowerCase(Locale.ROOT));
    }

    @Override
    public int units() {
        return sweeps.stream().mapToInt(s -> s.values().size()).sum() * sets;
    }

    /**
     * The workload of one set, for `generate`-style inspection and the tests: its seed depends on
     * (base seed, sweep, value, index) only, as in {@link Seeds}.
     */
    public RtaWorkload workload(int unit) {
        int[] svi = locate(unit);
        Sweep s = sweeps.get(svi[0]);
        String value = s.values().get(svi[1]);
        return GcapsGenerator.generate(Seeds.of(seed, s.name().hashCode(), value.hashCode(), svi[2]),
                s.point().apply(value));
    }

    private int[] locate(int unit) {
        int rest = unit;
        for (int s = 0; s < sweeps.size(); s++) {
            int size = sweeps.get(s).values().size() * sets;
            if (rest < size) {
                return new int[] {s, rest / sets, rest % sets};
            }
            rest -= size;
        }
        throw new IllegalArgumentException("unit " + unit + " out of range");
    }

    @Override
    String leading(int unit) {
        int[] svi = locate(unit);
        Sweep s = sweeps.get(svi[0]);
        return unit + "," + s.name() + "," + s.values().get(svi[1]) + "," + svi[2];
    }

    @Override
    public List<String> run(int unit) {
        RtaWorkload w = workload(unit);
        StringBuilder row = new StringBuilder(leading(unit)).append(',').append(w.tasks().size()).append(',')
                .append(w.tasks().stream().filter(t -> !t.gpu().isEmpty()).count()).append(',')
                .append(w.tasks().stream().filter(t -> t.bestEffort()).count());
        for (Column c : COLUMNS) {
            boolean ok = ResponseTimeAnalysis.analyze(w, c.method(), c.mode(), variant).schedulable();
            row.append(',').append(ok ? "yes" : "no");
        }
        return List.of(row.toString());
    }

    /** One colour per scheme, busy-waiting dashed, so ten curves stay readable. */
    private static void style(XYChart chart) {
        Color[] colours = {new Color(0x1f77b4), new Color(0x2ca02c), new Color(0xd62728), new Color(0x9467bd),
                new Color(0x8c564b)};
        for (int k = 0; k < COLUMNS.size(); k++) {
            var series = chart.getSeriesMap().get(COLUMNS.get(k).name());
            if (series == null) {
                continue;
            }
            Color c = colours[k / 2];
            series.setLineColor(c);
            series.setMarkerColor(c);
            series.setLineStyle(COLUMNS.get(k).method().suspends() ? SeriesLines.SOLID : SeriesLines.DASH_DASH);
        }
    }

    @Override
    public List<Path> summarize(List<String[]> rows, RunFolder dir) throws IOException {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        List<Path> written = new ArrayList<>();
        int r = 0;
        for (Sweep s : sweeps) {
            int nv = s.values().size();
            double[] x = new double[nv];
            double[][] y = new double[COLUMNS.size()][nv];
            for (int v = 0; v < nv; v++, r += sets) {
                List<String[]> point = point(rows, r, sets, s.name(), s.values().get(v));
                x[v] = Double.parseDouble(s.values().get(v));
                csv.append(s.name()).append(',').append(s.values().get(v)).append(',').append(sets);
                for (int k = 0; k < COLUMNS.size(); k++) {
                    y[k][v] = (double) count(point, 7 + k, "yes") / sets;
                    csv.append(String.format(Locale.ROOT, ",%.4f", y[k][v]));
                }
                csv.append('\n');
            }
            var chart = Charts.ratio("GCAPS family (" + variant.name().toLowerCase(Locale.ROOT) + "), " + sets
                    + " sets per point", s.xTitle(), x, COLUMNS.stream().map(Column::name).toList(), y);
            style(chart);
            written.addAll(Charts.save(chart, dir, "gcaps-" + s.name()));
        }
        return finish(rows, r, dir, SUMMARY, csv, written);
    }
}
