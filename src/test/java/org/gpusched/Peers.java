package org.gpusched;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where the peer tools built by src/test/sh/build-peers.sh are: -Dgpusched.peers, else the
 * environment's GPUSCHED_PEERS, else ../peers next to the repository. A test that needs a tool
 * that is not there is skipped with a line saying which file was looked for.
 */
public final class Peers {
    private Peers() { }

    public static Path root() {
        String p = System.getProperty("gpusched.peers", "");
        if (p.isBlank() || p.startsWith("${")) {
            p = System.getenv().getOrDefault("GPUSCHED_PEERS", "");
        }
        return p.isBlank() ? Path.of("..", "peers").toAbsolutePath().normalize() : Path.of(p).toAbsolutePath();
    }

    /** The file {@code rel} under the peers folder; skips the calling test when it is missing. */
    public static Path require(String rel) {
        Path f = root().resolve(rel);
        Assumptions.assumeTrue(Files.exists(f), () -> "peer tool not built: " + f
                + " is missing (build with src/test/sh/build-peers.sh DIR, then -Dgpusched.peers=DIR or GPUSCHED_PEERS=DIR)");
        return f;
    }

    public static Path mastAnalysis() {
        return require("MAST/mast_analysis/mast_analysis");
    }

    public static Path nptest() {
        return require("np-schedulability-analysis/build/nptest");
    }

    public static Path mast2Schema() {
        return require("MAST/docs/mast2_model.xsd");
    }

    public static Path gcapsAnalysis() {
        return require("gcaps-super-repo/analysis");
    }

    public static Path python() {
        return require("venv/bin/python");
    }

    /** What a peer printed and its exit status. */
    public record Run(int exit, String out) { }

    /** Runs a peer in {@code dir} with stderr merged into stdout; fails after 120 s. */
    public static Run run(Path dir, List<String> command) {
        try {
            ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile())
                    .redirectErrorStream(true);
            Process p = pb.start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError("cannot run " + command + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted: " + command, e);
        }
    }
}
