package org.gpusched.explore;

import org.gpusched.explore.job.Options;
import org.gpusched.explore.poweron.PowerOnExplorer;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How many audit-like offset sets the power-on analysis answers: every one, under a state budget
 * far below the default, including those without a cut, which the steady-state analysis refuses.
 */
class PowerOnCoverageTest {
    private static final int SETS = 200;

    @Test
    void everyAuditLikeOffsetSetIsAnswered() throws Exception {
        Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
        int noCut = 0;
        int transients = 0;
        int longest = 0;
        for (long seed = 1; seed <= SETS; seed++) {
            TaskSet ts = AuditOffsetSets.generate(seed);
            noCut += ts.origin() < 0 ? 1 : 0;
            Options o = Options.defaults().withBudget(500_000, null);
            PowerOnExplorer.Result r = new PowerOnExplorer(ts, o).searchFromPowerOn(o.budget().start());
            seen.merge(r.analysis().verdict(), 1, Integer::sum);
            transients += r.transientHyperperiods() > 0 ? 1 : 0;
            longest = Math.max(longest, r.explored());
            assertThat(r.analysis().verdict()).as("seed %d: %s", seed, r.analysis().note())
                    .isNotEqualTo(Verdict.INCONCLUSIVE);
        }
        System.out.printf("audit-like offset sets: %d, %d without a cut (refused by the steady state), verdicts %s,"
                + " %d with a transient of a hyperperiod or more, at most %d hyperperiods searched%n", SETS, noCut, seen,
                transients, longest);
        assertThat(noCut).isGreaterThan(SETS / 10);
    }
}
