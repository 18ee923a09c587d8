package org.gpusched.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.poweron.PowerOnExplorer;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.InputException;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.TaskSet;
import org.gpusched.reference.Reference;
import org.gpusched.reference.ReferenceWorkloads;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The product's {@link TableChecker} and the reference core's checker are two implementations of
 * the same rules: on the tables the engines find for random workloads ({@link ReferenceWorkloads}),
 * and on thousands of small corruptions of them (a frame moved or shortened by a tick, a batch
 * reordered, a kernel moved, dropped, repeated or given another job or stream, two frames swapped, the
 * periodic part cut elsewhere), both must accept exactly the same tables. Corruptions that stay valid
 * (a batch order that is eligible either way) must be accepted by both; the test requires both kinds
 * to occur.
 */
class ReferenceTableAgreementTest {
    private static final int COUNT = Integer.getInteger("gpusched.reference.tables", 8_000);
    private static final long SEED = 49_100_001L;
    private static final ObjectMapper M = new ObjectMapper();

    @Test
    void bothCheckersAcceptExactlyTheSameTables() throws Exception {
        List<String> failures = new ArrayList<>();
        int tables = 0;
        int rejected = 0;
        int accepted = 0;
        for (int i = 0; i < COUNT && failures.size() < 10; i++) {
            String json = ReferenceWorkloads.json(SEED + i);
            TaskSet ts;
            try {
                ts = new WorkloadReader().read("ref-" + (SEED + i) + ".json", json).pbs();
            } catch (InputException e) {
                continue;
            }
            SchedulingTable found = table(ts);
            if (found == null) {
                continue;
            }
            tables++;
            SplittableRandom r = new SplittableRandom(SEED + i);
            JsonNode original = M.readTree(Tables.toJson(found));
            for (int k = 0; k < 4; k++) {
                JsonNode t = k == 0 ? original : corrupt(original, r);
                SchedulingTable read;
                try {
                    read = Tables.read("table.json", t.toString());
                } catch (InputException e) {
                    continue; // refused by the reader (a negative time): no checker sees it
                }
                boolean ours = TableChecker.check(ts, read).isEmpty();
                List<String> ref = Reference.checkTable(json, t.toString());
                if (ours != ref.isEmpty()) {
                    failures.add("seed " + (SEED + i) + ": TableChecker " + (ours ? "accepts" : "rejects")
                            + ", the reference " + ref + "\n" + json + "\n" + t);
                }
                if (k == 0 && !ours) {
                    failures.add("seed " + (SEED + i) + ": the engine's own table is rejected");
                }
                if (k > 0) {
                    rejected += ours ? 0 : 1;
                    accepted += ours ? 1 : 0;
                }
            }
        }
        assertThat(failures).as("tables the two checkers judge differently").isEmpty();
        assertThat(tables).as("tables found").isGreaterThan(COUNT / 4);
        assertThat(rejected).as("corruptions both reject").isGreaterThan(tables);
        assertThat(accepted).as("corruptions both accept").isGreaterThan(10);
    }

    /** The table the exact search finds (power-on where the window does not start at 0), or null. */
    private static SchedulingTable table(TaskSet ts) {
        Options o = Options.defaults().withBudget(200_000, null);
        if (PowerOnExplorer.needed(ts)) {
            PowerOnExplorer.Result p = new PowerOnExplorer(ts, o).analyze(o.budget().start());
            Analysis a = p.analysis();
            return a.verdict() == Verdict.SCHEDULABLE ? Tables.of(p.fileTimeLine(), a) : null;
        }
        Analysis a = new GpuSchedExplorer(ts, o).analyze();
        return a.verdict() == Verdict.SCHEDULABLE ? Tables.of(ts, a) : null;
    }

    /** One random small corruption of the table. */
    private static JsonNode corrupt(JsonNode table, SplittableRandom r) {
        ObjectNode t = table.deepCopy();
        ArrayNode entries = (ArrayNode) t.get("entries");
        ObjectNode e = (ObjectNode) entries.get(r.nextInt(entries.size()));
        ArrayNode batch = (ArrayNode) e.get("batch");
        ObjectNode item = (ObjectNode) batch.get(r.nextInt(batch.size()));
        switch (r.nextInt(11)) {
            case 0 -> e.put("start", e.get("start").asLong() + (r.nextBoolean() ? 1 : -1));
            case 1 -> e.put("end", e.get("end").asLong() + (r.nextBoolean() ? 1 : -1));
            case 2 -> {
                if (batch.size() > 1) {
                    JsonNode first = batch.remove(0);
                    batch.add(first);
                }
            }
            case 3 -> item.put("job", item.get("job").asInt() + 1);
            case 4 -> item.put("stream", item.get("stream").asInt() + 1);
            case 5 -> {
                if (batch.size() > 1) {
                    batch.remove(batch.size() - 1);
                } else {
                    entries.remove(entries.size() - 1);
                }
            }
            case 6 -> ((ArrayNode) entries.get(r.nextInt(entries.size())).get("batch")).add(item.deepCopy());
            case 7 -> {
                int a = r.nextInt(entries.size());
                int b = r.nextInt(entries.size());
                JsonNode x = entries.get(a);
                entries.set(a, entries.get(b));
                entries.set(b, x);
            }
            case 8 -> {
                ArrayNode other = (ArrayNode) entries.get(r.nextInt(entries.size())).get("batch");
                if (other != batch && batch.size() > 1) {
                    batch.remove(batch.size() - 1);
                    other.add(item);
                }
            }
            case 9 -> {
                if (t.has("repeat")) {
                    ObjectNode rep = (ObjectNode) t.get("repeat");
                    rep.put("fromEntry", Math.max(0, Math.min(entries.size() - 1,
                            rep.get("fromEntry").asInt() + (r.nextBoolean() ? 1 : -1))));
                } else {
                    t.put("hyperperiod", t.get("hyperperiod").asLong() * 2);
                }
            }
            default -> e.put("end", e.get("end").asLong() + 1);
        }
        return t;
    }
}
