package org.gpusched.player;

import org.gpusched.copyexec.CopySim;
import org.gpusched.copyexec.CopyWorkload;
import org.gpusched.copyexec.Strategy;
import org.gpusched.model.Escapes;
import org.gpusched.model.InputException;
import org.gpusched.model.Workload;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code play --strategy S --taskset W}: a copy/execute strategy played on the simulated device or
 * the GPU (docs/copy-execute.md, "Player"): every job and operation as measured.
 */
public final class StrategyPlay {
    /** What one run asks for; {@code tickNs} null: from the workload's time unit. */
    public record Request(Strategy strategy, Path workload, DeviceChoice device, int gpu, Long tickNs, ExecTime exec,
                          long seed, Function<Path, Workload> reader) { }

    private StrategyPlay() { }

    /** The workload and its copy/execute view, refused (input error) where the strategy does not apply. */
    public record Fit(Workload workload, CopyWorkload copy) { }

    /** What was played: every job and operation as the device measured them, in {@code unit}. */
    public record Played(Request request, CopyWorkload copy, String device, String unit, CopySim run) { }

    public static Fit fit(Request r) {
        Workload w = r.reader().apply(r.workload());
        CopyWorkload.View v = CopyWorkload.of(w);
        if (v instanceof CopyWorkload.Unfit u) {
            throw new InputException(r.workload().toString(), "", "--strategy " + r.strategy().id() + ": not applicable: "
                    + u.reason());
        }
        CopyWorkload cw = ((CopyWorkload.Fits) v).workload();
        if (r.strategy().concurrentKernels() && cw.pairs() == null) {
            throw new InputException(r.workload().toString(), "", "--strategy " + r.strategy().id()
                    + ": not applicable: " + cw.pairsNote());
        }
        return new Fit(w, cw);
    }

    /**
     * Plays a fitting workload; a device that cannot be opened (after saying so on {@code err}) or
     * fails while playing is a {@link PlayRefused}. Fallbacks to the simulator are said on {@code err}.
     */
    public static Played play(Request r, Fit fit, PrintWriter err) {
        CopyWorkload cw = fit.copy();
        CopyDevice dev = open(r, fit.workload(), cw, err);
        try (CopyDevice d = dev) {
            if (!(d instanceof SimCopyDevice)) {
                // Load and link the CPU loop's classes first: on an H100 the first batch boundary of a cold
                // JVM cost 2.5-3.7 ms otherwise (docs/copy-execute.md).
                StrategyPlayer.play(cw, r.strategy(), new SimCopyDevice(cw.engines(), "tick"), r.exec(), r.seed());
            }
            return new Played(r, cw, d.name(), d.unit(), StrategyPlayer.play(cw, r.strategy(), d, r.exec(), r.seed()));
        } catch (CudaException e) {
            throw new PlayRefused(dev.name() + " failed while playing: " + e.getMessage(), false);
        }
    }

    private static CopyDevice open(Request r, Workload w, CopyWorkload cw, PrintWriter err) {
        SimCopyDevice sim = new SimCopyDevice(cw.engines(), w.timeUnit().json());
        if (r.device() == DeviceChoice.SIM) {
            return sim;
        }
        long nanos = r.tickNs() != null ? r.tickNs() : w.timeUnit().nanos();
        if (nanos <= 0) {
            if (r.device() == DeviceChoice.AUTO) {
                err.println("gpusched: time unit is abstract ticks (no --tick-ns); playing on the simulated device");
                return sim;
            }
            throw new PlayRefused(Escapes.text(r.workload().toString())
                    + ": time unit is abstract ticks; give --tick-ns to play it on the GPU", true);
        }
        try {
            return CudaCopyDevice.open(w, r.gpu(), nanos);
        } catch (CudaException e) {
            if (r.device() == DeviceChoice.AUTO && e.unavailable()) {
                err.println("gpusched: no usable GPU (" + e.getMessage() + "); playing on the simulated device");
                return sim;
            }
            throw new PlayRefused("--device " + r.device().name().toLowerCase(Locale.ROOT) + ": " + e.getMessage(), true);
        }
    }
}
