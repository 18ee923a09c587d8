package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpusched.timepart.HolisticGoldenTest.flow;

/** The serialisation condition's cases, and the window search against an exhaustive one. */
class SerialisationAndSearchTest {
    private static Platform.TimePartitions plan(long maf, Platform.Partition... ps) {
        return new Platform.TimePartitions(maf, 0, List.of(ps));
    }

    private static Platform.Window w(long start, long length, int core) {
        return new Platform.Window(start, length, core < 0 ? OptionalInt.empty() : OptionalInt.of(core));
    }

    @Test
    void serialisation_cases() {
        Flow a0 = flow("a", 20, 20, 0, 2, "G", 1, -3, 1);
        Flow b0 = flow("b", 20, 20, 0, 1, "G", 1, -3, 1);
        Flow b1 = flow("b", 20, 20, 1, 1, "G", 1, -3, 1);
        Flow cpuOnly = flow("c", 20, 20, 1, 1, "H", 2);
        Platform.TimePartitions allCores = plan(10, new Platform.Partition("G", List.of(w(0, 5, -1))),
                new Platform.Partition("H", List.of(w(5, 5, -1))));
        Platform.TimePartitions staggered = plan(10, new Platform.Partition("G", List.of(w(0, 4, 0), w(5, 4, 1))),
                new Platform.Partition("H", List.of(w(4, 1, -1))));
        assertThat(Serialisation.check(List.of(a0, cpuOnly), null, 2).holds()).isTrue(); // one GPU task
        assertThat(Serialisation.check(List.of(a0, b0), null, 1).reason()).contains("no time partition");
        assertThat(Serialisation.check(List.of(a0, b0), allCores, 2).holds()).isTrue(); // one core
        assertThat(Serialisation.check(List.of(a0, b1), allCores, 2).reason()).contains("windows[0] is on every core");
        assertThat(Serialisation.check(List.of(a0, b1), staggered, 2).holds()).isTrue();
        Flow bInH = flow("b", 20, 20, 0, 1, "H", 1, -3, 1);
        assertThat(Serialisation.check(List.of(a0, bInH), allCores, 1).reason()).contains("several partitions");
    }

    /** The binary search per gap finds what trying every length and start finds. */
    @Test
    void the_window_search_equals_an_exhaustive_search() {
        java.util.Random rnd = new java.util.Random(5);
        int found = 0;
        for (int c = 0; c < 60; c++) {
            long maf = 10 + rnd.nextInt(11);
            long other = 1 + rnd.nextInt((int) maf / 3);
            long otherStart = rnd.nextInt((int) (maf - other) + 1);
            Platform.TimePartitions p = plan(maf, new Platform.Partition("G", List.of(w(0, 1, 0))),
                    new Platform.Partition("H", List.of(w(otherStart, other, 0))));
            List<Flow> flows = new ArrayList<>();
            flows.add(flow("g", 20 * (1 + rnd.nextInt(3)), 40, 0, 2, "G", 1 + rnd.nextInt(3), -(1 + rnd.nextInt(5)),
                    1 + rnd.nextInt(2)));
            flows.set(0, new Flow("g", 40, 40, 0, 0, 0, 2, "G", flows.get(0).steps(), false));
            flows.add(new Flow("h", 40, 40, 0, 0, 0, 1, "H", List.of(new Step.Cpu(1, 1, "cpu")), false));
            WindowSearch s = new WindowSearch(flows, p, 0, 1, n -> { }, () -> { });
            WindowSearch.Result r = s.run(WindowSearch.Objective.WINDOW);
            long best = Long.MAX_VALUE;
            for (long len = 1; len <= maf && best == Long.MAX_VALUE; len++) {
                for (long st = 0; st + len <= maf; st++) {
                    boolean free = st + len <= otherStart || st >= otherStart + other;
                    if (free && Holistic.analyze(flows, s.with(w(st, len, 0))).schedulable()) {
                        best = len;
                        break;
                    }
                }
            }
            if (best == Long.MAX_VALUE) {
                assertThat(r).as("case %d", c).isNull();
            } else {
                found++;
                assertThat(r.window().length()).as("case %d", c).isEqualTo(best);
                assertThat(r.analysis().schedulable()).isTrue();
            }
        }
        assertThat(found).isGreaterThan(20);
    }
}
