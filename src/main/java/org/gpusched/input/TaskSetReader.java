package org.gpusched.input;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
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
import org.gpusched.model.Canonical;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;

import java.nio.file.Path;
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
        JsonMapper m = JsonMapper.builder(ReadLimits.jsonFactory())
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
        for (CoercionInputShape s : new CoercionInputShape[] {CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean}) {
            m.coercionConfigFor(LogicalType.Textual).setCoercion(s, CoercionAction.Fail);
        }
        return m;
    }

    public TaskSet read(Path file) {
        return read(file.toString(), InputText.read(file));
    }

    public TaskSet read(String fileName, String content) {
        Parsed doc = parse(fileName, content);
        if (WorkloadReader.isV2(doc.tree())) {
            return WorkloadReader.pbsOf(new WorkloadReader(this).readV2(fileName, doc));
        }
        return readV1(fileName, doc);
    }

    /** A document that passed the bounded scan: its tree without the contents of x, and the positions. */
    record Parsed(JsonNode tree, Map<String, JsonLocation> locations) { }

    /**
     * The reading layer both format versions share: the bounded scan ({@link JsonScan}: syntax,
     * limits, positions, x skipped), then the tree of what is left, which must be an object with
     * object extras. Everything parsed after the scan is bounded by it.
     */
    Parsed parse(String fileName, String content) {
        JsonScan scan = JsonScan.of(fileName, content);
        if (scan.empty()) {
            throw new InputException(fileName, "", "empty file: expected a JSON object");
        }
        Map<String, JsonLocation> locations = scan.locations();
        JsonNode tree;
        try {
            tree = mapper.readTree(scan.stripped());
        } catch (JsonProcessingException e) {
            throw JsonErrors.translate(fileName, e, null, Map.of());
        }
        if (!tree.isObject()) {
            JsonLocation at = locations.get("");
            throw new InputException(fileName, "", at == null ? 1 : at.getLineNr(), at == null ? 1 : at.getColumnNr(),
                    "expected a JSON object at the top level, got " + (tree.isArray() ? "an array" : "a "
                            + tree.getNodeType().name().toLowerCase(Locale.ROOT)), null);
        }
        checkExtras(fileName, tree, "", locations);
        return new Parsed(tree, locations);
    }

    /** The document bound to {@code type}, the DTO of its format version. */
    <T> T bind(String fileName, Parsed doc, Class<T> type) {
        try {
            return mapper.treeToValue(doc.tree(), type);
        } catch (JsonProcessingException e) {
            throw JsonErrors.translate(fileName, e, doc.tree(), doc.locations());
        }
    }

    /**
     * {@code ts} bound to its document {@code tree}, with its kernel modules checked and hashed into its
     * hash (docs/format.md, "Kernel modules"): a table made for one module is refused once it changes.
     */
    TaskSet bound(TaskSet ts, JsonNode tree) {
        return KernelModules.bind(ts.withDocument(Canonical.json(tree)), allowExternalModules);
    }

    TaskSet readV1(String fileName, Parsed doc) {
        JsonNode tree = doc.tree();
        Map<String, JsonLocation> locations = doc.locations();
        WorkloadReader.rejectV2Fields(fileName, tree, locations);
        InputDto.File dto = bind(fileName, doc, InputDto.File.class);
        try {
            return bound(new TaskSetValidator(fileName, Canonical.sha256(tree)).validate(dto), tree);
        } catch (InputException e) {
            JsonLocation loc = locations.get(e.path());
            throw loc == null || e.line() > 0 ? e : e.at(loc.getLineNr(), loc.getColumnNr());
        }
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
                    throw JsonErrors.at(file, p, locs.get(p), "wrong type: expected an object"
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
}
