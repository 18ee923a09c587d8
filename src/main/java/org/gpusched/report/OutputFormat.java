package org.gpusched.cli;

/** What {@code --format} accepts. */
public enum OutputFormat { text, json, csv }
