package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.model.ExitCodes;
import org.gpusched.report.CiSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** --format junit and sarif: valid against the published schemas, one suite per file, located findings. */
class CiFormatsTest {
    @TempDir
    Path dir;

    /** Figure 1 with tau1's WCET tripled: no PBS schedule, and EDF-parallel misses tau1 and tau2. */
    private Path overloaded() throws IOException {
        String fig1 = Files.readString(Path.of("examples", "paper-fig1.json"));
        Path p = dir.resolve("overloaded.json");
        Files.writeString(p, fig1.replaceFirst("\"wcet\": 1", "\"wcet\": 3"));
        return p;
    }

    private Path invalid() throws IOException {
        Path p = dir.resolve("invalid.json");
        Files.writeString(p, "{\n  \"formatVersion\": 1,\n  \"tasks\": [\n    {\"name\": \"a\", \"period\": 4,"
                + " \"deadline\": 4, \"wcet\": -1}\n  ]\n}\n");
        return p;
    }

    private static List<Element> cases(Document d, int suite) {
        Element s = (Element) d.getElementsByTagName("testsuite").item(suite);
        NodeList l = s.getElementsByTagName("testcase");
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < l.getLength(); i++) {
            out.add((Element) l.item(i));
        }
        return out;
    }

    private static String failure(Element testcase) {
        NodeList f = testcase.getElementsByTagName("failure");
        return f.getLength() == 0 ? null : ((Element) f.item(0)).getAttribute("message");
    }

    /** The 1-based line where the object holding {@code "name": "NAME"} opens. */
    private static int lineOfTask(Path file, String name) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("\"name\": \"" + name + "\"")) {
                for (int j = i; j >= 0; j--) {
                    if (lines.get(j).strip().startsWith("{")) {
                        return j + 1;
                    }
                }
            }
        }
        throw new AssertionError("no task " + name);
    }

    @Test
    void analyzeJunitHasASuitePerFileAndACasePerTaskWithTheNumbers() throws IOException {
        Path bad = overloaded();
        CliRunner r = CliRunner.run("analyze", "examples/jetson-orin-perception.json", bad.toString(),
                invalid().toString(), "--method", "edf-parallel", "--format", "junit");
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        Document d = CiSchemas.validateJunit(r.out());
        NodeList suites = d.getElementsByTagName("testsuite");
        assertThat(suites.getLength()).isEqualTo(3);
        Element first = (Element) suites.item(0);
        assertThat(first.getAttribute("name")).isEqualTo("examples/jetson-orin-perception.json");
        assertThat(first.getAttribute("failures")).isEqualTo("0");
        assertThat(cases(d, 0)).hasSize(Integer.parseInt(first.getAttribute("tests"))).hasSizeGreaterThan(3)
                .allSatisfy(e -> assertThat(e.hasChildNodes()).isFalse());
        assertThat(r.out()).contains("<property name=\"method\" value=\"edf-parallel\"/>")
                .contains("<property name=\"gpusched.version\"");
        List<Element> overloaded = cases(d, 1);
        assertThat(failure(overloaded.get(0))).isEqualTo("tau1: response 8 tick > deadline 4 tick");
        assertThat(failure(overloaded.get(1))).isEqualTo("tau2: response 6 tick > deadline 5 tick");
        assertThat(failure(overloaded.get(2))).isNull();
        assertThat(((Element) suites.item(1)).getAttribute("failures")).isEqualTo("2");
        List<Element> invalid = cases(d, 2);
        assertThat(invalid).hasSize(1);
        assertThat(invalid.get(0).getAttribute("name")).isEqualTo("tasks[0].wcet");
        assertThat(((Element) invalid.get(0).getElementsByTagName("failure").item(0)).getAttribute("type"))
                .isEqualTo("validation-error");
        // The invalid file still says so on stderr, in its one line.
        assertThat(r.err()).contains("invalid.json:4:").contains("tasks[0].wcet");
    }

    @Test
    void pbsWithoutASchedulePutsTheWitnessInOneVerdictCase() throws IOException {
        CliRunner r = CliRunner.run("analyze", overloaded().toString(), "--format", "junit");
        assertThat(r.code()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        Document d = CiSchemas.validateJunit(r.out());
        List<Element> cs = cases(d, 0);
        assertThat(cs).hasSize(1);
        assertThat(cs.get(0).getAttribute("name")).isEqualTo("verdict");
        assertThat(failure(cs.get(0))).startsWith("gpusched: not schedulable (deepest schedule: 3 of 11 jobs done");
    }

    @Test
    void compareJunitHasACasePerMethodAndSkipsTheInapplicableOnes() {
        CliRunner r = CliRunner.run("compare", "examples/gcaps-example-2.json", "--format", "junit");
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        Document d = CiSchemas.validateJunit(r.out());
        List<Element> cs = cases(d, 0);
        assertThat(cs).extracting(e -> e.getAttribute("name")).contains("gpusched", "gcaps-suspend", "tsg-rr-busy");
        Element pbs = cs.stream().filter(e -> e.getAttribute("name").equals("gpusched")).findFirst().orElseThrow();
        assertThat(((Element) pbs.getElementsByTagName("skipped").item(0)).getAttribute("message"))
                .startsWith("not applicable: tasks[0] has a CPU segment");
        Element rr = cs.stream().filter(e -> e.getAttribute("name").equals("tsg-rr-busy")).findFirst().orElseThrow();
        assertThat(failure(rr)).contains("tsg-rr-busy: tau3: no response-time bound within the deadline 190,000 us");
    }

    @Test
    void validateJunitPassesEveryTaskOfAValidFile() throws IOException {
        CliRunner r = CliRunner.run("validate", "examples/paper-fig1.json", invalid().toString(), "--format", "junit");
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        Document d = CiSchemas.validateJunit(r.out());
        assertThat(cases(d, 0)).extracting(e -> e.getAttribute("name")).containsExactly("tau1", "tau2", "tau3");
        assertThat(cases(d, 1).get(0).getAttribute("name")).isEqualTo("tasks[0].wcet");
        assertThat(failure(cases(d, 1).get(0))).isEqualTo("must be > 0 (got -1)");
    }

    @Test
    void verifyJunitHasACasePerMode() throws IOException {
        Path table = dir.resolve("table.json");
        assertThat(CliRunner.run("analyze", "examples/paper-fig1.json", "--table", table.toString()).code()).isZero();
        CliRunner r = CliRunner.run("verify", table.toString(), "--taskset", "examples/paper-fig1.json", "--runs", "20",
                "--format", "junit");
        assertThat(r.code()).isZero();
        Document d = CiSchemas.validateJunit(r.out());
        assertThat(cases(d, 0)).hasSize(2).allSatisfy(e -> assertThat(e.hasChildNodes()).isFalse());
        CliRunner missing = CliRunner.run("verify", dir.resolve("none.json").toString(), "--taskset",
                "examples/paper-fig1.json", "--format", "sarif");
        assertThat(missing.code()).isEqualTo(ExitCodes.INVALID);
        JsonNode log = CiSchemas.validateSarif(missing.out());
        assertThat(log.at("/runs/0/results/0/ruleId").asText()).isEqualTo("validation-error");
    }

    @Test
    void sarifLocatesEachMissAtItsTaskInTheFile() throws IOException {
        Path bad = overloaded();
        Path inv = invalid();
        CliRunner r = CliRunner.run("analyze", bad.toString(), inv.toString(), "--method", "edf-parallel",
                "--format", "sarif");
        JsonNode log = CiSchemas.validateSarif(r.out());
        JsonNode results = log.at("/runs/0/results");
        assertThat(results).hasSize(3);
        assertThat(results.get(0).at("/ruleId").asText()).isEqualTo("deadline-miss");
        assertThat(results.get(0).at("/level").asText()).isEqualTo("error");
        assertThat(results.get(0).at("/message/text").asText()).isEqualTo("tau1: response 8 tick > deadline 4 tick");
        assertThat(results.get(0).at("/locations/0/physicalLocation/region/startLine").asInt())
                .isEqualTo(lineOfTask(bad, "tau1"));
        assertThat(results.get(1).at("/locations/0/physicalLocation/region/startLine").asInt())
                .isEqualTo(lineOfTask(bad, "tau2"));
        assertThat(results.get(0).at("/locations/0/physicalLocation/region/startColumn").asInt()).isEqualTo(5);
        assertThat(results.get(0).at("/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo(bad.toUri().toASCIIString());
        JsonNode v = results.get(2);
        assertThat(v.at("/ruleId").asText()).isEqualTo("validation-error");
        assertThat(v.at("/locations/0/physicalLocation/region/startLine").asInt()).isEqualTo(4);
        assertThat(log.at("/runs/0/tool/driver/rules").findValuesAsText("id"))
                .containsExactly("deadline-miss", "validation-error", "not-applicable", "inconclusive", "internal-error");
    }

    @Test
    void sarifOfAnInapplicableMethodIsAWarning() {
        CliRunner r = CliRunner.run("analyze", "examples/gcaps-example-2.json", "--format", "sarif");
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        JsonNode res = CiSchemas.validateSarif(r.out()).at("/runs/0/results/0");
        assertThat(res.at("/ruleId").asText()).isEqualTo("not-applicable");
        assertThat(res.at("/level").asText()).isEqualTo("warning");
        assertThat(res.at("/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("examples/gcaps-example-2.json");
    }

    @Test
    void hostileNamesStayTextAndBothFormatsStayValid() throws IOException {
        String fig1 = Files.readString(Path.of("examples", "paper-fig1.json"));
        String hostile = "</testcase>&<x a=\\\"1\\\">]]>";
        Path p = dir.resolve("a b&<c>.json");
        Files.writeString(p, fig1.replace("\"paper-fig1\"", "\"" + hostile + "\"").replaceFirst("\"wcet\": 1", "\"wcet\": 3"));
        CliRunner j = CliRunner.run("analyze", p.toString(), "--method", "edf-parallel", "--format", "junit");
        Document d = CiSchemas.validateJunit(j.out());
        Element suite = (Element) d.getElementsByTagName("testsuite").item(0);
        assertThat(suite.getAttribute("name")).isEqualTo(p.toString());
        NodeList props = suite.getElementsByTagName("property");
        List<String> values = new ArrayList<>();
        for (int i = 0; i < props.getLength(); i++) {
            values.add(((Element) props.item(i)).getAttribute("value"));
        }
        assertThat(values).contains("</testcase>&<x a=\"1\">]]>");
        CliRunner s = CliRunner.run("analyze", p.toString(), "--method", "edf-parallel", "--format", "sarif");
        assertThat(CiSchemas.validateSarif(s.out()).at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation"
                + "/uri").asText()).endsWith("a%20b&%3Cc%3E.json");
    }

    @Test
    void sameInputSameBytesApartFromTheTimestamp() {
        String[] args = {"compare", "examples/paper-fig1.json", "examples/gcaps-example-2.json", "--format", "junit"};
        String a = CliRunner.run(args).out().replaceAll("timestamp=\"[^\"]*\"", "");
        String b = CliRunner.run(args).out().replaceAll("timestamp=\"[^\"]*\"", "");
        assertThat(a).isEqualTo(b);
        args[4] = "sarif";
        assertThat(CliRunner.run(args).out()).isEqualTo(CliRunner.run(args).out());
    }

    @Test
    void otherCommandsRefuseTheCiFormats() {
        CliRunner r = CliRunner.run("presets", "--format", "junit");
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err()).contains("'gpusched presets' has no junit form");
    }
}
