package org.gpusched.explore;

/** Job {@code job} (0-based, in release order) of task index {@code task}. */
public record JobRef(int task, int job) { }
