package org.gpusched.partition;

import java.util.Arrays;
import java.util.List;

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
        boolean[] conflict = PartitionTest.conflicts(ts);
        Fraction u = Fraction.ZERO;
        for (int i = 0; i < ts.size(); i++) {
            u = u.plus(Fraction.of(test.time(ts.get(i), conflict[i], sms), ts.get(i).period()));
        }
        return new Part(members, sms, u);
    }

    int first() {
        return members[0];
    }

    List<KernelTask> tasks(List<KernelTask> all) {
        return Arrays.stream(members).mapToObj(all::get).toList();
    }

    static int[] union(Part a, Part b) {
        int[] u = new int[a.members.length + b.members.length];
        System.arraycopy(a.members, 0, u, 0, a.members.length);
        System.arraycopy(b.members, 0, u, a.members.length, b.members.length);
        Arrays.sort(u);
        return u;
    }
}
