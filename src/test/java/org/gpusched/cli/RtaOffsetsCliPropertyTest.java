package org.gpusched.cli;

import org.gpusched.rta.RtaMethod;
import org.gpusched.rta.RtaWorkload;
import org.gpusched.rta.SimResult;
import org.gpusched.rta.Simulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The GCAPS family's analyses ignore release offsets (docs/rta.md), so every bound `compare` prints for a
 * file with offsets must hold whatever the offsets are: here it is checked against the simulator of the same
 * policy releasing each task at its file's offset, in the GPU priority order the analysis reports it used,
 * on random files of every feature the drawn sets have (overruns, best-effort tasks, zero-length segments).
 */
class RtaOffsetsCliPropertyTest {
    private static final int SETS = 300;
    private static final long H = RtaWorkloadFiles.HYPERPERIOD;
    private static final String METHODS = Stream.of(RtaMethod.values()).map(RtaMethod::id)
            .collect(Collectors.joining(","));

    @Test
    void everyPrintedBoundHoldsForTheFilesOffsets(@TempDir Path dir) throws Exception {
        // Released over four hyperperiods (past the last offset), run seven: backlogs show.
        RtaWorkloadFiles.Compared c = RtaWorkloadFiles.compareToSimulation(dir, METHODS, 90_000L, SETS, true, 4 * H,
                7 * H);
        assertThat(c.below()).as(c.below().size() + " bounds below the simulation").isEmpty();
        // The comparison means something only if many sets had offsets and many bounds were printed.
        assertThat(c.withOffsets()).isGreaterThan(SETS / 2);
        assertThat(c.bounds()).isGreaterThan(2 * SETS);
    }

    /** Offsets move the simulator's releases: job 0 of a task with offset 7 is released at 7. */
    @Test
    void theSimulatorReleasesAtTheOffset() {
        RtaWorkload w = RtaWorkloadFiles.draw(90_000L, false).workload();
        long[] none = new long[w.tasks().size()];
        long[] late = none.clone();
        late[0] = 7;
        String first = w.tasks().get(0).name();
        SimResult at0 = Simulator.run(w, RtaMethod.GCAPS_BUSY, null, none, H, 3 * H);
        SimResult at7 = Simulator.run(w, RtaMethod.GCAPS_BUSY, null, late, H, 3 * H);
        assertThat(at7.jobs().stream().filter(j -> j.task().equals(first)).findFirst().orElseThrow().release())
                .isEqualTo(7);
        assertThat(at0.jobs().stream().filter(j -> j.task().equals(first)).findFirst().orElseThrow().release())
                .isZero();
        assertThatThrownBy(() -> Simulator.run(w, RtaMethod.GCAPS_BUSY, null, new long[1], H, 3 * H))
                .isInstanceOf(IllegalArgumentException.class);
        // An offset past the last release leaves the task no job, not a negative count.
        long[] never = none.clone();
        never[0] = 5 * H;
        assertThat(Simulator.run(w, RtaMethod.GCAPS_BUSY, null, never, H, 3 * H).observed(first)).isEmpty();
    }
}
