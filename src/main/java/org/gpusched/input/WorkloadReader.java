package org.gpusched.input;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.model.Canonical;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Workload;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Reads a workload of either format version: v2 files through {@link WorkloadValidator}, v1 files
 * through {@link TaskSetReader} (unchanged) and then {@link Workload#ofV1}.
 */
public final class WorkloadReader {
    /** Fields that only format version 2 knows, at the top level and in a task. */
    static final Set<String> V2_TOP = Set.of("platform");
    static final Set<String> V2_TASK = Set.of("segments", "cpu", "gpuPriority", "bestEffort", "kind", "scaling",
            "partition");

    private final TaskSetReader v1;

    public WorkloadReader() {
        this(false);
    }

    /** @param allowExternalModules passed to the v1 reader ({@link KernelModules}) */
    public WorkloadReader(boolean allowExternalModules) {
        this(new TaskSetReader(allowExternalModules));
    }

    /** Shares the v1 reader and its mapper: a mapper's deserializer caches are what makes reading fast. */
    WorkloadReader(TaskSetReader v1) {
        this.v1 = v1;
    }

    public Workload read(Path file) {
        return read(file.toString(), InputText.read(file));
    }

    public Workload read(String fileName, String content) {
        TaskSetReader.Parsed doc = v1.parse(fileName, content);
        if (!isV2(doc.tree())) {
            return Workload.ofV1(v1.readV1(fileName, doc));
        }
        return readV2(fileName, doc);
    }

    /** True when the document declares {@code "formatVersion": 2}. */
    static boolean isV2(JsonNode tree) {
        JsonNode v = tree == null || !tree.isObject() ? null : tree.get("formatVersion");
        return v != null && v.isIntegralNumber() && v.canConvertToInt() && v.intValue() == 2;
    }

    Workload readV2(String fileName, TaskSetReader.Parsed doc) {
        JsonNode tree = doc.tree();
        InputDtoV2.File dto = v1.bind(fileName, doc, InputDtoV2.File.class);
        Workload w;
        try {
            w = new WorkloadValidator(fileName, Canonical.sha256(tree)).validate(dto);
        } catch (InputException e) {
            throw located(e, doc.locations());
        }
        if (w.pbs() == null) {
            return w;
        }
        // The PBS view bound as a v1 file's set is; its hash (modules included) is the workload's.
        TaskSet bound = v1.bound(w.pbs(), tree);
        return new Workload(w.formatVersion(), w.name(), w.timeUnit(), w.gpu(), w.tasks(), w.interference(),
                w.platform(), bound.sha256(), w.source(), bound, null);
    }

    /** The PBS task set of a v2 file, for the commands that only know PBS (oracle, play, ...). */
    static TaskSet pbsOf(Workload w) {
        if (w.pbs() == null) {
            throw new InputException(w.source(), "", "this command needs a PBS task set, and PBS does not apply: "
                    + w.pbsNote());
        }
        return w.pbs();
    }

    /**
     * In a file without {@code formatVersion} 2, a v2-only field gets its own message rather than
     * "unknown field": the user most likely forgot the version.
     */
    static void rejectV2Fields(String file, JsonNode tree, Map<String, JsonLocation> locations) {
        JsonNode v = tree.get("formatVersion");
        if (v != null && !(v.isIntegralNumber() && v.canConvertToInt() && v.intValue() == 1)) {
            return; // another version: the v1 validator says which ones exist
        }
        check(file, tree, "", V2_TOP, locations);
        JsonNode tasks = tree.get("tasks");
        if (tasks != null && tasks.isArray()) {
            for (int i = 0; i < tasks.size(); i++) {
                check(file, tasks.get(i), "tasks[" + i + "]", V2_TASK, locations);
            }
        }
    }

    private static void check(String file, JsonNode o, String path, Set<String> fields,
                              Map<String, JsonLocation> locations) {
        if (o == null || !o.isObject()) {
            return;
        }
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (fields.contains(f)) {
                String p = path.isEmpty() ? f : path + "." + f;
                throw located(new InputException(file, p, "field \"" + f + "\" needs formatVersion 2"
                        + " (add \"formatVersion\": 2 at the top)"), locations);
            }
        }
    }

    /** Adds the position of the path, or of its nearest enclosing value (a missing field's object). */
    static InputException located(InputException e, Map<String, JsonLocation> locations) {
        if (e.line() > 0) {
            return e;
        }
        String p = e.path();
        while (p != null) {
            JsonLocation at = locations.get(p);
            if (at != null) {
                return e.at(at.getLineNr(), at.getColumnNr());
            }
            p = parent(p);
        }
        return e;
    }

    private static String parent(String p) {
        if (p.isEmpty()) {
            return null;
        }
        int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
        return cut < 0 ? "" : p.substring(0, cut);
    }
}
