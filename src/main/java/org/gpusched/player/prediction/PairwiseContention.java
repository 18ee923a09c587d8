package org.gpusched.player.prediction;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.KernelKind;
import org.gpusched.oracle.Oracle;
import org.gpusched.player.FittedContention;
import org.gpusched.player.KindBench;

import java.util.*;
import java.util.stream.IntStream;

/**
 * A contention model that predicts the completion of sets of kernels it never measured, from the
 * kernels alone and in pairs plus where the oracle puts their blocks. Two kernels of
 * {@code experiment interference} (64 blocks each) have SMs of their own on an H200; a third's
 * blocks land on SMs that already hold another kernel's, and what it then does depends on its kind
 * (docs/player.md, "A contention model that predicts"). So each member has a role from the oracle's
 * placement: resident (its blocks on SMs of their own), host (a resident whose SMs took another's
 * blocks) or overflow (blocks placed beside an earlier kernel's), and a base time: its isolated
 * time stretched by every partner's pairwise slowdown, added (1 + sum of (s - 1)). Each class of
 * member (role, kind and partners' kinds) keeps, from the sets it is fitted on, the form that
 * over-estimates them least among: base times a factor; the host's base plus a factor of its own
 * isolated time (it waits for the host); the first resident's base plus that (it waits for the
 * first SMs to free). Every factor is the largest any fitted set needed, so no fitted member is
 * under-estimated. An overflow member's finish is also never below a fluid run of the set: each
 * member progresses at its isolated pace slowed by the pairwise slowdowns of the members still
 * running, the overflow member at a share of that pace while its host runs: per class, the smallest
 * of the largest shares its fitted members allow. The forms see only who shares SMs; the fluid run also sees who
 * is still running when the host ends (a cache kernel behind a short compute host runs beside a long
 * memory kernel). Deterministic: the same samples give the same predictions.
 */
public final class PairwiseContention {
    /** The shape every measured kernel had ({@link KindBench}) and the device it ran on. */
    private static final int BLOCKS = KindBench.BLOCKS;
    private static final int THREADS = KindBench.THREADS;
    private static final String PRESET = "h200";

    /** One measured set: members in submission order, each one's finish, and the set's completion. */
    public record Sample(String id, List<KernelKind> kinds, double[] isolated, double[] finish, double completion) {
        public Sample {
            kinds = List.copyOf(kinds);
            isolated = isolated.clone();
            finish = finish.clone();
        }
    }

    /** A member's place in the oracle's layout: {@code host} is the earlier member whose SMs it shares, or -1. */
    record Role(boolean overflow, int host, boolean hosts) { }

    private enum Form { RATIO, AFTER_HOST, AFTER_FIRST }

    private record Fit(Form form, double factor) { }

    private final Map<List<KernelKind>, Double> pair;
    private final Map<String, Fit> fits;
    private final double offset;
    /** Per overflow class, the share of its pace it keeps while its host runs (the fluid floor's). */
    private final Map<String, Double> keep;
    /** The oracle's roles per set size: the same for every fit, so fits share it. */
    private final Map<Integer, Role[]> roles;

    private PairwiseContention(Map<List<KernelKind>, Double> pair, Map<String, Fit> fits, double offset,
                               Map<String, Double> keep, Map<Integer, Role[]> roles) {
        this.pair = pair;
        this.fits = fits;
        this.offset = offset;
        this.keep = keep;
        this.roles = roles;
    }

    /** The measured sets of a raw file of {@code experiment interference} (unit,set,measured,slowdowns,isolated). */
    public static List<Sample> samples(String file, String csv) {
        return FittedContention.parse(file, file, csv).sets().stream().map(set -> new Sample(set.id(),
                set.members().stream().map(FittedContention.Member::kind).toList(),
                set.members().stream().mapToDouble(FittedContention.Member::isolated).toArray(),
                set.members().stream().mapToDouble(m -> m.isolated() * m.slowdown()).toArray(),
                set.completion())).toList();
    }

    /**
     * The model fitted to {@code train}: pairs give the slowdowns, every set the class factors;
     * {@code roles} (the oracle's layouts, filled as needed) may be shared with other fits.
     */
    static PairwiseContention fit(List<Sample> train, Map<Integer, Role[]> roles) {
        Map<List<KernelKind>, Double> pair = new HashMap<>();
        for (Sample s : train) {
            if (s.kinds().size() == 2) {
                for (int i = 0; i < 2; i++) {
                    pair.merge(List.of(s.kinds().get(i), s.kinds().get(1 - i)), s.finish()[i] / s.isolated()[i], Math::max);
                }
            }
        }
        PairwiseContention bare = new PairwiseContention(pair, Map.of(), 1, Map.of(), roles);
        Map<String, double[]> worst = new TreeMap<>();
        Map<String, double[]> over = new TreeMap<>();
        List<Member[]> members = new ArrayList<>();
        for (Sample s : train) {
            Member[] m = bare.members(s.kinds(), s.isolated());
            members.add(m);
            for (int i = 0; i < m.length; i++) {
                double f = s.finish()[i];
                double[] w = worst.computeIfAbsent(m[i].key, k -> new double[] {0, -Double.MAX_VALUE, -Double.MAX_VALUE});
                w[0] = Math.max(w[0], f / m[i].base);
                w[1] = Math.max(w[1], (f - m[i].hostBase) / m[i].isolated);
                w[2] = Math.max(w[2], (f - m[i].firstBase) / m[i].isolated);
            }
        }
        for (int r = 0; r < train.size(); r++) {
            Member[] m = members.get(r);
            for (int i = 0; i < m.length; i++) {
                double[] w = worst.get(m[i].key);
                double[] e = over.computeIfAbsent(m[i].key, k -> new double[3]);
                double f = train.get(r).finish()[i];
                e[0] += w[0] * m[i].base - f;
                e[1] += m[i].hostBase + w[1] * m[i].isolated - f;
                e[2] += m[i].firstBase + w[2] * m[i].isolated - f;
            }
        }
        Map<String, Fit> fits = new TreeMap<>();
        worst.forEach((key, w) -> {
            double[] e = over.get(key);
            Form form = Form.RATIO;
            if (key.startsWith("over") && e[1] < e[0] && e[1] <= e[2]) {
                form = Form.AFTER_HOST;
            } else if (key.startsWith("over") && e[2] < e[0]) {
                form = Form.AFTER_FIRST;
            }
            fits.put(key, new Fit(form, w[form.ordinal()]));
        });
        double offset = Math.max(1, train.stream()
                .mapToDouble(s -> s.completion() / Arrays.stream(s.finish()).max().orElse(1)).max().orElse(1));
        Map<String, Double> keep = new TreeMap<>();
        for (int r = 0; r < train.size(); r++) {
            Sample s = train.get(r);
            Member[] m = members.get(r);
            Role[] layout = roles.get(s.kinds().size());
            for (int i = 0; i < m.length; i++) {
                if (layout[i].overflow()) {
                    keep.merge(m[i].key, bare.keepFor(s, layout, i), Math::min);
                }
            }
        }
        return new PairwiseContention(pair, fits, offset, Map.copyOf(keep), roles);
    }

    /**
     * The largest share of its pace that member i may keep while its host runs with its fluid finish
     * not below its measured one (bisection; 0 when even waiting whole is not enough). Any other
     * overflow member keeps its whole pace here: a prediction gives it its own share, at most that,
     * so it runs as long or longer and slows member i no less. Member i's finish falls as its own
     * share rises (what it does to the others comes after it ends), which the bisection needs.
     */
    private double keepFor(Sample s, Role[] layout, int i) {
        double lo = 0;
        double hi = 1;
        double[] share = new double[layout.length];
        Arrays.fill(share, 1);
        share[i] = 0;
        if (fluid(s.kinds(), s.isolated(), layout, i, share) < s.finish()[i]) {
            return 0;
        }
        for (int it = 0; it < 40; it++) {
            double mid = (lo + hi) / 2;
            share[i] = mid;
            if (fluid(s.kinds(), s.isolated(), layout, i, share) >= s.finish()[i]) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Member i's finish when every member progresses at its isolated pace slowed by the pairwise
     * slowdowns of the members still running (none below 1: a partner never speeds it up), and an
     * overflow member j keeps only {@code share[j]} of that pace while its host runs.
     */
    double fluid(List<KernelKind> kinds, double[] isolated, Role[] layout, int target, double[] share) {
        int n = kinds.size();
        double[] left = isolated.clone();
        boolean[] done = new boolean[n];
        double t = 0;
        while (!done[target]) {
            double[] rate = new double[n];
            double dt = Double.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                if (done[i]) {
                    continue;
                }
                double s = 1;
                for (int j = 0; j < n; j++) {
                    s += j != i && !done[j] ? Math.max(1, pairSlowdown(kinds.get(i), kinds.get(j))) - 1 : 0;
                }
                boolean waits = layout[i].overflow() && layout[i].host() >= 0 && !done[layout[i].host()];
                rate[i] = (waits ? share[i] : 1) / s;
                if (rate[i] > 0) {
                    dt = Math.min(dt, left[i] / rate[i]);
                }
            }
            if (dt == Double.MAX_VALUE) {
                return Double.POSITIVE_INFINITY;
            }
            t += dt;
            for (int i = 0; i < n; i++) {
                if (!done[i]) {
                    left[i] -= rate[i] * dt;
                    done[i] = left[i] <= 1e-9 * isolated[i];
                }
            }
        }
        return t;
    }

    /** The predicted completion of the set (members in submission order, their isolated times). */
    public double predict(List<KernelKind> kinds, double[] isolated) {
        return offset * Arrays.stream(finishes(kinds, isolated)).max().orElse(0);
    }

    /** The class of the member whose predicted finish is the set's completion: what a margin is kept per. */
    public String deciding(List<KernelKind> kinds, double[] isolated) {
        double[] f = finishes(kinds, isolated);
        int last = IntStream.range(0, f.length).reduce((a, b) -> f[b] > f[a] ? b : a).orElse(0);
        return members(kinds, isolated)[last].key;
    }

    private double[] finishes(List<KernelKind> kinds, double[] isolated) {
        Member[] m = members(kinds, isolated);
        double[] out = new double[m.length];
        Role[] layout = roles.get(kinds.size());
        // A class never fitted waits as the most waiting fitted class does.
        double unseen = keep.values().stream().min(Double::compare).orElse(1.0);
        double[] share = Arrays.stream(m).mapToDouble(x -> keep.getOrDefault(x.key, unseen)).toArray();
        for (int i = 0; i < m.length; i++) {
            Fit f = fits.get(m[i].key);
            if (f == null) {
                // A class never fitted: the worst ratio of its role and kind, else of its role.
                f = new Fit(Form.RATIO, worstRatio(m[i].prefix));
            }
            out[i] = switch (f.form()) {
                case RATIO -> f.factor() * m[i].base;
                case AFTER_HOST -> Math.max(m[i].base, m[i].hostBase + f.factor() * m[i].isolated);
                case AFTER_FIRST -> Math.max(m[i].base, m[i].firstBase + f.factor() * m[i].isolated);
            };
            if (layout[i].overflow() && !keep.isEmpty()) {
                out[i] = Math.max(out[i], fluid(kinds, isolated, layout, i, share));
            }
        }
        return out;
    }

    private double worstRatio(String prefix) {
        OptionalDouble own = ratios(prefix);
        return Math.max(1, own.isPresent() ? own.getAsDouble()
                : ratios(prefix.substring(0, prefix.indexOf(' ') + 1)).orElse(1));
    }

    /** The largest factor of the ratio fits whose class starts with {@code prefix}, if any. */
    private OptionalDouble ratios(String prefix) {
        return fits.entrySet().stream().filter(e -> e.getKey().startsWith(prefix) && e.getValue().form() == Form.RATIO)
                .mapToDouble(e -> e.getValue().factor()).max();
    }

    /** A member's class key, base time, the bases it may wait for, and its isolated time. */
    private record Member(String prefix, String key, double base, double hostBase, double firstBase, double isolated) { }

    private Member[] members(List<KernelKind> kinds, double[] isolated) {
        int n = kinds.size();
        Role[] roles = this.roles.computeIfAbsent(n, PairwiseContention::layout);
        double[] base = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 1;
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    s += pairSlowdown(kinds.get(i), kinds.get(j)) - 1;
                }
            }
            base[i] = isolated[i] * s;
        }
        double first = Double.MAX_VALUE;
        StringBuilder overKinds = new StringBuilder();
        Set<KernelKind> resident = EnumSet.noneOf(KernelKind.class);
        for (int i = 0; i < n; i++) {
            if (roles[i].overflow()) {
                overKinds.append(kinds.get(i).json()).append('/');
            } else {
                first = Math.min(first, base[i]);
                resident.add(kinds.get(i));
            }
        }
        Member[] out = new Member[n];
        for (int i = 0; i < n; i++) {
            Role r = roles[i];
            String prefix = (r.overflow() ? "over " : "res ") + kinds.get(i).json() + " ";
            String key = prefix + (r.overflow() ? resident.contains(kinds.get(i)) : overKinds + " " + r.hosts());
            double hostBase = r.host() >= 0 ? base[r.host()] : base[i];
            out[i] = new Member(prefix, key, base[i], hostBase, first == Double.MAX_VALUE ? base[i] : first, isolated[i]);
        }
        return out;
    }

    /** Kind a's slowdown next to kind b: the largest fitted, else a's largest next to anything, else 1. */
    private double pairSlowdown(KernelKind a, KernelKind b) {
        Double s = pair.get(List.of(a, b));
        return s != null ? s : pair.entrySet().stream().filter(e -> e.getKey().get(0) == a)
                .mapToDouble(Map.Entry::getValue).reduce(1, Math::max);
    }

    /**
     * The oracle's layout of n kernels of the measured shape on an H200, submitted in order: which
     * members place blocks beside an earlier member's, on whose SMs, and which residents host them.
     */
    static Role[] layout(int n) {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < n; i++) {
            tasks.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"name\": \"k%d\", \"period\": 1000000,"
                    + " \"deadline\": 1000000, \"wcet\": 100, \"kernel\": {\"blocks\": %d, \"threadsPerBlock\": %d}}",
                    i, BLOCKS, THREADS));
        }
        String json = "{\"formatVersion\": 1, \"name\": \"residency\", \"timeUnit\": \"us\", \"gpu\": {\"preset\": \""
                + PRESET + "\"}, \"tasks\": [" + tasks + "], \"interference\": {\"model\": \"none\"}}";
        Oracle oracle = new Oracle(new TaskSetReader().read("residency", json));
        int[] host = PairsPrediction.hosts(oracle.place(IntStream.range(0, n).toArray()));
        return IntStream.range(0, n)
                .mapToObj(i -> new Role(host[i] >= 0, host[i], IntStream.of(host).anyMatch(h -> h == i)))
                .toArray(Role[]::new);
    }
}
