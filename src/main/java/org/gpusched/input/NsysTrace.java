package org.gpusched.input;

import org.gpusched.model.InputException;
import org.sqlite.SQLiteConfig;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.*;
import java.util.*;

/**
 * The GPU activity of an Nsight Systems trace, read from its SQLite export ({@code nsys export
 * --type sqlite}): kernels (CUPTI_ACTIVITY_KIND_KERNEL, names through StringIds), memory copies
 * (CUPTI_ACTIVITY_KIND_MEMCPY, optional: the exporter creates tables only for what was traced) and
 * NVTX ranges (NVTX_EVENTS with the launching thread of each kernel from CUPTI_ACTIVITY_KIND_RUNTIME,
 * read only when {@code withNvtx}). Columns are checked (sqlite_master, PRAGMA table_info) before
 * anything is selected, so a file from another tool or another schema fails with one line naming
 * the table and column. The database is opened read-only and never changed. Times are the trace's
 * nanoseconds; rows come in (start, end, rowid) order so the same file reads the same.
 */
public final class NsysTrace {
    public static final String KERNELS = "CUPTI_ACTIVITY_KIND_KERNEL";
    public static final String MEMCPY = "CUPTI_ACTIVITY_KIND_MEMCPY";
    public static final String RUNTIME = "CUPTI_ACTIVITY_KIND_RUNTIME";
    public static final String NVTX = "NVTX_EVENTS";
    public static final String STRINGS = "StringIds";
    /** NVTX_EVENTS.eventType of push/pop and start/end ranges (NVTX_EVENT_TYPE enumeration of the exporter). */
    static final int PUSH_POP_RANGE = 59;
    static final int START_END_RANGE = 60;

    /**
     * One kernel execution. {@code launchTid}/{@code launchStart}: the thread and time of its
     * launch call (from the runtime table by correlation id; 0 and -1 when not read or not found).
     */
    public record Kernel(long start, long end, long stream, String shortName, String demangledName,
                         long launchTid, long launchStart) { }

    /** One memory copy; {@code kind} is CUPTI's copy kind (1 host to device, 2 device to host, ...). */
    public record Memcpy(long start, long end, long stream, long bytes, int kind) { }

    /** One NVTX range on a thread (push/pop or start/end). */
    public record Range(long start, long end, long tid, String text) { }

    public record Trace(String file, List<Kernel> kernels, List<Memcpy> copies, List<Range> ranges) {
        public Trace {
            kernels = List.copyOf(kernels);
            copies = List.copyOf(copies);
            ranges = List.copyOf(ranges);
        }
    }

    private NsysTrace() { }

    /** Reads {@code file}; any problem with it is one {@link InputException} naming it (exit 2). */
    public static Trace read(Path file, boolean withNvtx) {
        String name = file.toString();
        if (!Files.isRegularFile(file)) {
            throw new InputException(name, "", Files.exists(file) ? "not a regular file" : "no such file");
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath(), config.toProperties())) {
            Set<String> tables = tables(c, name);
            require(c, name, tables, KERNELS, "start", "end", "streamId", "shortName", "demangledName", "correlationId");
            require(c, name, tables, STRINGS, "id", "value");
            if (withNvtx) {
                require(c, name, tables, RUNTIME, "start", "globalTid", "correlationId");
                require(c, name, tables, NVTX, "start", "end", "eventType", "globalTid", "text");
            }
            List<Kernel> kernels = kernels(c, name, withNvtx);
            List<Memcpy> copies = List.of();
            if (tables.contains(MEMCPY)) {
                require(c, name, tables, MEMCPY, "start", "end", "streamId", "bytes", "copyKind");
                copies = copies(c, name);
            }
            List<Range> ranges = withNvtx ? ranges(c, name, columns(c, NVTX).contains("textid")) : List.of();
            return new Trace(name, kernels, copies, ranges);
        } catch (SQLException e) {
            throw new InputException(name, "", "cannot be read as an Nsight Systems SQLite export ("
                    + InputException.oneLine(e.getMessage()) + ")");
        }
    }

    /** Reads one value of a result row. */
    private interface RowReader<T> {
        T read(ResultSet r) throws SQLException;
    }

    /** Every row {@code sql} selects, read by {@code row}, in the query's order. */
    private static <T> List<T> rows(Connection c, String sql, RowReader<T> row) throws SQLException {
        List<T> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql); ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(row.read(r));
            }
        }
        return out;
    }

    private static Set<String> tables(Connection c, String name) throws SQLException {
        return new HashSet<>(rows(c, "SELECT name FROM sqlite_master WHERE type IN ('table','view')",
                r -> r.getString(1)));
    }

    private static Set<String> columns(Connection c, String table) throws SQLException {
        // The table name is one of this class's constants, never user text.
        return new HashSet<>(rows(c, "PRAGMA table_info(" + table + ")",
                r -> r.getString("name").toLowerCase(Locale.ROOT)));
    }

    private static void require(Connection c, String name, Set<String> tables, String table, String... cols)
            throws SQLException {
        if (!tables.contains(table)) {
            throw new InputException(name, "", "no table " + table + " (an Nsight Systems SQLite export of a trace"
                    + " with " + what(table) + " has one: nsys profile --trace=cuda" + (table.equals(NVTX) ? ",nvtx" : "")
                    + ", then nsys export --type sqlite)");
        }
        Set<String> have = columns(c, table);
        for (String col : cols) {
            if (!have.contains(col.toLowerCase(Locale.ROOT))) {
                throw new InputException(name, "", "table " + table + " has no column " + col
                        + " (not an Nsight Systems schema gpusched knows; see docs/player.md, profile --from-nsys)");
            }
        }
    }

    private static String what(String table) {
        return switch (table) {
            case NVTX -> "NVTX ranges";
            case MEMCPY -> "memory copies";
            case RUNTIME -> "CUDA API calls";
            default -> "CUDA kernels";
        };
    }

    /**
     * The times of one row, refused unless both are integers (SQLite keeps whatever a column is given:
     * text or NULL would read as 0) with end >= start (a negative duration would lower a WCET), with
     * the table and row they came from. {@code at} is the column of the row's start; end, the types of
     * both and the rowid follow it.
     */
    private static void times(String file, String table, ResultSet r, int at) throws SQLException {
        String where = table + " rowid " + r.getLong(at + 4);
        for (int i = 0; i < 2; i++) {
            String type = r.getString(at + 2 + i);
            if (!"integer".equals(type)) {
                throw new InputException(file, where, (i == 0 ? "start" : "end") + " is " + ("null".equals(type)
                        ? "NULL" : "not an integer (" + type + ")") + ": a time is the trace's nanoseconds");
            }
        }
        if (r.getLong(at + 1) < r.getLong(at)) {
            throw new InputException(file, where, "end " + r.getLong(at + 1) + " is before start " + r.getLong(at)
                    + ": not a duration the trace could have measured");
        }
    }

    /** The selected columns after a row's start and end that {@link #times} reads: their types and the rowid. */
    private static String checked(String alias) {
        return ", typeof(" + alias + "start), typeof(" + alias + "end), " + alias + "rowid";
    }

    private static List<Kernel> kernels(Connection c, String file, boolean launches) throws SQLException {
        String sql = "SELECT k.start, k.end" + checked("k.") + ", k.streamId, s.value, d.value"
                + (launches ? ", r.globalTid, r.start, typeof(r.start)" : "")
                + " FROM " + KERNELS + " k LEFT JOIN " + STRINGS + " s ON s.id = k.shortName"
                + " LEFT JOIN " + STRINGS + " d ON d.id = k.demangledName"
                + (launches ? " LEFT JOIN " + RUNTIME + " r ON r.correlationId = k.correlationId" : "")
                // Timestamps 0/0: CUPTI could not time the kernel; it says nothing about durations.
                // IS, not =: a NULL time must reach the check, not drop out of the comparison.
                + " WHERE NOT (k.start IS 0 AND k.end IS 0) ORDER BY k.start, k.end, k.rowid";
        return rows(c, sql, r -> {
            times(file, KERNELS, r, 1);
            long tid = launches ? r.getLong(9) : 0;
            String launchType = launches ? r.getString(11) : "null";
            if (!"null".equals(launchType) && !"integer".equals(launchType)) {
                throw new InputException(file, RUNTIME + " (launch of " + KERNELS + " rowid " + r.getLong(5) + ")",
                        "start is not an integer (" + launchType + "): a time is the trace's nanoseconds");
            }
            long at = "integer".equals(launchType) ? r.getLong(10) : -1;
            return new Kernel(r.getLong(1), r.getLong(2), r.getLong(6), Objects.toString(r.getString(7), ""),
                    Objects.toString(r.getString(8), ""), tid, at);
        });
    }

    private static List<Memcpy> copies(Connection c, String file) throws SQLException {
        String sql = "SELECT start, end" + checked("") + ", streamId, bytes, copyKind FROM " + MEMCPY
                + " WHERE NOT (start IS 0 AND end IS 0) ORDER BY start, end, rowid";
        return rows(c, sql, r -> {
            times(file, MEMCPY, r, 1);
            return new Memcpy(r.getLong(1), r.getLong(2), r.getLong(6), r.getLong(7), r.getInt(8));
        });
    }

    private static List<Range> ranges(Connection c, String file, boolean textIds) throws SQLException {
        // Newer exports keep a range's text in StringIds (textId) and leave "text" null.
        String text = textIds ? "COALESCE(n.text, s.value)" : "n.text";
        String sql = "SELECT n.start, n.end" + checked("n.") + ", n.globalTid, " + text + " FROM " + NVTX + " n"
                + (textIds ? " LEFT JOIN " + STRINGS + " s ON s.id = n.textId" : "")
                + " WHERE n.eventType IN (" + PUSH_POP_RANGE + ", " + START_END_RANGE + ") AND n.end IS NOT NULL"
                + " ORDER BY n.start, n.end, n.rowid";
        return rows(c, sql, r -> {
            times(file, NVTX, r, 1);
            return new Range(r.getLong(1), r.getLong(2), r.getLong(6), Objects.toString(r.getString(7), ""));
        });
    }
}
