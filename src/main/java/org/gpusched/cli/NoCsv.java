package org.gpusched.cli;

/**
 * A command whose report has no rows, so no CSV form: {@code --format csv} is refused as a usage
 * error (exit 2) rather than silently printing text a CSV reader would misparse.
 */
interface NoCsv { }
