package org.gpusched.cli;

import org.gpusched.partition.PartitionOptions;
import org.gpusched.partition.PartitionTest;
import org.gpusched.policy.Method;
import org.gpusched.policy.MethodRegistry;
import org.gpusched.policy.RunOptions;
import org.gpusched.rta.GpuPriorityMode;
import org.gpusched.rta.Variant;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Options of the policy methods beyond the explorer's (a picocli mixin for analyze and compare). */
public final class PolicyOptions {
    @Option(names = "--gpu-priority", paramLabel = "MODE", defaultValue = "cpu")
    String gpuPriority;

    @Option(names = "--variant", paramLabel = "V", defaultValue = "safe")
    String variant;

    @Option(names = "--partition-test", paramLabel = "TEST", defaultValue = "per-task")
    String partitionTest;

    @Option(names = "--merge-search", paramLabel = "S", defaultValue = "linear")
    String mergeSearch;

    RunOptions toRunOptions(CommandLine cl, ExploreOptions explore, long graphLimit) {
        return new RunOptions(explore.toOptions(graphLimit), gpuPriority(cl), variant(cl), partition(cl));
    }

    PartitionOptions partition(CommandLine cl) {
        Usage.refuse(cl, !mergeSearch.equals("linear") && !mergeSearch.equals("binary"),
                "--merge-search must be linear or binary (got '" + mergeSearch + "')");
        try {
            return new PartitionOptions(PartitionTest.parse(partitionTest), mergeSearch.equals("binary"));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, "--partition-test: " + e.getMessage());
        }
    }

    GpuPriorityMode gpuPriority(CommandLine cl) {
        Usage.refuse(cl, !gpuPriority.equals("cpu") && !gpuPriority.equals("audsley"),
                "--gpu-priority must be cpu or audsley (got '" + gpuPriority + "')");
        return gpuPriority.equals("audsley") ? GpuPriorityMode.AUDSLEY : GpuPriorityMode.CPU;
    }

    Variant variant(CommandLine cl) {
        List<String> variants = Arrays.stream(Variant.values()).map(v -> v.name().toLowerCase(Locale.ROOT)).toList();
        Usage.refuse(cl, !variants.contains(variant),
                "--variant must be one of " + String.join(", ", variants) + " (got '" + variant + "')");
        return Variant.valueOf(variant.toUpperCase(Locale.ROOT));
    }

    /** Resolves method ids, or a usage error (exit 2) naming the known ones. */
    static List<Method> resolve(CommandLine cl, MethodRegistry registry, List<String> ids) {
        return ids.stream().map(String::strip).map(id -> registry.byId(id).orElseThrow(() ->
                new CommandLine.ParameterException(cl, "unknown method '" + id + "' (known: "
                        + String.join(", ", registry.ids()) + "; see 'gpusched methods')"))).toList();
    }
}
