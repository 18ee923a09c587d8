package org.gpusched.input;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import org.gpusched.model.InputException;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Turns Jackson's exceptions into one-line {@link InputException}s in the user's terms: the JSON
 * path, what was expected and what was found. Jackson's own wording names Java types and parser
 * features, which mean nothing to someone editing a task set.
 */
final class JsonErrors {
    private JsonErrors() { }

    /**
     * @param tree      the parsed document, or null when the text is not even well-formed JSON
     * @param locations value positions by path (from {@link JsonScan#locations}); empty when not parsed
     */
    static InputException translate(String file, JsonProcessingException e, JsonNode tree,
                                    Map<String, JsonLocation> locations) {
        JsonLocation loc = e.getLocation();
        String path = e instanceof JsonMappingException m ? pathOf(m.getPath()) : "";
        String detail;
        if (e instanceof MismatchedInputException m && brief(m.getOriginalMessage()).startsWith("Trailing token")) {
            path = "";
            detail = "malformed JSON: more content after the top-level object (only one object per file)";
        } else if (e instanceof UnrecognizedPropertyException u) {
            detail = "unknown field \"" + u.getPropertyName() + "\" (known: " + known(u.getKnownPropertyIds())
                    + "; free-form data goes under \"x\")";
        } else if (e instanceof JsonMappingException m && isRange(m)) {
            JsonNode n = nodeAt(tree, m.getPath());
            detail = "number out of range: " + (n == null ? "?" : n.asText()) + " (at most "
                    + (brief(m.getOriginalMessage()).contains("of int") ? Integer.MAX_VALUE : Long.MAX_VALUE) + ")";
        } else if (e instanceof MismatchedInputException m) {
            JsonNode n = nodeAt(tree, m.getPath());
            detail = "wrong type: expected " + describe(m.getTargetType())
                    + (n == null ? "" : ", got " + found(n));
        } else if (e instanceof JsonMappingException m) {
            detail = brief(m.getOriginalMessage());
        } else if (e instanceof InputCoercionException c) {
            path = contextPath(c.getProcessor() == null ? null : c.getProcessor().getParsingContext());
            detail = "number out of range (" + brief(c.getOriginalMessage()) + ")";
        } else if (ReadLimits.describe(e.getOriginalMessage()) != null) {
            // A reader limit met after the scan (in text the scan skips): its words, not Jackson's.
            path = e.getProcessor() instanceof com.fasterxml.jackson.core.JsonParser p
                    ? contextPath(p.getParsingContext()) : "";
            detail = ReadLimits.describe(e.getOriginalMessage());
        } else if (e instanceof JsonParseException p) {
            path = contextPath(p.getProcessor() == null ? null : p.getProcessor().getParsingContext());
            detail = "malformed JSON: " + brief(p.getOriginalMessage());
        } else {
            detail = "malformed JSON: " + brief(e.getOriginalMessage());
        }
        // Jackson reports record errors where the object ends; the value itself is more useful.
        JsonLocation own = e instanceof JsonMappingException && !path.isEmpty() ? locations.get(path) : null;
        if (own != null) {
            loc = own;
        }
        return at(file, path, loc, detail, e);
    }

    /** An input error at the position {@code at}, or at none when it is null. */
    static InputException at(String file, String path, JsonLocation at, String detail, Throwable cause) {
        return new InputException(file, path, at == null ? -1 : at.getLineNr(), at == null ? -1 : at.getColumnNr(),
                detail, cause);
    }

    private static boolean isRange(JsonMappingException m) {
        return m.getCause() instanceof InputCoercionException
                || brief(m.getOriginalMessage()).matches("(?s).*out of range of (int|long).*");
    }

    /** The node {@code refs} lead to from {@code tree}, or null where the tree has none. */
    static JsonNode nodeAt(JsonNode tree, List<JsonMappingException.Reference> refs) {
        JsonNode n = tree;
        for (JsonMappingException.Reference r : refs) {
            if (n == null) {
                return null;
            }
            n = r.getFieldName() != null ? n.get(r.getFieldName()) : r.getIndex() >= 0 ? n.get(r.getIndex()) : n;
        }
        return n;
    }

    private static String found(JsonNode n) {
        String text = n.asText();
        if (text.length() > 40) {
            text = text.substring(0, 40) + "...";
        }
        return switch (n.getNodeType()) {
            case STRING -> "a string (\"" + text + "\")";
            case NUMBER -> n.isIntegralNumber() ? "an integer (" + text + ")" : "a decimal number (" + text + ")";
            case BOOLEAN -> "a boolean (" + text + ")";
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case NULL -> "null";
            default -> "something else";
        };
    }

    private static String known(Collection<Object> ids) {
        return ids == null ? "?" : ids.stream().map(String::valueOf).sorted().collect(Collectors.joining(", "));
    }

    private static String describe(Class<?> type) {
        if (type == null) {
            return "another type";
        }
        if (type == Integer.class || type == Long.class || type == int.class || type == long.class) {
            return "an integer";
        }
        if (type == BigDecimal.class || type == Double.class) {
            return "a number";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "a boolean";
        }
        if (List.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        return "an object";
    }

    /** Jackson's messages name Java classes and parser switches; keep only the part a user can act on. */
    static String brief(String msg) {
        if (msg == null) {
            return "invalid input";
        }
        String s = msg.replaceAll("\\(start marker at \\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]\\)",
                        "(opened at line $1, column $2)")
                .replaceAll("maybe a \\(non-standard\\) comment\\?.*", "comments are not allowed in JSON"
                        + " (notes go under \"x\")")
                .replaceAll(": enable `?[A-Za-z.]*Feature\\.\\w+`? to allow", " (not allowed in JSON)")
                .replaceAll("Duplicate field '(.*)'", "duplicate key \"$1\"")
                .replaceAll(" \\(code \\d+\\)", "");
        if (s.matches("(?s)Unexpected character \\('[\\]}]'\\).*")) {
            s = s + " (a trailing comma?)";
        }
        s = InputException.oneLine(s);
        s = s.replaceAll("`?(java\\.lang\\.|java\\.util\\.|java\\.math\\.|org\\.gpusched\\.model\\.InputDto\\$)", "")
                .replace("`", "");
        int cut = s.indexOf(" at [Source");
        return cut > 0 ? s.substring(0, cut) : s;
    }

    static String pathOf(List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                sb.append(sb.length() > 0 ? "." : "").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    static String contextPath(JsonStreamContext ctx) {
        List<JsonStreamContext> chain = new ArrayList<>();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            chain.add(0, c);
        }
        StringBuilder sb = new StringBuilder();
        for (JsonStreamContext c : chain) {
            if (c.inArray()) {
                sb.append('[').append(Math.max(c.getCurrentIndex(), 0)).append(']');
            } else if (c.getCurrentName() != null) {
                sb.append(sb.length() > 0 ? "." : "").append(c.getCurrentName());
            }
        }
        return sb.toString();
    }
}
