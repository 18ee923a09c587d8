package org.gpusched.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Test helper run in a child JVM with a small heap: the real command line plus one command that
 * fills the heap, exiting with what {@link Main#execute} returns (as {@link Main#main} does).
 */
public final class OutOfMemoryProbe {
    private OutOfMemoryProbe() { }

    public static void main(String[] args) {
        CommandLine cl = Main.commandLine(new PrintWriter(System.out, true), new PrintWriter(System.err, true));
        cl.addSubcommand("fill", new CommandLine(new Fill()));
        System.exit(Main.execute(cl, "fill"));
    }

    @CommandLine.Command(name = "fill")
    static final class Fill implements Callable<Integer> {
        @Override
        public Integer call() {
            List<long[]> hog = new ArrayList<>();
            while (true) {
                hog.add(new long[1 << 20]);
            }
        }
    }
}
