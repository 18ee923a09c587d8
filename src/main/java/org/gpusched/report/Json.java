package org.gpusched.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one mapper the CLI writes JSON with (compact: one object per line). */
public final class Json {
    public static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private Json() { }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** The named fields of {@code value} (a record) as Jackson writes them, in the order named. */
    public static ObjectNode pick(Object value, String... names) {
        ObjectNode all = MAPPER.valueToTree(value);
        ObjectNode o = object();
        for (String n : names) {
            o.set(n, all.required(n));
        }
        return o;
    }

    /** Version of the JSON report contract (docs/report-format.md); raised on incompatible changes. */
    public static final int REPORT_VERSION = 2;

    /**
     * One JSON line of a report. Every object report starts with {@code reportVersion}, added here
     * so that no command can forget it.
     */
    public static String line(Object node) {
        try {
            if (node instanceof ObjectNode o && !o.has("reportVersion")) {
                ObjectNode v = MAPPER.createObjectNode().put("reportVersion", REPORT_VERSION);
                v.setAll(o);
                node = v;
            }
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
