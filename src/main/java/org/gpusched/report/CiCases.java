package org.gpusched.report;

import org.gpusched.input.SourcePositions.Position;
import org.gpusched.input.SourcePositions;
import org.gpusched.model.InputException;
import org.gpusched.model.Workload;
import org.gpusched.pages.Page;
import org.gpusched.player.Verifier;
import org.gpusched.policy.Detail;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.Outcome;
import org.gpusched.policy.TaskRow;
import org.gpusched.report.CiReport.Case;
import org.gpusched.report.CiReport.Finding;
import org.gpusched.report.CiReport.Property;
import org.gpusched.report.CiReport.Rule;
import org.gpusched.report.CiReport.Status;
import org.gpusched.report.CiReport.Suite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns what each command found into {@link CiReport} suites: one per input file; a case per task
 * ({@code analyze}, {@code validate}), per method ({@code compare}) or per mode ({@code verify}).
 * Failure messages carry the numbers ("response 10,500 us > deadline 10,000 us") and every finding the
 * position of its task in the file.
 */
public final class CiCases {
    private CiCases() { }

    /** {@code analyze}: a case per task the method judges, or one "verdict" case when it judges the set only. */
    public static Suite analyze(String file, Workload w, MethodResult r, SourcePositions at, boolean timing) {
        List<Case> cases = new ArrayList<>(taskCases(file, w, r, at));
        boolean failed = cases.stream().anyMatch(c -> c.status() != Status.PASSED && c.status() != Status.SKIPPED);
        if (r.outcome() != Outcome.SCHEDULABLE && !failed || cases.isEmpty()) {
            cases.add(verdict(file, w, r, at));
        }
        return new Suite(file, file, properties(w, r.method(), r.evidence().json()), cases,
                timing ? r.elapsedNanos() / 1e9 : 0);
    }

    /** {@code compare}: a case per method; a miss names every task that misses, each a located finding. */
    public static Suite compare(String file, Workload w, List<MethodResult> results, SourcePositions at) {
        List<Case> cases = new ArrayList<>();
        for (MethodResult r : results) {
            if (r.outcome() == Outcome.NOT_APPLICABLE) {
                cases.add(new Case(r.method(), className(file), Status.SKIPPED, Rule.NOT_APPLICABLE,
                        "not applicable: " + r.reason(), List.of()));
                continue;
            }
            List<Finding> misses = taskCases(file, w, r, at).stream().flatMap(c -> c.findings().stream())
                    .map(f -> new Finding(f.rule(), r.method() + ": " + f.message(), f.at())).toList();
            if (misses.isEmpty() && r.outcome() == Outcome.SCHEDULABLE) {
                cases.add(Case.passed(r.method(), className(file)));
            } else if (misses.isEmpty()) {
                Case v = verdict(file, w, r, at);
                cases.add(new Case(r.method(), v.classname(), v.status(), v.rule(), v.message(), v.findings()));
            } else {
                cases.add(new Case(r.method(), className(file), Status.FAILED, Rule.DEADLINE_MISS,
                        String.join("; ", misses.stream().map(Finding::message).toList()), misses));
            }
        }
        return new Suite(file, file, properties(w, "compare", null), cases, 0);
    }

    /** {@code validate} of a valid file: every task a passed case. */
    public static Suite valid(String file, Workload w) {
        List<Case> cases = w.tasks().stream().map(t -> Case.passed(t.name(), className(file))).toList();
        return new Suite(file, file, properties(w, null, null), cases, 0);
    }

    /** An input that could not be read: one failed case named by the JSON path, at the error's position. */
    public static Suite invalid(String file, InputException e) {
        String name = e.path() == null || e.path().isEmpty() ? "input" : e.path();
        String detail = e.detail() == null ? e.getMessage() : e.detail();
        Finding f = new Finding(Rule.VALIDATION_ERROR, e.getMessage(), SourcePositions.of(e));
        return new Suite(file, file, List.of(new Property("gpusched.version", Page.version())),
                List.of(new Case(name, className(file), Status.FAILED, Rule.VALIDATION_ERROR, detail, List.of(f))), 0);
    }

    /**
     * A file gpusched failed on: an error case, as exit 70 says, or, when the heap budget ran out
     * (exit 3), an inconclusive one.
     */
    public static Suite failed(String file, String words, boolean budget) {
        Rule rule = budget ? Rule.INCONCLUSIVE : Rule.INTERNAL_ERROR;
        Finding f = new Finding(rule, words, Position.UNKNOWN);
        return new Suite(file, file, List.of(new Property("gpusched.version", Page.version())),
                List.of(new Case("gpusched", className(file), Status.ERROR, rule, words, List.of(f))), 0);
    }

    /** {@code analyze} with a method that does not apply: an error case, as the exit code 2 says. */
    public static Suite notApplicable(String file, Workload w, String method, String reason, SourcePositions at) {
        Finding f = new Finding(Rule.NOT_APPLICABLE, method + ": not applicable: " + reason, at.taskList());
        return new Suite(file, file, properties(w, method, null), List.of(new Case(method, className(file),
                Status.ERROR, Rule.NOT_APPLICABLE, f.message(), List.of(f))), 0);
    }

    /** {@code verify}: the table's suite, a case per mode; a failing mode names its runs and the first miss. */
    public static Suite verify(String table, String taskSet, String unit, List<Verifier.ModeResult> modes) {
        List<Case> cases = new ArrayList<>();
        for (Verifier.ModeResult m : modes) {
            if (m.ok()) {
                cases.add(Case.passed(m.mode().cli(), className(table)));
                continue;
            }
            String message = String.format(Locale.ROOT, "%,d of %,d runs missed a deadline (%,d jobs; worst lateness"
                    + " %s, seed %d); first: %s", m.failedRuns(), m.runs(), m.missedJobs(), amount(m.worstLateness(),
                    unit), m.worstSeed(), m.firstMiss());
            cases.add(new Case(m.mode().cli(), className(table), Status.FAILED, Rule.DEADLINE_MISS, message,
                    List.of(new Finding(Rule.DEADLINE_MISS, message, Position.UNKNOWN))));
        }
        List<Property> props = List.of(new Property("gpusched.version", Page.version()),
                new Property("taskSet", taskSet), new Property("timeUnit", unit));
        return new Suite(table, table, props, cases, 0);
    }

    private static List<Case> taskCases(String file, Workload w, MethodResult r, SourcePositions at) {
        List<Case> cases = new ArrayList<>();
        String unit = w.timeUnit().json();
        for (int i = 0; i < r.tasks().size() && i < w.size(); i++) {
            TaskRow row = r.tasks().get(i);
            long deadline = w.task(i).deadline();
            if (row.bestEffort()) {
                cases.add(Case.of(row.task(), className(file), Status.SKIPPED, "best effort: not judged"));
            } else if (Boolean.FALSE.equals(row.schedulable())) {
                String message = row.task() + ": " + (row.responseTime().isPresent()
                        ? "response " + amount(row.responseTime().getAsLong(), unit) + " > deadline "
                        + amount(deadline, unit)
                        : "no response-time bound within the deadline " + amount(deadline, unit));
                cases.add(new Case(row.task(), className(file), Status.FAILED, Rule.DEADLINE_MISS, message,
                        List.of(new Finding(Rule.DEADLINE_MISS, message, at.task(i)))));
            } else if (Boolean.TRUE.equals(row.schedulable())) {
                cases.add(Case.passed(row.task(), className(file)));
            }
        }
        return cases;
    }

    /** The set as a whole: not schedulable with the method's reason, inconclusive, or schedulable. */
    private static Case verdict(String file, Workload w, MethodResult r, SourcePositions at) {
        return switch (r.outcome()) {
            case SCHEDULABLE -> Case.passed("verdict", className(file));
            case INCONCLUSIVE -> located(file, Status.ERROR, Rule.INCONCLUSIVE, r.method() + ": inconclusive"
                    + (r.reason() == null ? "" : ": " + r.reason()), at);
            case NOT_APPLICABLE -> located(file, Status.ERROR, Rule.NOT_APPLICABLE, r.method() + ": not applicable: "
                    + r.reason(), at);
            case NOT_SCHEDULABLE -> located(file, Status.FAILED, Rule.DEADLINE_MISS, r.method() + ": not schedulable"
                    + why(r), at);
        };
    }

    private static Case located(String file, Status s, Rule rule, String message, SourcePositions at) {
        return new Case("verdict", className(file), s, rule, message,
                List.of(new Finding(rule, message, at.taskList())));
    }

    /** The method's reason, or for PBS the witness: how far the deepest schedule got and why it stopped. */
    private static String why(MethodResult r) {
        if (r.reason() != null) {
            return " (" + r.reason() + ")";
        }
        if (r.detail() instanceof Detail.Frames fr && fr.analysis().witness() != null) {
            var wi = fr.analysis().witness();
            return String.format(Locale.ROOT, " (deepest schedule: %d of %d jobs done, stuck at t = %d: %s)",
                    wi.jobsDone(), wi.jobsTotal(), wi.time(), String.join("; ", wi.reasons()));
        }
        return "";
    }

    private static List<Property> properties(Workload w, String method, String evidence) {
        List<Property> p = new ArrayList<>();
        if (method != null) {
            p.add(new Property("method", method));
        }
        if (evidence != null) {
            p.add(new Property("evidence", evidence));
        }
        p.add(new Property("gpusched.version", Page.version()));
        p.add(new Property("formatVersion", Integer.toString(w.formatVersion())));
        if (w.name() != null) {
            p.add(new Property("name", w.name()));
        }
        p.add(new Property("timeUnit", w.timeUnit().json()));
        p.add(new Property("tasks", Integer.toString(w.size())));
        p.add(new Property("sha256", w.sha256()));
        return p;
    }

    /** "10,500 us": thousands grouped so that a CI page reads the magnitude at a glance. */
    static String amount(long v, String unit) {
        return String.format(Locale.ROOT, "%,d %s", v, unit);
    }

    /**
     * JUnit's classname, which CI pages split at dots into package and class: the file's folders become
     * the package and its name (dots made underscores) the class, so each file is one class.
     */
    static String className(String file) {
        String f = file.replace('\\', '/').replaceFirst("^/+", "");
        int slash = f.lastIndexOf('/');
        String dir = slash < 0 ? "" : f.substring(0, slash).replace('.', '_').replace('/', '.');
        String base = f.substring(slash + 1).replace('.', '_');
        return (dir.isEmpty() ? "" : dir + ".") + (base.isEmpty() ? "stdin" : base.equals("-") ? "stdin" : base);
    }
}
