package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
import org.gpusched.model.Workload;
import org.gpusched.report.*;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

@Command(name = "validate", mixinStandardHelpOptions = true)
final class ValidateCommand extends CommonCommand implements CiFormats {
    @Parameters(arity = "1..*", paramLabel = "FILE")
    List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        int code = ExitCodes.OK;
        if (common.format == OutputFormat.csv) {
            out.println(ValidateReports.CSV_HEADER);
        }
        CiOutput ci = CiOutput.of(common.format, "validate");
        for (Path f : files) {
            try {
                Workload w = common.workloadReader().read(f);
                if (ci != null) {
                    ci.add(CiCases.valid(f.toString(), w));
                } else if (w.formatVersion() == 1) {
                    ValidateReports.v1(out, common.format, common.quiet, f, w.pbs());
                } else {
                    ValidateReports.v2(out, common.format, common.quiet, f, w);
                }
            } catch (InputException e) {
                err.println(e.getMessage());
                if (ci != null) {
                    ci.invalid(f.toString(), e);
                }
                if (common.format == OutputFormat.json) {
                    out.println(Json.line(ValidateReports.invalid(f, e.getMessage())));
                }
                code = ExitCodes.worst(code, ExitCodes.INVALID);
            }
        }
        if (ci != null) {
            ci.write(out);
        }
        return code;
    }
}
