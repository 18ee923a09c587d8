package org.gpusched.player;

import org.gpusched.model.InputException;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.KernelKind;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The kernel kinds' floors: the H200 preset, the lower bound between measured shapes, the refusal.
 * The logic is tested on the floors the first kinds had on the H200 (milliseconds for memory), kept
 * as a test resource; the preset holds what the current kinds showed.
 */
class KindFloorsTest {
    private static final KindFloors H200 = first();

    private static KindFloors first() {
        // A test resource beside the shipped ones.
        return KindFloors.parse("h200", "h200-e907851-kind-floors.csv", DevicePresets.text("h200-e907851-kind-floors.csv"));
    }

    @Test
    void thePresetHoldsTheFloorsTheH200ShowedWithTheCurrentKinds() {
        KindFloors preset = KindFloors.preset("h200");
        assertThat(KindFloors.preset("a100")).isNull();
        assertThat(preset.points()).hasSize(10);
        // Every kind kept 20 us at 4 and at 132 blocks: its floor is the launch's own microsecond.
        assertThat(preset.points()).allSatisfy(p -> assertThat(p.floorNs()).isLessThanOrEqualTo(1_300));
        assertThat(preset.floorNs(KernelKind.MEMORY, 132, 256)).isEqualTo(1_300);
        assertThat(preset.points()).allSatisfy(p -> assertThat(Math.abs(p.error())).isLessThan(0.08));
        preset.check(set("memory", 4, 20), 1000);
        preset.check(set("cache", 4, 20), 1000);
    }

    @Test
    void theFirstKindsHadTheFloorsTheH200Showed() {
        assertThat(H200.points()).hasSize(10);
        assertThat(H200.floorNs(KernelKind.MEMORY, 4, 256)).isEqualTo(6_288_000);
        assertThat(H200.floorNs(KernelKind.MEMORY, 132, 256)).isEqualTo(257_000);
        assertThat(H200.floorNs(KernelKind.CACHE, 4, 256)).isEqualTo(184_000);
        // Kinds that kept 20 us have no floor to refuse by.
        assertThat(H200.floorNs(KernelKind.COMPUTE, 4, 256)).isZero();
        assertThat(H200.floorNs(KernelKind.SHARED, 132, 256)).isZero();
        assertThat(H200.floorNs(KernelKind.SPIN, 4, 256)).isZero();
        assertThat(H200.points().stream().filter(p -> p.kind() == KernelKind.SHARED))
                .allSatisfy(p -> assertThat(p.error()).isLessThan(-0.35));
    }

    @Test
    void betweenShapesTheFloorIsALowerBound() {
        // Fewer threads than a measured shape: never faster than it.
        assertThat(H200.floorNs(KernelKind.MEMORY, 2, 256)).isEqualTo(6_288_000);
        assertThat(H200.floorNs(KernelKind.MEMORY, 4, 128)).isEqualTo(6_288_000);
        // Twice the threads of 4 x 256: at most twice as fast, and never faster than 132 blocks.
        assertThat(H200.floorNs(KernelKind.MEMORY, 8, 256)).isEqualTo(3_144_000);
        assertThat(H200.floorNs(KernelKind.MEMORY, 100, 256)).isEqualTo(257_000);
        // Beyond every measured shape: the measured floors scaled down by the thread ratio.
        assertThat(H200.floorNs(KernelKind.MEMORY, 264, 256)).isEqualTo(128_500);
        for (int b = 1; b < 400; b += 7) {
            assertThat(H200.floorNs(KernelKind.MEMORY, b + 1, 256)).isLessThanOrEqualTo(H200.floorNs(KernelKind.MEMORY, b, 256));
        }
    }

    @Test
    void aKindAskedBelowItsFloorIsRefusedNamingTheTaskTheFloorAndTheWayOut() {
        TaskSet ts = set("memory", 4, 60);
        assertThatThrownBy(() -> H200.check(ts, 1000)).isInstanceOf(InputException.class)
                .hasMessageContaining("t.json: tasks[1].kernel: decode (memory, 4 blocks of 256 threads) is asked for 60 us")
                .hasMessageContaining("floor of 6288 us at that shape on h200")
                .hasMessageContaining("more blocks (257 us at 132 x 256)")
                .hasMessageContaining("a smaller buffer")
                .hasMessageContaining("another kind");
        // Above the floor, the same kind plays; spin, compute and abstract ticks are never refused.
        H200.check(set("memory", 132, 300), 1000);
        H200.check(set("compute", 4, 1), 1000);
        H200.check(set("spin", 4, 1), 1000);
        H200.check(ts, 0);
        assertThatThrownBy(() -> H200.check(set("cache", 4, 100), 1000)).hasMessageContaining("floor of 184 us");
    }

    @Test
    void aFloorsFileIsReadStrictly() {
        KindFloors f = KindFloors.parse("x", "x.csv", "# comment\nkind,blocks,threads,floor_us,calibration_error\n"
                + "memory,8,128,12.5,0.1\n");
        assertThat(f.floorNs(KernelKind.MEMORY, 8, 128)).isEqualTo(12_500);
        assertThatThrownBy(() -> KindFloors.parse("x", "x.csv", "kind,blocks\n")).hasMessageContaining("line 1: expected the header");
        assertThatThrownBy(() -> KindFloors.parse("x", "x.csv", "kind,blocks,threads,floor_us,calibration_error\n"
                + "warp,8,128,1,0\n")).hasMessageContaining("line 2");
        assertThatThrownBy(() -> KindFloors.parse("x", "x.csv", "kind,blocks,threads,floor_us,calibration_error\n"
                + "memory,8,128,-1,0\n")).hasMessageContaining("line 2");
    }

    private static TaskSet set(String kind, int blocks, long wcet) {
        return new TaskSetReader().read("t.json", "{\"formatVersion\": 1, \"name\": \"t\", \"timeUnit\": \"us\", \"tasks\": ["
                + "{\"name\": \"other\", \"period\": 1000, \"deadline\": 1000, \"wcet\": 10},"
                + "{\"name\": \"decode\", \"period\": 1000, \"deadline\": 1000, \"wcet\": " + wcet + ", \"kernel\":"
                + " {\"blocks\": " + blocks + ", \"threadsPerBlock\": 256, \"kind\": \"" + kind + "\"}}],"
                + " \"interference\": {\"model\": \"none\"}}");
    }
}
