package org.gpusched.model;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The interference model: how long a batch of tasks takes when it runs in parallel.
 *
 * @param factors per task index, the slowdown factor (exactly as written; 1 when absent)
 * @param table   for the table model: task mask (bit i = task i) to completion time, sets of size >= 2
 * @param missing for the table model: what a set absent from the table does
 * @param overhead what the runtime adds to every frame (launches, submission, synchronise, copy calls);
 *                 kept here because it, too, is part of how long a batch takes
 */
public record Interference(Model model, List<BigDecimal> factors, Map<Long, Long> table, Missing missing,
                           RuntimeOverhead overhead) {

    public enum Model {
        NONE("none"), SLOWDOWN("slowdown"), TABLE("table");

        private final String json;

        Model(String json) { this.json = json; }

        public String json() { return json; }
    }

    public enum Missing {
        FORBID("forbid"), NONE("none"), SLOWDOWN("slowdown");

        private final String json;

        Missing(String json) { this.json = json; }

        public String json() { return json; }
    }

    public Interference {
        factors = List.copyOf(factors);
        table = Map.copyOf(table);
        overhead = overhead == null ? RuntimeOverhead.NONE : overhead;
    }

    /** A model without runtime overhead. */
    public Interference(Model model, List<BigDecimal> factors, Map<Long, Long> table, Missing missing) {
        this(model, factors, table, missing, RuntimeOverhead.NONE);
    }

    /** The same model with {@code o} as the runtime's per-frame cost. */
    public Interference withOverhead(RuntimeOverhead o) {
        return new Interference(model, factors, table, missing, o);
    }
}
