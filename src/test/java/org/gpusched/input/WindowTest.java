package org.gpusched.input;

import org.gpusched.model.Window;
import org.gpusched.model.Task;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The analysis window of sets with offsets (docs/explorer.md, "Offsets: the analysis window"). */
class WindowTest {
    private static Task task(int i, long period, long deadline, long offset) {
        Task t = new Task(i, "t" + i, period, deadline, 1, null);
        return t.withOffset(offset);
    }

    @Test
    void withoutOffsetsOrWithWindowsClosingByTheEndOfThePeriodTheWindowStartsAtZero() {
        assertThat(Window.origin(List.of(task(0, 10, 10, 0), task(1, 20, 20, 0)), 20)).isZero();
        assertThat(Window.origin(List.of(task(0, 10, 6, 4), task(1, 20, 15, 5)), 20)).isZero();
    }

    @Test
    void theOriginIsTheFirstInstantNoJobWindowContains() {
        // a: windows (7, 13), (17, 23); b: (0, 15): 15 is the first instant outside all of them.
        List<Task> ts = List.of(task(0, 10, 6, 7), task(1, 20, 15, 0));
        assertThat(Window.origin(ts, 20)).isEqualTo(15);
        for (long s = 0; s < 15; s++) {
            assertThat(Window.isCut(ts, s)).as("s = %d", s).isFalse();
        }
        // Relative to the origin every job lies inside [0, H): O' + D <= T.
        for (Task t : Window.rotate(ts, 15)) {
            assertThat(t.offset() + t.deadline()).isLessThanOrEqualTo(t.period());
        }
        // The camera example: D = T for both, releases line up only at 120 ms.
        assertThat(Window.origin(List.of(task(0, 40000, 40000, 0), task(1, 100000, 100000, 20000)), 200000))
                .isEqualTo(120000);
    }

    @Test
    void implicitDeadlinesWithOffsetsThatNeverLineUpHaveNoCut() {
        assertThat(Window.origin(List.of(task(0, 10, 10, 0), task(1, 20, 20, 5)), 20)).isEqualTo(-1);
    }
}
