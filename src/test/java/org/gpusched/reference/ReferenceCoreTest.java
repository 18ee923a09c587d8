package org.gpusched.reference;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference core on its own, against values worked without gpusched: the PBS paper's Figure 1
 * and Example 2.1 (the spec's expected results), the power-on example of docs/explorer.md, a frame
 * length with copies and runtime costs worked by hand, and a table written by hand with its
 * corruptions.
 */
class ReferenceCoreTest {
    /** The schedule of Figure 1 found in the paper's Figure 2c style: every job by its deadline. */
    private static final String FIG1_TABLE = """
            {"format":"gpusched-table","formatVersion":1,"taskSet":{"name":null,"sha256":"-"},"timeUnit":"tick",
             "hyperperiod":20,"method":"hand","streams":["tau1","tau2","tau3"],"entries":[
             {"start":0,"end":4,"batch":[{"task":"tau1","job":0,"stream":0},{"task":"tau2","job":0,"stream":1}]},
             {"start":4,"end":5,"batch":[{"task":"tau1","job":1,"stream":0}]},
             {"start":5,"end":9,"batch":[{"task":"tau2","job":1,"stream":1},{"task":"tau3","job":0,"stream":2}]},
             {"start":9,"end":10,"batch":[{"task":"tau1","job":2,"stream":0}]},
             {"start":10,"end":14,"batch":[{"task":"tau2","job":2,"stream":1},{"task":"tau3","job":1,"stream":2}]},
             {"start":14,"end":15,"batch":[{"task":"tau1","job":3,"stream":0}]},
             {"start":15,"end":18,"batch":[{"task":"tau2","job":3,"stream":1}]},
             {"start":18,"end":19,"batch":[{"task":"tau1","job":4,"stream":0}]}]}""";

    private static String example(String name) throws Exception {
        return Files.readString(Path.of("examples", name));
    }

    @Test
    void figure1IsSchedulableAndBothEdfBaselinesMiss() throws Exception {
        String fig1 = example("paper-fig1.json");
        assertThat(Reference.powerOn(fig1, 100_000)).isEqualTo(Reference.Verdict.SCHEDULABLE);
        assertThat(Reference.edf(fig1, false, 10_000)).isEqualTo(Reference.Verdict.NOT_SCHEDULABLE);
        assertThat(Reference.edf(fig1, true, 10_000)).isEqualTo(Reference.Verdict.NOT_SCHEDULABLE);
    }

    @Test
    void aHandWrittenTableOfFigure1PassesAndEachCorruptionIsNamed() throws Exception {
        String fig1 = example("paper-fig1.json");
        assertThat(Reference.checkTable(fig1, FIG1_TABLE)).isEmpty();
        // {tau1, tau2} takes 4 by the table model, not 3.
        assertThat(Reference.checkTable(fig1, FIG1_TABLE.replace("{\"start\":0,\"end\":4", "{\"start\":0,\"end\":3")))
                .anySatisfy(p -> assertThat(p).contains("should end at 4"));
        // tau3#0 alone from 5 would leave tau2#1 to miss; swapping the jobs' order breaks the release order.
        assertThat(Reference.checkTable(fig1, FIG1_TABLE.replace("\"job\":1,\"stream\":1", "\"job\":2,\"stream\":1")))
                .isNotEmpty();
        // A frame that waits while a job is ready: PBS never idles.
        assertThat(Reference.checkTable(fig1, FIG1_TABLE.replace("{\"start\":4,\"end\":5", "{\"start\":5,\"end\":6")))
                .anySatisfy(p -> assertThat(p).contains("should start at 4"));
        // The last job of tau1 left out.
        assertThat(Reference.checkTable(fig1, FIG1_TABLE.replace(",\n {\"start\":18,\"end\":19,\"batch\":[{\"task\":"
                + "\"tau1\",\"job\":4,\"stream\":0}]}", ""))).anySatisfy(p -> assertThat(p).contains("tau1#4"));
    }

    @Test
    void example21OrdersAreEligibleExactlyAsThePaperSays() throws Exception {
        for (String policy : List.of("most-room", "round-robin")) {
            String doc = example("paper-example-2-1.json").replace("\"maxWarpsPerSm\": 8",
                    "\"maxWarpsPerSm\": 8, \"smPolicy\": \"" + policy + "\"");
            RefFrames f = new RefFrames(RefWorkload.parse(doc));
            assertThat(f.ineligible(List.of(0, 1))).as(policy + " <J1, J2>").isNotNull();
            assertThat(f.ineligible(List.of(1, 0))).as(policy + " <J2, J1>").isNull();
            assertThat(f.someOrder(List.of(0, 1))).isTrue();
        }
    }

    @Test
    void theSystemReleasedAtZeroOfThePowerOnExampleMissesAtStartUp() throws Exception {
        // docs/explorer.md: only A is ready at 0, PBS must run it, and B, released at 1, ends at 6 > 4.
        assertThat(Reference.powerOn(example("power-on.json"), 100_000)).isEqualTo(Reference.Verdict.NOT_SCHEDULABLE);
    }

    @Test
    void aFrameWithCopiesAndRuntimeCostsLastsWhatTheFormatSays() {
        String doc = """
                {"formatVersion":2,"tasks":[
                 {"name":"A","period":100,"segments":[{"copy":{"to":"device","time":2}},{"gpu":{"exec":5}},
                   {"copy":{"to":"host","time":1}}]},
                 {"name":"B","period":100,"segments":[{"gpu":{"exec":3}}]}],
                 "runtime":{"launch":1,"submit":2,"sync":1,"copy":1}}""";
        RefFrames f = new RefFrames(RefWorkload.parse(doc));
        // max(5, 3) + copies 2 + 1 + submit 2 + sync 1 + 2 launches + 2 copy calls = 15.
        assertThat(f.length(List.of(0, 1))).isEqualTo(15);
        // A alone: 5 + 3 + 3 + 1 + 2 = 14; B alone: 3 + 3 + 1 = 7.
        assertThat(f.length(List.of(0))).isEqualTo(14);
        assertThat(f.length(List.of(1))).isEqualTo(7);
    }

    @Test
    void aSlowdownIsExactDecimalRoundedUpAndAChainsKernelsAreUnits() {
        String doc = """
                {"formatVersion":2,"tasks":[
                 {"name":"A","period":1000,"segments":[{"gpu":{"name":"pre","exec":100}},{"gpu":{"exec":7}}]},
                 {"name":"B","period":1000,"wcet":33}],
                 "interference":{"model":"slowdown","factors":{"A":1.1,"B":1.5}}}""";
        RefWorkload w = RefWorkload.parse(doc);
        assertThat(w.units()).extracting(RefWorkload.RefUnit::name).containsExactly("A.pre", "A.1", "B");
        RefFrames f = new RefFrames(w);
        // 100 · 1.1 = 110 exactly (a binary double would round up to 111); 33 · 1.5 = 49.5 -> 50.
        assertThat(f.length(List.of(0, 2))).isEqualTo(110);
        assertThat(f.length(List.of(1, 2))).isEqualTo(50);
    }
}
