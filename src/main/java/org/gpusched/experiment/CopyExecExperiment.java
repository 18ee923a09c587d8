package org.gpusched.experiment;

import org.gpusched.copyexec.CopySim;
import org.gpusched.copyexec.CopySimulator;
import org.gpusched.copyexec.CopyWorkload;
import org.gpusched.copyexec.Strategy;
import org.gpusched.input.WorkloadReader;
import org.gpusched.output.RunFolder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.*;
import java.util.stream.IntStream;

/**
 * The shape of Table III of Muyan-Özçelik and Owens (CCPE 2017) on synthetic cases of our own (the
 * paper's workloads are unpublished; docs/results.md): per case, the four CPU-side strategies are
 * simulated with worst-case times on random workloads and compared by our relative performance
 * P[X] = S[traditional] / S[X], S the accumulated lateness plus our shift, summed over the sets.
 * Units are case, then set.
 */
public final class CopyExecExperiment extends Experiment {
    public static final String KIND = "copy-exec";
    public static final String SUMMARY = "copy-exec.csv";
    static final String RAW_COLUMNS = "unit,case,set,strategy:traditional|interleave|concurrent|order,jobs,misses,"
            + "lateness,shiftedLateness,slack:integer";
    public static final String HEADER = "case,description,sets,strategy,misses,shiftedLateness,P";

    /**
     * A synthetic case: copy engines (2: Kepler's K20c, 1: Fermi's GT 555M), whether kernels are
     * small (any pair runs truly concurrently) or large (a pair shares the GPU: each kernel takes
     * twice as long while both run), copy time per unit of kernel time, and whether the
     * higher-priority tasks have the longer kernels.
     */
    record Case(String name, String description, int engines, boolean large, double copyLow, double copyHigh,
                boolean hpLonger) { }

    static final List<Case> CASES = List.of(
            new Case("case-1", "small kernels, balanced, 2 engines (Kepler), high priority longer", 2, false, 0.4, 0.6, true),
            new Case("case-2", "case-1 on 1 engine (Fermi)", 1, false, 0.4, 0.6, true),
            new Case("case-3", "case-2, high priority shorter", 1, false, 0.4, 0.6, false),
            new Case("case-4", "large kernels, balanced, 2 engines (Kepler)", 2, true, 0.4, 0.6, true),
            new Case("case-5", "case-4 on 1 engine (Fermi)", 1, true, 0.4, 0.6, true),
            new Case("case-6", "case-5, unbalanced (copies a tenth of the kernel)", 1, true, 0.05, 0.15, true));

    /** Tasks per workload and the period choices (us). */
    static final int TASKS = 4;
    static final long[] PERIODS = {5000, 10000, 20000};

    private final long seed;
    private final int sets;

    public CopyExecExperiment(long seed, int sets) {
        super(KIND, RAW_COLUMNS);
        if (sets < 1) {
            throw new IllegalArgumentException("need sets >= 1");
        }
        this.seed = seed;
        this.sets = sets;
    }

    static CopyExecExperiment fromParams(Map<String, String> p) {
        return new CopyExecExperiment(Long.parseLong(get(p, "seed")), Integer.parseInt(get(p, "sets")));
    }

    @Override
    public Map<String, String> params() {
        return map("seed", Long.toString(seed), "sets", Integer.toString(sets), "tasks",
                Integer.toString(TASKS), "cases", String.join(",", CASES.stream().map(Case::name).toList()));
    }

    @Override
    public int units() {
        return CASES.size() * sets;
    }

    /** The workload of one unit as format-v2 JSON: TASKS tasks, kernel 500..1500 us, copies per the case. */
    static String workload(Case c, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] exec = new long[TASKS];
        long[] period = new long[TASKS];
        long[] deadline = new long[TASKS];
        for (int i = 0; i < TASKS; i++) {
            exec[i] = 500 + r.nextInt(1001);
            period[i] = PERIODS[r.nextInt(PERIODS.length)];
            deadline[i] = period[i] * (40 + r.nextInt(41)) / 100;
        }
        // Deadline order is priority order: give the longer kernels to the shorter deadlines (or the reverse).
        Integer[] byDeadline = IntStream.range(0, TASKS).boxed().toArray(Integer[]::new);
        Arrays.sort(byDeadline, (a, b) -> Long.compare(deadline[a], deadline[b]));
        long[] sorted = exec.clone();
        Arrays.sort(sorted);
        StringBuilder b = new StringBuilder("{\"formatVersion\":2,\"timeUnit\":\"us\",\"platform\":{\"copyEngines\":")
                .append(c.engines()).append("},");
        if (c.large()) {
            b.append("\"interference\":{\"model\":\"slowdown\",\"factors\":{")
                    .append(String.join(",", IntStream.range(0, TASKS).mapToObj(i -> "\"t" + i + "\":2").toList()))
                    .append("}},");
        }
        b.append("\"tasks\":[");
        for (int k = 0; k < TASKS; k++) {
            int i = byDeadline[k];
            long e = c.hpLonger() ? sorted[TASKS - 1 - k] : sorted[k];
            long h = Math.round(e * (c.copyLow() + (c.copyHigh() - c.copyLow()) * r.nextDouble()));
            long d = Math.round(e * (c.copyLow() + (c.copyHigh() - c.copyLow()) * r.nextDouble()));
            b.append(k == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"name\":\"t%d\",\"period\":%d,"
                    + "\"deadline\":%d,\"segments\":[{\"copy\":{\"to\":\"device\",\"time\":%d}},{\"gpu\":{\"exec\":%d}},"
                    + "{\"copy\":{\"to\":\"host\",\"time\":%d}}]}", i, period[i], deadline[i], h, e, d));
        }
        return b.append("]}").toString();
    }

    @Override
    int rowsPerUnit() {
        return Strategy.values().length;
    }

    @Override
    String leading(int unit) {
        return unit + "," + CASES.get(unit / sets).name() + "," + unit % sets;
    }

    @Override
    public List<String> run(int unit) {
        Case c = CASES.get(unit / sets);
        int set = unit % sets;
        // The same draws in every case (case-2 is case-1 on one engine, ...): the seed depends on the set only.
        String json = workload(c, seed * 1_000_003L + set);
        CopyWorkload w = ((CopyWorkload.Fits) CopyWorkload.of(new WorkloadReader().read(c.name() + "-" + set + ".json",
                json))).workload();
        return Arrays.stream(Strategy.values()).map(s -> {
            CopySim sim = CopySimulator.run(w, s, null);
            return String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%d", leading(unit), s.id(),
                    sim.jobs().size(), sim.misses().size(), sim.lateness(), sim.shiftedLateness(), sim.slack());
        }).toList();
    }

    @Override
    public List<Path> summarize(List<String[]> rows, RunFolder dir) throws IOException {
        int strategies = Strategy.values().length;
        long[][] s = new long[CASES.size()][strategies];
        long[][] misses = new long[CASES.size()][strategies];
        for (String[] row : rows) {
            int unit = Integer.parseInt(row[0]);
            int st = Strategy.parse(row[3]).ordinal();
            s[unit / sets][st] += Long.parseLong(row[7]);
            misses[unit / sets][st] += Long.parseLong(row[5]);
        }
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        double[] x = new double[CASES.size()];
        double[][] p = new double[strategies][CASES.size()];
        for (int c = 0; c < CASES.size(); c++) {
            x[c] = c + 1;
            for (Strategy st : Strategy.values()) {
                int k = st.ordinal();
                p[k][c] = (double) s[c][0] / s[c][k];
                csv.append(String.format(Locale.ROOT, "%s,\"%s\",%d,%s,%d,%d,%.2f%n", CASES.get(c).name(),
                        CASES.get(c).description(), sets, st.id(), misses[c][k], s[c][k], p[k][c]));
            }
        }
        List<Charts.Series> series = Arrays.stream(Strategy.values())
                .map(st -> new Charts.Series(st.id(), x, p[st.ordinal()])).toList();
        List<Path> written = new ArrayList<>(Charts.save(Charts.line("Copy/execute strategies: P[X] = S[traditional] / S[X]"
                + " (ours), Table III's cases", "case", "relative performance P (higher is better)", true, series),
                dir, "copy-exec"));
        return finish(rows, units() * strategies, dir, SUMMARY, csv, written);
    }
}
