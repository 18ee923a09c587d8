package org.gpusched.profile;

import org.gpusched.model.InputException;
import org.gpusched.input.NsysFixture;
import org.gpusched.input.NsysMap;
import org.gpusched.input.NsysTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a trace or a map can hold that would make the measured model optimistic or the import hang:
 * impossible times, a runaway regular expression, and the size of the kernel-to-range matching.
 */
class NsysRobustnessTest {
    @TempDir
    Path dir;

    private Path trace(String corrupt) throws Exception {
        Path db = dir.resolve("t" + Math.abs(corrupt.hashCode()) + ".sqlite");
        try (NsysFixture f = new NsysFixture(db, true, true, false)) {
            f.kernel("conv_fwd", 1, 1000, 3000).kernel("gemm", 7, 20000, 24000).memcpy(7, 100, 200, 64, 1)
                    .range("post", 28000, 29500, 5).kernel("relu", 3, 30000, 31000, 5, 29000);
            try (Statement s = f.connection().createStatement()) {
                // Copies without the NOT NULL constraints, so that NULL can be stored too.
                for (String t : List.of(NsysTrace.KERNELS, NsysTrace.MEMCPY, NsysTrace.NVTX)) {
                    s.execute("CREATE TABLE x AS SELECT * FROM " + t);
                    s.execute("DROP TABLE " + t);
                    s.execute("ALTER TABLE x RENAME TO " + t);
                }
                s.execute(corrupt);
            }
        }
        return db;
    }

    private static void refused(Path db, String... parts) {
        assertThatThrownBy(() -> NsysTrace.read(db, true)).isInstanceOf(InputException.class)
                .hasMessageContaining(db.toString()).hasMessageContainingAll(parts)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void impossibleTimesAreRefusedWithTheirTableAndRow() throws Exception {
        refused(trace("UPDATE " + NsysTrace.KERNELS + " SET end = 1 WHERE start = 20000"),
                NsysTrace.KERNELS + " rowid 2", "end 1 is before start 20000");
        refused(trace("UPDATE " + NsysTrace.KERNELS + " SET start = 'soon' WHERE start = 1000"),
                NsysTrace.KERNELS + " rowid 1", "start is not an integer (text)");
        refused(trace("UPDATE " + NsysTrace.KERNELS + " SET end = NULL WHERE start = 1000"),
                NsysTrace.KERNELS + " rowid 1", "end is NULL");
        refused(trace("UPDATE " + NsysTrace.KERNELS + " SET start = NULL, end = 0 WHERE start = 1000"),
                "start is NULL");
        refused(trace("UPDATE " + NsysTrace.KERNELS + " SET end = 2.5 WHERE start = 1000"), "end is not an integer (real)");
        refused(trace("UPDATE " + NsysTrace.MEMCPY + " SET end = 50"), NsysTrace.MEMCPY + " rowid 1",
                "end 50 is before start 100");
        refused(trace("UPDATE " + NsysTrace.NVTX + " SET start = 'x'"), NsysTrace.NVTX + " rowid 1");
        refused(trace("UPDATE " + NsysTrace.RUNTIME + " SET start = 'x' WHERE start = 29000"), NsysTrace.RUNTIME,
                "start is not an integer");
        // The trace as built reads.
        assertThat(NsysTrace.read(trace("SELECT 1"), true).kernels()).hasSize(3);
    }

    @Test
    void aRunawayExpressionEndsInOneLineNamingTheRule() {
        List<NsysMap.Rule> rules = NsysMap.read("map.json", "{\"rules\": [\n  {\"task\": \"a\", \"kernel\": \"(.*a){25}b\"}]}",
                List.of("a"));
        String name = "a".repeat(31);
        assertThatThrownBy(() -> rules.get(0).finds(name)).isInstanceOf(InputException.class)
                .hasMessageStartingWith("map.json:2:").hasMessageContaining("rules[0].kernel")
                .hasMessageContaining("steps on \"" + name + "\"");
        // A quadratic but sensible expression on a long demangled name stays within the budget.
        List<NsysMap.Rule> wide = NsysMap.read("map.json", "{\"rules\": [{\"task\": \"a\", \"kernel\": \".*foo.*bar\"}]}",
                List.of("a"));
        assertThat(wide.get(0).finds("x".repeat(20_000))).isFalse();
    }

    /**
     * 300,000 kernels and 300,000 ranges: the matching does O(log n) work per kernel (counted, not
     * timed) and agrees with a scan of every range on a sample.
     */
    @Test
    void matchingKernelsToRangesIsNearLinear() {
        List<NsysMap.Rule> rules = NsysMap.read("map.json",
                "{\"rules\": [{\"task\": \"a\", \"nvtx\": \"^infer\"}, {\"task\": \"b\", \"nvtx\": \"post\"}]}",
                List.of("a", "b"));
        Random rnd = new Random(39);
        int n = 300_000;
        List<NsysTrace.Range> ranges = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long start = rnd.nextInt(1_000_000_000);
            ranges.add(new NsysTrace.Range(start, start + rnd.nextInt(5_000), rnd.nextInt(8),
                    rnd.nextBoolean() ? "infer " + (i % 50) : "post " + (i % 50)));
        }
        NvtxIndex index = new NvtxIndex(rules, ranges);
        long[] tid = new long[n];
        long[] at = new long[n];
        int hits = 0;
        for (int i = 0; i < n; i++) {
            tid[i] = rnd.nextInt(8);
            at[i] = rnd.nextInt(1_000_000_000);
            hits += index.encloses(rules.get(i % 2), tid[i], at[i]) ? 1 : 0;
        }
        // Indexing: a step per range and rule, a search per distinct text, the sorted lists; queries: ~19 bisections.
        assertThat(index.steps()).isLessThan(30L * 2 * n);
        assertThat(hits).isGreaterThan(1000);
        for (int i = 0; i < 300; i++) {
            NsysMap.Rule r = rules.get(i % 2);
            long t = tid[i];
            long a = at[i];
            boolean scan = ranges.stream().anyMatch(g -> g.tid() == t && g.start() <= a && a <= g.end() && r.finds(g.text()));
            assertThat(index.encloses(r, t, a)).as("kernel %d", i).isEqualTo(scan);
        }
    }
}
