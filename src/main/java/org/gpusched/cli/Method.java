package org.gpusched.cli;

/** Analysis methods of {@code analyze --method}. */
public enum Method { GPUSCHED, BRUTE_FORCE, EDF_SERIAL, EDF_PARALLEL }
