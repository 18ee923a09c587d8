package org.gpusched.input;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * Builds small SQLite files shaped like an Nsight Systems export (the tables and columns of
 * NVIDIA's published export schema that the reader uses, plus a few it ignores), so tests need no
 * GPU and no Nsight Systems. {@code textIds}: NVTX text in StringIds (newer exports) or inline.
 */
public final class NsysFixture implements AutoCloseable {
    private final Connection c;
    private final Map<String, Long> ids = new HashMap<>();
    private long correlation = 1;

    public NsysFixture(Path file, boolean memcpy, boolean nvtx, boolean textIds) throws SQLException {
        c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL)");
            s.execute("CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL,"
                    + " deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, streamId INTEGER NOT NULL,"
                    + " correlationId INTEGER, globalPid INTEGER, demangledName INTEGER NOT NULL,"
                    + " shortName INTEGER NOT NULL, mangledName INTEGER, gridX INTEGER NOT NULL, blockX INTEGER NOT NULL)");
            s.execute("CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL,"
                    + " eventClass INTEGER NOT NULL, globalTid INTEGER, correlationId INTEGER, nameId INTEGER NOT NULL,"
                    + " returnValue INTEGER NOT NULL)");
            if (memcpy) {
                s.execute("CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (start INTEGER NOT NULL, end INTEGER NOT NULL,"
                        + " deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, streamId INTEGER NOT NULL,"
                        + " correlationId INTEGER, globalPid INTEGER, bytes INTEGER NOT NULL, copyKind INTEGER NOT NULL,"
                        + " srcKind INTEGER, dstKind INTEGER)");
            }
            if (nvtx) {
                s.execute("CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL,"
                        + " rangeId INTEGER, category INTEGER, color INTEGER, text TEXT, globalTid INTEGER,"
                        + " endGlobalTid INTEGER" + (textIds ? ", textId INTEGER REFERENCES StringIds(id)" : "")
                        + ", domainId INTEGER)");
            }
        }
    }

    public Connection connection() {
        return c;
    }

    private long id(String text) throws SQLException {
        Long have = ids.get(text);
        if (have != null) {
            return have;
        }
        long id = ids.size() + 1L;
        try (PreparedStatement p = c.prepareStatement("INSERT INTO StringIds VALUES (?, ?)")) {
            p.setLong(1, id);
            p.setString(2, text);
            p.executeUpdate();
        }
        ids.put(text, id);
        return id;
    }

    /** A kernel named {@code name} (short name; the demangled one adds "(float*)"), launched on thread {@code tid} at {@code launch}. */
    public NsysFixture kernel(String name, long stream, long start, long end, long tid, long launch) throws SQLException {
        long corr = correlation++;
        try (PreparedStatement p = c.prepareStatement("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES"
                + " (?, ?, 0, 1, ?, ?, 1, ?, ?, NULL, 1, 128)")) {
            p.setLong(1, start);
            p.setLong(2, end);
            p.setLong(3, stream);
            p.setLong(4, corr);
            p.setLong(5, id("void " + name + "(float*)"));
            p.setLong(6, id(name));
            p.executeUpdate();
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (?, ?, 0, ?, ?, ?, 0)")) {
            p.setLong(1, launch);
            p.setLong(2, launch + 1);
            p.setLong(3, tid);
            p.setLong(4, corr);
            p.setLong(5, id("cudaLaunchKernel"));
            p.executeUpdate();
        }
        return this;
    }

    public NsysFixture kernel(String name, long stream, long start, long end) throws SQLException {
        return kernel(name, stream, start, end, 1, start - 1);
    }

    public NsysFixture memcpy(long stream, long start, long end, long bytes, int kind) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY VALUES"
                + " (?, ?, 0, 1, ?, NULL, 1, ?, ?, 0, 0)")) {
            p.setLong(1, start);
            p.setLong(2, end);
            p.setLong(3, stream);
            p.setLong(4, bytes);
            p.setInt(5, kind);
            p.executeUpdate();
        }
        return this;
    }

    /** A push/pop NVTX range on thread {@code tid}, its text inline or in StringIds as the table was made. */
    public NsysFixture range(String text, long start, long end, long tid) throws SQLException {
        boolean textIds = false;
        try (var r = c.createStatement().executeQuery("SELECT count(*) FROM pragma_table_info('NVTX_EVENTS') WHERE name = 'textId'")) {
            textIds = r.next() && r.getInt(1) > 0;
        }
        String sql = textIds ? "INSERT INTO NVTX_EVENTS VALUES (?, ?, 59, NULL, NULL, NULL, NULL, ?, NULL, ?, 0)"
                : "INSERT INTO NVTX_EVENTS VALUES (?, ?, 59, NULL, NULL, NULL, ?, ?, NULL, 0)";
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setLong(1, start);
            p.setLong(2, end);
            if (textIds) {
                p.setLong(3, tid);
                p.setLong(4, id(text));
            } else {
                p.setString(3, text);
                p.setLong(4, tid);
            }
            p.executeUpdate();
        }
        return this;
    }

    @Override
    public void close() throws SQLException {
        c.close();
    }
}
