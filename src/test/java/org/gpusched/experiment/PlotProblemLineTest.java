package org.gpusched.experiment;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The plots a run could not draw cost one line on stderr, however many there were, and none when all were drawn. */
class PlotProblemLineTest {
    private static String lines(List<String> problems) {
        StringWriter s = new StringWriter();
        try (PrintWriter w = new PrintWriter(s)) {
            SweepRuns.problems(w, "experiment interference", problems);
        }
        return s.toString();
    }

    @Test
    void oneLineForAnyNumberOfPlots() {
        assertThat(lines(List.of())).isEmpty();
        assertThat(lines(List.of("plot a not drawn (UnsatisfiedLinkError: x); the CSVs are complete")).lines())
                .containsExactly("gpusched: experiment interference: plot a not drawn (UnsatisfiedLinkError: x);"
                        + " the CSVs are complete");
        assertThat(lines(List.of("plot a not drawn (E)", "plot b not drawn (E)", "plot c not drawn (E)")).lines())
                .containsExactly("gpusched: experiment interference: plot a not drawn (E) (and 2 more plots)");
    }
}
