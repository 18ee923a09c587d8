package org.gpusched.cli;

import org.gpusched.model.TaskSet;
import org.gpusched.player.*;
import org.gpusched.profile.Statistic;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;

/** What {@code profile} and {@code loop} share: the device, how sets are timed, how samples become a model. */
final class ProfileOptions {
    @Option(names = "--device", paramLabel = "DEV", defaultValue = "cuda")
    DeviceChoice device;

    @Mixin
    SimDeviceOptions sim;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "100", converter = NumericOptions.Runs.class)
    int runs;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "5", converter = NumericOptions.Warmup.class)
    int warmup;

    @Option(names = "--statistic", paramLabel = "S", defaultValue = "max")
    Statistic statistic;

    @Option(names = "--margin", paramLabel = "F", defaultValue = "1")
    BigDecimal margin;

    @Option(names = "--max-set-size", paramLabel = "K", converter = NumericOptions.Count.class)
    Integer maxSetSize;

    @Option(names = "--exec-time", paramLabel = "DIST", defaultValue = "wcet")
    ExecTime execTime;

    @Mixin
    GpuRunOptions run;

    void validate(CommandLine cl) {
        Usage.refuse(cl, margin.compareTo(BigDecimal.ONE) < 0 || margin.compareTo(BigDecimal.valueOf(1000)) > 0,
                "--margin must be between 1 and 1000 (got " + margin + ")");
        run.validate(cl);
        sim.refuseUnless(cl, device == DeviceChoice.SIM);
        Usage.refuse(cl, device != DeviceChoice.SIM && !execTime.spec().equals("wcet"),
                "--exec-time draws the simulated device's samples: add --device sim");
    }

    /** The files a run reads (never overwritten): the task set and the --sim-timing file. */
    List<Path> inputs(Path taskset) {
        return sim.timing == null ? List.of(taskset) : List.of(taskset, sim.timing);
    }

    int maxSetSize(TaskSet ts) {
        return maxSetSize == null ? ts.unitCount() : maxSetSize;
    }

    /** The simulated device's timing for {@code ts} (reading --sim-timing, or {@code ts}'s own model). */
    SimTiming simTiming(TaskSet ts, CommonOptions common) {
        SimTiming truth = sim.truth(ts, common);
        return SimDeviceFit.timing(ts, truth == null ? SimTiming.own(ts) : truth, sim.contention);
    }

}
