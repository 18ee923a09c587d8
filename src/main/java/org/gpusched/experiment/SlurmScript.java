package org.gpusched.experiment;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The batch script of an experiment run as a Slurm job array: array task K runs shard K of N into
 * {@code OUT.shards/K}, and a job outside the array merges the shards into {@code OUT}. The script
 * dispatches on its first argument, so one file serves the array, the merge and the submission of both
 * ({@code bash FILE} submits the array and the merge chained with {@code afterok}).
 *
 * @param kind      the experiment (its raw files are {@code KIND-shard-K-of-N.csv})
 * @param java      the JVM and class path that run gpusched on the compute nodes
 * @param options   the experiment's own options, as given (without --out, --shard, --threads)
 * @param force     whether the merge may replace an earlier run of the experiment in {@code out}
 * @param out       the folder of the merged run (absolute: the jobs may start anywhere)
 * @param shards    the array's size N
 * @param threads   threads per array task (its --cpus-per-task)
 */
public record SlurmScript(String kind, List<String> java, List<String> options, boolean force, Path out,
                          int shards, int threads) {
    /** The largest array: far below Slurm's usual MaxArraySize, and more shards than sets only idle. */
    public static final int MAX_SHARDS = 10_000;

    public SlurmScript {
        if (shards < 1 || shards > MAX_SHARDS) {
            throw new IllegalArgumentException("--slurm-shards must be in 1.." + MAX_SHARDS + ", got " + shards);
        }
        if (java.isEmpty()) {
            throw new IllegalArgumentException("no java command");
        }
        java = List.copyOf(java);
        options = List.copyOf(options);
    }

    /** The command that runs this JVM's gpusched again: its java binary, class path and main class. */
    public static List<String> currentJava(String mainClass) {
        String bin = ProcessHandle.current().info().command().orElse("java");
        return List.of(bin, "-cp", Path.of(System.getProperty("java.class.path")).toAbsolutePath().toString(),
                mainClass);
    }

    /** The script's text ({@code \n} line ends). */
    public String text() {
        String q = quote(out.toString());
        String run = quote(java.get(0)) + " ${GPUSCHED_JAVA_OPTS:-}"
                + java.stream().skip(1).map(SlurmScript::quote).map(w -> " " + w).collect(Collectors.joining());
        String opts = options.stream().map(SlurmScript::quote).map(s -> " " + s).collect(Collectors.joining());
        return "#!/bin/bash\n"
                + "# gpusched experiment " + kind + " as a Slurm job array of " + shards + " shards, then their merge\n"
                + "# into " + out + " (docs/experiments.md, \"Slurm job array\").\n"
                + "#   bash THIS-FILE                       submits both (the merge runs when every shard succeeded)\n"
                + "#   sbatch --array=1-" + shards + " THIS-FILE shard    the shards alone\n"
                + "#   sbatch --dependency=afterok:ID THIS-FILE merge    the merge after the array job ID\n"
                + "#SBATCH --job-name=gpusched-" + kind + "\n"
                + "#SBATCH --cpus-per-task=" + threads + "\n"
                + "set -euo pipefail\n"
                + "out=" + q + "\n"
                + "shards=" + shards + "\n"
                + "# GPUSCHED_JAVA_OPTS: options for the JVM (e.g. -Xmx3g), as for the gpusched launcher.\n"
                + "gpusched() {\n"
                + "    # shellcheck disable=SC2086\n"
                + "    " + run + " \"$@\"\n"
                + "}\n"
                + "case ${1:-submit} in\n"
                + "    submit)\n"
                + "        array=$(sbatch --parsable --array=1-$shards \"$0\" shard)\n"
                + "        array=${array%%;*}\n"
                + "        merge=$(sbatch --parsable --dependency=afterok:$array \"$0\" merge)\n"
                + "        echo \"shards: job $array (array 1-$shards); merge: job ${merge%%;*} into $out\"\n"
                + "        ;;\n"
                + "    shard)\n"
                + "        k=${SLURM_ARRAY_TASK_ID:?run the shards as a job array: sbatch --array=1-$shards $0 shard}\n"
                + "        gpusched experiment " + kind + opts + " --threads \"${SLURM_CPUS_PER_TASK:-" + threads + "}\""
                + " --shard \"$k/$shards\" --out \"$out.shards/$k\" --quiet\n"
                + "        ;;\n"
                + "    merge)\n"
                + "        gpusched experiment merge \"$out.shards\"/*/" + kind + "-shard-*-of-$shards.csv --out \"$out\""
                + (force ? " --force" : "") + "\n"
                + "        ;;\n"
                + "    *)\n"
                + "        echo \"usage: bash $0 | sbatch --array=1-$shards $0 shard | sbatch $0 merge\" >&2\n"
                + "        exit 2\n"
                + "        ;;\n"
                + "esac\n";
    }

    /** A word for bash: single-quoted unless it is plainly safe. */
    static String quote(String s) {
        return !s.isEmpty() && s.matches("[A-Za-z0-9_@%+=:,./-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
