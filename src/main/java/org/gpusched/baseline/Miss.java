package org.gpusched.baseline;

/** A job that finished (at its frame end) after its absolute deadline. */
public record Miss(int task, int job, long arrival, long deadline, long finish) { }
