package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.gpusched.oracle.Placement;
import org.gpusched.report.OracleReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;

@Command(name = "oracle", mixinStandardHelpOptions = true)
final class OracleCommand extends CommonCommand implements NoCsv {
    @Parameters(index = "0", paramLabel = "FILE")
    Path file;
    @Option(names = {"-b", "--batch"}, required = true, split = ",", paramLabel = "TASK")
    List<String> batch;

    @Override
    public Integer call() {
        TaskSet ts = common.reader().read(file);
        int[] order = new int[batch.size()];
        for (int i = 0; i < order.length; i++) {
            String name = batch.get(i);
            // Names are units: a task, or task.kernel for a kernel of a chain.
            order[i] = ts.units().stream().filter(t -> t.name().equals(name)).mapToInt(t -> t.index()).findFirst()
                    .orElseThrow(() -> new InputException("--batch", "", "unknown task \"" + name + "\" in "
                            + file));
            for (int j = 0; j < i; j++) {
                if (order[j] == order[i]) {
                    throw new InputException("--batch", "", "task \"" + name + "\" appears twice");
                }
            }
        }
        Oracle oracle = new Oracle(ts);
        Placement p = oracle.place(order);
        long c = oracle.completion(Oracle.maskOf(order));
        OracleReports.report(out(), common.format, common.quiet, file.toString(), batch, ts, oracle, order, p, c);
        return p.eligible() ? ExitCodes.OK : ExitCodes.NOT_SCHEDULABLE;
    }
}
