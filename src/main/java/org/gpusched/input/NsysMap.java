package org.gpusched.input;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.model.InputException;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The map of {@code profile --from-nsys}: which kernels of a trace are which task's. A JSON object
 * with one array {@code rules}; each rule names a {@code task} of the workload and exactly one of
 * {@code kernel} (a Java regular expression found in the kernel's short or demangled name),
 * {@code stream} (the CUDA stream id the trace gives) or {@code nvtx} (a regular expression found
 * in the text of an NVTX range that encloses the kernel's launch call on the launching thread).
 * A kernel belongs to the task of the first rule that matches it; no rule, no task. Read with the
 * task sets' strictness ({@link StrictJson}): unknown fields, duplicate keys and wrong types are
 * refused with the file, JSON path, line and column.
 */
public final class NsysMap {
    /** How a rule recognises a kernel. */
    public enum By { KERNEL, STREAM, NVTX }

    /**
     * Steps (characters read) one search of a rule's expression may take on a text of n characters:
     * this plus 4·n², above what a sensible expression needs (an unanchored {@code .*x.*y} reads each
     * character about n times) and far below what catastrophic backtracking ({@code (.*a){25}b}) takes.
     */
    public static final long MATCH_STEPS = 20_000_000L;

    /**
     * One rule: {@code pattern} for KERNEL and NVTX, {@code stream} for STREAM; {@code place} is where
     * the rule is in the map (file, JSON path, line, column), for the errors of {@link #finds}.
     */
    public record Rule(String task, By by, Pattern pattern, long stream, InputException place) {
        /**
         * Whether the expression occurs in {@code text}, within {@link #MATCH_STEPS}: Java's regular
         * expressions backtrack, and a map is user text run on every kernel name, so a search that
         * runs away ends in one line naming the rule (exit 2) instead of never.
         */
        public boolean finds(String text) {
            try {
                return pattern.matcher(new Metered(text, MATCH_STEPS + 4L * text.length() * text.length())).find();
            } catch (Metered.Spent e) {
                throw new InputException(place.file(), place.path(), place.line(), place.column(),
                        "the regular expression took more than " + e.getMessage() + " steps on \""
                        + (text.length() > 80 ? text.substring(0, 80) + "..." : text)
                        + "\" (it backtracks without end, e.g. a repeated group of .*: simplify it)", null);
            }
        }
    }

    /** A string whose reads are counted: the matcher reads its input only through charAt. */
    private static final class Metered implements CharSequence {
        private static final class Spent extends RuntimeException {
            private static final long serialVersionUID = 1L;

            Spent(long budget) {
                super(Long.toString(budget), null, false, false);
            }
        }

        private final String s;
        private final long budget;
        private long steps;

        Metered(String s, long budget) {
            this.s = s;
            this.budget = budget;
        }

        @Override
        public char charAt(int i) {
            if (++steps > budget) {
                throw new Spent(budget);
            }
            return s.charAt(i);
        }

        @Override
        public int length() {
            return s.length();
        }

        @Override
        public CharSequence subSequence(int from, int to) {
            return s.substring(from, to);
        }

        @Override
        public String toString() {
            return s;
        }
    }

    private static final Set<String> FIELDS = Set.of("task", "kernel", "stream", "nvtx");

    private NsysMap() { }

    /** The rules of {@code content}; every rule's task must be one of {@code tasks}, every task must have a rule. */
    public static List<Rule> read(String file, String content, List<String> tasks) {
        StrictJson.Document d = StrictJson.parse(file, content, "a kernel-to-task map");
        JsonNode root = d.tree();
        onlyFields(d, root, "", Set.of("rules"), "a map has only \"rules\"");
        JsonNode rules = root.get("rules");
        if (rules == null || !rules.isArray() || rules.isEmpty()) {
            throw d.error(rules == null ? "" : "rules", "expected a non-empty array \"rules\" of {\"task\", and one of"
                    + " \"kernel\", \"stream\", \"nvtx\"}");
        }
        List<Rule> out = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            out.add(rule(d, "rules[" + i + "]", rules.get(i), tasks));
        }
        for (String t : tasks) {
            if (out.stream().noneMatch(r -> r.task().equals(t))) {
                throw d.error("rules", "no rule for task \"" + t + "\" (every task of the workload needs its kernels"
                        + " in the trace)");
            }
        }
        return List.copyOf(out);
    }

    private static Rule rule(StrictJson.Document d, String at, JsonNode n, List<String> tasks) {
        if (!n.isObject()) {
            throw d.error(at, "expected a rule object");
        }
        onlyFields(d, n, at + ".", FIELDS, "a rule has \"task\" and one of \"kernel\", \"stream\", \"nvtx\"");
        JsonNode task = n.get("task");
        if (task == null || !task.isTextual()) {
            throw d.error(task == null ? at : at + ".task", "expected the name of a task (a string) in \"task\"");
        }
        if (!tasks.contains(task.asText())) {
            throw d.error(at + ".task", "no task \"" + task.asText() + "\" in the workload");
        }
        int given = (n.has("kernel") ? 1 : 0) + (n.has("stream") ? 1 : 0) + (n.has("nvtx") ? 1 : 0);
        if (given != 1) {
            throw d.error(at, "a rule has exactly one of \"kernel\", \"stream\", \"nvtx\" (got " + given + ")");
        }
        if (n.has("stream")) {
            JsonNode s = n.get("stream");
            if (!s.isIntegralNumber() || !s.canConvertToLong() || s.asLong() < 0) {
                throw d.error(at + ".stream", "expected a stream id (an integer >= 0)");
            }
            return new Rule(task.asText(), By.STREAM, null, s.asLong(), d.error(at + ".stream", ""));
        }
        String field = n.has("kernel") ? "kernel" : "nvtx";
        JsonNode p = n.get(field);
        if (!p.isTextual() || p.asText().isEmpty()) {
            throw d.error(at + "." + field, "expected a regular expression (a non-empty string)");
        }
        try {
            return new Rule(task.asText(), field.equals("kernel") ? By.KERNEL : By.NVTX, Pattern.compile(p.asText()), -1,
                    d.error(at + "." + field, ""));
        } catch (PatternSyntaxException e) {
            throw d.error(at + "." + field, "not a regular expression: " + e.getDescription());
        }
    }

    /** Refuses a field of {@code n} outside {@code fields}; {@code at}: the path before the field's name. */
    private static void onlyFields(StrictJson.Document d, JsonNode n, String at, Set<String> fields, String has) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!fields.contains(f)) {
                throw d.error(at + f, "unknown field \"" + f + "\" (" + has + ")");
            }
        }
    }

    /** Whether any rule needs the trace's NVTX ranges. */
    public static boolean usesNvtx(List<Rule> rules) {
        return rules.stream().anyMatch(r -> r.by() == By.NVTX);
    }
}
