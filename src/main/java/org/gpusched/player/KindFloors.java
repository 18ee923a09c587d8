package org.gpusched.player;

import org.gpusched.model.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;

/**
 * The least time each kernel kind takes on a device at a launch shape (its floor), and how far the
 * kind's calibration missed its asked time there. A kind asked for less than its floor cannot keep
 * its time (a memory kernel cannot be shorter than the traffic it must move), so such a task is
 * refused before anything is played. Floors are known at measured shapes; between them
 * {@link #floorNs} gives a lower bound, assuming only that more threads never make a kind slower
 * and at most linearly faster, so a refusal is never a guess. On a GPU each unit's kind is calibrated
 * for its wcet when the device opens, and a unit whose floor measured there is above it is refused.
 *
 * @param name   where the floors come from (a preset's name, or the device they were measured on)
 * @param points the measured shapes
 */
public record KindFloors(String name, List<Point> points) {
    /** The preset measured on an NVIDIA H200 (docs/player.md, "Kinds that keep their time"). */
    public static final String H200 = "h200";

    /**
     * One measured shape.
     *
     * @param floorNs the kind's least kernel time at this shape (0: none seen above the shortest asked)
     * @param error   (kernel time - asked) / asked of the calibration at this shape
     */
    public record Point(KernelKind kind, int blocks, int threads, long floorNs, double error) {
        long totalThreads() {
            return (long) blocks * threads;
        }
    }

    public KindFloors {
        points = List.copyOf(points);
    }

    /** The shipped floors of a preset name (those of the device its contention fit was measured on), or null. */
    public static KindFloors preset(String name) {
        return H200.equals(name) ? parse(H200, "h200-kind-floors.csv", DevicePresets.text("h200-kind-floors.csv"))
                : null;
    }

    /** Floors from {@code kind,blocks,threads,floor_us,calibration_error} rows ('#' lines are comments). */
    public static KindFloors parse(String name, String file, String csv) {
        List<Point> points = new ArrayList<>();
        boolean header = false;
        String[] lines = csv.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!header) {
                if (!line.equals("kind,blocks,threads,floor_us,calibration_error")) {
                    throw new InputException(file, "", "line " + (i + 1) + ": expected the header"
                            + " kind,blocks,threads,floor_us,calibration_error");
                }
                header = true;
                continue;
            }
            String[] c = line.split(",", -1);
            KernelKind kind = c.length == 5 ? KernelKind.of(c[0]) : null;
            try {
                int blocks = Integer.parseInt(c[1]);
                int threads = Integer.parseInt(c[2]);
                double floorUs = Double.parseDouble(c[3]);
                if (kind == null || blocks < 1 || threads < 1 || !(floorUs >= 0) || Double.isInfinite(floorUs)) {
                    throw new IllegalArgumentException();
                }
                points.add(new Point(kind, blocks, threads, Math.round(floorUs * 1000), Double.parseDouble(c[4])));
            } catch (RuntimeException e) {
                throw new InputException(file, "", "line " + (i + 1) + ": expected a kind, blocks and threads of at"
                        + " least 1, a floor of at least 0 us and a calibration error");
            }
        }
        return new KindFloors(name, points);
    }

    /**
     * A lower bound on {@code kind}'s floor at {@code blocks} x {@code threads} in ns: the largest
     * floor measured with at least as many threads, and every floor measured with fewer scaled
     * down by the ratio of threads; 0 when the kind was never measured.
     */
    public long floorNs(KernelKind kind, int blocks, int threads) {
        long total = (long) blocks * threads;
        return points.stream().filter(p -> p.kind() == kind && p.floorNs() != 0)
                .mapToLong(p -> p.totalThreads() >= total ? p.floorNs()
                        : (long) Math.floor((double) p.floorNs() * p.totalThreads() / total))
                .max().orElse(0);
    }

    /** A measured shape of {@code kind} with more threads and a lower floor than {@code floorNs}, if any. */
    private Point wider(KernelKind kind, long total, long floorNs) {
        return points.stream().filter(p -> p.kind() == kind && p.totalThreads() > total && p.floorNs() < floorNs)
                .min(Comparator.comparingLong(Point::floorNs)).orElse(null);
    }

    /**
     * Refuses (exit 2, one line) the first synthetic kernel of {@code ts} asked for less than its
     * kind's floor: its wcet, at {@code nanos} ns per time unit, below {@link #floorNs} at its
     * launch shape. Nothing is checked for a set in abstract ticks (no time to compare).
     */
    public void check(TaskSet ts, long nanos) {
        check(ts, nanos, name, u -> {
            Kernel k = u.kernel();
            return floorNs(k.kind(), k.blocks(), k.threadsPerBlock());
        });
    }

    /**
     * {@link #check(TaskSet, long)} with {@code floor} giving a unit's kernel floor in ns (measured at its
     * own shape, or bounded from others), on a device named {@code device}.
     */
    public void check(TaskSet ts, long nanos, String device, ToLongFunction<Unit> floor) {
        if (nanos <= 0) {
            return;
        }
        for (Unit u : ts.units()) {
            Kernel k = u.kernel();
            if (k == null || k.module() != null || k.kind() == KernelKind.SPIN) {
                continue;
            }
            long asked = Ticks.mul(u.wcet(), nanos);
            long f = floor.applyAsLong(u);
            if (f > asked) {
                throw new InputException(ts.source(), "tasks[" + u.task() + "].kernel", refusal(u, k, asked, f, device));
            }
        }
    }

    private String refusal(Unit u, Kernel k, long asked, long floor, String device) {
        Point w = wider(k.kind(), (long) k.blocks() * k.threadsPerBlock(), floor);
        String more = w == null ? "more blocks" : String.format(Locale.ROOT, "more blocks (%s at %d x %d)",
                us(w.floorNs(), 1), w.blocks(), w.threads());
        String buffer = k.kind() == KernelKind.MEMORY || k.kind() == KernelKind.CACHE
                ? ", a smaller buffer (the floor is one pass over the kind's buffer)" : "";
        String[] both = apart(asked, floor);
        return String.format(Locale.ROOT, "%s (%s, %d blocks of %d threads) is asked for %s, below the %s kind's"
                        + " floor of %s at that shape on %s: it cannot keep its time; get under the floor with %s%s,"
                        + " a longer wcet, or another kind (spin and compute keep their time)", u.name(),
                k.kind().json(), k.blocks(), k.threadsPerBlock(), both[0], k.kind().json(), both[1], device, more,
                buffer);
    }

    private static String us(long ns, int decimals) {
        return ns % 1000 == 0 ? (ns / 1000) + " us" : String.format(Locale.ROOT, "%." + decimals + "f us", ns / 1000.0);
    }

    /**
     * Two times in us with the fewest decimals (one to three) that tell them apart: a refusal that
     * read "asked for 1.3 us, below a floor of 1.3 us" would say nothing. Three decimals are whole ns.
     */
    static String[] apart(long a, long b) {
        for (int d = 1; d < 3; d++) {
            if (!us(a, d).equals(us(b, d))) {
                return new String[] {us(a, d), us(b, d)};
            }
        }
        return new String[] {us(a, 3), us(b, 3)};
    }

    /**
     * Refuses (exit 2, closing the device first) the first unit of {@code ts} whose kind's floor
     * measured at open on {@code cuda} is above its wcet.
     */
    public static void refuseBelowFloor(CudaDevice cuda, TaskSet ts) {
        long[] k = cuda.kindCalibration();
        try {
            new KindFloors(cuda.name(), List.of()).check(ts, cuda.tickNs(), cuda.name(),
                    u -> k[5 * u.index()] < 0 ? 0 : k[5 * u.index()]);
        } catch (RuntimeException e) {
            cuda.close();
            throw e;
        }
    }

    /** The calibration of every kernel-kind unit of {@code ts} opened on {@code cuda}, as floors and errors. */
    public static KindFloors measured(CudaDevice cuda, TaskSet ts) {
        long[] k = cuda.kindCalibration();
        List<Point> points = new ArrayList<>();
        for (Unit u : ts.units()) {
            int i = 5 * u.index();
            if (u.kernel() == null || u.kernel().kind() == KernelKind.SPIN || k[i] < 0) {
                continue;
            }
            double error = k[i + 1] > 0 ? (double) (k[i + 2] - k[i + 1]) / k[i + 1] : 0;
            points.add(new Point(u.kernel().kind(), u.kernel().blocks(), u.kernel().threadsPerBlock(), k[i], error));
        }
        return new KindFloors(cuda.name(), points);
    }

    /** The time each kind is calibrated for by {@link #onGpu}, ns. */
    static final long PROBE_NS = 200_000;

    /**
     * Every kind but spin calibrated on GPU {@code gpu} at 4 blocks and at one block per SM (256
     * threads each) for {@link #PROBE_NS}: the floors and calibration errors {@code device-info
     * --kinds} prints. Throws {@link CudaException} without a usable GPU.
     */
    public static KindFloors onGpu(int gpu) {
        String sms = CudaDevice.value(CudaDevice.info(gpu), "sms");
        int wide = sms.matches("\\d{1,5}") ? Math.max(Integer.parseInt(sms), 5) : 132;
        List<String> tasks = Arrays.stream(KernelKind.values()).filter(k -> k != KernelKind.SPIN).flatMap(k -> IntStream
                .of(4, wide).mapToObj(b -> KindBench.probe(k.json() + "-b" + b, PROBE_NS, b, 256, k))).toList();
        TaskSet ts = KindBench.probes("kind-floors", tasks);
        try (CudaDevice cuda = CudaDevice.open(ts, gpu, 1)) {
            return measured(cuda, ts);
        }
    }
}
