package org.gpusched.model;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Canonical JSON of a task set: object keys sorted, no whitespace, numbers as written, and every
 * {@code "x"} object dropped (comments must not invalidate a table). Its SHA-256 binds a
 * scheduling table to the task set it was computed for.
 */
public final class Canonical {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();
    /** Prints every JSON file gpusched writes: Jackson's layout, but "\n" line ends everywhere (not "\r\n"). */
    public static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"));
    /** Workload files as gpusched writes them: "key": value as in examples/, one array element a line. */
    public static final ObjectWriter WORKLOAD_FILE = JsonMapper.builder().build().writer(PRETTY
            .withArrayIndenter(new DefaultIndenter("  ", "\n"))
            .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER)));

    private Canonical() { }

    public static String json(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(canonical(node, ""));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String sha256(JsonNode node) {
        return sha256(json(node));
    }

    /** The SHA-256 of the text's UTF-8 bytes, in lower-case hex. */
    public static String sha256(String text) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * True for the object at this path whose keys are task names ({@code interference.factors}):
     * there "x" is a task, not user extras, and must stay in the hash.
     */
    public static boolean isNameMap(String path) {
        return "interference.factors".equals(path);
    }

    private static JsonNode canonical(JsonNode n, String path) {
        if (n.isObject()) {
            Map<String, JsonNode> sorted = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!"x".equals(e.getKey()) || isNameMap(path)) {
                    String p = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                    sorted.put(e.getKey(), canonical(e.getValue(), p));
                }
            }
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            sorted.forEach(o::set);
            return o;
        }
        if (n.isArray()) {
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            for (int i = 0; i < n.size(); i++) {
                a.add(canonical(n.get(i), path + "[" + i + "]"));
            }
            return a;
        }
        return n;
    }
}
