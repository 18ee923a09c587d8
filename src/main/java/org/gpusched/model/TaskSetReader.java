package org.gpusched.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the v1 task-set format. Jackson does the parsing and type checks; {@link TaskSetValidator}
 * the semantics. A v2 file yields its PBS view (see {@link WorkloadReader}). Every failure becomes an {@link InputException} with file, JSON path and position.
 */
public final class TaskSetReader {

    private final ObjectMapper mapper;
    private final boolean allowExternalModules;

    public TaskSetReader() {
        this(false);
    }

    /**
     * @param allowExternalModules whether a {@code kernel.module} may be absolute or leave the task
     *                             set's folder ({@link KernelModules})
     */
    public TaskSetReader(boolean allowExternalModules) {
        this.mapper = strictMapper();
        this.allowExternalModules = allowExternalModules;
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
        } catch (JsonProcessingException e) {
            throw JsonErrors.translate(fileName, e, null, Map.of());
        }
        if (tree == null || tree.isMissingNode()) {
            throw new InputException(fileName, "", "empty file: expected a JSON object");
        }
        Map<String, JsonLocation> locations = locate(content);
        if (!tree.isObject()) {
            JsonLocation at = locations.get("");
            throw new InputException(fileName, "", at == null ? 1 : at.getLineNr(), at == null ? 1 : at.getColumnNr(),
                    "expected a JSON object at the top level, got " + (tree.isArray() ? "an array" : "a "
                            + tree.getNodeType().name().toLowerCase(Locale.ROOT)), null);
        }
        checkExtras(fileName, tree, "", locations);
        if (WorkloadReader.isV2(tree)) {
            return WorkloadReader.pbsOf(new WorkloadReader(this, mapper).readV2(fileName, content, tree));
        }
        WorkloadReader.rejectV2Fields(fileName, tree, locations);
        try {
            dto = mapper.readValue(content, InputDto.File.class);
        } catch (JsonProcessingException e) {
            throw JsonErrors.translate(fileName, e, tree, locations);
        }
        try {
            TaskSet ts = new TaskSetValidator(fileName, Canonical.sha256(tree)).validate(dto);
            return KernelModules.bind(ts, allowExternalModules);
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

    /**
     * "x" is the one free-form place; a non-object there is most likely a misplaced comment string
     * that the user expects to be kept, so say so instead of silently dropping it from the hash.
     */
    static void checkExtras(String file, JsonNode n, String path, Map<String, JsonLocation> locs) {
        if (n.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String p = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                // Keys of "factors" are task names, and "x" is a valid task name.
                boolean extras = "x".equals(e.getKey()) && !Canonical.isNameMap(path);
                if (extras && !e.getValue().isObject()) {
                    JsonLocation at = locs.get(p);
                    throw new InputException(file, p, at == null ? -1 : at.getLineNr(),
                            at == null ? -1 : at.getColumnNr(), "wrong type: expected an object"
                            + " (\"x\" holds user extras, e.g. {\"comment\": \"...\"})", null);
                }
                if (!extras) {
                    checkExtras(file, e.getValue(), p, locs);
                }
            }
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                checkExtras(file, n.get(i), path + "[" + i + "]", locs);
            }
        }
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
