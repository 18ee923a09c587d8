package org.gpusched.input;

import com.fasterxml.jackson.databind.JsonNode;

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

    /** One rule: {@code pattern} for KERNEL and NVTX, {@code stream} for STREAM. */
    public record Rule(String task, By by, Pattern pattern, long stream) { }

    private static final Set<String> FIELDS = Set.of("task", "kernel", "stream", "nvtx");

    private NsysMap() { }

    /** The rules of {@code content}; every rule's task must be one of {@code tasks}, every task must have a rule. */
    public static List<Rule> read(String file, String content, List<String> tasks) {
        StrictJson.Document d = StrictJson.parse(file, content, "a kernel-to-task map");
        JsonNode root = d.tree();
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!f.equals("rules")) {
                throw d.error(f, "unknown field \"" + f + "\" (a map has only \"rules\")");
            }
        }
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
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!FIELDS.contains(f)) {
                throw d.error(at + "." + f, "unknown field \"" + f + "\" (a rule has \"task\" and one of \"kernel\","
                        + " \"stream\", \"nvtx\")");
            }
        }
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
            return new Rule(task.asText(), By.STREAM, null, s.asLong());
        }
        String field = n.has("kernel") ? "kernel" : "nvtx";
        JsonNode p = n.get(field);
        if (!p.isTextual() || p.asText().isEmpty()) {
            throw d.error(at + "." + field, "expected a regular expression (a non-empty string)");
        }
        try {
            return new Rule(task.asText(), field.equals("kernel") ? By.KERNEL : By.NVTX, Pattern.compile(p.asText()), -1);
        } catch (PatternSyntaxException e) {
            throw d.error(at + "." + field, "not a regular expression: " + e.getDescription());
        }
    }

    /** Whether any rule needs the trace's NVTX ranges. */
    public static boolean usesNvtx(List<Rule> rules) {
        return rules.stream().anyMatch(r -> r.by() == By.NVTX);
    }
}
