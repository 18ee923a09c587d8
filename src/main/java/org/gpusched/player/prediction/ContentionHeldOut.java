package org.gpusched.player.prediction;

import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * The contention model judged on data it was not fitted on: the measured sets are dealt into k
 * folds (a seeded shuffle), and each fold is predicted by a {@link PairwiseContention} fitted on the
 * other folds, times a safety margin that is itself fitted on those folds only: each of them is
 * predicted in turn by a fit on the rest (nested), and the largest measured-over-predicted ratio
 * seen, per class of the deciding member ({@link PairwiseContention#deciding}), becomes that
 * class's margin (a class never decided there takes the largest margin). The prediction is then
 * rounded up to the measurement's resolution (1 us) plus {@link #SLACK_US}, since measured
 * completions are whole microseconds rounded up from a GPU timer. Every measured set is held out
 * exactly once. Deterministic: the same samples, k and seed give the same rows.
 */
public final class ContentionHeldOut {
    /** Whole microseconds added to every prediction: the measured completion's own rounding. */
    static final double SLACK_US = 1;
    public static final String HEADER = "set,fold,measured,predicted";
    public static final String PREDICTED_HEADER = "set,measured,predicted";

    /** One held-out prediction. */
    public record Row(String set, int fold, double measured, double predicted) { }

    private ContentionHeldOut() { }

    /** The rows of a k-fold evaluation of {@code samples}, folds dealt by a shuffle seeded with {@code seed}. */
    public static List<Row> evaluate(List<PairwiseContention.Sample> samples, int k, long seed) {
        int[] fold = deal(samples.size(), k, seed);
        Map<Integer, PairwiseContention.Role[]> roles = new ConcurrentHashMap<>();
        List<Row> rows = new ArrayList<>();
        for (int f = 0; f < k; f++) {
            int held = f;
            int[] train = IntStream.range(0, samples.size()).filter(i -> fold[i] != held).toArray();
            Safe model = safe(Arrays.stream(train).mapToObj(samples::get).toList(),
                    Arrays.stream(train).mapToObj(i -> fold[i]).toList(), roles);
            IntStream.range(0, samples.size()).filter(i -> fold[i] == held).mapToObj(samples::get)
                    .forEach(s -> rows.add(new Row(s.id(), held, s.completion(), model.predict(s))));
        }
        List<String> ids = samples.stream().map(PairwiseContention.Sample::id).toList();
        rows.sort(Comparator.comparingInt((Row r) -> ids.indexOf(r.set())));
        return rows;
    }

    /**
     * Each of {@code targets} predicted by the model fitted on all of {@code train} (its margins from
     * {@code train} dealt into k folds with {@code seed}): rows of fold -1, as none was fitted on.
     */
    public static List<Row> predict(List<PairwiseContention.Sample> train, int k, long seed,
                                    List<PairwiseContention.Sample> targets) {
        int[] fold = deal(train.size(), k, seed);
        Safe model = safe(train, Arrays.stream(fold).boxed().toList(), new ConcurrentHashMap<>());
        return targets.stream().map(s -> new Row(s.id(), -1, s.completion(), model.predict(s))).toList();
    }

    /** A fitted model with its margins per deciding class. */
    private record Safe(PairwiseContention model, Map<String, Double> margin, double worst) {
        double predict(PairwiseContention.Sample s) {
            double m = margin.getOrDefault(model.deciding(s.kinds(), s.isolated()), worst);
            return Math.ceil(model.predict(s.kinds(), s.isolated()) * m - 1e-9) + SLACK_US;
        }
    }

    private static Safe safe(List<PairwiseContention.Sample> train, List<Integer> folds,
                             Map<Integer, PairwiseContention.Role[]> roles) {
        Map<String, Double> margin = new TreeMap<>();
        for (int inner : new TreeSet<>(folds)) {
            PairwiseContention m = PairwiseContention.fit(IntStream.range(0, train.size())
                    .filter(i -> folds.get(i) != inner).mapToObj(train::get).toList(), roles);
            for (int i = 0; i < train.size(); i++) {
                if (folds.get(i) == inner) {
                    PairwiseContention.Sample s = train.get(i);
                    double ratio = s.completion() / m.predict(s.kinds(), s.isolated());
                    margin.merge(m.deciding(s.kinds(), s.isolated()), Math.max(1, ratio), Math::max);
                }
            }
        }
        double worst = margin.values().stream().mapToDouble(Double::doubleValue).max().orElse(1);
        return new Safe(PairwiseContention.fit(train, roles), margin, worst);
    }

    /** Fold of each index: a seeded shuffle dealt round-robin, so folds differ in size by one at most. */
    static int[] deal(int n, int k, long seed) {
        List<Integer> idx = new ArrayList<>(IntStream.range(0, n).boxed().toList());
        Collections.shuffle(idx, new Random(seed));
        int[] fold = new int[n];
        for (int pos = 0; pos < n; pos++) {
            fold[idx.get(pos)] = pos % k;
        }
        return fold;
    }

    /** The rows as CSV ({@link #HEADER}), predictions in whole microseconds. */
    public static String csv(List<Row> rows) {
        return csv(HEADER, rows, true);
    }

    /** Rows of sets no fit saw ({@link #predict}) as CSV ({@link #PREDICTED_HEADER}): no fold column. */
    public static String predictedCsv(List<Row> rows) {
        return csv(PREDICTED_HEADER, rows, false);
    }

    private static String csv(String header, List<Row> rows, boolean folds) {
        StringBuilder b = new StringBuilder(header).append('\n');
        for (Row r : rows) {
            b.append(r.set()).append(',').append(folds ? r.fold() + "," : "").append(Math.round(r.measured()))
                    .append(',').append(Math.round(r.predicted())).append('\n');
        }
        return b.toString();
    }
}
