package org.gpusched.cli;

/** What {@code --format} accepts. */
public enum OutputFormat {
    text, json, csv, junit, sarif;

    /** One document over all input files for a CI system (JUnit XML, SARIF), rather than a report per file. */
    boolean ci() {
        return this == junit || this == sarif;
    }
}
