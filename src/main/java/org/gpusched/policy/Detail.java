package org.gpusched.policy;

import org.gpusched.baseline.BaselineResult;
import org.gpusched.explore.Analysis;
import org.gpusched.explore.ExploredGraph;
import org.gpusched.model.TaskSet;

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
     */
    record Frames(TaskSet taskSet, Analysis analysis, ExploredGraph graph, BaselineResult baseline)
            implements Detail { }

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
