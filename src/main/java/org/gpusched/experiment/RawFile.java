package org.gpusched.experiment;

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
 * The per-set ("raw") CSV of an experiment or of one shard. Its first line is a comment that
 * names the experiment and its parameters, so {@code experiment merge} can rebuild the summary
 * without being told how the shards were run:
 * <pre>
 * # gpusched-experiment schedulability seed=1 sets=50 ... [shard=2/8]
 * unit,scenario,...
 * </pre>
 */
record RawFile(String kind, Map<String, String> params, Shard shard, String header, List<String[]> rows) {
    static final String MAGIC = "# gpusched-experiment ";

    static String fileName(String kind, Shard shard) {
        return shard.whole() ? kind + "-sets.csv" : kind + "-shard-" + shard.k() + "-of-" + shard.n() + ".csv";
    }

    static Path write(RunFolder dir, Experiment e, Shard shard, List<String> rows) {
        StringBuilder sb = new StringBuilder(MAGIC).append(e.kind());
        e.params().forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        if (!shard.whole()) {
            sb.append(" shard=").append(shard);
        }
        sb.append('\n').append(e.header()).append('\n');
        for (String r : rows) {
            sb.append(r).append('\n');
        }
        return dir.writeString(fileName(e.kind(), shard), sb.toString());
    }

    static RawFile read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw Reasons.of(file, "cannot read", e);
        }
        if (lines.size() < 2 || !lines.get(0).startsWith(MAGIC)) {
            throw new IllegalArgumentException(file + ": not a gpusched experiment CSV (first line must start with '"
                    + MAGIC.trim() + "')");
        }
        String[] tokens = lines.get(0).substring(MAGIC.length()).trim().split(" ");
        Map<String, String> params = new LinkedHashMap<>();
        Shard shard = Shard.ALL;
        for (int i = 1; i < tokens.length; i++) {
            int eq = tokens[i].indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException(file + ": bad parameter '" + tokens[i] + "'");
            }
            String k = tokens[i].substring(0, eq);
            String v = tokens[i].substring(eq + 1);
            if (k.equals("shard")) {
                shard = Shard.parse(v);
            } else {
                params.put(k, v);
            }
        }
        List<String[]> rows = new ArrayList<>();
        int columns = lines.get(1).split(",", -1).length;
        for (int i = 2; i < lines.size(); i++) {
            if (lines.get(i).isEmpty()) {
                continue;
            }
            String[] cells = lines.get(i).split(",", -1);
            if (cells.length != columns) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected " + columns + " columns");
            }
            rows.add(cells);
        }
        return new RawFile(tokens[0], params, shard, lines.get(1), rows);
    }
}
