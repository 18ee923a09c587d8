package org.gpusched.input;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.*;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import org.gpusched.model.InputException;

import java.util.List;
import java.util.Map;

/**
 * The task-set reader's strictness for other gpusched documents (scheduling tables): the same
 * mapper ({@link TaskSetReader#strictMapper}: no trailing content, no duplicate keys, no string for a
 * number, no fraction for an integer, no unknown field) and the same one-line errors
 * (FILE:LINE:COL: json.path: message, {@link JsonErrors}). Records are bound directly, so a
 * missing field is refused too instead of becoming 0, and a constructor's refusal is a one-line
 * input error, never "Cannot construct instance of ...".
 */
public final class StrictJson {
    private static final ObjectMapper MAPPER = TaskSetReader.strictMapper();

    private StrictJson() { }

    /** A parsed document: its tree and where each of its values starts, by JSON path. */
    public record Document(String file, String content, JsonNode tree, Map<String, JsonLocation> locations) {
        /** An input error at {@code path}, with the line and column of the value there. */
        public InputException error(String path, String detail) {
            return JsonErrors.at(file, path, locations.get(path), detail, null);
        }
    }

    /** Parses {@code content}; refuses malformed JSON, an empty file and anything but an object. */
    public static Document parse(String file, String content, String what) {
        // The task set's bounded scan first: syntax, the reader's limits and the positions.
        JsonScan scan = JsonScan.of(file, content);
        if (scan.empty()) {
            throw new InputException(file, "", "empty file: expected " + what + " (a JSON object)");
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(content);
        } catch (JsonProcessingException e) {
            throw JsonErrors.translate(file, e, null, Map.of());
        }
        Document d = new Document(file, content, tree, scan.locations());
        if (!tree.isObject()) {
            throw d.error("", "expected " + what + " (a JSON object), got " + (tree.isArray() ? "an array"
                    : "a " + tree.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
        }
        return d;
    }

    /**
     * Binds the document to {@code type}, every field required (null is a value: a record that
     * cannot take it says so in its constructor, with an {@link IllegalArgumentException}).
     */
    public static <T> T bind(Document d, Class<T> type) {
        ObjectReader r = MAPPER.readerFor(type).with(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES);
        try {
            return r.readValue(d.content());
        } catch (ValueInstantiationException e) {
            // A record's constructor refused a value: its message is written for the user.
            Throwable c = e.getCause() == null ? e : e.getCause();
            throw located(d, JsonErrors.pathOf(e.getPath()), c.getMessage() == null ? "invalid value" : c.getMessage(),
                    e);
        } catch (JsonMappingException e) {
            String missing = missingField(d.tree(), e);
            if (missing != null) {
                throw located(d, parentPath(e), "missing required field \"" + missing + "\"", e);
            }
            InputException x = JsonErrors.translate(d.file(), e, d.tree(), d.locations());
            // JsonErrors speaks of task sets, where "x" holds free-form data; other documents have no "x".
            throw new InputException(x.file(), x.path(), x.line(), x.column(),
                    x.detail().replace("; free-form data goes under \"x\"", ""), e);
        } catch (JsonProcessingException e) {
            throw JsonErrors.translate(d.file(), e, d.tree(), d.locations());
        }
    }

    /** The error at {@code path} (an object that lacks a field, or the value a constructor refused). */
    private static InputException located(Document d, String path, String detail, JsonMappingException e) {
        return JsonErrors.at(d.file(), path, d.locations().getOrDefault(path, e.getLocation()), detail, e);
    }

    /**
     * The name of the field Jackson failed on when the document simply lacks it (Jackson reports a
     * missing primitive as "cannot map null"), else null.
     */
    private static String missingField(JsonNode tree, JsonMappingException e) {
        String msg = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (msg.startsWith("Missing required creator property")) {
            int a = msg.indexOf('\'');
            int b = a < 0 ? -1 : msg.indexOf('\'', a + 1);
            return b < 0 ? "?" : msg.substring(a + 1, b);
        }
        List<JsonMappingException.Reference> refs = e.getPath();
        if (refs.isEmpty() || refs.get(refs.size() - 1).getFieldName() == null) {
            return null;
        }
        JsonNode n = JsonErrors.nodeAt(tree, refs.subList(0, refs.size() - 1));
        String field = refs.get(refs.size() - 1).getFieldName();
        return n != null && n.isObject() && !n.has(field) ? field : null;
    }

    private static String parentPath(JsonMappingException e) {
        List<JsonMappingException.Reference> refs = e.getPath();
        boolean field = !refs.isEmpty() && refs.get(refs.size() - 1).getFieldName() != null;
        return JsonErrors.pathOf(field ? refs.subList(0, refs.size() - 1) : refs);
    }
}
