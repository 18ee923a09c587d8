package org.gpusched.qualify;

import org.gpusched.input.InputException;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.Budget;
import org.gpusched.model.Workload;
import org.gpusched.policy.Method;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.Outcome;
import org.gpusched.policy.Registry;
import org.gpusched.policy.RunOptions;
import org.gpusched.policy.TaskRow;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The validation cases shipped in the jar (resources {@code qualify/cases/}: the examples, the
 * papers' worked examples and the timing anomaly) with the result every method must give on each
 * ({@code qualify/expected.csv}): the verdict, and for a bound or a simulation every task's
 * response time.
 */
final class ShippedCases {
    static final String VERDICT = "shipped cases: expected verdict";
    static final String RESPONSES = "shipped cases: expected response times";
    static final String CASES = "/qualify/cases/";

    /** One line of expected.csv. */
    record Expected(String file, String method, String verdict, String responseTimes) { }

    /** A case and what it gave: the observations and, when one disagreed, the case's text to keep. */
    record Result(String file, String text, List<Observation> observations) { }

    private ShippedCases() { }

    static List<Expected> expected() {
        List<Expected> out = new ArrayList<>();
        for (String line : resource("/qualify/expected.csv").split("\n")) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("case,")) {
                continue;
            }
            String[] f = line.split(",", -1);
            out.add(new Expected(f[0], f[1], f[2], f[3]));
        }
        return out;
    }

    static String resource(String name) {
        try (InputStream in = ShippedCases.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read resource " + name, e);
        }
    }

    /** Every case, in file order; the meter's clock binds every analysis. */
    static List<Result> run(Registry registry, RunOptions options, Mutation mutation, Budget.Meter meter) {
        Map<String, List<Expected>> byFile = new LinkedHashMap<>();
        for (Expected e : expected()) {
            byFile.computeIfAbsent(e.file(), k -> new ArrayList<>()).add(e);
        }
        List<Result> out = new ArrayList<>();
        for (Map.Entry<String, List<Expected>> c : byFile.entrySet()) {
            String text = resource(CASES + c.getKey());
            List<Observation> obs = new ArrayList<>();
            Workload w;
            try {
                w = new WorkloadReader().read(c.getKey(), text);
            } catch (InputException e) {
                obs.add(Observation.disagreed(VERDICT, c.getKey() + ": refused by the reader: " + e.getMessage()));
                out.add(new Result(c.getKey(), text, obs));
                continue;
            }
            for (Expected e : c.getValue()) {
                Method m = registry.byId(e.method()).orElse(null);
                if (m == null) {
                    obs.add(Observation.disagreed(VERDICT, c.getKey() + " " + e.method() + ": no such method in this build"));
                    continue;
                }
                MethodResult r = mutation.apply(m.analyze(w, options, meter.inner(options.explore().budget())));
                obs.add(verdict(c.getKey(), e, r));
                if (!e.responseTimes().isEmpty() && r.outcome() != Outcome.INCONCLUSIVE) {
                    String got = responses(r);
                    String what = c.getKey() + " " + e.method();
                    obs.add(got.equals(e.responseTimes()) ? Observation.agreed(RESPONSES, what)
                            : Observation.disagreed(RESPONSES, what + ": expected " + e.responseTimes() + ", got " + got));
                }
            }
            out.add(new Result(c.getKey(), text, obs));
        }
        return out;
    }

    private static Observation verdict(String file, Expected e, MethodResult r) {
        String what = file + " " + e.method();
        if (r.outcome() == Outcome.INCONCLUSIVE) {
            return Observation.notCompared(VERDICT, what + ": inconclusive (" + r.reason() + ")");
        }
        String got = word(r.outcome());
        return got.equals(e.verdict()) ? Observation.agreed(VERDICT, what + " " + got)
                : Observation.disagreed(VERDICT, what + ": expected " + e.verdict() + ", got " + got);
    }

    static String word(Outcome o) {
        return switch (o) {
            case SCHEDULABLE -> "schedulable";
            case NOT_SCHEDULABLE -> "not-schedulable";
            case INCONCLUSIVE -> "inconclusive";
            case NOT_APPLICABLE -> "n/a";
        };
    }

    /** task=time|... in task order, "-" where there is none, as expected.csv writes them. */
    static String responses(MethodResult r) {
        List<String> parts = new ArrayList<>();
        for (TaskRow t : r.tasks()) {
            parts.add(t.task() + "=" + (t.responseTime().isPresent() ? Long.toString(t.responseTime().getAsLong()) : "-"));
        }
        return String.join("|", parts);
    }
}
