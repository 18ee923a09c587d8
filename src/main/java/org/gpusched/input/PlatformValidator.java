package org.gpusched.input;

import org.gpusched.model.*;

import java.math.BigDecimal;
import java.util.*;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Validates the v2 {@code platform} object and fills in its defaults (workload-v2.md). */
final class PlatformValidator {
    /** More cores than any platform gpusched targets; keeps per-core arrays small. */
    static final int MAX_CPUS = 1024;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+");

    private static final String[] FIELD = {"timeslice", "contextSwitch", "runlistUpdate"};

    private final String file;

    PlatformValidator(String file) {
        this.file = file;
    }

    private InputException fail(String path, String detail) {
        return new InputException(file, path, detail);
    }

    Platform validate(InputDtoV2.PlatformDto p, TimeUnitName unit) {
        if (p == null) {
            return new Platform(1, driver(null, unit), null, 1, Platform.ConflictFactors.PAPER, null,
                    Platform.GpuAccess.PARTITION);
        }
        int cpus = p.cpus() == null ? 1 : p.cpus();
        if (cpus < 1 || cpus > MAX_CPUS) {
            throw fail("platform.cpus", "must be in 1.." + MAX_CPUS + " (got " + cpus + ")");
        }
        int engines = p.copyEngines() == null ? 1 : p.copyEngines();
        if (engines != 1 && engines != 2) {
            throw fail("platform.copyEngines", "must be 1 or 2 (got " + engines + ")");
        }
        Platform.ConflictFactors cf = Platform.ConflictFactors.PAPER;
        if (p.conflictFactors() != null) {
            cf = new Platform.ConflictFactors(
                    factor("platform.conflictFactors.compute", p.conflictFactors().compute(), cf.compute()),
                    factor("platform.conflictFactors.memory", p.conflictFactors().memory(), cf.memory()));
        }
        Platform.TimePartitions tp = p.timePartitions() == null ? null : partitions(p.timePartitions(), cpus);
        Platform.GpuAccess access = Platform.GpuAccess.PARTITION;
        if (p.gpuAccess() != null) {
            access = java.util.Arrays.stream(Platform.GpuAccess.values()).filter(a -> a.id().equals(p.gpuAccess()))
                    .findFirst().orElseThrow(() -> fail("platform.gpuAccess",
                            "must be \"partition\" or \"server\" (got \"" + p.gpuAccess() + "\")"));
        }
        return new Platform(cpus, driver(p.gpuDriver(), unit), null, engines, cf, tp, access);
    }

    private BigDecimal factor(String path, BigDecimal v, BigDecimal dflt) {
        if (v == null) {
            return dflt;
        }
        if (v.compareTo(BigDecimal.ONE) < 0 || v.compareTo(BigDecimal.valueOf(1000)) > 0) {
            // toString, not toPlainString: 1e999999999 must be shown as written, not expanded.
            throw fail(path, "conflict factor must be in 1..1000 (got " + v + ")");
        }
        return v;
    }

    private Platform.GpuDriver driver(InputDtoV2.DriverDto d, TimeUnitName unit) {
        Long[] given = d == null ? new Long[3] : new Long[] {d.timeslice(), d.contextSwitch(), d.runlistUpdate()};
        long[] v = new long[3];
        for (int k : new int[] {1, 2, 0}) {
            String path = "platform.gpuDriver." + FIELD[k];
            if (given[k] != null) {
                long min = k == 0 ? 1 : 0;
                if (given[k] < min || given[k] > TaskSet.MAX_HYPERPERIOD) {
                    throw fail(path, "must be in " + min + ".." + TaskSet.MAX_HYPERPERIOD + " (got " + given[k] + ")");
                }
                v[k] = given[k];
            } else {
                String why = DriverDefaults.missing(k, unit);
                if (why != null) {
                    throw fail("timeUnit", why + " (or give " + path + ")");
                }
                v[k] = DriverDefaults.in(k, unit);
            }
        }
        return new Platform.GpuDriver(v[0], v[1], v[2]);
    }

    private Platform.TimePartitions partitions(InputDtoV2.TimePartitionsDto t, int cpus) {
        String p = "platform.timePartitions";
        if (t.majorFrame() == null) {
            throw fail(p, "missing required field \"majorFrame\"");
        }
        long maf = t.majorFrame();
        if (maf < 1 || maf > TaskSet.MAX_HYPERPERIOD) {
            throw fail(p + ".majorFrame", "must be in 1.." + TaskSet.MAX_HYPERPERIOD + " (got " + maf + ")");
        }
        long overhead = t.switchOverhead() == null ? 0 : t.switchOverhead();
        if (overhead < 0 || overhead >= maf) {
            throw fail(p + ".switchOverhead", "must be in 0.." + (maf - 1) + " (got " + overhead + ")");
        }
        if (t.partitions() == null) {
            throw fail(p, "missing required field \"partitions\"");
        }
        if (t.partitions().isEmpty()) {
            throw fail(p + ".partitions", "at least one partition is required");
        }
        List<Platform.Partition> out = new ArrayList<>();
        Map<String, Integer> names = new HashMap<>();
        List<long[]> taken = new ArrayList<>(); // start, end, core (-1: every core), partition, window
        for (int i = 0; i < t.partitions().size(); i++) {
            String pp = p + ".partitions[" + i + "]";
            InputDtoV2.PartitionDto part = t.partitions().get(i);
            if (part == null || part.name() == null) {
                throw fail(pp, "missing required field \"name\"");
            }
            if (!NAME.matcher(part.name()).matches()) {
                throw fail(pp + ".name", "invalid partition name \"" + part.name() + "\" (allowed: letters, digits, _ . -)");
            }
            if (names.putIfAbsent(part.name(), i) != null) {
                throw fail(pp + ".name", "duplicate partition name \"" + part.name() + "\" (also "
                        + p + ".partitions[" + names.get(part.name()) + "])");
            }
            if (part.windows() == null || part.windows().isEmpty()) {
                throw fail(pp + (part.windows() == null ? "" : ".windows"), part.windows() == null
                        ? "missing required field \"windows\"" : "a partition needs at least one window");
            }
            List<Platform.Window> windows = new ArrayList<>();
            for (int w = 0; w < part.windows().size(); w++) {
                Platform.Window win = window(pp + ".windows[" + w + "]", part.windows().get(w), maf, overhead, cpus);
                taken.add(new long[] {win.start(), win.start() + win.length(), win.core().orElse(-1), i, w});
                windows.add(win);
            }
            out.add(new Platform.Partition(part.name(), windows));
        }
        if (anyOverlap(taken)) {
            firstOverlap(taken, p);
        }
        return new Platform.TimePartitions(maf, overhead, out);
    }

    /**
     * Names the first window of {@code taken} (input order) that overlaps an earlier one on the same
     * core; run only once {@link #anyOverlap} found that one does, since it compares every pair.
     */
    private void firstOverlap(List<long[]> taken, String p) {
        for (int j = 0; j < taken.size(); j++) {
            long[] win = taken.get(j);
            for (long[] o : taken.subList(0, j)) {
                boolean sameCore = o[2] < 0 || win[2] < 0 || o[2] == win[2];
                if (sameCore && win[0] < o[1] && o[0] < win[1]) {
                    throw fail(p + ".partitions[" + win[3] + "].windows[" + win[4] + "]", "overlaps " + p
                            + ".partitions[" + o[3] + "].windows[" + o[4] + "] on the same core");
                }
            }
        }
    }

    /**
     * Whether two of {@code windows} ({start, end, core (-1: every core), ...}) share a core and overlap, in
     * O(n log n) per core used: a plan may have 10^5 windows, and comparing every pair takes minutes.
     */
    private static boolean anyOverlap(List<long[]> windows) {
        Set<Long> cores = windows.stream().map(w -> w[2]).filter(c -> c >= 0)
                .collect(Collectors.toCollection(TreeSet::new));
        if (cores.isEmpty()) {
            cores.add(-1L);
        }
        for (long c : cores) {
            List<long[]> on = windows.stream().filter(w -> w[2] < 0 || w[2] == c)
                    .sorted(Comparator.comparingLong(w -> w[0])).toList();
            long end = Long.MIN_VALUE;
            for (long[] w : on) {
                if (w[0] < end) {
                    return true;
                }
                end = Math.max(end, w[1]);
            }
        }
        return false;
    }

    private Platform.Window window(String p, InputDtoV2.WindowDto w, long maf, long overhead, int cpus) {
        if (w == null || w.start() == null) {
            throw fail(p, "missing required field \"start\"");
        }
        if (w.length() == null) {
            throw fail(p, "missing required field \"length\"");
        }
        if (w.start() < 0 || w.start() >= maf) {
            throw fail(p + ".start", "must be in 0.." + (maf - 1) + " (got " + w.start() + ")");
        }
        if (w.length() <= overhead || w.length() > maf - w.start()) {
            throw fail(p + ".length", "must be in " + (overhead + 1) + ".." + (maf - w.start())
                    + " (longer than the switch overhead, ending within the major frame " + maf + "; got "
                    + w.length() + ")");
        }
        if (w.core() != null && (w.core() < 0 || w.core() >= cpus)) {
            throw fail(p + ".core", "must be in 0.." + (cpus - 1) + " (platform.cpus is " + cpus + "; got "
                    + w.core() + ")");
        }
        return new Platform.Window(w.start(), w.length(), w.core() == null ? OptionalInt.empty() : OptionalInt.of(w.core()));
    }
}
