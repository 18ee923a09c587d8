package org.gpusched.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Runs the CLI in-process and captures exit code, stdout and stderr. Every JSON report a test
 * produces this way is checked against its command's report schema ({@link ReportSchemas}).
 */
record CliRunner(int code, String out, String err) {
    static CliRunner run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        ReportSchemas.check(args, out.toString());
        return new CliRunner(code, out.toString(), err.toString());
    }

    /** Whether GPU 0 is usable here (a GPU that is there but failing counts as usable: it is no "no GPU" case). */
    static boolean gpuUsable() {
        try {
            org.gpusched.player.CudaDevice.info(0);
            return true;
        } catch (org.gpusched.player.CudaException e) {
            return !e.unavailable();
        }
    }
}
