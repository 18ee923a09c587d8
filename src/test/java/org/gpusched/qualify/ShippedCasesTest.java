package org.gpusched.qualify;

import org.gpusched.explore.Options;
import org.gpusched.policy.Registry;
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

/** The validation cases qualify ships: in the jar as in the repository, pinned by the goldens, all agreeing. */
class ShippedCasesTest {
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
            Path repo = f.equals("timing-anomaly.json") ? Path.of("src/test/resources/cases", f) : Path.of("examples", f);
            assertThat(ShippedCases.resource(ShippedCases.CASES + f)).as(f).isEqualTo(Files.readString(repo));
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
        List<String> ids = Registry.standard().ids();
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
        for (ShippedCases.Result r : ShippedCases.run(Registry.standard(), o, Mutation.NONE,
                org.gpusched.model.Budget.defaults().start())) {
            all.addAll(r.observations());
        }
        assertThat(all).filteredOn(x -> x.status() != Observation.Status.AGREED).isEmpty();
        assertThat(all).filteredOn(x -> x.check().equals(ShippedCases.RESPONSES)).hasSizeGreaterThan(100);
        assertThat(all).hasSize(ShippedCases.expected().size()
                + (int) ShippedCases.expected().stream().filter(e -> !e.responseTimes().isEmpty()).count());
    }

    /** The safety manual shows the known issues qualify prints, word for word. */
    @Test
    void the_safety_manual_lists_the_known_issues_qualify_prints() throws Exception {
        String manual = Files.readString(Path.of("docs/safety-manual.md"));
        assertThat(manual).contains(KnownIssues.text().strip());
        assertThat(KnownIssues.list()).hasSizeGreaterThan(3).allSatisfy(i -> assertThat(i).doesNotContain("\n"));
        // Every method of this build has its operational requirement there.
        for (String id : Registry.standard().ids()) {
            assertThat(manual).as(id).contains("`" + id + "`");
        }
    }
}
