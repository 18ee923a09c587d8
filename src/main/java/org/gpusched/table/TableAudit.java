package org.gpusched.table;

import org.gpusched.model.TaskSet;
import org.gpusched.reference.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Every table gpusched hands out is checked first by the reference core, which reads the task set's
 * own document and shares no code with the engines, the oracle or {@link TableChecker}. A table it
 * rejects is a bug in gpusched: it is never reported as a result ({@link Rejected}, exit 70), and
 * the caller keeps it in a failure file for the bug report.
 */
public final class TableAudit {
    private static final Logger LOG = LoggerFactory.getLogger(TableAudit.class);

    private TableAudit() { }

    /** What a report says of the check: which checker passed the table (a rejection is never a result). */
    public record Result(String checker) {
        public static final Result PASSED = new Result(Reference.CHECKER);
    }

    /** The reference core rejected a table gpusched produced. */
    public static final class Rejected extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient String table;
        private final transient List<String> problems;

        Rejected(String table, List<String> problems) {
            super("the reference core rejected the table gpusched found (" + problems.size() + " problem"
                    + (problems.size() == 1 ? "" : "s") + ", first: " + problems.get(0) + ")");
            this.table = table;
            this.problems = List.copyOf(problems);
        }

        /** The rejected table as JSON, to be kept for the bug report. */
        public String table() {
            return table;
        }

        public List<String> problems() {
            return problems;
        }
    }

    /**
     * Checks the table against the document the set was read from; {@link Result#PASSED} when the
     * reference accepts it, null when the set has no document (it was derived from another set by
     * changing its times, so no reader of a file can check it).
     *
     * @throws Rejected when the reference core finds the table invalid
     */
    public static Result require(TaskSet ts, SchedulingTable t) {
        if (ts.document() == null) {
            return null;
        }
        long start = System.nanoTime();
        String json = Tables.toJson(t);
        List<String> problems;
        try {
            problems = Reference.checkTable(ts.document(), json);
        } catch (IllegalArgumentException | ArithmeticException e) {
            problems = List.of("the reference core could not read it: " + e.getMessage());
        }
        LOG.debug("reference check of a table of {} frames: {} problem(s) in {} ms", t.entries().size(),
                problems.size(), (System.nanoTime() - start) / 1_000_000);
        if (!problems.isEmpty()) {
            throw new Rejected(json, problems);
        }
        return Result.PASSED;
    }
}
