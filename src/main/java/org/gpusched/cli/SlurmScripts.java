package org.gpusched.cli;

import org.gpusched.experiment.SlurmScript;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
import org.gpusched.output.OutputPaths;
import org.gpusched.output.Outputs;
import org.gpusched.report.FilesWritten;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** {@code experiment NAME --slurm FILE}: the options given, handed to the job array script instead of a run. */
final class SlurmScripts {
    /** Options the script sets itself per job, or that only concern writing the script. */
    private static final Set<String> OWN = Set.of("--out", "--shard", "--threads", "--force", "--slurm",
            "--slurm-shards", "--time-limit", "--quiet");

    private SlurmScripts() {
    }

    static int write(CommandLine cl, SweepOptions sweep, String kind, CommonOptions common) {
        Usage.refuse(cl, !sweep.shard.equals("1/1"), "--slurm writes a script for all shards; give their number "
                + "with --slurm-shards, not --shard");
        Usage.refuse(cl, sweep.timeLimit != null, "--time-limit would stop each shard with nothing written; "
                + "give Slurm's own time limit (sbatch --time) instead");
        Outputs.refuseStdoutFolder(sweep.out(kind));
        if (OutputPaths.inside(sweep.slurm, sweep.out(kind))) {
            // The merge takes a folder holding anything but a gpusched run for the user's, and refuses it.
            throw new InputException(sweep.slurm.toString(), "", "is inside --out " + sweep.out(kind)
                    + ", the folder the jobs' merge writes; write the script elsewhere");
        }
        SlurmScript script = Usage.parsed(cl, "", () -> new SlurmScript(kind, SlurmScript.currentJava(
                Main.class.getName()), given(cl), sweep.folder.force, sweep.out(kind).toAbsolutePath().normalize(),
                sweep.slurmShards, sweep.threads));
        Outputs.of(List.of(), sweep.folder.force).writeString(sweep.slurm, script.text());
        FilesWritten.report(cl.getOut(), common.format, common.quiet, List.of(sweep.slurm));
        return ExitCodes.OK;
    }

    /** The options on the command line, each by its longest name with the values as typed. */
    private static List<String> given(CommandLine cl) {
        List<String> words = new ArrayList<>();
        for (OptionSpec o : cl.getParseResult().matchedOptions()) {
            if (OWN.contains(o.longestName()) || o.usageHelp() || o.versionHelp()) {
                continue;
            }
            if (o.arity().max() == 0) {
                words.add(o.longestName());
            } else {
                for (String v : o.originalStringValues()) {
                    words.add(o.longestName());
                    words.add(v);
                }
            }
        }
        return words;
    }
}
