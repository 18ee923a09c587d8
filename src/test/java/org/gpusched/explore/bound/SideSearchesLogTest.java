package org.gpusched.explore.bound;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A side search that stops without an answer says why with {@code --verbose} (INFO): on a 32-task set
 * of the paper's workload no sweep can run at all (its counts need more bits than a key has), which
 * the report alone cannot show.
 */
class SideSearchesLogTest {
    @Test
    void every_part_that_stops_without_an_answer_says_why() {
        TaskSet ts = Generator.generate(1, Scenario.LARGE, 1.6, 32, 3).parse();
        List<String> lines = logged(ts, 4);
        assertThat(lines).contains(
                "earliest-time sweep (width 8, keyed by count vectors) stopped after 0 states: "
                        + "the counts of the hyperperiod need more than 126 bits",
                "earliest-time sweep (width 10, keyed by ready sets) stopped after 0 states: "
                        + "the counts of the hyperperiod need more than 124 bits",
                "window relaxation over all but the lightest tasks retired: "
                        + "more than 16 kernels ready at once for the jobs due by 1600");
    }

    @Test
    void a_sweep_that_empties_says_after_how_many_states() {
        // Over-utilised: no PBS schedule, so every sweep runs out of states.
        TaskSet ts = Generator.generate(1, Scenario.LARGE, 2.5, 6, 0).parse();
        List<String> lines = logged(ts, 50);
        assertThat(lines).anyMatch(l -> l.matches(
                "earliest-time sweep \\(width 8, keyed by count vectors\\) stopped after [1-9][0-9]* states: no state left"));
    }

    private static List<String> logged(TaskSet ts, int turns) {
        Logger log = (Logger) LoggerFactory.getLogger(SideSearches.class);
        ListAppender<ILoggingEvent> seen = new ListAppender<>();
        seen.start();
        Level before = log.getLevel();
        log.setLevel(Level.INFO);
        log.setAdditive(false); // only to the list, not the build's console
        log.addAppender(seen);
        try {
            Budget.Meter meter = Options.defaults().budget().start();
            SideSearches side = new SideSearches(ts, new JobModel(ts), meter, LiveBound.Mutation.NONE, 1 << 20, true, 1_000);
            for (int i = 0; i < turns && !side.step(10_000); i++) {
                // turns until every part has stopped or one answered
            }
        } finally {
            log.detachAppender(seen);
            log.setLevel(before);
            log.setAdditive(true);
        }
        return seen.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
}
