package org.gpusched.cli;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Workload;
import org.gpusched.policy.Detail;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.MethodRegistry;
import org.gpusched.policy.RunOptions;
import org.gpusched.table.TableAudit;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A table the reference core rejects never leaves a method: the PBS and EDF methods check their
 * table before they return, and a rejection ends the run with exit 70, one line, and the table kept
 * in a failure file. A fault is simulated by giving the set a document that says something else than
 * what the engine analysed (tau1 two ticks long instead of one): exactly what a reader's or an
 * engine's mistake would look like to the reference.
 */
class TableAuditTest {
    private static final Path FIG1 = Path.of("examples/paper-fig1.json");

    @Test
    void theTableOfEveryPbsAndEdfResultCarriesAPassedCheck() throws Exception {
        TaskSet ts = new TaskSetReader().read(FIG1);
        assertThat(ts.document()).contains("\"tau1\"");
        for (String m : new String[] {"gpusched", "brute-force"}) {
            MethodResult r = MethodRegistry.standard().byId(m).orElseThrow().analyze(Workload.ofV1(ts), RunOptions.defaults());
            assertThat(((Detail.Frames) r.detail()).tableCheck()).as(m).isEqualTo(TableAudit.Result.PASSED);
        }
    }

    @Test
    void aTableTheReferenceRejectsIsNeverReportedAndIsKeptWithOneLine() throws Exception {
        TaskSet ts = new TaskSetReader().read(FIG1);
        String other = Files.readString(FIG1).replaceFirst("\"wcet\": 1", "\"wcet\": 2");
        assertThat(other).isNotEqualTo(Files.readString(FIG1));
        TaskSet lying = ts.withDocument(other);
        TableAudit.Rejected rejected = (TableAudit.Rejected) org.assertj.core.api.Assertions.catchThrowable(() ->
                MethodRegistry.standard().byId("gpusched").orElseThrow().analyze(Workload.ofV1(lying), RunOptions.defaults()));
        assertThat(rejected).isNotNull();
        assertThat(rejected.problems()).anySatisfy(p -> assertThat(p).contains("should end at"));

        StringWriter err = new StringWriter();
        int code = JvmErrors.report(new PrintWriter(err), "fig1.json", rejected, false);
        assertThat(code).isEqualTo(ExitCodes.INTERNAL);
        String line = err.toString().strip();
        assertThat(line).doesNotContain("\n").startsWith("fig1.json: internal error: the reference core rejected");
        Matcher m = Pattern.compile("kept in (\\S+\\.json)").matcher(line);
        assertThat(m.find()).as(line).isTrue();
        Path kept = Path.of(m.group(1));
        try {
            assertThat(Files.readString(kept)).isEqualTo(rejected.table()).contains("\"gpusched-table\"");
        } finally {
            Files.deleteIfExists(kept);
        }
    }

    @Test
    void aSetWithoutADocumentIsNotCheckedRatherThanCheckedAgainstTheWrongFile() throws Exception {
        TaskSet ts = new TaskSetReader().read(FIG1);
        TaskSet derived = new TaskSet(ts.name(), ts.timeUnit(), ts.gpu(), ts.tasks(), ts.interference(),
                ts.hyperperiod(), ts.jobCount(), ts.sha256(), ts.source(), ts.origin());
        MethodResult r = MethodRegistry.standard().byId("gpusched").orElseThrow().analyze(Workload.ofV1(derived),
                RunOptions.defaults());
        assertThat(((Detail.Frames) r.detail()).tableCheck()).isNull();
        assertThatThrownBy(() -> TableAudit.require(ts.withDocument("not json"), org.gpusched.table.Tables.of(ts,
                ((Detail.Frames) r.detail()).analysis()))).isInstanceOf(TableAudit.Rejected.class)
                .hasMessageContaining("could not read");
    }
}
