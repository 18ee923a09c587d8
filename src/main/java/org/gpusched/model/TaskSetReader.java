package org.gpusched.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the v1 task-set format. Jackson does the parsing and type checks; {@link TaskSetValidator}
 * the semantics. Every failure becomes an {@link InputException} with file, JSON path and position.
 */
public final class TaskSetReader {

    private final ObjectMapper mapper;

    public TaskSetReader() {
        this.mapper = strictMapper();
    }

    /** A mapper that refuses every silent conversion: nothing the user wrote is changed. */
    public static ObjectMapper strictMapper() {
        JsonMapper m = JsonMapper.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .build();
        for (LogicalType t : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
            m.coercionConfigFor(t).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
            m.coercionConfigFor(t).setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        m.coercionConfigFor(LogicalType.Textual).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        m.coercionConfigFor(LogicalType.Textual).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        m.coercionConfigFor(LogicalType.Textual).setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        return m;
    }

    public TaskSet read(Path file) {
        String name = file.toString();
        byte[] bytes;
        try {
            bytes = "-".equals(name) ? System.in.readAllBytes() : Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputException(name, "", "no such file");
        } catch (IOException e) {
            throw new InputException(name, "", "cannot read: " + e.getMessage());
        }
        return read(name, new String(bytes, StandardCharsets.UTF_8));
    }

    public TaskSet read(String fileName, String content) {
        InputDto.File dto;
        JsonNode tree;
        try {
            tree = mapper.readTree(content);
            if (tree == null || tree.isMissingNode()) {
                throw new InputException(fileName, "", "empty file: expected a JSON object");
            }
            if (!tree.isObject()) {
                throw new InputException(fileName, "", 1, 1, "expected a JSON object at the top level", null);
            }
            dto = mapper.readValue(content, InputDto.File.class);
        } catch (JsonProcessingException e) {
            throw translate(fileName, e);
        }
        Map<String, JsonLocation> locations = locate(content);
        try {
            return new TaskSetValidator(fileName, Canonical.sha256(tree)).validate(dto);
        } catch (InputException e) {
            JsonLocation loc = locations.get(e.path());
            return throwAt(e, loc);
        }
    }

    private static TaskSet throwAt(InputException e, JsonLocation loc) {
        if (loc == null || e.line() > 0) {
            throw e;
        }
        throw e.at(loc.getLineNr(), loc.getColumnNr());
    }

    private InputException translate(String file, JsonProcessingException e) {
        JsonLocation loc = e.getLocation();
        int line = loc == null ? -1 : loc.getLineNr();
        int col = loc == null ? -1 : loc.getColumnNr();
        String path;
        String detail;
        if (e instanceof UnrecognizedPropertyException u) {
            path = pathOf(u);
            detail = "unknown field \"" + u.getPropertyName() + "\" (known: " + known(u.getKnownPropertyIds())
                    + "; free-form data goes under \"x\")";
        } else if (e instanceof MismatchedInputException m) {
            path = pathOf(m);
            detail = "wrong type: expected " + describe(m.getTargetType()) + " (" + brief(m.getOriginalMessage()) + ")";
        } else if (e instanceof JsonMappingException m) {
            path = pathOf(m);
            detail = brief(m.getOriginalMessage());
        } else if (e instanceof InputCoercionException c) {
            path = contextPath(c.getProcessor() == null ? null : c.getProcessor().getParsingContext());
            detail = "number out of range (" + brief(c.getOriginalMessage()) + ")";
        } else if (e instanceof JsonParseException p) {
            path = contextPath(p.getProcessor() == null ? null : p.getProcessor().getParsingContext());
            detail = "malformed JSON: " + brief(p.getOriginalMessage());
        } else {
            path = "";
            detail = "malformed JSON: " + brief(e.getOriginalMessage());
        }
        return new InputException(file, path, line, col, detail, e);
    }

    private static String known(Collection<Object> ids) {
        if (ids == null) {
            return "?";
        }
        List<String> names = new ArrayList<>();
        for (Object o : ids) {
            names.add(String.valueOf(o));
        }
        names.sort(null);
        return String.join(", ", names);
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
        if (List.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        return "an object";
    }

    /** Jackson's messages name Java classes; keep only the part a user can act on. */
    static String brief(String msg) {
        String s = InputException.oneLine(msg);
        s = s.replaceAll("`?(java\\.lang\\.|java\\.util\\.|java\\.math\\.|org\\.gpusched\\.model\\.InputDto\\$)", "")
                .replace("`", "");
        int cut = s.indexOf(" at [Source");
        return cut > 0 ? s.substring(0, cut) : s;
    }

    static String pathOf(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    private static String contextPath(JsonStreamContext ctx) {
        List<JsonStreamContext> chain = new ArrayList<>();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            chain.add(0, c);
        }
        StringBuilder sb = new StringBuilder();
        for (JsonStreamContext c : chain) {
            if (c.inArray()) {
                sb.append('[').append(Math.max(c.getCurrentIndex(), 0)).append(']');
            } else if (c.getCurrentName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(c.getCurrentName());
            }
        }
        return sb.toString();
    }

    /** Position of every value in the document, keyed by the same path syntax as the errors. */
    static Map<String, JsonLocation> locate(String content) {
        Map<String, JsonLocation> out = new HashMap<>();
        try (JsonParser p = new JsonFactory().createParser(content)) {
            if (p.nextToken() != null) {
                walk(p, "", out);
            }
        } catch (IOException e) {
            // Already parsed once successfully; a failure here only costs the line number.
        }
        return out;
    }

    private static void walk(JsonParser p, String path, Map<String, JsonLocation> out) throws IOException {
        JsonToken t = p.currentToken();
        out.put(path, p.currentTokenLocation());
        if (t == JsonToken.START_OBJECT) {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                walk(p, path.isEmpty() ? name : path + "." + name, out);
            }
        } else if (t == JsonToken.START_ARRAY) {
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                walk(p, path + "[" + i++ + "]", out);
            }
        }
    }
}
