package org.gpusched.policy;

import org.gpusched.baseline.BaselineResult;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.ExploredGraph;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.gpusched.table.TableAudit;
import org.gpusched.table.Tables;

import java.util.List;

/**
 * Method-specific detail of a result. {@link Frames} carries a PBS or EDF analysis (its table,
 * witness and statistics, rendered exactly as {@code analyze} always did); {@link Facts} is the
 * open form every other policy uses: named values (e.g. the GPU priority order found) and named
 * tables (a partition plan, time windows, a simulated timeline), which every report renders.
 */
public sealed interface Detail permits Detail.Frames, Detail.Facts {

    /**
     * @param graph    the explored graph when its export was asked for, else null
     * @param baseline an EDF baseline's whole simulation (every frame and miss), else null
     * @param tableCheck the reference core's check of the table, null when there is no table to check
     */
    record Frames(TaskSet taskSet, Analysis analysis, ExploredGraph graph, BaselineResult baseline,
                  TableAudit.Result tableCheck) implements Detail {

        /**
         * The detail of a PBS or EDF run, its table (if it found one) checked by the reference core
         * first: a table it rejects ends the run ({@link TableAudit.Rejected}) and is never reported.
         */
        public static Frames checked(TaskSet ts, Analysis a, ExploredGraph graph, BaselineResult baseline) {
            TableAudit.Result check = a.verdict() == Verdict.SCHEDULABLE && !a.schedule().isEmpty()
                    ? TableAudit.require(ts, Tables.of(ts, a)) : null;
            return new Frames(ts, a, graph, baseline, check);
        }
    }

    /** @param facts in report order; values are String, Long, Boolean or List&lt;String&gt; */
    record Facts(List<Fact> facts, List<Table> tables) implements Detail {
        public Facts {
            facts = List.copyOf(facts);
            tables = List.copyOf(tables);
        }

        public static final Facts NONE = new Facts(List.of(), List.of());
    }

    record Fact(String key, Object value) {
        public Fact {
            if (!(value instanceof String || value instanceof Long || value instanceof Boolean
                    || value instanceof List<?>)) {
                throw new IllegalArgumentException("fact " + key + ": unsupported value " + value);
            }
            if (value instanceof List<?> l) {
                value = List.copyOf(l.stream().map(String::valueOf).toList());
            }
        }
    }

    /** Rows of cells (String or Long), one per line of the table. */
    record Table(String name, List<String> columns, List<List<Object>> rows) {
        public Table {
            columns = List.copyOf(columns);
            rows = rows.stream().map(List::copyOf).toList();
        }
    }
}
