package org.gpusched.model;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The interference model: how long a batch of tasks takes when it runs in parallel.
 *
 * @param factors per task index, the slowdown factor (exactly as written; 1 when absent)
 * @param table   for the table model: task mask (bit i = task i) to completion time, sets of size >= 2
 * @param missing for the table model: what a set absent from the table does
 * @param overhead what the runtime adds to every frame (launches, submission, synchronise, copy calls);
 *                 kept here because it, too, is part of how long a batch takes
 * @param predicted for a table whose entries are marked ({@code origin}): the sets whose completion was
 *                  predicted rather than measured; null when no entry is marked (it changes no time, only
 *                  what a measured copy of the workload says of each entry)
 */
public record Interference(Model model, List<BigDecimal> factors, Map<Long, Long> table, Missing missing,
                           RuntimeOverhead overhead, Set<Long> predicted) {

    public enum Model {
        NONE, SLOWDOWN, TABLE;

        public String json() { return name().toLowerCase(Locale.ROOT); }
    }

    public enum Missing {
        FORBID, NONE, SLOWDOWN;

        public String json() { return name().toLowerCase(Locale.ROOT); }
    }

    public Interference {
        factors = List.copyOf(factors);
        table = Map.copyOf(table);
        overhead = overhead == null ? RuntimeOverhead.NONE : overhead;
        predicted = predicted == null ? null : Set.copyOf(predicted);
    }

    /** A model whose entries carry no marks. */
    public Interference(Model model, List<BigDecimal> factors, Map<Long, Long> table, Missing missing,
                        RuntimeOverhead overhead) {
        this(model, factors, table, missing, overhead, null);
    }

    /** The same model with {@code o} as the runtime's per-frame cost. */
    public Interference withOverhead(RuntimeOverhead o) {
        return new Interference(model, factors, table, missing, o, predicted);
    }
}
