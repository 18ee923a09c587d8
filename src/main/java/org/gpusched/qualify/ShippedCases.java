package org.gpusched.qualify;

import org.gpusched.input.WorkloadReader;
import org.gpusched.model.Budget;
import org.gpusched.model.InputException;
import org.gpusched.model.Workload;
import org.gpusched.policy.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.stream.Collectors;

/**
 * The validation cases shipped in the jar (resources {@code qualify/cases/}: the examples, the
 * papers' worked examples, the hand-worked cases and the timing anomaly) with the result every
 * method must give on each ({@code qualify/expected.csv}): the verdict, for a bound or a simulation
 * every task's response time, and where that expected result comes from.
 */
final class ShippedCases {
    static final String VERDICT = "shipped cases: expected verdict";
    static final String RESPONSES = "shipped cases: expected response times";
    static final String CASES = "/qualify/cases/";
    static final String HEADER = "case,method,verdict,responseTimes,source";

    /**
     * Where an expected result comes from. Only a source other than {@code SNAPSHOT} is evidence that
     * the method is right; a snapshot only shows that the method has not changed since it was taken.
     */
    enum Source {
        /** a worked example of the seed papers or of the spec that restates them */
        PAPER,
        /** a peer tool's value, recorded in the repository */
        PEER,
        /** the independent reference implementation */
        REFERENCE,
        /** worked by hand from the spec's rules, the working in docs/validation-cases.md */
        HAND,
        /** the build's own output: regression only */
        SNAPSHOT;

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Source of(String word) {
            return Arrays.stream(values()).filter(s -> s.word().equals(word)).findFirst().orElse(null);
        }
    }

    /** One line of expected.csv. */
    record Expected(String file, String method, String verdict, String responseTimes, Source source) { }

    /** A case and what it gave: the observations, per line, and, when one disagreed, the case's text to keep. */
    record Result(String file, String text, List<Observation> observations, List<Qualification.Shipped> rows) { }

    private ShippedCases() { }

    static List<Expected> expected() {
        return parse(resource("/qualify/expected.csv"));
    }

    /**
     * The lines of an expected.csv text. A file that does not say where each value comes from is
     * refused outright rather than read with a default: a silent default would let a build's own
     * output pass for evidence again.
     */
    static List<Expected> parse(String text) {
        List<Expected> out = new ArrayList<>();
        boolean header = false;
        String[] lines = text.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!header) {
                if (!line.equals(HEADER)) {
                    throw bad(n, "the header must be " + HEADER + ", not " + line);
                }
                header = true;
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length != 5) {
                throw bad(n, f.length + " fields where " + HEADER + " has 5");
            }
            for (int i = 0; i < 3; i++) {
                if (f[i].isEmpty()) {
                    throw bad(n, "an empty " + HEADER.split(",")[i]);
                }
            }
            Source s = Source.of(f[4]);
            if (s == null) {
                throw bad(n, "source '" + f[4] + "' is not one of paper, peer, reference, hand, snapshot");
            }
            out.add(new Expected(f[0], f[1], f[2], f[3], s));
        }
        if (!header) {
            throw new IllegalStateException("expected.csv has no header line " + HEADER);
        }
        return out;
    }

    private static IllegalStateException bad(int index, String what) {
        return new IllegalStateException("expected.csv line " + (index + 1) + ": " + what);
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
    static List<Result> run(MethodRegistry registry, RunOptions options, Mutation mutation, Budget.Meter meter) {
        Map<String, List<Expected>> byFile = expected().stream()
                .collect(Collectors.groupingBy(Expected::file, LinkedHashMap::new, Collectors.toList()));
        List<Result> out = new ArrayList<>();
        for (Map.Entry<String, List<Expected>> c : byFile.entrySet()) {
            String text = resource(CASES + c.getKey());
            List<Observation> obs = new ArrayList<>();
            List<Qualification.Shipped> rows = new ArrayList<>();
            Workload w;
            try {
                w = new WorkloadReader().read(c.getKey(), text);
            } catch (InputException e) {
                Observation o = Observation.disagreed(VERDICT, c.getKey() + ": refused by the reader: " + e.getMessage());
                obs.add(o);
                c.getValue().forEach(x -> rows.add(row(x, List.of(o))));
                out.add(new Result(c.getKey(), text, obs, rows));
                continue;
            }
            for (Expected e : c.getValue()) {
                List<Observation> mine = new ArrayList<>();
                Method m = registry.byId(e.method()).orElse(null);
                if (m == null) {
                    mine.add(Observation.disagreed(VERDICT, c.getKey() + " " + e.method() + ": no such method in this build"));
                } else {
                    MethodResult r = mutation.apply(m.analyze(w, options, meter.inner(options.explore().budget())));
                    mine.add(verdict(c.getKey(), e, r));
                    if (!e.responseTimes().isEmpty() && r.outcome() != Outcome.INCONCLUSIVE) {
                        String got = responses(r);
                        String what = c.getKey() + " " + e.method();
                        mine.add(got.equals(e.responseTimes()) ? Observation.agreed(RESPONSES, what)
                                : Observation.disagreed(RESPONSES, what + ": expected " + e.responseTimes() + ", got " + got));
                    }
                }
                obs.addAll(mine);
                rows.add(row(e, mine));
            }
            out.add(new Result(c.getKey(), text, obs, rows));
        }
        return out;
    }

    /** A line disagrees when any of its comparisons does; it is not compared when its verdict was not. */
    private static Qualification.Shipped row(Expected e, List<Observation> obs) {
        Observation o = obs.stream().filter(x -> x.status() == Observation.Status.DISAGREED).findFirst()
                .orElse(obs.get(0));
        // An agreement's message only repeats the line; a disagreement's or a skip's says what happened.
        return new Qualification.Shipped(e.file(), e.method(), e.source().word(), e.verdict(),
                o.status().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                o.status() == Observation.Status.AGREED ? null : o.message());
    }

    private static Observation verdict(String file, Expected e, MethodResult r) {
        String what = file + " " + e.method();
        if (r.outcome() == Outcome.INCONCLUSIVE) {
            return Observation.notCompared(VERDICT, what + ": inconclusive (" + r.reason() + ")");
        }
        // The verdict as expected.csv spells it: its words, hyphenated ("not-schedulable").
        String got = r.outcome().words().replace(' ', '-');
        return got.equals(e.verdict()) ? Observation.agreed(VERDICT, what + " " + got)
                : Observation.disagreed(VERDICT, what + ": expected " + e.verdict() + ", got " + got);
    }

    /** task=time|... in task order, "-" where there is none, as expected.csv writes them. */
    static String responses(MethodResult r) {
        return r.tasks().stream().map(t -> t.task() + "=" + (t.responseTime().isPresent()
                ? Long.toString(t.responseTime().getAsLong()) : "-")).collect(Collectors.joining("|"));
    }
}
