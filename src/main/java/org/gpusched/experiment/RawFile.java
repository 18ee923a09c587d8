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
 * {@code # gpusched-experiment KIND key=value ...}, are still read. {@code headerLine} and {@code rowLines}
 * are the lines (from 1) the header and each row stand on.
 */
record RawFile(String kind, Map<String, String> params, Shard shard, String header, List<String[]> rows,
               int headerLine, List<Integer> rowLines) {
    static final String MAGIC = "# gpusched-experiment ";
    static final String FORMAT = "gpusched-experiment";
    private static final ObjectMapper MAPPER = JsonMapper.builder().build();
    private static final String NUMBER = "[0-9]{1,15}(\\.[0-9]{1,15})?";
    /** The named cell types of an experiment's column description: a pattern, and what a cell should be. */
    private static final Map<String, String[]> TYPES = Map.of(
            "count", new String[] {"[0-9]{1,18}", "a whole number >= 0"},
            "integer", new String[] {"-?[0-9]{1,18}", "a whole number"},
            "number", new String[] {NUMBER, "a number >= 0"},
            "numbers", new String[] {NUMBER + "( " + NUMBER + ")*", "numbers >= 0 separated by spaces"});

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
        List<Integer> rowLines = new ArrayList<>();
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
            rowLines.add(i + 1);
        }
        return new RawFile(kind, params, shard, lines.get(first), rows, first + 1, rowLines);
    }

    /**
     * Refuses, at its line and column, the header or the first cell that is not what {@code e} writes
     * there, so that a merge fails before it writes anything: the leading cells must be their unit's (a
     * unit of this shard), the others of their column's type ({@link Experiment#Experiment}).
     */
    void check(Path file, Experiment e) {
        List<String> columns = e.columns();
        int required = columns.size();
        while (required > 0 && columns.get(required - 1).endsWith("?")) {
            required--;
        }
        String[] names = header.split(",", -1);
        if (names.length < required || !(e.header() + ",").startsWith(header + ",")) {
            throw new InputException(file.toString(), "", headerLine, 1, "expected the header " + e.header(), null);
        }
        int per = e.rowsPerUnit();
        String perUnit = Math.max(1, per) + (per > 1 ? " raw rows" : " raw row");
        int[] count = new int[e.units()];
        for (int r = 0; r < rows.size(); r++) {
            String[] cells = rows.get(r);
            int unit = Integer.parseInt(cells[0]);
            if (unit >= e.units() || !shard.owns(unit)) {
                throw bad(file, r, 0, "unit " + unit + " is not one of shard " + shard + " of " + e.units() + " units");
            }
            if (++count[unit] > per && per > 0) {
                throw bad(file, r, 0, "unit " + unit + " again: each unit has " + perUnit);
            }
            String[] lead = e.leading(unit).split(",", -1);
            for (int j = 1; j < cells.length; j++) {
                String type = columns.get(j).contains(":") ? columns.get(j).split(":")[1] : "count";
                boolean optional = type.endsWith("?");
                type = optional ? type.substring(0, type.length() - 1) : type;
                String[] t = TYPES.getOrDefault(type, new String[] {type, "one of " + type.replace("|", ", ")});
                boolean ok = j < lead.length ? cells[j].equals(lead[j])
                        : optional && cells[j].isEmpty() || cells[j].matches(t[0]);
                if (!ok) {
                    String expected = j < lead.length ? "'" + lead[j] + "' (unit " + unit + ")" : t[1];
                    throw bad(file, r, j, names[j] + ": expected " + expected + ", got '" + cells[j] + "'");
                }
            }
            Experiment.Misfit m = e.misfit(cells);
            if (m != null) {
                throw bad(file, r, m.cell(), names[m.cell()] + ": expected " + m.expected() + ", got '"
                        + cells[m.cell()] + "'");
            }
        }
        for (int u = shard.k() - 1; u < e.units(); u += shard.n()) {
            if (count[u] < Math.max(1, per)) {
                throw new InputException(file.toString(), "", "unit " + u + " has " + count[u] + " of its " + perUnit);
            }
        }
    }

    /** The error at cell {@code j} of row {@code r}, its column counted in characters as editors do. */
    private InputException bad(Path file, int r, int j, String message) {
        int column = 1;
        for (int k = 0; k < j; k++) {
            column += rows.get(r)[k].length() + 1;
        }
        return new InputException(file.toString(), "", rowLines.get(r), column, message, null);
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
