package org.gpusched.qualify;

import org.gpusched.explore.job.Options;
import org.gpusched.policy.MethodRegistry;
import org.gpusched.policy.RunOptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The validation cases qualify ships: in the jar as in the repository, pinned by the goldens, all agreeing. */
class ShippedCasesTest {
    /** Where a shipped case lives in the repository: the examples, the timing anomaly, or the qualify-only cases. */
    static Path inRepository(String file) {
        if (file.equals("timing-anomaly.json")) {
            return Path.of("src/test/resources/cases", file);
        }
        Path own = Path.of("src/main/resources/qualify/cases", file);
        return Files.exists(own) ? own : Path.of("examples", file);
    }

    @Test
    void every_example_and_the_timing_anomaly_are_shipped_byte_for_byte() throws Exception {
        Set<String> listed = ShippedCases.expected().stream().map(ShippedCases.Expected::file)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> examples;
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            examples = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(listed).containsAll(examples).contains("timing-anomaly.json");
        for (String f : listed) {
            assertThat(ShippedCases.resource(ShippedCases.CASES + f)).as(f).isEqualTo(Files.readString(inRepository(f)));
        }
    }

    /**
     * Every method of the registry has a line per case, so a new method gets its expected results too (the
     * time-triggered EDF rules only where a case has jitter: without it they are the online rules).
     */
    @Test
    void every_method_has_an_expected_result_on_every_case() {
        Map<String, List<String>> byFile = ShippedCases.expected().stream().collect(Collectors.groupingBy(
                ShippedCases.Expected::file, Collectors.mapping(ShippedCases.Expected::method, Collectors.toList())));
        List<String> ids = MethodRegistry.standard().ids();
        List<String> online = ids.stream().filter(id -> !id.endsWith("-tt")).toList();
        byFile.forEach((file, methods) -> assertThat(methods).as(file).containsAll(online).isSubsetOf(ids));
    }

    /** The verdicts of the four PBS methods on the golden files are the goldens' exit codes. */
    @Test
    void the_expected_verdicts_agree_with_the_golden_exit_codes() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("src/test/resources/golden/analyze-v1/exit-codes.csv"));
        int checked = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            String file = Path.of(f[0]).getFileName().toString();
            String want = f[3].equals("0") ? "schedulable" : "not-schedulable";
            ShippedCases.Expected e = ShippedCases.expected().stream()
                    .filter(x -> x.file().equals(file) && x.method().equals(f[1])).findFirst().orElseThrow();
            assertThat(e.verdict()).as(line).isEqualTo(want);
            checked++;
        }
        assertThat(checked).isEqualTo(48);
    }

    @Test
    void every_shipped_case_agrees_in_this_build() {
        RunOptions o = new RunOptions(Options.defaults().withBudget(Qualify.STATES_PER_ANALYSIS, null),
                RunOptions.defaults().gpuPriority(), RunOptions.DEFAULT_VARIANT);
        List<Observation> all = new ArrayList<>();
        for (ShippedCases.Result r : ShippedCases.run(MethodRegistry.standard(), o, Mutation.NONE,
                org.gpusched.model.Budget.defaults().start())) {
            all.addAll(r.observations());
        }
        assertThat(all).filteredOn(x -> x.status() != Observation.Status.AGREED).isEmpty();
        assertThat(all).filteredOn(x -> x.check().equals(ShippedCases.RESPONSES)).hasSizeGreaterThan(100);
        assertThat(all).hasSize(ShippedCases.expected().size()
                + (int) ShippedCases.expected().stream().filter(e -> !e.responseTimes().isEmpty()).count());
    }

    /**
     * The evidence the safety manual claims: enough lines whose expected value does not come from the
     * build itself, each of them worked in docs/validation-cases.md, and for the two families whose
     * only check in qualify is this file, a worked line with a verdict on every method.
     */
    @Test
    void at_least_30_lines_have_an_independent_source_and_each_is_worked_in_the_docs() throws Exception {
        List<ShippedCases.Expected> all = ShippedCases.expected();
        assertThat(all).allSatisfy(e -> assertThat(e.source()).as(e.file() + " " + e.method()).isNotNull());
        List<ShippedCases.Expected> sourced = all.stream()
                .filter(e -> e.source() != ShippedCases.Source.SNAPSHOT).toList();
        assertThat(sourced).hasSizeGreaterThanOrEqualTo(30);
        String working = Files.readString(Path.of("docs/validation-cases.md"));
        for (ShippedCases.Expected e : sourced) {
            if (e.source() == ShippedCases.Source.PAPER || e.source() == ShippedCases.Source.HAND) {
                assertThat(working).as(e.file() + " " + e.method() + " is " + e.source().word()).contains(e.file());
            }
        }
        for (String id : MethodRegistry.standard().ids()) {
            if (id.startsWith("copy-exec-") || id.startsWith("sm-partition-")) {
                assertThat(sourced).as(id).anySatisfy(e -> {
                    assertThat(e.method()).isEqualTo(id);
                    assertThat(e.verdict()).isNotEqualTo("n/a");
                });
            }
        }
    }

    /** The reader refuses a file that does not say where a value comes from, rather than guess snapshot. */
    @Test
    void the_reader_refuses_a_missing_or_unknown_source() {
        String head = "# a comment\n" + ShippedCases.HEADER + "\n";
        assertThat(ShippedCases.parse(head + "a.json,gpusched,schedulable,,hand\n"))
                .singleElement().extracting(ShippedCases.Expected::source).isEqualTo(ShippedCases.Source.HAND);
        assertThat(ShippedCases.parse(head + "a.json,edf-serial,schedulable,x=1|y=2,reference\n"))
                .singleElement().extracting(ShippedCases.Expected::responseTimes).isEqualTo("x=1|y=2");
        for (String bad : List.of("a.json,gpusched,schedulable,\n", "a.json,gpusched,schedulable,,\n",
                "a.json,gpusched,schedulable,,Paper\n", "a.json,gpusched,schedulable,,measured\n",
                "a.json,gpusched,schedulable,,hand,extra\n", ",gpusched,schedulable,,hand\n")) {
            assertThatThrownBy(() -> ShippedCases.parse(head + bad)).as(bad).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("line 3");
        }
        // The old four-column header: every line would lack its source.
        assertThatThrownBy(() -> ShippedCases.parse("case,method,verdict,responseTimes\na.json,gpusched,schedulable,\n"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("header");
        assertThatThrownBy(() -> ShippedCases.parse("# only comments\n")).isInstanceOf(IllegalStateException.class);
    }

    /** Every line rerun reports its source, and its status agrees with the line's observations. */
    @Test
    void each_rerun_line_carries_its_source() {
        RunOptions o = new RunOptions(Options.defaults().withBudget(Qualify.STATES_PER_ANALYSIS, null),
                RunOptions.defaults().gpuPriority(), RunOptions.DEFAULT_VARIANT);
        List<Qualification.Shipped> rows = new ArrayList<>();
        for (ShippedCases.Result r : ShippedCases.run(MethodRegistry.standard(), o, Mutation.EXACT_VERDICT_INVERTED,
                org.gpusched.model.Budget.defaults().start())) {
            rows.addAll(r.rows());
        }
        assertThat(rows).extracting(x -> x.file() + " " + x.method() + " " + x.verdict() + " " + x.source())
                .containsExactlyElementsOf(ShippedCases.expected().stream()
                        .map(e -> e.file() + " " + e.method() + " " + e.verdict() + " " + e.source().word()).toList());
        // The inverted exact search disagrees with the paper's Figure 1 verdict, and the row says so.
        Qualification.Shipped fig1 = rows.stream().filter(r -> r.file().equals("paper-fig1.json")
                && r.method().equals("gpusched")).findFirst().orElseThrow();
        assertThat(fig1.source()).isEqualTo(ShippedCases.Source.PAPER.word());
        assertThat(fig1.status()).isEqualTo("disagreed");
        assertThat(fig1.message()).contains("expected schedulable");
        Qualification.Shipped order = rows.stream().filter(r -> r.file().equals("copy-exec-video.json")
                && r.method().equals("copy-exec-order")).findFirst().orElseThrow();
        assertThat(order.source()).isEqualTo(ShippedCases.Source.HAND.word());
        assertThat(order.status()).isEqualTo("agreed");
    }

    /** The safety manual shows the known issues qualify prints, word for word. */
    @Test
    void the_safety_manual_lists_the_known_issues_qualify_prints() throws Exception {
        String manual = Files.readString(Path.of("docs/safety-manual.md"));
        assertThat(manual).contains(KnownIssues.text().strip());
        assertThat(KnownIssues.list()).hasSizeGreaterThan(3).allSatisfy(i -> assertThat(i).doesNotContain("\n"));
        // Every method of this build has its operational requirement there.
        for (String id : MethodRegistry.standard().ids()) {
            assertThat(manual).as(id).contains("`" + id + "`");
        }
    }

    /**
     * A line whose source is the reference core says what that core decides on the case: the
     * exhaustive power-on search for the exact verdict, its EDF run for a time-triggered baseline.
     * Recomputed here, so the label cannot outlive the fact.
     */
    @Test
    void every_reference_line_is_what_the_reference_core_decides() throws Exception {
        List<ShippedCases.Expected> refs = ShippedCases.expected().stream()
                .filter(e -> e.source() == ShippedCases.Source.REFERENCE).toList();
        assertThat(refs).hasSizeGreaterThanOrEqualTo(10);
        for (ShippedCases.Expected e : refs) {
            String doc = new String(ShippedCasesTest.class.getResourceAsStream(ShippedCases.CASES + e.file())
                    .readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            org.gpusched.reference.Reference.Verdict v = switch (e.method()) {
                case "gpusched" -> org.gpusched.reference.Reference.powerOn(doc, 1_000_000);
                case "edf-serial-tt" -> org.gpusched.reference.Reference.edf(doc, false, 1_000_000);
                case "edf-parallel-tt" -> org.gpusched.reference.Reference.edf(doc, true, 1_000_000);
                default -> throw new AssertionError(e + ": the reference core decides no such method");
            };
            assertThat(e.responseTimes()).as(e + ": the reference decides verdicts only").isEmpty();
            assertThat(v.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')).as(e.toString())
                    .isEqualTo(e.verdict());
        }
    }
}
