package org.gpusched.explore.bound;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link MinMap} against a boxed map on random offers of two-word keys, through several growths. */
class MinMapTest {
    @Test
    void keeps_the_least_value_per_key_like_a_boxed_map() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int round = 0; round < 20; round++) {
            MinMap m = new MinMap();
            Map<List<Long>, Long> ref = new HashMap<>();
            int keys = 1 + rnd.nextInt(5_000);
            for (int k = 0; k < 20_000; k++) {
                long key = rnd.nextLong(keys) * (round % 2 == 0 ? 1 : 1L << 33);
                // Round 3 and on: keys that differ only in the high word.
                long high = round < 3 ? 0 : rnd.nextLong(1 + round);
                long value = rnd.nextLong(1_000_000);
                boolean fresh = !ref.containsKey(List.of(key, high));
                ref.merge(List.of(key, high), value, Math::min);
                assertThat(m.offer(key, high, value, 0)).isEqualTo(fresh);
            }
            assertThat(m.size()).isEqualTo(ref.size());
            Map<List<Long>, Long> back = new HashMap<>();
            for (int s = 0; s < m.slots(); s++) {
                if (m.keyAt(s) >= 0) {
                    back.put(List.of(m.keyAt(s), m.highAt(s)), m.valueAt(s));
                }
            }
            assertThat(back).isEqualTo(ref);
            for (Map.Entry<List<Long>, Long> e : ref.entrySet()) {
                assertThat(m.get(e.getKey().get(0), e.getKey().get(1))).isEqualTo(e.getValue());
            }
            assertThat(m.get(Long.MAX_VALUE - 5, 1)).isEqualTo(ref.getOrDefault(List.of(Long.MAX_VALUE - 5, 1L),
                    Long.MAX_VALUE));
        }
    }
}
