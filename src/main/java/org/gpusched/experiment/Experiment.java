package org.gpusched.experiment;

import org.gpusched.output.RunFolder;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.*;

/**
 * One of the paper's experiments as a list of independent units (usually one task set each).
 * A unit's raw rows depend only on the parameters and the unit number, so a run can be split
 * into shards and merged back; every summary is computed from the raw rows alone.
 */
public abstract class Experiment {
    private final String kind;
    private final List<String> columns;

    /**
     * {@code columns} describes the raw rows, comma-separated: {@code NAME} for a whole number >= 0, or
     * {@code NAME:TYPE} with a type of {@link RawFile#check} or the words the cell may hold ({@code yes|no});
     * a type ending in {@code ?} may be empty, or missing at the end of a row of an earlier version.
     * The first columns, that {@link #leading} gives, are compared with the unit's instead.
     */
    Experiment(String kind, String columns) {
        this.kind = kind;
        this.columns = List.of(columns.split(","));
    }

    /** schedulability, runtime, graph-size, gcaps, cross-policy, copy-exec, partitioning or interference. */
    public final String kind() {
        return kind;
    }

    /** Everything the raw rows depend on, in a fixed order (written into every raw file). */
    public abstract Map<String, String> params();

    public abstract int units();

    /** The raw CSV header; its first column is {@code unit}. */
    public final String header() {
        return String.join(",", columns.stream().map(c -> c.split(":")[0]).toList());
    }

    /** The description of the raw columns, {@code NAME} or {@code NAME:TYPE} each. */
    final List<String> columns() {
        return columns;
    }

    /** The first cells of every raw row of {@code unit}, comma-separated: what the unit alone determines. */
    abstract String leading(int unit);

    /** How many raw rows each unit has; 0 when that depends on the run. */
    int rowsPerUnit() {
        return 1;
    }

    /** A raw cell that does not fit the others of its row: its index and what it should be. */
    record Misfit(int cell, String expected) { }

    /** The first cell of a raw row (each cell of its column's type) that the row's others rule out, or null. */
    Misfit misfit(String[] cells) {
        return null;
    }

    /** The raw rows of one unit, each starting with the unit number. */
    public abstract List<String> run(int unit);

    /** Writes the summary CSVs and plots into the run folder from all raw rows in unit order. */
    public abstract List<Path> summarize(List<String[]> rows, RunFolder dir) throws IOException;

    public static Experiment of(String kind, Map<String, String> params) {
        return switch (kind) {
            case SchedulabilityExperiment.KIND -> SchedulabilityExperiment.fromParams(params);
            case RuntimeExperiment.KIND -> RuntimeExperiment.fromParams(params);
            case GraphSizeExperiment.KIND -> GraphSizeExperiment.fromParams(params);
            case GcapsExperiment.KIND -> GcapsExperiment.fromParams(params);
            case CrossPolicyExperiment.KIND -> CrossPolicyExperiment.fromParams(params);
            case CopyExecExperiment.KIND -> CopyExecExperiment.fromParams(params);
            case PartitioningExperiment.KIND -> PartitioningExperiment.fromParams(params);
            case InterferenceExperiment.KIND -> InterferenceExperiment.fromParams(params);
            default -> throw new IllegalArgumentException("unknown experiment '" + kind + "'");
        };
    }

    /**
     * The end of a summary: checks that all {@code used} raw rows were consumed, writes the summary
     * CSV first in the list of files written and returns that list.
     */
    static List<Path> finish(List<String[]> rows, int used, RunFolder dir, String summary, CharSequence csv,
                             List<Path> written) throws IOException {
        if (used != rows.size()) {
            throw new IllegalArgumentException("expected " + used + " raw rows, got " + rows.size());
        }
        written.add(0, dir.writeString(summary, csv.toString()));
        return written;
    }

    /**
     * The {@code sets} raw rows of one point, from row {@code from}: each must name {@code group}
     * and {@code value} in columns 1 and 2 (units run group by group, point by point).
     */
    static List<String[]> point(List<String[]> rows, int from, int sets, String group, String value) {
        List<String[]> out = rows.subList(from, from + sets);
        for (String[] c : out) {
            if (!c[1].equals(group) || !c[2].equals(value)) {
                throw new IllegalArgumentException("raw rows out of order at unit " + c[0]);
            }
        }
        return out;
    }

    /** How many of {@code rows} hold {@code word} in column {@code col}. */
    static int count(List<String[]> rows, int col, String word) {
        return (int) rows.stream().filter(c -> c[col].equals(word)).count();
    }

    static String utilizations(List<Double> us) {
        return String.join(",", us.stream().map(Experiment::u).toList());
    }

    static String u(double u) {
        return String.format(Locale.ROOT, "%.2f", u);
    }

    static List<Double> doubles(String csv) {
        return Arrays.stream(csv.split(",")).map(s -> Double.parseDouble(s.trim())).toList();
    }

    /** The values comma-separated, as the parameters write a list of counts. */
    static String join(List<?> values) {
        return String.join(",", values.stream().map(String::valueOf).toList());
    }

    static Duration millis(Map<String, String> p, String key) {
        return Duration.ofMillis(Long.parseLong(get(p, key)));
    }

    public static List<Integer> ints(String csv) {
        return Arrays.stream(csv.split(",")).map(s -> Integer.parseInt(s.trim())).toList();
    }

    static String get(Map<String, String> p, String key) {
        String v = p.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing parameter '" + key + "'");
        }
        return v;
    }

    static Map<String, String> map(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }
}
