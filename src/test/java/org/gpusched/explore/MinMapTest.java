package org.gpusched.explore;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link MinMap} against a boxed map on random offers, through several growths. */
class MinMapTest {
    @Test
    void keeps_the_least_value_per_key_like_a_boxed_map() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int round = 0; round < 20; round++) {
            MinMap m = new MinMap();
            Map<Long, Long> ref = new HashMap<>();
            int keys = 1 + rnd.nextInt(5_000);
            for (int k = 0; k < 20_000; k++) {
                long key = rnd.nextLong(keys) * (round % 2 == 0 ? 1 : 1L << 33);
                long value = rnd.nextLong(1_000_000);
                boolean fresh = !ref.containsKey(key);
                ref.merge(key, value, Math::min);
                assertThat(m.offer(key, value)).isEqualTo(fresh);
            }
            assertThat(m.size()).isEqualTo(ref.size());
            Map<Long, Long> back = new HashMap<>();
            for (int s = 0; s < m.slots(); s++) {
                if (m.keyAt(s) >= 0) {
                    back.put(m.keyAt(s), m.valueAt(s));
                }
            }
            assertThat(back).isEqualTo(ref);
            for (Map.Entry<Long, Long> e : ref.entrySet()) {
                assertThat(m.get(e.getKey())).isEqualTo(e.getValue());
            }
            assertThat(m.get(-5 & Long.MAX_VALUE)).isEqualTo(ref.getOrDefault(-5 & Long.MAX_VALUE, Long.MAX_VALUE));
        }
    }
}
