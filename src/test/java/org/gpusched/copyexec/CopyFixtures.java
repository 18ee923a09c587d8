package org.gpusched.copyexec;

import org.gpusched.model.Workload;
import org.gpusched.input.WorkloadReader;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/** Small copy/execute workloads written as format-v2 JSON, read by the real reader. */
final class CopyFixtures {
    private CopyFixtures() { }

    /** One copy task: name, period, deadline, h2d, exec, d2h. */
    record T(String name, long period, long deadline, long h2d, long exec, long d2h) { }

    static Workload workload(int engines, String interference, String gpu, List<T> tasks) {
        StringBuilder b = new StringBuilder();
        b.append("{\"formatVersion\":2,\"platform\":{\"copyEngines\":").append(engines).append("},");
        if (gpu != null) {
            b.append("\"gpu\":").append(gpu).append(',');
        }
        if (interference != null) {
            b.append("\"interference\":").append(interference).append(',');
        }
        b.append("\"tasks\":[");
        for (int i = 0; i < tasks.size(); i++) {
            T t = tasks.get(i);
            b.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"name\":\"%s\",\"period\":%d,"
                    + "\"deadline\":%d,\"segments\":[{\"copy\":{\"to\":\"device\",\"time\":%d}},"
                    + "{\"gpu\":{\"exec\":%d,\"kernel\":{\"blocks\":2,\"threadsPerBlock\":128}}},"
                    + "{\"copy\":{\"to\":\"host\",\"time\":%d}}]}", t.name(), t.period(), t.deadline(), t.h2d(),
                    t.exec(), t.d2h()));
        }
        b.append("]}");
        return new WorkloadReader().read("fixture.json", b.toString());
    }

    static CopyWorkload copy(Workload w) {
        return ((CopyWorkload.Fits) CopyWorkload.of(w)).workload();
    }

    static CopyWorkload copy(int engines, List<T> tasks) {
        return copy(workload(engines, null, null, tasks));
    }

    /** A random workload of 2 to 4 tasks with periods 10, 20 or 40 and times 0..6 (some zero). */
    static List<T> random(SplittableRandom r, boolean zeroCopies) {
        int n = 2 + r.nextInt(3);
        long[] periods = {10, 20, 40};
        List<T> out = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            long p = periods[r.nextInt(3)];
            long exec = 1 + r.nextInt(6);
            long h = zeroCopies ? 0 : r.nextInt(7);
            long d = zeroCopies ? 0 : r.nextInt(7);
            out.add(new T("t" + i, p, p / 2 + r.nextInt((int) p / 2 + 1), h, exec, d));
        }
        return out;
    }
}
