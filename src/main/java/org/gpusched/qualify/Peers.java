package org.gpusched.qualify;

import org.gpusched.interop.SagJobs;
import org.gpusched.model.TaskSet;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The peer tools users already trust, found where the user named them or on PATH: nptest (the
 * schedule-abstraction graph of Nasri and Brandenburg) re-decides the edf-serial verdicts of the
 * drawn sets; MAST's mast_analysis is found and its version recorded, its comparisons are the
 * build's peer tests (docs/testing.md). A tool that is absent is skipped with the reason.
 */
final class Peers {
    static final String NPTEST_CHECK = "nptest = edf-serial";
    private static final long TIMEOUT_SECONDS = 20;

    private Peers() { }

    /** The named file, else {@code command} on PATH (the {@code env} map's), else absent. */
    static Optional<Path> locate(Path named, String command, Map<String, String> env) {
        if (named != null) {
            return Files.isRegularFile(named) && Files.isExecutable(named) ? Optional.of(named) : Optional.empty();
        }
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path p = Path.of(dir, command);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * One tool as found, with its version in its own words (null when it gave none): missing when
     * {@code named} is not runnable, skipped when it is not on PATH, else found and used as {@code use} says.
     */
    static Qualification.Peer find(String name, Path named, String versionFlag, Map<String, String> env,
                                   String option, String use) {
        Optional<Path> p = locate(named, name, env);
        if (p.isEmpty()) {
            return new Qualification.Peer(name, null, null, named != null ? "missing" : "skipped", named != null
                    ? "not executable: " + named : "not found on PATH (name it with " + option + ")", named != null);
        }
        String v = null;
        try {
            Run r = run(p.get().toAbsolutePath().getParent(), List.of(p.get().toString(), versionFlag));
            v = r.out().lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(null);
        } catch (IOException e) {
            v = null;
        }
        return new Qualification.Peer(name, p.get().toString(), v, "found", use, named != null);
    }

    record Run(int exit, String out) { }

    static Run run(Path dir, List<String> cmd) throws IOException {
        Process pr = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        try {
            if (!pr.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                pr.destroyForcibly();
                throw new IOException(cmd.get(0) + " ran past " + TIMEOUT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            pr.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        return new Run(pr.exitValue(), new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    /**
     * nptest's verdict on the set's jobs (one kernel at a time, EDF ranks, jitter read as the
     * time-triggered release, as SagPeerTest runs it) against {@code edfSerial}'s.
     */
    static Observation nptest(Path nptest, Path work, TaskSet ts, boolean edfSchedulable, String edfMethod) {
        boolean jitter = ts.tasks().stream().anyMatch(t -> t.jitter() > 0);
        SagJobs.Files f = SagJobs.write(ts, jitter ? SagJobs.Arrival.RELEASE : SagJobs.Arrival.WINDOW,
                SagJobs.Priority.RANK);
        try {
            Files.createDirectories(work);
            Path jobs = work.resolve("jobs.csv");
            Files.writeString(jobs, f.jobs());
            List<String> cmd = new ArrayList<>(List.of(nptest.toString(), "-r", "-c"));
            if (f.precedence() != null) {
                Path prec = work.resolve("jobs.prec.csv");
                Files.writeString(prec, f.precedence());
                cmd.addAll(List.of("-p", prec.toString()));
            }
            cmd.add(jobs.toString());
            Run r = run(work, cmd);
            String line = r.out().lines().filter(l -> l.startsWith(jobs.toString())).findFirst().orElse(null);
            if (r.exit() != 0 || line == null) {
                return Observation.disagreed(NPTEST_CHECK, "nptest exit " + r.exit() + ": " + r.out().strip());
            }
            boolean np = line.split(",\\s*")[1].trim().equals("1");
            String both = "nptest " + (np ? "schedulable" : "not schedulable") + ", " + edfMethod + " "
                    + (edfSchedulable ? "schedulable" : "not schedulable");
            return np == edfSchedulable ? Observation.agreed(NPTEST_CHECK, both) : Observation.disagreed(NPTEST_CHECK, both);
        } catch (IOException e) {
            return Observation.notCompared(NPTEST_CHECK, "nptest did not run: " + e.getMessage());
        }
    }
}
