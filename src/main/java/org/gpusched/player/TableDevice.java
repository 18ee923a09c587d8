package org.gpusched.player;

import org.gpusched.model.Escapes;

import java.io.PrintWriter;
import java.nio.file.Path;

/** The device {@code play} replays a scheduling table on (the GPU or the simulated one), and the replay on it. */
public final class TableDevice {
    private TableDevice() { }

    /**
     * The device to play a table on; null after printing why a usable GPU cannot play this task set.
     * {@code nanos}: nanoseconds per time unit (0 or less: abstract ticks); {@code --device auto} falls
     * back to the simulator where there is no usable GPU. A GPU that fails otherwise throws.
     */
    public static Device open(DeviceChoice device, UnrolledTable plan, int gpu, long nanos, Path taskset, PrintWriter err) {
        if (device == DeviceChoice.SIM) {
            return new SimDevice();
        }
        // Under --device cuda a task set in abstract ticks is refused before the GPU is touched.
        if (nanos <= 0 && device == DeviceChoice.CUDA) {
            return refuseTicks(device, taskset, err);
        }
        CudaDevice cuda;
        try {
            cuda = CudaDevice.open(plan.taskSet(), gpu, Math.max(nanos, 1));
        } catch (CudaException e) {
            if (device == DeviceChoice.AUTO && e.unavailable()) {
                err.println("gpusched: no usable GPU (" + e.getMessage() + "); playing on the simulated device");
                return new SimDevice();
            }
            throw e;
        }
        if (nanos <= 0) {
            cuda.close();
            return refuseTicks(device, taskset, err);
        }
        // A kind that cannot keep its time here is refused before anything is played (exit 2).
        KindFloors.refuseBelowFloor(cuda, plan.taskSet());
        return cuda;
    }

    private static Device refuseTicks(DeviceChoice device, Path taskset, PrintWriter err) {
        err.println("gpusched: " + Escapes.text(taskset.toString())
                + ": time unit is abstract ticks; give --tick-ns to play it on the GPU" + (device == DeviceChoice.AUTO ? " (or --device sim)" : ""));
        return null;
    }

    /**
     * Plays {@code plan} on {@code dev} (closed after), each job for its {@code execTime} draw: of the
     * simulated device's timing when {@code truth} (a --sim-timing model, or null) or {@code fit} (a
     * --sim-contention spec, or null: plain play stays the table's own model) gives one, which then
     * replaces {@code dev}. A GPU that fails while playing is refused (exit 70).
     */
    public static PlayResult play(Device dev, UnrolledTable plan, Mode mode, ExecTime execTime, long seed,
                                  SimTiming truth, String fit) {
        SimTiming timing = SimDeviceFit.timing(plan.taskSet(), truth, fit);
        Device device = fit != null ? new SimDevice(timing.deviceName()) : dev;
        long[] durations = timing != null ? execTime.durations(plan, seed, timing.completions(plan))
                : device instanceof SimDevice ? execTime.durations(plan, seed)
                : execTime.ownDurations(plan, plan.taskSet(), seed);
        try (Device d = device) {
            return PlayResult.of(plan, mode, d.play(plan, mode, durations));
        } catch (CudaException e) {
            throw new PlayRefused(device.name() + " failed while playing: " + e.getMessage(), false);
        }
    }
}
