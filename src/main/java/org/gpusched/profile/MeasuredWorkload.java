package org.gpusched.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.input.KernelModules;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.*;
import org.gpusched.oracle.Oracle;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

/**
 * The workload a profile (or a loop round) writes: the input file unchanged except each task's
 * {@code wcet} (the measured isolated time; in a format-2 workload, the {@code exec} of each
 * kernel's GPU segment, copies and CPU work as stated), its {@code runtime} (the measured per-frame cost,
 * which the wcets and entries then leave out) and {@code interference}, replaced by a {@code table}
 * model with {@code missing: forbid} whose entries are the measured sets, by size then task
 * order, each marked {@code origin} measured or predicted when the model is marked ({@code profile
 * --pairs}; a full profile's entries are all measured and stay unmarked). Everything else (kernels, GPU, {@code x}, the name) is kept, so the file is the same
 * workload with a measured model and reads back as a valid task set (checked before it is written).
 */
public final class MeasuredWorkload {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private MeasuredWorkload() { }

    /** The measured workload's JSON text (ending in a newline), validated by reading it back. */
    public static String json(TaskSet ts, String content, Model model, String outName) {
        ObjectNode root = (ObjectNode) parse(ts.source(), content);
        ArrayNode tasks = (ArrayNode) root.get("tasks");
        boolean v2 = root.path("formatVersion").asInt(1) == 2;
        if (v2) {
            kernelTimes(ts, tasks, model);
        } else {
            for (int i = 0; i < ts.size(); i++) {
                ((ObjectNode) tasks.get(i)).put("wcet", model.wcet()[i]);
            }
        }
        ObjectNode inter = MAPPER.createObjectNode().put("model", "table").put("missing", "forbid");
        ArrayNode entries = inter.putArray("entries");
        model.table().entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Profiler.SET_ORDER))
                .forEach(e -> {
                    ObjectNode n = entries.addObject();
                    ArrayNode names = n.putArray("tasks");
                    Arrays.stream(Oracle.tasksOf(e.getKey())).forEach(u -> names.add(ts.units().get(u).name()));
                    n.put("completion", e.getValue());
                    if (model.predicted() != null) {
                        n.put("origin", model.predicted().contains(e.getKey()) ? "predicted" : "measured");
                    }
                });
        root.set("interference", inter);
        runtime(root, model.overhead());
        if (v2) {
            relocateSegmentModules(ts, tasks, outName);
        } else {
            relocateModules(ts, tasks, outName);
        }
        String text;
        try {
            text = Canonical.WORKLOAD_FILE.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        // Read back as the analysis will: a model the reader refuses is a bug here, not a user error.
        new TaskSetReader(true).read(outName, text);
        return text;
    }

    /**
     * The measured runtime cost replaces the input's (the table's entries hold the rest of each
     * measured frame, so keeping an old cost would count the runtime twice); none measured, none
     * written, and a file that stated none comes out as it went in.
     */
    private static void runtime(ObjectNode root, RuntimeOverhead o) {
        if (o.isZero()) {
            root.remove("runtime");
            return;
        }
        root.set("runtime", MAPPER.createObjectNode().put("launch", o.launch()).put("submit", o.submit())
                .put("sync", o.sync()).put("copy", o.copy()));
    }

    /**
     * Module paths are relative to the task-set file's folder: rewritten relative to the output's
     * folder so the measured file names the same modules (outside the input's folder, reading it
     * then needs --allow-external-modules, as any such file does).
     */
    private static void relocateModules(TaskSet ts, ArrayNode tasks, String outName) {
        Path outDir = Path.of(outName).toAbsolutePath().normalize().getParent();
        for (Task t : ts.tasks()) {
            if (t.kernel() != null && t.kernel().module() != null && outDir != null) {
                Path module = KernelModules.resolve(ts.source(), t, true).toAbsolutePath().normalize();
                ((ObjectNode) tasks.get(t.index()).get("kernel")).put("module", relative(outDir, module));
            }
        }
    }

    /**
     * Each kernel's measured time into its GPU segment's {@code exec}: the chain's kernels are the
     * task's GPU segments of non-zero exec, in order, as the reader numbers them (docs/format.md).
     */
    private static void kernelTimes(TaskSet ts, ArrayNode tasks, Model model) {
        for (Unit u : ts.units()) {
            JsonNode segments = tasks.get(u.task()).path("segments");
            int seen = 0;
            for (JsonNode seg : segments) {
                JsonNode gpu = seg.get("gpu");
                if (gpu != null && gpu.path("exec").asLong() > 0 && seen++ == u.stage()) {
                    ((ObjectNode) gpu).put("exec", model.wcet()[u.index()]);
                    break;
                }
            }
        }
    }

    /** {@link #relocateModules} for the kernels of a format-2 workload's GPU segments. */
    private static void relocateSegmentModules(TaskSet ts, ArrayNode tasks, String outName) {
        Path outDir = Path.of(outName).toAbsolutePath().normalize().getParent();
        Path base = ts.source() == null || ts.source().equals("-") ? null : Path.of(ts.source()).getParent();
        Path inDir = (base == null ? Path.of("") : base).toAbsolutePath().normalize();
        for (JsonNode task : tasks) {
            for (JsonNode seg : task.path("segments")) {
                JsonNode kernel = seg.path("gpu").path("kernel");
                if (outDir != null && kernel.isObject() && kernel.path("module").isTextual()) {
                    Path module = inDir.resolve(kernel.get("module").asText()).normalize();
                    ((ObjectNode) kernel).put("module", relative(outDir, module));
                }
            }
        }
    }

    /** {@code module} relative to {@code dir}, with '/' between names on every platform. */
    private static String relative(Path dir, Path module) {
        return dir.relativize(module).toString().replace(java.io.File.separatorChar, '/');
    }

    private static JsonNode parse(String file, String content) {
        try {
            return MAPPER.readTree(content);
        } catch (JsonProcessingException e) {
            throw new InputException(file, "", "cannot be read again: " + e.getOriginalMessage());
        }
    }
}
