package org.gpusched.baseline;

import org.gpusched.RandomPipelines;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.poweron.UnboundedJobs;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * EDF from power-on against its twin, a plain simulation from 0 over a fixed horizon
 * ({@link EdfFromZero}), on random pipelines (offsets, jitter, chains, every interference model,
 * GPU limits or none): the time-triggered rule on thousands of sets, its verdict equal to whether
 * the simulation meets every deadline over the hyperperiods it explored plus three, every table
 * a valid power-on table; the online rule with jitter on the sets small enough to enumerate every
 * arrival over that horizon. Where the set has a window at 0, power-on and the window's answer
 * are one (0 is a cut: the system from 0 is the window repeated).
 */
class EdfPowerOnPropertyTest {
    private static final int SETS = 1_500;
    private static final int ONLINE_SETS = 200;
    private static final long MAX_SCENARIOS = 2_000;

    @Test
    void timeTriggeredFromPowerOnEqualsLongSimulation() {
        Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
        List<String> failures = new ArrayList<>();
        int noCut = 0;
        int transients = 0;
        int compared = 0;
        for (long seed = 37_000_001; compared < SETS; seed++) {
            TaskSet ts = RandomPipelines.generate(seed, 2, 4);
            if (ts.origin() > 0) {
                continue;
            }
            TaskSet file = UnboundedJobs.fileTimeLine(ts);
            compared++;
            noCut += ts.origin() < 0 ? 1 : 0;
            for (EdfBaseline.Kind kind : EdfBaseline.Kind.values()) {
                PowerOnEdf.Result r = new PowerOnEdf(file, kind, "edf").analyze(Budget.defaults().start());
                Verdict v = r.analysis().verdict();
                seen.merge(v, 1, Integer::sum);
                if (v == Verdict.INCONCLUSIVE) {
                    failures.add(seed + " " + kind + ": inconclusive (" + r.analysis().note() + ")");
                    continue;
                }
                long horizon = (r.explored() + 3) * ts.hyperperiod();
                boolean twin = EdfFromZero.meets(file, kind, horizon, (i, k) -> file.task(i).release(k),
                        new Oracle(file));
                if ((v == Verdict.SCHEDULABLE) != twin) {
                    failures.add(seed + " " + kind + ": power-on " + v + ", plain simulation over " + (r.explored() + 3)
                            + " hyperperiods " + (twin ? "meets" : "misses"));
                }
                if (v == Verdict.SCHEDULABLE) {
                    transients += r.transientHyperperiods() > 0 ? 1 : 0;
                    List<String> problems = TableChecker.check(file, Tables.of(file, r.analysis()));
                    if (!problems.isEmpty()) {
                        failures.add(seed + " " + kind + ": table refused: " + problems.get(0));
                    }
                }
                if (ts.origin() == 0) {
                    Verdict window = Baselines.run(ts, kind, Budget.defaults().start()).analysis().verdict();
                    if (window != v || v == Verdict.SCHEDULABLE && r.transientHyperperiods() != 0) {
                        failures.add(seed + " " + kind + ": window at 0 " + window + ", power-on " + v + " transient "
                                + r.transientHyperperiods());
                    }
                }
            }
        }
        assertThat(failures).as("replay with RandomPipelines.json(seed, 2, 4)").isEmpty();
        assertThat(seen.getOrDefault(Verdict.SCHEDULABLE, 0)).isGreaterThan(SETS / 10);
        assertThat(seen.getOrDefault(Verdict.NOT_SCHEDULABLE, 0)).isGreaterThan(SETS / 10);
        assertThat(noCut).isGreaterThan(SETS / 10);
        assertThat(transients).isGreaterThan(0);
        System.out.printf("EDF (time-triggered) from power-on vs plain simulation: %d sets x 2 rules, %s, %d without"
                + " a cut, %d with a transient%n", compared, seen, noCut, transients);
    }

    @Test
    void onlineFromPowerOnEqualsEveryArrivalOverTheHorizon() {
        Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
        List<String> failures = new ArrayList<>();
        int noCut = 0;
        int compared = 0;
        for (long seed = 37_100_001; compared < ONLINE_SETS; seed++) {
            TaskSet ts = RandomPipelines.generate(seed, 2, 3);
            if (ts.origin() > 0 || !OnlineEdfGraph.differs(ts)) {
                continue;
            }
            TaskSet file = UnboundedJobs.fileTimeLine(ts);
            List<String> local = new ArrayList<>();
            List<Verdict> verdicts = new ArrayList<>();
            boolean skip = false;
            for (EdfBaseline.Kind kind : EdfBaseline.Kind.values()) {
                OnlineEdfPowerOn g = new OnlineEdfPowerOn(file, kind);
                Analysis a = g.analyze(Budget.defaults().start());
                if (a.verdict() == Verdict.INCONCLUSIVE) {
                    local.add(seed + " " + kind + ": inconclusive (" + a.note() + ")");
                    continue;
                }
                long horizon = (g.explored() + 3) * ts.hyperperiod();
                if (EdfFromZero.scenarios(file, horizon) > MAX_SCENARIOS) {
                    skip = true;
                    break;
                }
                boolean twin = EdfFromZero.everyArrival(file, kind, horizon, new Oracle(file));
                verdicts.add(a.verdict());
                if ((a.verdict() == Verdict.SCHEDULABLE) != twin) {
                    local.add(seed + " " + kind + ": online power-on " + a.verdict() + ", every arrival over "
                            + (g.explored() + 3) + " hyperperiods " + (twin ? "meets" : "misses"));
                }
                if (ts.origin() == 0) {
                    Verdict window = new OnlineEdfGraph(ts, kind).analyze(Budget.defaults().start()).verdict();
                    if (window != a.verdict()) {
                        local.add(seed + " " + kind + ": window at 0 " + window + ", online power-on " + a.verdict());
                    }
                }
            }
            if (skip) {
                continue;
            }
            compared++;
            noCut += ts.origin() < 0 ? 1 : 0;
            verdicts.forEach(v -> seen.merge(v, 1, Integer::sum));
            failures.addAll(local);
        }
        assertThat(failures).as("replay with RandomPipelines.json(seed, 2, 3)").isEmpty();
        assertThat(seen.getOrDefault(Verdict.SCHEDULABLE, 0)).isGreaterThan(ONLINE_SETS / 10);
        assertThat(seen.getOrDefault(Verdict.NOT_SCHEDULABLE, 0)).isGreaterThan(ONLINE_SETS / 10);
        assertThat(noCut).isGreaterThan(ONLINE_SETS / 20);
        System.out.printf("online EDF from power-on vs every arrival: %d sets x 2 rules, %s, %d without a cut%n",
                compared, seen, noCut);
    }
}
