package org.gpusched.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class GeneratorTest {
    private static final ObjectMapper M = new ObjectMapper();

    @Test
    void uunifastDiscardSumsToUAndKeepsEveryShareAtMostOne() {
        SplittableRandom rnd = new SplittableRandom(42);
        for (int n : new int[] {2, 3, 5, 8}) {
            for (double u : new double[] {0.2, 1.0, 1.9, Math.min(n - 0.1, 2.0)}) {
                for (int k = 0; k < 200; k++) {
                    double[] us = Generator.uunifastDiscard(rnd, n, u, 1);
                    assertThat(us).hasSize(n);
                    assertThat(java.util.Arrays.stream(us).boxed().toList()).allSatisfy(x -> assertThat(x).isBetween(0.0, 1.0));
                    assertThat(java.util.Arrays.stream(us).sum()).isCloseTo(u, org.assertj.core.data.Offset.offset(1e-9));
                }
            }
        }
    }

    @Test
    void generatedSetsFollowTheWorkloadRules() throws Exception {
        for (Scenario sc : Scenario.values()) {
            for (int n : new int[] {3, 5, 8}) {
                for (double u : new double[] {0.2, 1.0, 2.0}) {
                    for (int i = 0; i < 15; i++) {
                        Generator.GeneratedSet g = Generator.generate(7, sc, u, n, i);
                        TaskSet ts = g.parse(); // validates with the strict reader
                        assertThat(ts.size()).isEqualTo(n);
                        assertThat(ts.gpu().name()).isEqualTo("paper-8sm");
                        // |round(u T) - u T| <= 1/2 and max(1, .) adds < 1, so each share is off by < 1/T <= 1/400.
                        assertThat(ts.utilization()).isCloseTo(u, org.assertj.core.data.Offset.offset(n / 400.0));
                        JsonNode root = M.readTree(g.json());
                        for (Task t : ts.tasks()) {
                            assertThat(Generator.PERIODS).contains(t.period());
                            assertThat(t.deadline()).isEqualTo(t.period());
                            assertThat(t.wcet()).isBetween(1L, t.period());
                            assertThat(t.kernel().blocks()).isBetween(1, 256);
                            assertThat(t.kernel().threadsPerBlock()).isBetween(32, 1024);
                            BigDecimal f = root.get("interference").get("factors").get(t.name()).decimalValue();
                            assertThat(f.scale()).isLessThanOrEqualTo(2);
                            assertThat(f.doubleValue()).isBetween(sc.low(), sc.high());
                        }
                    }
                }
            }
        }
    }

    @Test
    void occupancyIsProportionalToUtilisation() {
        assertThat(Generator.blocks(0.5)).isEqualTo(128);
        assertThat(Generator.threadsPerBlock(0.5, 128)).isEqualTo(32);
        assertThat(Generator.blocks(0.001)).isEqualTo(1);
        assertThat(Generator.threadsPerBlock(0.001, 1)).isEqualTo(32);
        assertThat(Generator.blocks(1.0)).isEqualTo(256);
        assertThat(Generator.threadsPerBlock(1.0, 1)).isEqualTo(1024);
    }

    @Test
    void sameSeedSameBytesAndEachSetStandsAlone() {
        Generator.GeneratedSet a = Generator.generate(3, Scenario.LARGE, 1.0, 5, 17);
        Generator.GeneratedSet b = Generator.generate(3, Scenario.LARGE, 1.0, 5, 17);
        assertThat(a.json()).isEqualTo(b.json());
        assertThat(a.json()).endsWith("}\n").doesNotContain("\r");
        assertThat(Generator.generate(4, Scenario.LARGE, 1.0, 5, 17).json()).isNotEqualTo(a.json());
        assertThat(Generator.generate(3, Scenario.SMALL, 1.0, 5, 17).json()).isNotEqualTo(a.json());
        assertThat(Generator.generate(3, Scenario.LARGE, 1.0, 5, 16).json()).isNotEqualTo(a.json());
        // U given as 1 or as the sweep's 5 * 0.2 names the same set.
        assertThat(Generator.generate(3, Scenario.LARGE, 5 * 0.2, 5, 17).json()).isEqualTo(a.json());
        assertThat(Generator.generate(3, Scenario.LARGE, 3 * 0.2, 5, 17).json())
                .isEqualTo(Generator.generate(3, Scenario.LARGE, 0.6, 5, 17).json());
    }
}
