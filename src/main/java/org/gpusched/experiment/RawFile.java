package org.gpusched.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Canonical;
import org.gpusched.model.InputException;
import org.gpusched.output.Reasons;
import org.gpusched.output.RunFolder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-set ("raw") CSV of an experiment or of one shard: a plain CSV (header, then rows), and
 * beside it a sidecar {@code NAME.meta.json} that names the experiment and its parameters, so
 * {@code experiment merge} can rebuild the summary without being told how the shards were run:
 * <pre>
 * {"format": "gpusched-experiment", "kind": "schedulability", "params": {"seed": "1", ...}, "shard": "2/8"}
 * </pre>
 * Raw files of earlier versions, whose first line was the comment
 * {@code # gpusched-experiment KIND key=value ...}, are still read.
 */
record RawFile(String kind, Map<String, String> params, Shard shard, String header, List<String[]> rows) {
    static final String MAGIC = "# gpusched-experiment ";
    static final String FORMAT = "gpusched-experiment";
    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    static String fileName(String kind, Shard shard) {
        return shard.whole() ? kind + "-sets.csv" : kind + "-shard-" + shard.k() + "-of-" + shard.n() + ".csv";
    }

    static String metaName(String csvName) {
        return (csvName.endsWith(".csv") ? csvName.substring(0, csvName.length() - 4) : csvName) + ".meta.json";
    }

    /** Writes the CSV and its sidecar; returns both paths. */
    static List<Path> write(RunFolder dir, Experiment e, Shard shard, List<String> rows) {
        StringBuilder sb = new StringBuilder(e.header()).append('\n');
        rows.forEach(r -> sb.append(r).append('\n'));
        String name = fileName(e.kind(), shard);
        ObjectNode meta = MAPPER.createObjectNode().put("format", FORMAT).put("kind", e.kind());
        ObjectNode p = meta.putObject("params");
        e.params().forEach(p::put);
        meta.put("shard", shard.toString());
        String json;
        try {
            json = MAPPER.writer(Canonical.PRETTY).writeValueAsString(meta) + "\n";
        } catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
        Path csv = dir.writeString(name, sb.toString());
        return List.of(csv, dir.writeString(metaName(name), json));
    }

    static RawFile read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw Reasons.of(file, "cannot read", e);
        }
        if (!lines.isEmpty() && lines.get(0).startsWith(MAGIC)) {
            return readLegacy(file, lines);
        }
        Path metaFile = file.resolveSibling(metaName(file.getFileName().toString()));
        JsonNode meta;
        try {
            meta = MAPPER.readTree(metaFile.toFile());
        } catch (IOException e) {
            throw new InputException(file.toString(), "", "not a gpusched experiment CSV: cannot read its sidecar "
                    + metaFile.getFileName() + " (" + (e instanceof java.io.FileNotFoundException ? "missing"
                    : Reasons.reason(e)) + ")");
        }
        if (meta == null || !FORMAT.equals(meta.path("format").asText()) || !meta.path("kind").isTextual()
                || !meta.path("params").isObject()) {
            throw new InputException(metaFile.toString(), "", "not a gpusched experiment sidecar");
        }
        Map<String, String> params = new LinkedHashMap<>();
        meta.path("params").fields().forEachRemaining(en -> params.put(en.getKey(), en.getValue().asText()));
        Shard shard = shard(file, meta.path("shard").asText("1/1"));
        return parse(file, meta.path("kind").asText(), params, shard, lines.subList(0, lines.size()), 0);
    }

    private static RawFile readLegacy(Path file, List<String> lines) {
        if (lines.size() < 2) {
            throw new InputException(file.toString(), "", "no header line");
        }
        String[] tokens = lines.get(0).substring(MAGIC.length()).trim().split(" ");
        Map<String, String> params = new LinkedHashMap<>();
        Shard shard = Shard.ALL;
        for (int i = 1; i < tokens.length; i++) {
            int eq = tokens[i].indexOf('=');
            if (eq < 0) {
                throw new InputException(file.toString(), "", "bad parameter '" + tokens[i] + "'");
            }
            String k = tokens[i].substring(0, eq);
            String v = tokens[i].substring(eq + 1);
            if (k.equals("shard")) {
                shard = shard(file, v);
            } else {
                params.put(k, v);
            }
        }
        return parse(file, tokens[0], params, shard, lines, 1);
    }

    /** The header at {@code lines[first]}, then the rows. */
    private static RawFile parse(Path file, String kind, Map<String, String> params, Shard shard, List<String> lines,
                                 int first) {
        if (lines.size() <= first) {
            throw new InputException(file.toString(), "", "no header line");
        }
        List<String[]> rows = new ArrayList<>();
        int columns = lines.get(first).split(",", -1).length;
        for (int i = first + 1; i < lines.size(); i++) {
            if (lines.get(i).isEmpty()) {
                continue;
            }
            String[] cells = lines.get(i).split(",", -1);
            if (cells.length != columns) {
                throw new InputException(file.toString(), "", i + 1, 1, "expected " + columns + " columns", null);
            }
            // Merge sorts and counts the rows by their unit: anything but a unit number is this file's fault.
            if (!cells[0].matches("[0-9]{1,9}")) {
                throw new InputException(file.toString(), "", i + 1, 1, "not a unit number: '" + cells[0] + "'", null);
            }
            rows.add(cells);
        }
        return new RawFile(kind, params, shard, lines.get(first), rows);
    }

    /** The shard a file says it is: one that is not k/n is that file's fault, whichever of a merge it is. */
    private static Shard shard(Path file, String s) {
        try {
            return Shard.parse(s);
        } catch (IllegalArgumentException e) {
            throw new InputException(file.toString(), "", e.getMessage());
        }
    }
}
