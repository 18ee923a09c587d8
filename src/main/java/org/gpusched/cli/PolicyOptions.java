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

import java.util.List;

/** Options of the policy methods beyond the explorer's (a picocli mixin for analyze and compare). */
public final class PolicyOptions {
    enum MergeSearch { LINEAR, BINARY }

    @Option(names = "--gpu-priority", paramLabel = "MODE", defaultValue = "cpu")
    GpuPriorityMode gpuPriority;

    @Option(names = "--variant", paramLabel = "V", defaultValue = "safe")
    Variant variant;

    @Option(names = "--partition-test", paramLabel = "TEST", defaultValue = "per-task")
    String partitionTest;

    @Option(names = "--merge-search", paramLabel = "S", defaultValue = "linear")
    MergeSearch mergeSearch;

    RunOptions toRunOptions(CommandLine cl, ExploreOptions explore, long graphLimit) {
        return new RunOptions(explore.toOptions(graphLimit), gpuPriority, variant, partition(cl));
    }

    PartitionOptions partition(CommandLine cl) {
        return Usage.parsed(cl, "--partition-test: ", () -> new PartitionOptions(PartitionTest.parse(partitionTest),
                mergeSearch == MergeSearch.BINARY));
    }

    /** Resolves method ids, or a usage error (exit 2) naming the known ones. */
    static List<Method> resolve(CommandLine cl, MethodRegistry registry, List<String> ids) {
        return ids.stream().map(String::strip).map(id -> registry.byId(id).orElseThrow(() ->
                new CommandLine.ParameterException(cl, "unknown method '" + id + "' (known: "
                        + String.join(", ", registry.ids()) + "; see 'gpusched methods')"))).toList();
    }
}
