package org.gpusched.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TicksTest {
    private static final long MAX = Long.MAX_VALUE;

    @Test
    void add_saturates_at_and_near_the_top() {
        assertThat(Ticks.add(1, MAX)).isEqualTo(Ticks.BEYOND);
        assertThat(Ticks.add(MAX, MAX)).isEqualTo(Ticks.BEYOND);
        assertThat(Ticks.add(MAX - 1, 1)).isEqualTo(MAX);
        assertThat(Ticks.add(MAX - 1, 2)).isEqualTo(Ticks.BEYOND);
        assertThat(Ticks.add(MAX - 10, 9)).isEqualTo(MAX - 1);
        assertThat(Ticks.add(3, 4)).isEqualTo(7);
        assertThat(Ticks.add(Long.MIN_VALUE, -1)).isEqualTo(Long.MIN_VALUE);
        assertThat(Ticks.add(-5, 3)).isEqualTo(-2);
    }

    @Test
    void sub_saturates_both_ways() {
        assertThat(Ticks.sub(5, MAX)).isEqualTo(5 - MAX);
        assertThat(Ticks.sub(-5, MAX)).isEqualTo(Long.MIN_VALUE);
        assertThat(Ticks.sub(MAX, -1)).isEqualTo(Ticks.BEYOND);
        assertThat(Ticks.sub(Ticks.sub(10, MAX), MAX)).isEqualTo(Long.MIN_VALUE);
        assertThat(Ticks.sub(10, 3)).isEqualTo(7);
    }

    @Test
    void mul_saturates_for_non_negative_operands() {
        assertThat(Ticks.mul(MAX, 2)).isEqualTo(Ticks.BEYOND);
        assertThat(Ticks.mul(1L << 32, 1L << 31)).isEqualTo(Ticks.BEYOND);
        assertThat(Ticks.mul(1L << 31, 1L << 31)).isEqualTo(1L << 62);
        assertThat(Ticks.mul(MAX, 1)).isEqualTo(MAX);
        assertThat(Ticks.mul(0, MAX)).isZero();
        assertThat(Ticks.mul(1_000_000_000_000L, 9_223_372)).isEqualTo(9_223_372_000_000_000_000L);
        assertThat(Ticks.mul(1_000_000_000_000L, 9_223_373)).isEqualTo(Ticks.BEYOND);
    }

    @Test
    void the_horizon_lies_beyond_every_deadline_the_reader_accepts() {
        // Every release and deadline is <= the hyperperiod, so a saturated time is always a miss.
        assertThat(Ticks.BEYOND).isGreaterThan(TaskSet.MAX_HYPERPERIOD);
        assertThat(Ticks.add(TaskSet.MAX_HYPERPERIOD, MAX)).isEqualTo(Ticks.BEYOND);
    }
}
