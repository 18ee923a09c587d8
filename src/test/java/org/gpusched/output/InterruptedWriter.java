package org.gpusched.output;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A process for the tests to stop with SIGTERM in the middle of writing: {@code folder DIR} starts
 * a run folder and writes one of its files, {@code staged A B} writes two outputs that belong
 * together; each then prints "ready" and waits to be stopped.
 */
final class InterruptedWriter {
    private InterruptedWriter() { }

    public static void main(String[] args) throws Exception {
        Outputs o = Outputs.of(List.of(), false);
        if (args[0].equals("folder")) {
            RunFolder f = o.folder(Path.of(args[1]), "experiment runtime");
            f.start(Map.of("seed", "1"));
            f.writeString("raw.csv", "unit\nnew\n");
        } else {
            Outputs staged = o.staged();
            staged.checkEach(Path.of(args[1]), Path.of(args[2]));
            staged.writeString(Path.of(args[1]), "new table\n");
            staged.writeString(Path.of(args[2]), "new page\n");
        }
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(120_000);
    }
}
