package org.gpusched.policy;

import org.gpusched.explore.Options;

/**
 * Knobs a method may read; each reads only its own.
 *
 * @param explore         budgets and search knobs of the PBS explorers (and the graph export limit)
 * @param audsley         GCAPS family: try Audsley's GPU priority assignment when CPU priorities fail
 * @param artifactVariant GCAPS family: the authors' artifact instead of the paper (gcaps-rta.md)
 */
public record RunOptions(Options explore, boolean audsley, boolean artifactVariant) {
    public static RunOptions defaults() {
        return new RunOptions(Options.defaults(), false, false);
    }
}
