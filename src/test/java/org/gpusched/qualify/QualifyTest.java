package org.gpusched.qualify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The engine of gpusched qualify on drawn sets (the shipped cases: ShippedCasesTest; the command: QualifyCommandTest). */
class QualifyTest {
    static final Qualification.Tool TOOL = new Qualification.Tool("test", "none", "none");

    @TempDir
    Path tmp;

    Qualify.Config config(String example, int sets, Mutation mutation, Duration limit) throws Exception {
        return config(example, sets, mutation, limit, null);
    }

    Qualify.Config config(String example, int sets, Mutation mutation, Duration limit, Path nptest) throws Exception {
        Path p = Path.of("examples", example);
        return new Qualify.Config(List.of(new Qualify.Like(p.toString(), Files.readAllBytes(p))), sets, 5, limit,
                limit == null ? null : limit.toString(), nptest, null, tmp, Map.of("PATH", ""), mutation, TOOL, false);
    }

    @Test
    void every_check_agrees_on_sets_like_the_jetson_example_and_sees_both_verdicts() throws Exception {
        Qualification q = Qualify.run(config("jetson-orin-perception.json", 12, Mutation.NONE, null), s -> { });
        assertThat(q.disagreements()).isEmpty();
        assertThat(q.exitCode()).isZero();
        assertThat(q.sets()).hasSize(12);
        assertThat(q.sets().get(3).seed()).isEqualTo(Qualify.seedOf(5, 0, 3));
        Qualification.Check exact = check(q, Twins.EXACT);
        assertThat(exact.agreed()).isEqualTo(12);
        // Every set was compared, so the verdicts of the sets are the compared ones: both must occur.
        assertThat(q.sets()).extracting(Qualification.DrawnSet::verdict).contains("schedulable", "not schedulable");
        assertThat(q.status()).isEqualTo("qualified");
        assertThat(q.gaps()).isEmpty();
        assertThat(q.perInput()).filteredOn(c -> c.check().equals(Twins.EXACT))
                .singleElement().satisfies(c -> assertThat(c.compared()).isEqualTo(12));
        assertThat(check(q, Twins.boundCheck("gcaps-busy")).compared()).isEqualTo(12);
        assertThat(check(q, Twins.TABLE).compared()).isPositive();
        assertThat(q.peers()).extracting(Qualification.Peer::status).containsOnly("skipped");
        assertThat(q.inputs().get(0).sha256()).hasSize(64);
        assertThat(q.knownIssues()).isNotEmpty();
    }

    @Test
    void the_same_seed_gives_the_same_qualification_but_for_its_time() throws Exception {
        Qualification a = Qualify.run(config("orin-camera-pipeline.json", 6, Mutation.NONE, null), s -> { });
        Qualification b = Qualify.run(config("orin-camera-pipeline.json", 6, Mutation.NONE, null), s -> { });
        assertThat(withoutTime(a)).isEqualTo(withoutTime(b));
        // Its sets are answered from power-on: their verdict is compared with the reference core's.
        assertThat(a.disagreements()).isEmpty();
        assertThat(check(a, Twins.POWER_ON).agreed()).isPositive();
        assertThat(a.gaps()).isEmpty();
        assertThat(a.status()).isEqualTo("qualified");
    }

    private static Qualification withoutTime(Qualification q) {
        return new Qualification(q.tool(), q.environment(), q.options(), q.inputs(), q.sets(), q.checks(),
                q.perInput(), q.gaps(), q.disagreements(), q.kept(), q.shipped(), q.peers(), q.knownIssues(),
                q.complete(), q.stopReason(), 0);
    }

    /**
     * Sets with offsets whose window does not start at 0: analyze answers from power-on, so the
     * steady state's agreement with brute force is its own check, and the power-on verdict the user
     * gets is compared with the reference core's exhaustive power-on search, both verdicts seen.
     */
    @Test
    void sets_answered_from_power_on_compare_the_power_on_verdict_with_the_reference() throws Exception {
        Qualification q = Qualify.run(config("power-on.json", 20, Mutation.NONE, null), s -> { });
        assertThat(q.disagreements()).isEmpty();
        Qualification.Check powerOn = check(q, Twins.POWER_ON);
        assertThat(powerOn.compared()).isPositive();
        assertThat(powerOn.agreed()).isEqualTo(powerOn.compared());
        assertThat(q.sets()).extracting(Qualification.DrawnSet::verdict).contains("schedulable", "not schedulable");
        assertThat(check(q, Twins.STEADY_STATE).agreed()).isPositive();
        // A set is either at 0 (its exact verdict against brute force) or answered from power-on.
        int exact = q.checks().stream().filter(c -> c.id().equals(Twins.EXACT)).mapToInt(c -> c.agreed()
                + c.disagreed() + c.notCompared()).sum();
        assertThat(exact + powerOn.compared() + powerOn.notCompared()).isEqualTo(q.sets().size());
        assertThat(q.status()).isEqualTo("qualified");
        assertThat(q.exitCode()).isZero();
    }

    /** The exact verdict inverted on purpose: the reference twin sees it on power-on sets too. */
    @Test
    void an_inverted_power_on_verdict_is_a_disagreement_with_the_reference() throws Exception {
        Qualification q = Qualify.run(config("power-on.json", 6, Mutation.EXACT_VERDICT_INVERTED, null), s -> { });
        assertThat(check(q, Twins.POWER_ON).disagreed()).isPositive();
        assertThat(q.status()).isEqualTo("disagreement");
        assertThat(q.exitCode()).isEqualTo(1);
    }

    /** A file none of whose drawn sets reaches a comparison qualifies nothing: partial, exit 1. */
    @Test
    void a_file_whose_sets_reach_no_comparison_is_partial_exit_1() throws Exception {
        Qualification q = Qualify.run(config("workload-v2.json", 4, Mutation.NONE, null), s -> { });
        assertThat(q.disagreements()).isEmpty();
        assertThat(q.complete()).isTrue();
        assertThat(q.status()).isEqualTo("partial");
        assertThat(q.exitCode()).isEqualTo(1);
        assertThat(q.perInput()).allSatisfy(c -> assertThat(c.compared()).isZero());
        assertThat(q.gaps()).anySatisfy(g -> {
            assertThat(g.input()).isEqualTo(Path.of("examples", "workload-v2.json").toString());
            assertThat(g.check()).isNull();
        });
    }

    /** A peer named by option that cannot run is a check the user asked for and did not get. */
    @Test
    void an_nptest_asked_for_that_is_not_a_program_is_partial_exit_1() throws Exception {
        Qualification q = Qualify.run(config("jetson-orin-perception.json", 2, Mutation.NONE, null,
                Path.of("/etc/passwd")), s -> { });
        assertThat(q.disagreements()).isEmpty();
        Qualification.Peer np = q.peers().stream().filter(p -> p.name().equals("nptest")).findFirst().orElseThrow();
        assertThat(np.requested()).isTrue();
        assertThat(np.status()).isEqualTo("missing");
        assertThat(q.status()).isEqualTo("partial");
        assertThat(q.exitCode()).isEqualTo(1);
        assertThat(q.gaps()).singleElement().satisfies(g -> {
            assertThat(g.check()).isEqualTo("nptest");
            assertThat(g.message()).contains("/etc/passwd");
        });
    }

    /** The mutation switch: an inverted exact verdict disagrees with brute force and the set is kept to replay. */
    @Test
    void a_broken_exact_search_exits_1_with_the_case_kept() throws Exception {
        Qualification q = Qualify.run(config("paper-fig1.json", 4, Mutation.EXACT_VERDICT_INVERTED, null), s -> { });
        assertThat(q.exitCode()).isEqualTo(1);
        assertThat(q.status()).isEqualTo("disagreement");
        assertThat(q.options().mutation()).isEqualTo("EXACT_VERDICT_INVERTED");
        Qualification.Disagreement d = q.disagreements().stream().filter(x -> x.check().equals(Twins.EXACT))
                .findFirst().orElseThrow();
        Qualification.Kept kept = q.kept().stream().filter(k -> k.path().equals(d.file())).findFirst().orElseThrow();
        // The kept file is the set as analysed: read again, it is the set of the report's seed and hash.
        Workload again = new WorkloadReader().read("kept.json", kept.text());
        assertThat(q.sets()).anySatisfy(s -> {
            assertThat(s.seed()).isEqualTo(d.seed());
            assertThat(s.sha256()).isEqualTo(again.sha256());
        });
    }

    @Test
    void a_bound_below_the_simulation_exits_1() throws Exception {
        Qualification q = Qualify.run(config("jetson-orin-perception.json", 4, Mutation.BOUND_HALVED, null), s -> { });
        assertThat(q.exitCode()).isEqualTo(1);
        assertThat(q.disagreements()).anySatisfy(d -> assertThat(d.check()).endsWith("bound >= simulation"));
        assertThat(q.kept()).isNotEmpty();
    }

    @Test
    void a_spent_time_limit_is_incomplete_exit_3() throws Exception {
        Qualification q = Qualify.run(config("jetson-orin-perception.json", 50, Mutation.NONE, Duration.ofNanos(1)),
                s -> { });
        assertThat(q.complete()).isFalse();
        assertThat(q.exitCode()).isEqualTo(3);
        assertThat(q.stopReason()).isNotBlank();
        assertThat(q.sets()).hasSizeLessThan(50);
    }

    /** A stated runtime cost is a feature the drawn sets keep; its copy cost is no copy segment, and 0 is none. */
    @Test
    void drawn_sets_list_the_runtime_cost_they_keep() throws Exception {
        ObjectMapper json = JsonMapper.builder().build();
        String file = "{\"formatVersion\": 1, \"tasks\": [{\"name\": \"a\", \"period\": 100, \"wcet\": 40}],"
                + " \"runtime\": {\"launch\": 5, \"copy\": 3}}";
        JsonNode tree = json.readTree(file);
        assertThat(Qualify.features(tree)).containsExactly("runtime");
        JsonNode drawn = json.readTree(LikeSets.draw(tree, "like", 7));
        assertThat(drawn.path("runtime").path("launch").asLong()).isEqualTo(5);
        assertThat(Qualify.features(drawn)).containsExactly("runtime");
        assertThat(Qualify.features(json.readTree(file.replace("\"launch\": 5, \"copy\": 3", "\"launch\": 0"))))
                .isEmpty();
    }

    /** Drawn sets keep the user's structure: tasks, periods, features; only the numbers move. */
    @ParameterizedTest
    @ValueSource(strings = {"jetson-orin-perception.json", "orin-camera-pipeline.json", "online-edf-jitter.json",
            "power-on.json", "railway-timepart.json", "sm-partitioning-68.json", "copy-exec-video.json",
            "gcaps-example-2.json"})
    void drawn_sets_are_shaped_like_the_file(String example) throws Exception {
        Path p = Path.of("examples", example);
        Workload user = new WorkloadReader().read(p);
        JsonNode tree = JsonMapper.builder().build().readTree(Files.readString(p));
        int valid = 0;
        List<String> distinct = new ArrayList<>();
        for (long seed = 1; seed <= 20; seed++) {
            String text = LikeSets.draw(tree, "like", seed);
            assertThat(LikeSets.draw(tree, "like", seed)).isEqualTo(text);
            Workload w;
            try {
                w = new WorkloadReader().read("like.json", text);
            } catch (org.gpusched.model.InputException e) {
                continue; // a redraw in qualify
            }
            valid++;
            distinct.add(w.sha256());
            assertThat(w.formatVersion()).isEqualTo(user.formatVersion());
            assertThat(w.size()).isEqualTo(user.size());
            assertThat(w.interference().model()).isEqualTo(user.interference().model());
            assertThat(w.gpu().name()).isEqualTo(user.gpu().name());
            assertThat(w.platform().cpus()).isEqualTo(user.platform().cpus());
            for (int i = 0; i < w.size(); i++) {
                assertThat(w.task(i).period()).isEqualTo(user.task(i).period());
                assertThat(w.task(i).segments()).hasSameSizeAs(user.task(i).segments());
            }
            assertThat(w.pbs() == null).isEqualTo(user.pbs() == null);
            assertThat(Qualify.features(JsonMapper.builder().build().readTree(text))).isEqualTo(Qualify.features(tree));
        }
        assertThat(valid).as("valid draws of 20").isGreaterThanOrEqualTo(10);
        assertThat(distinct.stream().distinct().count()).isGreaterThan(valid / 2);
    }

    static Qualification.Check check(Qualification q, String id) {
        return q.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(
                "no check " + id + " in " + q.checks()));
    }

    /**
     * A refutation that was re-checked counts in qualify: the demand bound recounted and the solver's
     * refutation re-decided by the exhaustive search are agreements of their own check.
     */
    @Test
    void a_re_checked_refutation_is_counted_as_an_agreement() {
        String overload = "{\"name\":\"overload\",\"gpu\":{\"maxResidentKernels\":1},\"tasks\":["
                + "{\"name\":\"a\",\"period\":4,\"wcet\":3,\"kernel\":{\"blocks\":1,\"threadsPerBlock\":32}},"
                + "{\"name\":\"b\",\"period\":4,\"wcet\":3,\"kernel\":{\"blocks\":1,\"threadsPerBlock\":32}}]}";
        Workload w = new WorkloadReader().read("overload.json", overload);
        org.gpusched.policy.MethodResult r = org.gpusched.policy.MethodRegistry.standard().byId("gpusched").orElseThrow()
                .analyze(w, org.gpusched.policy.RunOptions.defaults());
        List<Observation> out = new ArrayList<>();
        Twins.refutation(r, out);
        assertThat(out).singleElement().satisfies(o -> {
            assertThat(o.check()).isEqualTo(Twins.REFUTATION);
            assertThat(o.status()).isEqualTo(Observation.Status.AGREED);
            assertThat(o.message()).contains("demand bound confirmed");
        });
    }
}
