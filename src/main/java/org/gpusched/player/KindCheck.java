package org.gpusched.player;

import org.gpusched.model.KernelKind;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;

import java.util.ArrayList;
import java.util.List;

/**
 * The kernel kinds of a task set on a GPU: what each unit is calibrated for when the device opens
 * (its wcet in ns), and the refusal of a unit whose floor measured there is above it.
 */
public final class KindCheck {
    private KindCheck() { }

    /** Per unit the time its kind is calibrated for at open: its wcet at {@code tickNs}. */
    static long[] askedNs(TaskSet ts, long tickNs) {
        long[] asked = new long[ts.units().size()];
        for (Unit u : ts.units()) {
            asked[u.index()] = u.wcet() > Long.MAX_VALUE / Math.max(tickNs, 1) ? Long.MAX_VALUE : u.wcet() * tickNs;
        }
        return asked;
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
        List<KindFloors.Point> points = new ArrayList<>();
        for (Unit u : ts.units()) {
            int i = 5 * u.index();
            if (u.kernel() == null || u.kernel().kind() == KernelKind.SPIN || k[i] < 0) {
                continue;
            }
            double error = k[i + 1] > 0 ? (double) (k[i + 2] - k[i + 1]) / k[i + 1] : 0;
            points.add(new KindFloors.Point(u.kernel().kind(), u.kernel().blocks(), u.kernel().threadsPerBlock(),
                    k[i], error));
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
        String sms = CudaDevice.value(CudaDevice.info(gpu).toArray(String[]::new), "sms");
        int wide = sms.matches("\\d{1,5}") ? Math.max(Integer.parseInt(sms), 5) : 132;
        List<String> tasks = new ArrayList<>();
        for (KernelKind k : KernelKind.values()) {
            for (int blocks : new int[] {4, wide}) {
                if (k != KernelKind.SPIN) {
                    tasks.add(KindBench.probe(k.json() + "-b" + blocks, PROBE_NS, blocks, 256, k));
                }
            }
        }
        TaskSet ts = KindBench.probes("kind-floors", tasks);
        try (CudaDevice cuda = CudaDevice.open(ts, gpu, 1)) {
            return measured(cuda, ts);
        }
    }
}
