package org.gpusched.partition;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A partition during the search: its tasks (indices into the task list, increasing) and its size m.
 * Its utilisation is U(P) = Σ C_i(T(P), m) / T_i under the test's times.
 */
record Part(int[] members, long sms, Fraction utilization) {
    Part {
        members = members.clone();
    }

    static Part of(List<KernelTask> all, int[] members, long sms, PartitionTest test) {
        List<KernelTask> ts = Arrays.stream(members).mapToObj(all::get).toList();
        return new Part(members, sms, SmPartitionPlan.Slot.utilization(SmPartitionPlan.Slot.of(ts, test, sms)));
    }

    int first() {
        return members[0];
    }

    static int[] union(Part a, Part b) {
        return IntStream.concat(Arrays.stream(a.members), Arrays.stream(b.members)).sorted().toArray();
    }
}
