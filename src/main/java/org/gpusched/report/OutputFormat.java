package org.gpusched.report;

/** What {@code --format} accepts. */
public enum OutputFormat { text, json, csv }
