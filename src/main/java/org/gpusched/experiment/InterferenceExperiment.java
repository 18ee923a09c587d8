package org.gpusched.experiment;

import org.gpusched.model.KernelKind;
import org.gpusched.output.RunFolder;
import org.gpusched.player.Contention;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How well the {@code slowdown} model (one factor per task) predicts what kernels that contend do
 * together. Every pair and triple (with repetition) of the contending kinds, each member at each of
 * {@link #SIZES} isolated times, is run on the simulated device (its contention model; docs/player.md):
 * one unit per set, each member's measured slowdown (its finish time over its isolated time) and the
 * set's completion. The fit: each kind's factor is the largest slowdown any of its kernels showed
 * (so the fitted model is never below a measured member, hence never below a measured set); each
 * set's fitted completion is max ceil(C_i f_i) and its error (fitted - measured) / measured.
 */
public final class InterferenceExperiment implements Experiment {
    public static final String KIND = "interference";
    public static final String SUMMARY = "interference.csv";
    public static final String FACTORS = "interference-factors.csv";
    static final List<KernelKind> KINDS = List.of(KernelKind.COMPUTE, KernelKind.MEMORY, KernelKind.CACHE, KernelKind.SHARED);
    /** Isolated times of the members (ticks). */
    static final long[] SIZES = {100, 250};
    static final String RAW_HEADER = "unit,set,measured,slowdowns";
    public static final String HEADER = "set,size,measured,fitted,error";

    private final List<List<Member>> sets;

    record Member(KernelKind kind, long size) {
        String id() {
            return kind.json() + ":" + size;
        }
    }

    public InterferenceExperiment() {
        List<List<Member>> out = new ArrayList<>();
        for (int n = 2; n <= 3; n++) {
            grow(new ArrayList<>(), 0, n, out);
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

    static InterferenceExperiment fromParams(Map<String, String> p) {
        return new InterferenceExperiment();
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Map<String, String> params() {
        return Experiment.map("device", "sim", "kinds", String.join(",", KINDS.stream().map(KernelKind::json).toList()),
                "sizes", String.join(",", java.util.Arrays.stream(SIZES).mapToObj(Long::toString).toList()));
    }

    @Override
    public int units() {
        return sets.size();
    }

    @Override
    public String header() {
        return RAW_HEADER;
    }

    @Override
    public List<String> run(int unit) {
        List<Member> set = sets.get(unit);
        long[] work = set.stream().mapToLong(Member::size).toArray();
        KernelKind[] kinds = set.stream().map(Member::kind).toArray(KernelKind[]::new);
        double[] end = Contention.DEFAULT.finishes(work, kinds);
        long measured = Contention.DEFAULT.makespan(work, kinds);
        List<String> slow = new ArrayList<>();
        for (int i = 0; i < work.length; i++) {
            slow.add(String.format(Locale.ROOT, "%.6f", end[i] / work[i]));
        }
        return List.of(unit + "," + String.join("+", set.stream().map(Member::id).toList()) + "," + measured + ","
                + String.join(" ", slow));
    }

    @Override
    public List<Path> summarize(List<String[]> rows, RunFolder dir) throws IOException {
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
            long fitted = 0;
            for (String m : members) {
                String[] p = m.split(":");
                fitted = Math.max(fitted, (long) Math.ceil(Long.parseLong(p[1]) * factor.get(KernelKind.of(p[0])) - 1e-9));
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
        double max = 0;
        for (String[] row : rows) {
            max = Math.max(max, Long.parseLong(row[2]));
        }
        List<Charts.Series> series = List.of(series("pairs", pairs), series("triples", triples),
                new Charts.Series("fitted = measured", new double[] {0, max * 1.1}, new double[] {0, max * 1.1}));
        written.addAll(Charts.save(Charts.scatter("Fitted slowdown model vs measured completion (simulated device,"
                + " worst error " + String.format(Locale.ROOT, "%+.1f%%", 100 * worst) + ")", "measured completion (ticks)",
                "fitted completion (ticks)", series), dir, "interference"));
        return Experiment.finish(rows, units(), dir, SUMMARY, csv, written);
    }

    private static Charts.Series series(String name, List<double[]> points) {
        return new Charts.Series(name, points.stream().mapToDouble(p -> p[0]).toArray(),
                points.stream().mapToDouble(p -> p[1]).toArray());
    }
}
