package org.gpusched.player;

import org.gpusched.input.InputText;
import org.gpusched.model.InputException;
import org.gpusched.model.RuntimeOverhead;
import org.gpusched.model.TaskSet;

import java.nio.file.Path;

/**
 * What {@code --sim-contention} loads into the simulated device so that it predicts one GPU: the
 * contention fit, and for a shipped preset also that device's kernel-kind floors and runtime cost
 * per frame (both measured on it; a raw file of {@code experiment interference} carries neither).
 *
 * @param contention how kernels of the built-in kinds slow each other
 * @param floors     the kinds' floors, or null when unknown
 * @param runtimeNs  the runtime's per-frame cost in ns, or null when unknown
 */
public record SimDeviceFit(FittedContention contention, KindFloors floors, RuntimeOverhead runtimeNs) {
    /**
     * The runtime cost of the H200 of the preset, in ns: the last block's end to the synchronise's
     * return 2.6 us (measured directly, mean of 1,200 frames); the host's launch calls 10.9 us per
     * frame over 1.75 kernels per frame of that run, 6.2 us per kernel; submission the rest of
     * what a one-kernel profile sample spent beyond its kernel (11.4 us, median of the spin kernels
     * of calib-samples.csv): 2.6 us.
     */
    public static final RuntimeOverhead H200_RUNTIME_NS = new RuntimeOverhead(6_200, 2_600, 2_600, 0);

    /** {@code spec}: a preset name ({@code h200}) or the path of a raw file of {@code experiment interference}. */
    public static SimDeviceFit load(String spec) {
        FittedContention preset = FittedContention.preset(spec);
        if (preset != null) {
            return new SimDeviceFit(preset, KindFloors.preset(spec), H200_RUNTIME_NS);
        }
        Path file = Path.of(spec);
        String csv = InputText.read(file); // first: a folder such as "/", which has no file name, is refused here
        return new SimDeviceFit(FittedContention.parse(file.getFileName().toString(), spec, csv), null, null);
    }

    /**
     * The simulated device's timing for {@code played}, when {@code play} is given a timing or a fit of its own:
     * {@code truth} (a --sim-timing file's, or null: the played set's own model) fitted to {@code fit} (a
     * --sim-contention spec, or null); null when neither is given, so plain play stays the table's own model by
     * construction. A kind the fit's floors say cannot keep its time is refused here, before anything is played.
     */
    public static SimTiming timing(TaskSet played, SimTiming truth, String fit) {
        if (fit == null) {
            return truth;
        }
        SimDeviceFit f = load(fit);
        f.checkFloors(played);
        return f.apply(truth == null ? SimTiming.own(played) : truth);
    }

    /**
     * {@code timing} on this device: its contention fit, and the device's runtime cost in place of
     * what the timing model states, in its unit rounded up (a set in abstract ticks keeps its own).
     */
    public SimTiming apply(SimTiming timing) {
        SimTiming t = timing.with(contention);
        long nanos = t.truth().timeUnit().nanos();
        if (runtimeNs == null || nanos <= 0) {
            return t;
        }
        TaskSet truth = t.truth();
        RuntimeOverhead r = new RuntimeOverhead(up(runtimeNs.launch(), nanos), up(runtimeNs.submit(), nanos),
                up(runtimeNs.sync(), nanos), up(runtimeNs.copy(), nanos));
        TaskSet withRuntime = new TaskSet(truth.name(), truth.timeUnit(), truth.gpu(), truth.tasks(),
                truth.interference().withOverhead(r), truth.hyperperiod(), truth.jobCount(), truth.sha256(),
                truth.source(), truth.origin());
        return new SimTiming(withRuntime, t.toTruth(), t.own(), contention);
    }

    /**
     * Refuses (exit 2) a task whose kind cannot keep its wcet on this device (its floor is above it),
     * and a set in abstract ticks on a preset: its floors and runtime cost are times in ns, which a
     * tick of no stated length cannot be compared with or charged in, so the device would not be
     * the one the preset names. Nothing is checked without floors (a raw file: contention only).
     */
    public void checkFloors(TaskSet ts) {
        if ((floors != null || runtimeNs != null) && ts.timeUnit().nanos() <= 0) {
            throw new InputException(ts.source(), "timeUnit", "times in abstract ticks cannot be held to the "
                    + contention.name() + " preset's kind floors and runtime cost (both in ns): give the workload a"
                    + " timeUnit (ns, us or ms), or fit the device with a raw file of experiment interference"
                    + " (contention only)");
        }
        if (floors != null) {
            floors.check(ts, ts.timeUnit().nanos());
        }
    }

    private static long up(long ns, long nanos) {
        return ns == 0 ? 0 : (ns + nanos - 1) / nanos;
    }
}
