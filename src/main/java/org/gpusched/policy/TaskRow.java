package org.gpusched.policy;

import java.util.OptionalLong;

/**
 * What a method knows about one task: a worst-case response-time bound (response-time analyses),
 * the worst response time in the schedule found (PBS) or observed in a simulation (EDF, copy/execute).
 *
 * @param responseTime empty when unknown or, for a bound, when its fixed point passed the deadline ("> D")
 * @param schedulable  null when the method does not judge this task on its own
 * @param bestEffort   not judged by the method (it still interferes)
 */
public record TaskRow(String task, OptionalLong responseTime, Boolean schedulable, boolean bestEffort) { }
