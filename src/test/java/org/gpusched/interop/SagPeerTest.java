package org.gpusched.interop;

import org.gpusched.Peers;
import org.gpusched.RandomPipelines;
import org.gpusched.baseline.BaselineResult;
import org.gpusched.baseline.EdfBaseline;
import org.gpusched.baseline.OnlineEdfGraph;
import org.gpusched.baseline.OnlineEdfPowerOn;
import org.gpusched.baseline.PowerOnEdf;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.explore.CopiesPropertyTest;
import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.explore.poweron.UnboundedJobs;
import org.gpusched.model.InputException;
import org.gpusched.model.Window;
import org.gpusched.model.Job;
import org.gpusched.model.TaskSet;
import org.gpusched.input.WorkloadReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The nptest export is the job set the EDF-serial rules analyse: on random pipelines with offsets,
 * chains, copies and release jitter, nptest (the peer built by src/test/sh/build-peers.sh, run with
 * {@code -r -c} and the precedence file) reads {@code --arrival release} as edf-serial-tt, the
 * time-triggered rule, and gives its verdict, every job's finish time and every task's worst
 * response; it reads {@code --arrival window} (the default) as online edf-serial, whose verdict
 * (our schedule-abstraction graph, {@link OnlineEdfGraph}) it must give on every jittered set. Only
 * verdicts there: the graph keeps no response times, and nptest's window bounds are upper bounds.
 * -Dpeers.sag.sets=N sets the number of sets.
 */
@Tag("peers")
class SagPeerTest {
    static final int SETS = Integer.getInteger("peers.sag.sets", 400);
    private final Path dir = Path.of("target", "peers-sag").toAbsolutePath();

    /** One nptest job's completion, keyed by "task,job" as in its CSV. */
    record NpResult(boolean schedulable, Map<String, Long> finish, String log) { }

    NpResult nptest(Path np, SagJobs.Files f, boolean exact) throws Exception {
        Files.createDirectories(dir);
        Path jobs = dir.resolve("jobs.csv");
        Files.writeString(jobs, f.jobs());
        Path rta = dir.resolve("jobs.rta.csv");
        Files.deleteIfExists(rta);
        List<String> cmd = new ArrayList<>(List.of(np.toString(), "-r", "-c"));
        if (f.precedence() != null) {
            Path prec = dir.resolve("jobs.prec.csv");
            Files.writeString(prec, f.precedence());
            cmd.addAll(List.of("-p", prec.toString()));
        }
        cmd.add(jobs.toString());
        Peers.Run run = Peers.run(dir, cmd);
        assertThat(run.exit()).as(run.out()).isZero();
        String[] cells = run.out().lines().filter(l -> l.startsWith(jobs.toString())).findFirst().orElseThrow()
                .split(",\\s*");
        Map<String, Long> finish = new HashMap<>();
        for (String line : Files.readAllLines(rta).subList(1, Files.readAllLines(rta).size())) {
            String[] c = line.split(",\\s*");
            if (exact) {
                assertThat(c[2]).as("exact times: one completion per job").isEqualTo(c[3]);
            }
            finish.put(c[0].trim() + "," + c[1].trim(), Long.parseLong(c[3].trim()));
        }
        return new NpResult(cells[1].trim().equals("1"), finish, run.out() + "\n" + f.jobs());
    }

    @Test
    void nptest_reproduces_edf_serial() throws Exception {
        Path np = Peers.nptest();
        int sets = 0;
        int schedulable = 0;
        int withChains = 0;
        int withJitter = 0;
        int jobsCompared = 0;
        int tieFlips = 0;
        int windowsRead = 0;
        int onlineSchedulable = 0;
        int onlineInconclusive = 0;
        for (long seed = 25_000_001; sets < SETS; seed++) {
            TaskSet ts;
            try {
                ts = new WorkloadReader().read("sag-" + seed + ".json",
                        CopiesPropertyTest.withCopies(RandomPipelines.json(seed, 2, 4), seed, 1)).pbs();
                if (ts != null) {
                    Window.require(ts); // the EDF analyses need a steady state, as the reader's windows
                }
            } catch (InputException e) {
                continue; // a window with no cut: the reader says so; the generator's documented skip
            }
            if (ts == null || ts.kernelCount() > 400) {
                continue;
            }
            sets++;
            boolean jitter = ts.tasks().stream().anyMatch(t -> t.jitter() > 0);
            SagJobs.Files f = SagJobs.write(ts, jitter ? SagJobs.Arrival.RELEASE : SagJobs.Arrival.WINDOW,
                    SagJobs.Priority.RANK);
            withJitter += jitter ? 1 : 0;
            withChains += f.precedence() != null ? 1 : 0;
            NpResult r = nptest(np, f, true);
            BaselineResult edf = new EdfBaseline(ts, EdfBaseline.Kind.SERIAL).run();
            String as = "seed " + seed + "\n" + r.log();
            assertThat(r.schedulable()).as(as).isEqualTo(edf.schedulable());
            schedulable += edf.schedulable() ? 1 : 0;
            long[] worst = new long[ts.size()];
            for (Frame fr : edf.frames()) {
                JobRef j = fr.batch().get(0);
                String key = (j.task() + 1) + "," + SagJobs.jobId(ts.task(j.task()), j.job(), j.stage());
                assertThat(r.finish().get(key)).as(as + "\njob " + key).isEqualTo(fr.end());
                jobsCompared++;
                if (j.stage() == ts.task(j.task()).kernels() - 1) {
                    worst[j.task()] = Math.max(worst[j.task()], fr.end() - ts.task(j.task()).arrival(j.job()));
                }
            }
            assertThat(r.finish()).as(as).hasSize(edf.frames().size());
            long[] npWorst = new long[ts.size()];
            for (Job j : ts.jobs()) {
                int last = ts.task(j.task()).kernels() - 1;
                long end = r.finish().get((j.task() + 1) + "," + SagJobs.jobId(ts.task(j.task()), j.index(), last));
                npWorst[j.task()] = Math.max(npWorst[j.task()], end - j.arrival());
            }
            assertThat(npWorst).as(as).isEqualTo(worst);
            // Deadlines as priorities: nptest breaks equal deadlines by task, not by arrival.
            tieFlips += nptest(np, SagJobs.write(ts, SagJobs.Arrival.RELEASE, SagJobs.Priority.DEADLINE), true).schedulable()
                    != edf.schedulable() ? 1 : 0;
            if (jitter) { // the online reading: nptest explores every release in [a, a + J], as edf-serial does
                NpResult online = nptest(np, SagJobs.write(ts, SagJobs.Arrival.WINDOW, SagJobs.Priority.RANK), false);
                Verdict ours = new OnlineEdfGraph(ts, EdfBaseline.Kind.SERIAL).analyze(Budget.defaults().start()).verdict();
                if (ours == Verdict.INCONCLUSIVE) {
                    onlineInconclusive++;
                } else {
                    assertThat(online.schedulable()).as("online, " + as + "\n" + online.log())
                            .isEqualTo(ours == Verdict.SCHEDULABLE);
                    windowsRead++;
                    onlineSchedulable += online.schedulable() ? 1 : 0;
                }
            }
        }
        System.out.println("nptest peers: " + sets + " random sets (" + withChains + " with chains, " + withJitter
                + " with jitter, " + schedulable + " schedulable): verdicts, per-task WCRT and " + jobsCompared
                + " kernel finish times equal to edf-serial-tt in all; with --priority deadline " + tieFlips
                + " verdicts differ (ties); " + windowsRead + " jitter sets read with --arrival window: verdict equal"
                + " to online edf-serial (" + onlineSchedulable + " schedulable; " + onlineInconclusive
                + " left out, our graph over budget)");
    }

    /** Counts of the power-on comparison. */
    static final class PowerOnTally {
        int sets;
        int noWindow;
        int schedulable;
        int withJitter;
        int jobsCompared;
        int online;
        int onlineSchedulable;
        long turns;

        @Override
        public String toString() {
            return sets + " sets whose steady-state window is not at 0 (" + noWindow + " with none, " + withJitter + " with jitter, " + schedulable
                    + " schedulable time-triggered, " + turns + " hyperperiods exported in all): verdicts equal to"
                    + " edf-serial-tt from power-on, " + jobsCompared + " kernel finish times equal; " + online
                    + " jitter sets read with --arrival window: verdict equal to online edf-serial from power-on ("
                    + onlineSchedulable + " schedulable)";
        }
    }

    /**
     * Sets whose steady-state window does not start at 0 or that have none, answered from power-on
     * (as edf-serial answers them by default): the export of the jobs over the
     * hyperperiods EDF explores plus one ({@link SagJobs#fromPowerOn}). Read with {@code --arrival
     * release}, nptest's verdict equals edf-serial's time-triggered power-on verdict and every kernel
     * our power-on schedule (or the run up to its miss) holds finishes when nptest says; read with
     * {@code --arrival window} (the jittered sets), its verdict equals online edf-serial's from
     * power-on. The examples with offsets, then random pipelines; -Dpeers.sag.poweron=N sets their
     * number.
     */
    @Test
    void nptest_agrees_with_edf_serial_from_power_on() throws Exception {
        Path np = Peers.nptest();
        int wanted = Integer.getInteger("peers.sag.poweron", 200);
        PowerOnTally examples = new PowerOnTally();
        try (java.util.stream.Stream<Path> files = Files.list(Path.of("examples"))) {
            for (Path p : files.filter(x -> x.toString().endsWith(".json")).sorted().toList()) {
                TaskSet ts = new WorkloadReader().read(p).pbs();
                if (ts != null && ts.origin() != 0) {
                    assertThat(powerOn(np, ts, p.toString(), examples)).as(p.toString()).isTrue();
                }
            }
        }
        PowerOnTally random = new PowerOnTally();
        int left = 0;
        for (long seed = 25_500_001; random.sets < wanted; seed++) {
            TaskSet ts;
            try {
                // every other set smaller and without copies, so that some are schedulable from power-on
                String json = seed % 2 == 0 ? CopiesPropertyTest.withCopies(RandomPipelines.json(seed, 2, 4), seed, 1)
                        : RandomPipelines.json(seed, 2, 2);
                ts = new WorkloadReader().read("sag-" + seed + ".json", json).pbs();
            } catch (InputException e) {
                continue;
            }
            if (ts == null || ts.origin() == 0 || ts.kernelCount() > 200) {
                continue;
            }
            left += powerOn(np, ts, "seed " + seed, random) ? 0 : 1;
        }
        System.out.println("nptest peers, from power-on: examples: " + examples + "; random pipelines: " + random
                + "; " + left + " left out, no repeating state within the bound");
        assertThat(examples.schedulable).as("offsets-alternation is schedulable").isPositive();
        assertThat(random.noWindow).isPositive().isLessThan(random.sets);
        assertThat(random.schedulable).isPositive().isLessThan(random.sets);
    }

    /** One set's comparison (on the file's time line); false when EDF from power-on is inconclusive. */
    private boolean powerOn(Path np, TaskSet read, String what, PowerOnTally tally) throws Exception {
        TaskSet ts = UnboundedJobs.fileTimeLine(read);
        PowerOnEdf.Result tt = new PowerOnEdf(ts, EdfBaseline.Kind.SERIAL, "edf-serial-tt")
                .analyze(Budget.defaults().start());
        if (tt.analysis().verdict() == Verdict.INCONCLUSIVE) {
            return false;
        }
        tally.sets++;
        tally.noWindow += read.origin() < 0 ? 1 : 0;
        tally.turns += tt.explored() + 1;
        boolean jitter = ts.tasks().stream().anyMatch(t -> t.jitter() > 0);
        tally.withJitter += jitter ? 1 : 0;
        NpResult r = nptest(np, SagJobs.fromPowerOn(ts, tt.explored() + 1, SagJobs.Arrival.RELEASE,
                SagJobs.Priority.RANK), true);
        boolean ours = tt.analysis().verdict() == Verdict.SCHEDULABLE;
        String as = what + " (" + (tt.explored() + 1) + " hyperperiods)\n" + r.log();
        assertThat(r.schedulable()).as(as).isEqualTo(ours);
        tally.schedulable += ours ? 1 : 0;
        List<Frame> frames = ours ? tt.analysis().schedule() : tt.analysis().witness().path();
        for (Frame fr : frames) {
            JobRef j = fr.batch().get(0);
            String key = (j.task() + 1) + "," + SagJobs.jobId(ts.task(j.task()), j.job(), j.stage());
            assertThat(r.finish().get(key)).as(as + "\njob " + key).isEqualTo(fr.end());
            tally.jobsCompared++;
        }
        if (jitter) {
            OnlineEdfPowerOn g = new OnlineEdfPowerOn(ts, EdfBaseline.Kind.SERIAL);
            Verdict v = g.analyze(Budget.defaults().start()).verdict();
            if (v != Verdict.INCONCLUSIVE) {
                NpResult w = nptest(np, SagJobs.fromPowerOn(ts, g.explored() + 1, SagJobs.Arrival.WINDOW,
                        SagJobs.Priority.RANK), false);
                assertThat(w.schedulable()).as("online, " + as + "\n" + w.log()).isEqualTo(v == Verdict.SCHEDULABLE);
                tally.online++;
                tally.onlineSchedulable += w.schedulable() ? 1 : 0;
            }
        }
        return true;
    }
}
