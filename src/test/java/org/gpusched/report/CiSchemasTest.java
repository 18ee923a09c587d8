package org.gpusched.report;

import org.gpusched.input.SourcePositions.Position;
import org.gpusched.report.CiReport.Case;
import org.gpusched.report.CiReport.Finding;
import org.gpusched.report.CiReport.Rule;
import org.gpusched.report.CiReport.Status;
import org.gpusched.report.CiReport.Suite;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The schema checks of the CI formats do reject what CI tools would not read, and the renderers are deterministic. */
class CiSchemasTest {
    private static CiReport report() {
        Finding miss = new Finding(Rule.DEADLINE_MISS, "t: response 10,500 us > deadline 10,000 us", new Position(7, 5));
        Suite s = new Suite("ts.json", "ts.json", List.of(new CiReport.Property("method", "gpusched")),
                List.of(Case.passed("a", "ts_json"),
                        new Case("t", "ts_json", Status.FAILED, Rule.DEADLINE_MISS, miss.message(), List.of(miss)),
                        new Case("m", "ts_json", Status.SKIPPED, Rule.NOT_APPLICABLE, "not applicable: x", List.of())),
                0.25);
        return new CiReport("analyze", "1.0", Instant.parse("2026-01-02T03:04:05.678Z"), List.of(s));
    }

    @Test
    void theRenderersPassAndAreByteForByteDeterministic() {
        String xml = JunitXml.write(report());
        CiSchemas.validateJunit(xml);
        assertThat(xml).isEqualTo(JunitXml.write(report()))
                .contains("timestamp=\"2026-01-02T03:04:05\"", "failures=\"1\"", "time=\"0.250\"",
                        "<failure message=\"t: response 10,500 us &gt; deadline 10,000 us\" type=\"deadline-miss\">"
                                + "line 7: t: response 10,500 us &gt; deadline 10,000 us</failure>",
                        "<skipped message=\"not applicable: x\"/>");
        String sarif = SarifJson.write(report());
        CiSchemas.validateSarif(sarif);
        assertThat(sarif).isEqualTo(SarifJson.write(report()));
    }

    @Test
    void junitWithoutWhatAntRequiresIsRejected() {
        String xml = JunitXml.write(report());
        assertThatThrownBy(() -> CiSchemas.validateJunit(xml.replace("<system-out/>", "")))
                .hasMessageContaining("Ant schema");
        assertThatThrownBy(() -> CiSchemas.validateJunit(xml.replace(" hostname=\"localhost\"", "")))
                .hasMessageContaining("Ant schema");
        assertThatThrownBy(() -> CiSchemas.validateJunit(xml.replace("<skipped message=\"not applicable: x\"/>",
                "<skipped/>"))).hasMessageContaining("skipped");
    }

    @Test
    void sarifWithoutWhatTheSchemaRequiresIsRejected() {
        String sarif = SarifJson.write(report());
        assertThatThrownBy(() -> CiSchemas.validateSarif(sarif.replace("\"level\" : \"error\"", "\"level\" : \"fatal\"")))
                .hasMessageContaining("not valid SARIF");
        assertThatThrownBy(() -> CiSchemas.validateSarif(sarif.replace("\"startLine\" : 7", "\"startLine\" : 0")))
                .hasMessageContaining("not valid SARIF");
    }
}
