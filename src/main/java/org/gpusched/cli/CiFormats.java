package org.gpusched.cli;

/**
 * A command that writes {@code --format junit} and {@code --format sarif}; every other command refuses
 * them as a usage error (exit 2) rather than printing text a CI system would fail to parse.
 */
interface CiFormats { }
