package org.gpusched.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Mutates a valid task set into a hostile one, deterministically from a {@link Random}: values
 * retyped, replaced by huge, negative, extreme or oddly written numbers, hostile strings (control
 * characters, ANSI escapes, bidi overrides, lone surrogates, long text), members removed, added,
 * duplicated or repeated, deep nesting, big arrays under x and elsewhere; then, on the bytes,
 * truncation, invalid UTF-8, stray characters. Raw text (numbers as written, repeated keys) is
 * placed through placeholders that survive serialisation.
 */
final class FuzzMutator {
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(100_000).build()).build());
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** Numbers and literals as a user or an attacker might write them. */
    static final List<String> RAW = List.of("0", "-0", "1", "-1", "2", "3", "7", "31", "32", "33", "255", "256",
            "1023", "1024", "1025", "2048", "65535", "65536", "65537", "16777216", "16777217",
            "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967296",
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "18446744073709551616", "1" + "0".repeat(40), "9".repeat(99), "9".repeat(101), "1000000000000",
            "1000000000001", "999999999999", "1.0", "1.5", "1.1", "0.5", "1.0000000000000000000001",
            "1e3", "1E3", "1e-3", "1e99999999", "1e999999999", "1e-999999999", "-1e999999999", "1E+2147483647",
            "1e2147483648", "123456789.123456789e-5", "0.0", "-0.0", "1." + "0".repeat(98) + "1",
            "NaN", "Infinity", "-Infinity", "00", "01", "+1", ".5", "1.", "1e", "0x10", "true", "false", "null",
            "\"\"", "\"10\"", "\"1e99999999\"", "[]", "{}", "[1]", "{\"a\":1}");

    /** Strings with everything a name or a key should not bring to a terminal. */
    static final List<String> TEXT = List.of("", " ", "a", "x", "tau1", "\u001b[31mred\u001b[0m", "a\nfake.json: schedulable",
            "a\r\nb", "\t", "\u0000", "\u007f", "\u009b31m", "\u202eevil", "\u2066x\u2069", "\u200b", "\ufeff", "\ud800",
            "\udfff", "\ud83d\ude00", "é", "日本語", "a\"b", "a\\b", "../../etc/passwd", "-rf", "=cmd|' /C calc'!A0",
            "x".repeat(2000), "名".repeat(300), "__proto__", "constructor");

    /** The most JSON nodes a mutated tree may have (a few times the largest array mutation). */
    static final long MAX_NODES = 2_000_000;

    private final Random rnd;
    private final Map<String, String> raw = new LinkedHashMap<>();
    private final List<String> applied = new ArrayList<>();

    FuzzMutator(Random rnd) {
        this.rnd = rnd;
    }

    /** Whether the tree has more than {@code limit} nodes; stops counting there (a tree may share subtrees). */
    static boolean nodesAbove(JsonNode tree, long limit) {
        long[] left = {limit};
        java.util.ArrayDeque<JsonNode> todo = new java.util.ArrayDeque<>();
        todo.push(tree);
        while (!todo.isEmpty()) {
            JsonNode n = todo.pop();
            if (--left[0] < 0) {
                return true;
            }
            n.forEach(todo::push);
        }
        return false;
    }

    /** What was done, for the failure report. */
    List<String> applied() {
        return applied;
    }

    byte[] mutate(JsonNode seed) throws Exception {
        JsonNode tree = seed.deepCopy();
        int treeMutations = rnd.nextInt(4);
        for (int i = 0; i < treeMutations; i++) {
            JsonNode before = tree.deepCopy();
            tree = mutateTree(tree);
            if (nodesAbove(tree, MAX_NODES)) {
                // Repeats of repeats compound (1000 x 1000 x ...): the harness itself would run out of
                // heap writing such a tree. Keep the tree as it was; the reader's size limits are
                // exercised by the big arrays below MAX_NODES and by the 16 MiB file limit.
                tree = before;
                applied.add("(mutation undone: over " + MAX_NODES + " nodes)");
            }
        }
        String text = rnd.nextBoolean() ? JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree)
                : JSON.writeValueAsString(tree);
        for (Map.Entry<String, String> e : raw.entrySet()) {
            text = text.replace("\"" + e.getKey() + "\"", e.getValue());
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (treeMutations == 0 || rnd.nextInt(4) == 0) {
            bytes = mutateBytes(bytes);
        }
        return bytes;
    }

    private String placeholder(String rawText) {
        String key = "@@raw" + raw.size() + "@@";
        raw.put(key, rawText);
        return key;
    }

    private static <T> T pick(Random r, List<T> list) {
        return list.get(r.nextInt(list.size()));
    }

    /** Every container node with the way to reach it, for picking one at random. */
    private static void containers(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) {
            out.add(n);
            n.forEach(c -> containers(c, out));
        }
    }

    private JsonNode mutateTree(JsonNode root) {
        List<JsonNode> all = new ArrayList<>();
        containers(root, all);
        JsonNode c = pick(rnd, all);
        int op = rnd.nextInt(12);
        if (c.isObject()) {
            ObjectNode o = (ObjectNode) c;
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            String name = names.isEmpty() ? "x" : pick(rnd, names);
            switch (op) {
                case 0, 1, 2 -> set(o, name, F.textNode(placeholder(pick(rnd, RAW))), "raw " + name);
                case 3 -> set(o, name, retype(o.get(name)), "retype " + name);
                case 4 -> {
                    o.remove(name);
                    applied.add("remove " + name);
                }
                case 5 -> set(o, pick(rnd, TEXT), F.numberNode(rnd.nextInt(3)), "add unknown key");
                case 6 -> set(o, placeholder(JSON.valueToTree(name).toString()), o.get(name) == null ? F.nullNode()
                        : o.get(name).deepCopy(), "repeat key " + name);
                case 7 -> set(o, name, TextNode.valueOf(pick(rnd, TEXT)), "text " + name);
                case 8 -> set(o, name, nest(o.get(name)), "nest " + name);
                case 9 -> set(o, "x", bigExtras(), "big x");
                case 10 -> set(o, name, F.numberNode(interestingLong()), "number " + name);
                default -> set(o, name, o.get(name) == null ? F.nullNode() : F.textNode(o.get(name).asText()),
                        "as string " + name);
            }
        } else {
            ArrayNode a = (ArrayNode) c;
            int i = a.isEmpty() ? 0 : rnd.nextInt(a.size());
            switch (op) {
                case 0, 1 -> {
                    if (!a.isEmpty()) {
                        a.remove(i);
                    }
                    applied.add("remove element " + i);
                }
                case 2, 3 -> {
                    JsonNode e = a.isEmpty() ? F.nullNode() : a.get(i);
                    int copies = pick(rnd, List.of(1, 2, 8, 64, 70, 1000));
                    for (int k = 0; k < copies; k++) {
                        a.add(renamed(e, k));
                    }
                    applied.add("repeat element " + i + " x" + copies);
                }
                case 4 -> {
                    if (!a.isEmpty()) {
                        a.set(i, F.textNode(placeholder(pick(rnd, RAW))));
                    }
                    applied.add("raw element " + i);
                }
                case 5 -> {
                    a.add(nest(F.numberNode(1)));
                    applied.add("nested element");
                }
                default -> {
                    if (!a.isEmpty()) {
                        a.set(i, retype(a.get(i)));
                    }
                    applied.add("retype element " + i);
                }
            }
        }
        return root;
    }

    private void set(ObjectNode o, String name, JsonNode v, String what) {
        o.set(name, v);
        applied.add(what);
    }

    /** A copy of an array element; a task gets a fresh name so that bigger valid sets come out too. */
    private JsonNode renamed(JsonNode e, int k) {
        JsonNode copy = e.deepCopy();
        if (copy.isObject() && copy.has("name") && copy.has("period") && rnd.nextBoolean()) {
            ((ObjectNode) copy).put("name", copy.get("name").asText() + "_" + k);
        }
        return copy;
    }

    private JsonNode retype(JsonNode n) {
        if (n == null || n.isNull()) {
            return F.objectNode();
        }
        if (n.isNumber()) {
            return rnd.nextBoolean() ? F.textNode(n.asText()) : F.arrayNode().add(n);
        }
        if (n.isTextual()) {
            return rnd.nextBoolean() ? F.numberNode(n.asText().length()) : F.booleanNode(true);
        }
        if (n.isObject()) {
            ArrayNode a = F.arrayNode();
            n.forEach(a::add);
            return a;
        }
        if (n.isArray()) {
            return rnd.nextBoolean() ? F.objectNode() : F.textNode(n.toString());
        }
        return F.nullNode();
    }

    private JsonNode nest(JsonNode inner) {
        int depth = pick(rnd, List.of(2, 10, 60, 61, 62, 63, 64, 65, 300));
        JsonNode n = inner == null ? F.nullNode() : inner;
        for (int d = 0; d < depth; d++) {
            n = rnd.nextBoolean() ? F.arrayNode().add(n) : F.objectNode().set("a", n);
        }
        return n;
    }

    private JsonNode bigExtras() {
        int size = pick(rnd, List.of(10, 1000, 100_001, 300_000));
        ArrayNode a = F.arrayNode();
        for (int i = 0; i < size; i++) {
            a.add(i & 7);
        }
        return F.objectNode().set("samples", a);
    }

    private long interestingLong() {
        long base = pick(rnd, List.of(1L, 64L, 1024L, 65_536L, 1L << 20, 1L << 24, 1L << 31, 1_000_000_000_000L,
                Long.MAX_VALUE / 2, Long.MAX_VALUE));
        return base + rnd.nextInt(3) - 1;
    }

    private byte[] mutateBytes(byte[] b) {
        int at = b.length == 0 ? 0 : rnd.nextInt(b.length);
        switch (rnd.nextInt(5)) {
            case 0 -> {
                applied.add("truncate at " + at);
                return java.util.Arrays.copyOf(b, at);
            }
            case 1 -> {
                byte[][] bad = {{(byte) 0xFF}, {(byte) 0xC3, 0x28}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                        {(byte) 0x80}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xE2, (byte) 0x82}};
                applied.add("invalid UTF-8 at " + at);
                return insert(b, at, bad[rnd.nextInt(bad.length)]);
            }
            case 2 -> {
                String s = pick(rnd, List.of("\u001b", "\u0000", "\n", "\"", "{", "}", "[", "]", ",", ":", "\\",
                        "\\u", "é", "\ufeff", "/*", "'"));
                applied.add("insert " + Integer.toHexString(s.charAt(0)) + " at " + at);
                return insert(b, at, s.getBytes(StandardCharsets.UTF_8));
            }
            case 3 -> {
                int len = Math.min(b.length - at, 1 + rnd.nextInt(20));
                applied.add("delete " + len + " at " + at);
                byte[] out = new byte[b.length - len];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(b, at + len, out, at, b.length - at - len);
                return out;
            }
            default -> {
                applied.add("bom");
                return insert(b, 0, new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
            }
        }
    }

    private static byte[] insert(byte[] b, int at, byte[] what) {
        byte[] out = new byte[b.length + what.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(what, 0, out, at, what.length);
        System.arraycopy(b, at, out, at + what.length, b.length - at);
        return out;
    }
}
