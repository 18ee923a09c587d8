package org.gpusched.report;

import org.gpusched.input.SourcePositions.Position;

import java.time.Instant;
import java.util.List;

/**
 * The outcome of one command over its input files, in the shape CI systems display: a suite per
 * input file, a case per task or per method, and findings located in the input file. JUnit XML
 * ({@link JunitXml}) renders the suites and cases, SARIF ({@link SarifJson}) the findings.
 *
 * @param command  the gpusched command that ran (the JUnit suites' package)
 * @param version  gpusched's version, for the properties and the SARIF tool driver
 * @param started  when the run started (JUnit's timestamp); a fixed instant gives byte-identical reports
 */
public record CiReport(String command, String version, Instant started, List<Suite> suites) {
    public CiReport {
        suites = List.copyOf(suites);
    }

    /** What a case came to, in JUnit's words. */
    public enum Status { PASSED, FAILED, ERROR, SKIPPED }

    /** The kinds of finding; each is a SARIF rule and the JUnit failure type. */
    public enum Rule {
        DEADLINE_MISS("error", "A task can miss its deadline"),
        VALIDATION_ERROR("error", "The input file is invalid"),
        NOT_APPLICABLE("warning", "The method does not apply to this workload"),
        INCONCLUSIVE("warning", "The analysis ran out of its budget before deciding"),
        INTERNAL_ERROR("error", "gpusched failed on this input (please report it)");

        private final String level;
        private final String description;

        Rule(String level, String description) {
            this.level = level;
            this.description = description;
        }

        /** The rule's id, its name as reports spell it: deadline-miss, validation-error, ... */
        public String id() { return Names.spell(this); }

        /** SARIF's level: error or warning. */
        public String level() { return level; }

        public String description() { return description; }
    }

    /** A name and value shown with a suite (method, versions, the workload's hash). */
    public record Property(String name, String value) { }

    /** @param file the input file as the user named it (the SARIF artifact location) */
    public record Suite(String name, String file, List<Property> properties, List<Case> cases, double seconds) {
        public Suite {
            properties = List.copyOf(properties);
            cases = List.copyOf(cases);
        }

        public long count(Status s) {
            return cases.stream().filter(c -> c.status() == s).count();
        }
    }

    /**
     * @param message  the one-line failure, error or skip message; null when passed
     * @param findings what SARIF reports for this case, each at its position in the file
     */
    public record Case(String name, String classname, Status status, Rule rule, String message,
                       List<Finding> findings) {
        public Case {
            findings = List.copyOf(findings);
        }

        public static Case passed(String name, String classname) {
            return of(name, classname, Status.PASSED, null);
        }

        /** A case of no rule and no located finding (qualify's checks, a best-effort task). */
        public static Case of(String name, String classname, Status status, String message) {
            return new Case(name, classname, status, null, message, List.of());
        }
    }

    /** One located finding: a rule, its message, where in the file. */
    public record Finding(Rule rule, String message, Position at) { }
}
