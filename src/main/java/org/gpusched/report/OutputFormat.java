package org.gpusched.report;

/** What {@code --format} accepts. */
public enum OutputFormat {
    text, json, csv, junit, sarif;

    /** One document over all input files for a CI system (JUnit XML, SARIF), rather than a report per file. */
    public boolean ci() {
        return this == junit || this == sarif;
    }
}
