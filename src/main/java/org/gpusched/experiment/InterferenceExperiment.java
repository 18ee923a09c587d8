package org.gpusched.experiment;

import org.gpusched.model.KernelKind;
import org.gpusched.output.RunFolder;
import org.gpusched.player.*;
import org.gpusched.player.prediction.ContentionHeldOut;
import org.gpusched.player.prediction.PairwiseContention;

import java.io.IOException;
import java.nio.file.Path;
import java.util.*;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How well the {@code slowdown} model (one factor per task) predicts what kernels that contend do
 * together. Every pair and triple (with repetition) of the contending kinds, each member at each of
 * {@link #SIZES} isolated times, is run on the simulated device (its contention model; docs/player.md)
 * or on a GPU ({@link KindBench}: sizes in us, each member alone and the set together, medians of
 * {@link #RUNS} runs): one unit per set, each member's isolated time, its measured slowdown (its
 * finish time in the set over its isolated time) and the set's completion. The fit: each kind's
 * factor is the largest slowdown any of its kernels showed (so the fitted model is never below a
 * measured member, hence never below a measured set); each set's fitted completion is
 * max ceil(C_i f_i) over its members' isolated times C_i, and its error (fitted - measured) / measured.
 * Beside it, the predicting model ({@link ContentionHeldOut}) judged on sets it was not fitted on: in
 * {@value #FOLDS} folds of this run's own sets ({@link #HELD_OUT}), and, for drawn sets
 * ({@link #drawn}: three and four kernels at sizes the shipped H200 data never had), fitted on the
 * shipped H200 sets and predicting every drawn one ({@link #PREDICTED}).
 */
public final class InterferenceExperiment extends Experiment {
    public static final String KIND = "interference";
    public static final String SUMMARY = "interference.csv";
    public static final String FACTORS = "interference-factors.csv";
    static final List<KernelKind> KINDS = List.of(KernelKind.COMPUTE, KernelKind.MEMORY, KernelKind.CACHE, KernelKind.SHARED);
    /** Isolated times of the members (ticks). */
    static final long[] SIZES = {100, 250};
    static final String RAW_COLUMNS = "unit,set,measured,slowdowns:numbers,isolated:numbers?";
    /** On a GPU: ns per tick (sizes are us), timed runs and untimed warm-up runs per measurement. */
    static final long TICK_NS = 1000;
    static final int RUNS = 20;
    static final int WARMUP = 3;
    public static final String HEADER = "set,size,measured,fitted,error";
    public static final String HELD_OUT = "contention-heldout.csv";
    public static final String PREDICTED = "contention-predicted.csv";
    /** The held-out evaluation's folds and the seed of their shuffle (the shipped evaluation's). */
    static final int FOLDS = 5;
    static final long FOLD_SEED = 1;
    /** Isolated times (ticks) of drawn sets: neither is a size of the grid, hence of the shipped data. */
    static final long[] DRAWN_SIZES = {150, 400};

    private final List<List<Member>> sets;
    private final boolean gpu;
    private final int gpuIndex;
    /** The simulated device's contention: its built-in model, or a fit (--sim-contention) named by {@link #fit}. */
    private final ContentionModel contention;
    private final String fit;
    /** Drawn sets instead of the grid: how many (0: the grid) and the seed of the draw. */
    private final int drawn;
    private final long seed;
    /** The GPU, opened on the first set measured and closed by {@link #summarize}. */
    private KindBench bench;
    /** How the plot is drawn (the charts' library; a failing one in the tests). */
    private ChartRenderer renderer = ChartRenderer.XCHART;

    record Member(KernelKind kind, long size) {
        String id() {
            return kind.json() + ":" + size;
        }
    }

    /**
     * On GPU {@code gpuIndex} when {@code gpu}, else on the simulated device fitted to {@code fit}
     * (a --sim-contention spec: a preset name or a raw file of this experiment; null: the built-in
     * model); on the grid when {@code drawn} is 0, else on {@code drawn} distinct random sets (at
     * most 1,000, as there are 512 ordered triples), alternately of three and four members in
     * submission order, each of a contending kind at one of {@link #DRAWN_SIZES}, drawn with {@code seed}.
     */
    public InterferenceExperiment(boolean gpu, int gpuIndex, String fit, int drawn, long seed) {
        super(KIND, RAW_COLUMNS);
        this.gpu = gpu;
        this.gpuIndex = gpuIndex;
        this.fit = fit;
        this.drawn = drawn;
        this.seed = seed;
        this.contention = fit == null ? FluidContention.DEFAULT : SimDeviceFit.load(fit).contention();
        List<List<Member>> out = new ArrayList<>();
        if (drawn == 0) {
            for (int n = 2; n <= 3; n++) {
                grow(new ArrayList<>(), 0, n, out);
            }
        }
        Random random = new Random(seed);
        Set<List<Member>> seen = new HashSet<>();
        while (out.size() < drawn) {
            List<Member> set = new ArrayList<>();
            for (int m = 0; m < 3 + out.size() % 2; m++) {
                set.add(new Member(KINDS.get(random.nextInt(KINDS.size())), DRAWN_SIZES[random.nextInt(DRAWN_SIZES.length)]));
            }
            // Each set is measured once (a raw file names a set once).
            if (seen.add(set)) {
                out.add(List.copyOf(set));
            }
        }
        sets = List.copyOf(out);
    }

    /** Multisets of kinds (non-decreasing kind index), each member at every size. */
    private static void grow(List<Member> at, int from, int n, List<List<Member>> out) {
        if (at.size() == n) {
            out.add(List.copyOf(at));
            return;
        }
        for (int k = from; k < KINDS.size(); k++) {
            for (long s : SIZES) {
                at.add(new Member(KINDS.get(k), s));
                grow(at, k, n, out);
                at.remove(at.size() - 1);
            }
        }
    }

    /** This experiment drawing its plot with {@code r}: a host that cannot draw is simulated with it. */
    InterferenceExperiment drawingWith(ChartRenderer r) {
        renderer = r;
        return this;
    }

    static InterferenceExperiment fromParams(Map<String, String> p) {
        boolean cuda = "cuda".equals(p.get("device"));
        return new InterferenceExperiment(cuda, cuda ? Integer.parseInt(p.getOrDefault("gpu", "0")) : 0,
                p.get("simContention"), Integer.parseInt(p.getOrDefault("drawn", "0")),
                Long.parseLong(p.getOrDefault("seed", "0")));
    }

    @Override
    public Map<String, String> params() {
        Map<String, String> p = map("device", gpu ? "cuda" : "sim");
        if (gpu) {
            p.put("gpu", Integer.toString(gpuIndex));
        }
        if (fit != null) {
            p.put("simContention", fit);
        }
        p.putAll(map("kinds", String.join(",", KINDS.stream().map(KernelKind::json).toList()),
                "sizes", String.join(",", Arrays.stream(drawn == 0 ? SIZES : DRAWN_SIZES).mapToObj(Long::toString).toList())));
        if (drawn > 0) {
            p.putAll(map("drawn", Integer.toString(drawn), "seed", Long.toString(seed)));
        }
        return p;
    }

    @Override
    public int units() {
        return sets.size();
    }

    @Override
    String leading(int unit) {
        return unit + "," + String.join("+", sets.get(unit).stream().map(Member::id).toList());
    }

    /** The slowdowns and isolated times of a row: one per member of its set. */
    @Override
    Misfit misfit(String[] cells) {
        int members = cells[1].split("\\+").length;
        for (int k = 3; k < cells.length; k++) {
            if (cells[k].split(" ").length != members) {
                return new Misfit(k, members + " numbers, one per member of the set");
            }
        }
        return null;
    }

    @Override
    public List<String> run(int unit) {
        List<Member> set = sets.get(unit);
        long[] work = set.stream().mapToLong(Member::size).toArray();
        KernelKind[] kinds = set.stream().map(Member::kind).toArray(KernelKind[]::new);
        // On the simulated device a member alone takes its size; onGpu fills both arrays.
        double[] alone = gpu ? new double[work.length] : Arrays.stream(work).asDoubleStream().toArray();
        double[] end = gpu ? new double[work.length] : contention.finishes(work, kinds);
        long measured = gpu ? onGpu(set, alone, end) : contention.makespan(work, kinds);
        String slow = IntStream.range(0, work.length)
                .mapToObj(i -> String.format(Locale.ROOT, "%.6f", end[i] / alone[i])).collect(Collectors.joining(" "));
        String iso = Arrays.stream(alone).mapToObj(a -> String.format(Locale.ROOT, "%.3f", a))
                .collect(Collectors.joining(" "));
        return List.of(leading(unit) + "," + measured + "," + slow + "," + iso);
    }

    /**
     * One set on the GPU, in ticks (us): each member alone, then all together (medians); fills each
     * member's isolated time and finish in the set, returns the set's completion rounded up.
     */
    private synchronized long onGpu(List<Member> set, double[] alone, double[] end) {
        if (bench == null) {
            bench = KindBench.open(KINDS, 3, gpuIndex);
        }
        List<KernelKind> kinds = set.stream().map(Member::kind).toList();
        long[] ns = set.stream().mapToLong(m -> m.size() * TICK_NS).toArray();
        for (int i = 0; i < set.size(); i++) {
            alone[i] = bench.finishes(List.of(kinds.get(i)), new long[] {ns[i]}, WARMUP, RUNS)[0] / (double) TICK_NS;
        }
        long[] together = bench.finishes(kinds, ns, WARMUP, RUNS);
        long last = 0;
        for (int i = 0; i < set.size(); i++) {
            end[i] = together[i] / (double) TICK_NS;
            last = Math.max(last, together[i]);
        }
        return (last + TICK_NS - 1) / TICK_NS;
    }

    @Override
    public List<Path> summarize(List<String[]> rows, RunFolder dir) throws IOException {
        synchronized (this) {
            if (bench != null) {
                bench.close();
                bench = null;
            }
        }
        Map<KernelKind, Double> factor = new EnumMap<>(KernelKind.class);
        for (String[] row : rows) {
            String[] members = row[1].split("\\+");
            String[] slow = row[3].split(" ");
            for (int i = 0; i < members.length; i++) {
                factor.merge(KernelKind.of(members[i].split(":")[0]), Double.parseDouble(slow[i]), Math::max);
            }
        }
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        List<double[]> pairs = new ArrayList<>();
        List<double[]> triples = new ArrayList<>();
        double worst = 0;
        String worstSet = "";
        for (String[] row : rows) {
            String[] members = row[1].split("\\+");
            long measured = Long.parseLong(row[2]);
            // Rows of a run written before isolated times were recorded: the members' sizes (the simulator's).
            String[] isolated = row.length > 4 ? row[4].split(" ") : null;
            long fitted = 0;
            for (int i = 0; i < members.length; i++) {
                String[] p = members[i].split(":");
                double c = isolated == null ? Long.parseLong(p[1]) : Double.parseDouble(isolated[i]);
                fitted = Math.max(fitted, (long) Math.ceil(c * factor.get(KernelKind.of(p[0])) - 1e-9));
            }
            double error = (double) (fitted - measured) / measured;
            if (Math.abs(error) > Math.abs(worst)) {
                worst = error;
                worstSet = row[1];
            }
            (members.length == 2 ? pairs : triples).add(new double[] {measured, fitted});
            csv.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%.4f%n", row[1], members.length, measured, fitted, error));
        }
        csv.append(String.format(Locale.ROOT, "worst,%s,,,%.4f%n", worstSet.isEmpty() ? "" : worstSet.split("\\+").length
                + "", worst));
        StringBuilder f = new StringBuilder("kind,factor\n");
        factor.forEach((k, v) -> f.append(String.format(Locale.ROOT, "%s,%.4f%n", k.json(), v)));
        List<Path> written = new ArrayList<>();
        written.add(dir.writeString(FACTORS, f.toString()));
        double max = rows.stream().mapToLong(row -> Long.parseLong(row[2])).reduce(0, Math::max);
        List<Charts.Series> series = List.of(Charts.Series.of("pairs", pairs), Charts.Series.of("triples", triples),
                new Charts.Series("fitted = measured", new double[] {0, max * 1.1}, new double[] {0, max * 1.1}));
        String unit = gpu ? "us" : "ticks";
        written.addAll(Charts.save(Charts.scatter("Fitted slowdown model vs measured completion ("
                + (gpu ? "GPU" : "simulated device") + ", worst error "
                + String.format(Locale.ROOT, "%+.1f%%", 100 * worst) + ")", "measured completion (" + unit + ")",
                "fitted completion (" + unit + ")", series), dir, "interference", renderer));
        written.addAll(predictions(rows, dir));
        return finish(rows, units(), dir, SUMMARY, csv, written);
    }

    /**
     * The predicting model on sets it was not fitted on: this run's sets in folds, and drawn sets
     * from the shipped H200 fit. Rows of a run that recorded no isolated times are not judged.
     */
    private List<Path> predictions(List<String[]> rows, RunFolder dir) throws IOException {
        if (rows.size() < FOLDS || rows.stream().anyMatch(r -> r.length <= 4)) {
            return List.of();
        }
        StringBuilder raw = new StringBuilder(header()).append('\n');
        rows.forEach(r -> raw.append(String.join(",", r)).append('\n'));
        var samples = PairwiseContention.samples(KIND + "-sets.csv", raw.toString());
        List<Path> written = new ArrayList<>();
        written.add(dir.writeString(HELD_OUT, ContentionHeldOut.csv(ContentionHeldOut.evaluate(samples, FOLDS, FOLD_SEED))));
        if (drawn > 0) {
            var shipped = PairwiseContention.samples(FittedContention.H200, DevicePresets.text("h200-interference-sets.csv"));
            written.add(dir.writeString(PREDICTED, ContentionHeldOut.predictedCsv(
                    ContentionHeldOut.predict(shipped, FOLDS, FOLD_SEED, samples))));
        }
        return written;
    }
}
