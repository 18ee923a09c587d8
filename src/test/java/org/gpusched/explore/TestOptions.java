package org.gpusched.explore;

import org.gpusched.explore.job.Options;

/** Knobs of {@link Options} that only the tests turn. */
final class TestOptions {
    private TestOptions() { }

    /** {@code o} with {@code states} states per turn when {@code AUTO} alternates the search orders. */
    static Options dive(Options o, long states) {
        return new Options(o.merge(), o.search(), o.stop(), o.objective(), o.budget(), o.graphLimit(), states,
                o.greedyFirst(), o.threads(), o.engine());
    }
}
