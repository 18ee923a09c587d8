package org.gpusched.player;

import org.gpusched.input.StrictJson;
import org.gpusched.model.InputException;
import org.gpusched.model.RuntimeOverhead;
import org.gpusched.model.TaskSet;

import java.util.List;
import java.util.function.Supplier;

/**
 * Something that times sets of kernels for {@code profile} (the paper's section 4.2): each
 * kernel of the set on its own stream, all launched, then one device-wide synchronisation; the
 * time from the first launch to the return of the synchronisation is one sample.
 */
public interface ProfileDevice extends AutoCloseable {

    /** A short description for reports. */
    String name();

    /** Device time units per tick: 1 on the simulated device, nanoseconds per tick on the GPU. */
    long scale();

    /** The unit of the samples ("ns" on the GPU, the task set's time unit on the simulator). */
    String unit();

    /**
     * {@code runs} samples of the set {@code mask} launched in {@code order} (task indices, an
     * order the oracle found eligible), after {@code warmup} untimed runs.
     */
    long[] time(long mask, int[] order, int warmup, int runs);

    /**
     * The runtime's per-frame cost on this device, in its unit: what every sample holds besides the
     * kernels (the launches, the submission reaching the first block, the synchronise returning).
     * {@link RuntimeOverhead#NONE} when the device cannot tell it apart from the kernels.
     */
    default RuntimeOverhead runtime(int warmup, int runs) {
        return RuntimeOverhead.NONE;
    }

    /**
     * How late this device's host may start a frame (its unit): the worst wake-up of the
     * time-triggered player measured here; 0 where frames start exactly (the simulator).
     */
    default long startJitter() {
        return 0;
    }

    @Override
    default void close() { }

    /**
     * The device {@code profile} and {@code loop} measure {@code ts} on, after checking that every task's
     * block fits it and (simulator) that every kernel module loads. No GPU is exit 2, naming --device sim.
     *
     * @param nanos nanoseconds per tick on the GPU (0 or less: abstract ticks, refused there)
     */
    public static ProfileDevice open(TaskSet ts, SimTiming timing, DeviceChoice device, ExecTime execTime, long seed,
                                     int gpu, long nanos) {
        if (device == DeviceChoice.SIM) {
            DeviceChecks.fits(ts, timing.truth().gpu(), timing.deviceName());
            DeviceChecks.modulesLoadable(ts);
            return new SimProfileDevice(timing, execTime, seed, ts.timeUnit().json());
        }
        if (nanos <= 0) {
            throw new InputException(ts.source(), "timeUnit", "time unit is abstract ticks; give --tick-ns to profile"
                    + " it on the GPU (or --device sim)");
        }
        List<String> info;
        try {
            info = CudaDevice.info(gpu);
        } catch (CudaException e) {
            throw noGpu(e);
        }
        DeviceChecks.fits(ts, DeviceChecks.fromInfo(info), "cuda:" + gpu);
        try {
            return CudaProfileDevice.open(ts, gpu, nanos);
        } catch (CudaException e) {
            throw cudaFailure(e);
        }
    }

    /** No usable GPU: a usage matter (exit 2) that names the simulated device instead. */
    public static InputException noGpu(CudaException e) {
        return new InputException("--device cuda", "", "no usable GPU (" + e.getMessage() + ")"
                + (e.hint().isEmpty() ? "" : "; " + e.hint()) + "; --device sim profiles the simulated device");
    }

    /**
     * A CUDA failure the user can fix as exit 2, anything else stays a fault (70): the device lacks
     * the memory the set needs (how profile.cu starts that message), or a kernel module cannot be loaded.
     */
    public static RuntimeException cudaFailure(CudaException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        return m.startsWith("not enough device memory") || m.startsWith("user kernel:")
                ? new InputException("--device cuda", "", e.getMessage()) : e;
    }

    /** An error about a JSON path of {@code file}, given the line and column it is at. */
    public static <T> T located(Supplier<T> action, String file, String content) {
        try {
            return action.get();
        } catch (InputException e) {
            if (e.line() < 0 && e.path() != null && !e.path().isEmpty() && file.equals(e.file())) {
                throw StrictJson.parse(file, content, "a task set").error(e.path(), e.detail());
            }
            throw e;
        }
    }
}
