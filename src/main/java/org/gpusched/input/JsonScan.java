package org.gpusched.input;

import com.fasterxml.jackson.core.*;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import org.gpusched.model.Canonical;
import org.gpusched.model.InputException;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * One streaming pass over the document before anything is bound: checks its syntax and Jackson's
 * {@link ReadLimits} (nesting, number, string and key lengths), counts the elements of every array
 * and the members of every object outside {@code x}, records the position of every value outside
 * {@code x}, and finds the trailing content after the top-level value. The contents of {@code x}
 * objects are checked for syntax but never held: they are skipped, and {@link #stripped()} is the
 * document with each of them emptied, which is all the binding and the canonical hash need (both
 * drop {@code x}). So a 10 MB file of comments or a 5-million-element array under {@code x} costs
 * one pass over its bytes, not a tree of millions of nodes.
 */
final class JsonScan {
    private static final JsonFactory FACTORY = ReadLimits.jsonFactory().rebuild()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private final String file;
    private final String content;
    private final Map<String, JsonLocation> locations = new HashMap<>();
    private final StringBuilder stripped = new StringBuilder();
    private int copiedUpTo;
    private boolean empty;

    private JsonScan(String file, String content) {
        this.file = file;
        this.content = content;
    }

    /**
     * Scans the document; syntax errors and limits become {@link InputException}s naming the
     * position. An empty document is not an error here ({@link #empty()}).
     */
    static JsonScan of(String file, String content) {
        JsonScan s = new JsonScan(file, content);
        try (JsonParser p = FACTORY.createParser(content)) {
            try {
                if (p.nextToken() == null) {
                    s.empty = true;
                    return s;
                }
                s.walk(p, "");
                if (p.nextToken() != null) {
                    JsonLocation at = p.currentTokenLocation();
                    throw new InputException(file, "", at.getLineNr(), at.getColumnNr(), "malformed JSON: more content"
                            + " after the top-level object (only one object per file)", null);
                }
            } catch (StreamConstraintsException e) {
                String limit = ReadLimits.describe(e.getOriginalMessage());
                if (limit == null) {
                    throw JsonErrors.translate(file, e, null, Map.of());
                }
                JsonLocation at = p.currentTokenLocation();
                throw new InputException(file, JsonErrors.contextPath(p.getParsingContext()), at.getLineNr(),
                        at.getColumnNr(), limit, e);
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw JsonErrors.translate(file, e, null, Map.of());
        } catch (IOException e) {
            throw new InputException(file, "", "cannot read: " + e.getMessage());
        }
        s.stripped.append(content, s.copiedUpTo, content.length());
        return s;
    }

    boolean empty() {
        return empty;
    }

    /** Position of every value outside {@code x}, keyed by the same path syntax as the errors. */
    Map<String, JsonLocation> locations() {
        return locations;
    }

    /** The document with the contents of every {@code x} object (or array) removed. */
    String stripped() {
        return stripped.toString();
    }

    private void walk(JsonParser p, String path) throws IOException {
        JsonToken t = p.currentToken();
        locations.put(path, p.currentTokenLocation());
        if (t == JsonToken.START_OBJECT) {
            int members = 0;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                String child = path.isEmpty() ? name : path + "." + name;
                if (++members > ReadLimits.MAX_OBJECT_MEMBERS) {
                    throw limit(p, child, "more than " + ReadLimits.MAX_OBJECT_MEMBERS
                            + " members in one object (a reader limit; free-form data goes under \"x\")");
                }
                JsonToken v = p.nextToken();
                // Keys of "factors" are task names, and "x" is a valid task name.
                if ("x".equals(name) && !Canonical.isNameMap(path) && v.isStructStart()) {
                    locations.put(child, p.currentTokenLocation());
                    skipExtras(p);
                } else {
                    walk(p, child);
                }
            }
        } else if (t == JsonToken.VALUE_STRING) {
            // Jackson checks a string's length only once its text is read: read it here, where a string
            // over the limit is refused at its own path, line and column, not later by the tree reader.
            if (p.getTextLength() > ReadLimits.MAX_STRING_CHARS) {
                throw limit(p, path, ReadLimits.describe("getMaxStringLength"));
            }
        } else if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            try {
                p.getDecimalValue();
            } catch (NumberFormatException e) {
                // 1e2147483648: within the length limit, but its exponent does not fit a BigDecimal.
                throw limit(p, path, "number out of range: " + p.getText() + " (its exponent is too large)");
            }
        } else if (t == JsonToken.START_ARRAY) {
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (i >= ReadLimits.MAX_ARRAY_ELEMENTS) {
                    throw limit(p, path, "more than " + ReadLimits.MAX_ARRAY_ELEMENTS
                            + " elements in one array (a reader limit)");
                }
                walk(p, path + "[" + i++ + "]");
            }
        }
    }

    /** Skips an x object or array (the parser still checks its syntax) and leaves it empty in {@link #stripped}. */
    private void skipExtras(JsonParser p) throws IOException {
        boolean object = p.currentToken() == JsonToken.START_OBJECT;
        int open = (int) p.currentTokenLocation().getCharOffset();
        p.skipChildren();
        int close = (int) p.currentTokenLocation().getCharOffset();
        stripped.append(content, copiedUpTo, open).append(object ? "{}" : "[]");
        copiedUpTo = close + 1;
    }

    private InputException limit(JsonParser p, String path, String detail) {
        return JsonErrors.at(file, path, p.currentTokenLocation(), detail, null);
    }
}
