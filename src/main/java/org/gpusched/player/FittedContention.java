package org.gpusched.player;

import org.gpusched.model.KernelKind;

import java.util.*;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A contention model fitted to a GPU: the sets {@code experiment interference} measured (its raw
 * file, {@code interference-sets.csv}: each set's members with their isolated times and measured
 * slowdowns). A set of kernels is slowed as the measured set of the same kinds whose isolated times
 * are nearest (in ratio, member by member) was: each member's time is its work times that member's
 * measured slowdown. A mix of kinds never measured (four kernels, say) takes each kind's largest
 * measured slowdown, the experiment's fitted factor, which is never below what was seen. Spin kernels
 * load nothing. Deterministic: the same kinds and works give the same ticks.
 *
 * @param name a short name for reports (the preset's, or the file's)
 * @param sets the measured sets, each with its members in (kind, isolated time) order
 */
public record FittedContention(String name, List<Set> sets) implements ContentionModel {
    /** The preset measured on an NVIDIA H200 (132 SMs, CUDA 13.0; docs/player.md). */
    public static final String H200 = "h200";

    /** One measured member: its kind, isolated time and slowdown in the set. */
    public record Member(KernelKind kind, double isolated, double slowdown) { }

    /**
     * One measured set: its members in the order they were submitted, the set as the file names it
     * ({@code compute:100+memory:250}) and its measured completion.
     */
    public record Set(List<Member> members, String id, double completion) {
        public Set {
            members = List.copyOf(members);
        }

        List<Member> sorted() {
            return members.stream().sorted(ORDER).toList();
        }
    }

    private static final Comparator<Member> ORDER = Comparator.<Member>comparingInt(m -> m.kind().ordinal())
            .thenComparingDouble(Member::isolated);

    public FittedContention {
        sets = List.copyOf(sets);
    }

    /** The shipped fit of a preset name, or null when there is none of that name. */
    public static FittedContention preset(String name) {
        return H200.equals(name)
                ? parse(H200, "h200-interference-sets.csv", DevicePresets.text("h200-interference-sets.csv")) : null;
    }

    /**
     * The fit of a raw file of {@code experiment interference} ({@code unit,set,measured,slowdowns,isolated});
     * anything malformed is refused in one line naming the file, line, column and field ({@link ContentionCsv}).
     */
    public static FittedContention parse(String name, String file, String csv) {
        return new FittedContention(name, ContentionCsv.read(file, csv));
    }

    @Override
    public boolean contends(KernelKind kind) {
        return kind != KernelKind.SPIN;
    }

    /** Each kind's largest measured slowdown (1 for a kind never measured): the fallback. */
    public Map<KernelKind, Double> factors() {
        return sets.stream().flatMap(s -> s.members().stream()).collect(Collectors.toMap(Member::kind,
                Member::slowdown, Math::max, () -> new EnumMap<>(KernelKind.class)));
    }

    /**
     * When each kernel finishes (exact, not rounded), all started at 0: its work times the slowdown
     * of its member in the measured set nearest to these kernels — first among the sets of the same
     * kinds in the same order (the order a set was submitted in changes how it runs), else among
     * those of the same kinds in any order, where of equally near sets (the orders of one multiset)
     * each kernel takes its latest finish; else each kind's largest slowdown.
     */
    @Override
    public double[] finishes(long[] work, KernelKind[] kinds) {
        Member[] asked = IntStream.range(0, work.length).mapToObj(i -> new Member(kinds[i], Math.max(1, work[i]), 1))
                .toArray(Member[]::new);
        Integer[] identity = IntStream.range(0, asked.length).boxed().toArray(Integer[]::new);
        double[] inOrder = nearest(asked, identity, false);
        if (inOrder != null) {
            return inOrder;
        }
        // Any order: both sides sorted by (kind, isolated time), matched rank by rank.
        Integer[] rank = identity.clone();
        Arrays.sort(rank, Comparator.comparing(i -> asked[i], ORDER));
        double[] anyOrder = nearest(asked, rank, true);
        if (anyOrder != null) {
            return anyOrder;
        }
        Map<KernelKind, Double> factor = factors();
        return Arrays.stream(asked)
                .mapToDouble(a -> a.isolated() * slowdown(a.kind(), factor.getOrDefault(a.kind(), 1.0))).toArray();
    }

    /**
     * Each asked member's finish in the nearest measured set(s), member {@code order[k]} aligned with
     * the k-th member of a set (sorted when {@code sorted}); null without a set of those kinds.
     */
    private double[] nearest(Member[] asked, Integer[] order, boolean sorted) {
        double best = Double.MAX_VALUE;
        double[] time = null;
        for (Set s : sets) {
            List<Member> ms = sorted ? s.sorted() : s.members();
            if (ms.size() != asked.length) {
                continue;
            }
            double d = 0;
            double[] end = new double[asked.length];
            for (int k = 0; k < ms.size() && d < Double.MAX_VALUE; k++) {
                Member m = ms.get(k);
                Member a = asked[order[k]];
                d = m.kind() != a.kind() ? Double.MAX_VALUE : d + Math.abs(Math.log(a.isolated() / m.isolated()));
                end[order[k]] = a.isolated() * slowdown(a.kind(), m.slowdown());
            }
            if (d == Double.MAX_VALUE) {
                continue;
            }
            if (d < best - 1e-9) {
                best = d;
                time = end;
            } else if (d <= best + 1e-9) {
                for (int i = 0; i < end.length; i++) {
                    time[i] = Math.max(time[i], end[i]);
                }
            }
        }
        return time;
    }

    /** A kernel is never faster together than alone (a slowdown below 1 is noise); spin loads nothing. */
    private static double slowdown(KernelKind kind, double measured) {
        return kind == KernelKind.SPIN ? 1 : Math.max(1.0, measured);
    }
}
