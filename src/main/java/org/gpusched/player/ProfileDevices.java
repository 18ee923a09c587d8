package org.gpusched.player;

import org.gpusched.input.StrictJson;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;

import java.util.List;
import java.util.function.Supplier;

/** The device {@code profile} and {@code loop} measure on, checked before the first run. */
public final class ProfileDevices {
    private ProfileDevices() {
    }

    /**
     * The device {@code ts} is profiled on, after checking that every task's block fits it and
     * (simulator) that every kernel module loads. No GPU is exit 2, naming --device sim.
     *
     * @param nanos nanoseconds per tick on the GPU (0 or less: abstract ticks, refused there)
     */
    public static ProfileDevice open(TaskSet ts, SimTiming timing, DeviceChoice device, ExecTime execTime, long seed,
                                     int gpu, long nanos) {
        if (device == DeviceChoice.SIM) {
            DeviceChecks.fits(ts, timing.gpu(), timing.deviceName());
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

    /** A CUDA failure the user can fix (memory, module) as exit 2; anything else stays a fault (70). */
    public static RuntimeException cudaFailure(CudaException e) {
        return CudaProfileDevice.userError(e) ? new InputException("--device cuda", "", e.getMessage()) : e;
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
