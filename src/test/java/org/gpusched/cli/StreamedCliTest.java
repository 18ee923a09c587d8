package org.gpusched.cli;

import org.gpusched.baseline.EdfBaseline;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A set over the exact search's 100,000-job cap, through the CLI: refused by gpusched, streamed by EDF. */
class StreamedCliTest {
    @TempDir
    Path dir;

    private Path set() throws Exception {
        StringBuilder tasks = new StringBuilder();
        long[] periods = {4, 5, 8, 10, 16, 20, 25, 40, 50};
        for (int i = 0; i < periods.length; i++) {
            tasks.append("{\"name\": \"t%d\", \"period\": %d, \"wcet\": 1},".formatted(i, periods[i]));
        }
        tasks.append("{\"name\": \"long\", \"period\": 120000, \"wcet\": 3}");
        Path f = dir.resolve("big.json");
        Files.writeString(f, "{\"name\": \"big\", \"tasks\": [" + tasks + "]}");
        return f;
    }

    @Test
    void the_exact_search_refuses_and_the_simulation_streams_with_its_table() throws Exception {
        Path f = set();
        CliRunner exact = CliRunner.run("analyze", f.toString());
        assertThat(exact.code()).isEqualTo(2);
        assertThat(exact.err()).contains("gpusched: not applicable: 104701 jobs per hyperperiod exceed the limit of"
                + " 100000 of the exact search (it keeps state per job)");
        Path table = dir.resolve("table.json");
        CliRunner edf = CliRunner.run("analyze", f.toString(), "--method", "edf-serial", "--table", table.toString());
        assertThat(edf.code()).as(edf.err()).isZero();
        assertThat(edf.out()).contains("schedulable (streamed: 104701 frames simulated and not kept");
        TaskSet ts = new TaskSetReader().read(f);
        String whole = Tables.toJson(Tables.of(ts, "edf-serial",
                new EdfBaseline(ts, EdfBaseline.Kind.SERIAL).run().frames()));
        assertThat(Files.readString(table)).isEqualTo(whole);
        Path svg = dir.resolve("g.svg");
        CliRunner gantt = CliRunner.run("analyze", f.toString(), "--method", "edf-serial", "-q", "--gantt",
                svg.toString());
        assertThat(gantt.code()).isZero();
        assertThat(gantt.err()).contains("--gantt: no timeline to draw (a simulation of more than 100000 jobs");
        assertThat(svg).doesNotExist();
        CliRunner json = CliRunner.run("analyze", f.toString(), "--method", "edf-parallel", "--format", "json");
        assertThat(json.code()).isZero();
        assertThat(json.out()).contains("\"table\":null").contains("\"edges\":48000");
    }
}
