package org.gpusched.reference;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * The reference core: a second, small implementation of the PBS model that shares no code with
 * the rest of gpusched (it imports only the JDK and Jackson, and ArchitectureTest keeps it so). It
 * reads the workload's JSON document itself and answers two questions: is this scheduling table a
 * valid PBS schedule of it ({@link #checkTable}), and is the workload schedulable from power-on
 * ({@link #powerOn}, an exhaustive search for small sets). It is plain on purpose: no merging
 * beyond exact duplicates, no bounds, no memoisation of the oracle, so that what it says can be
 * read and believed. docs/safety-manual.md says what rests on it.
 */
public final class Reference {
    /** The name reports give the checker. */
    public static final String CHECKER = "reference";

    /** The power-on search's answer. */
    public enum Verdict { SCHEDULABLE, NOT_SCHEDULABLE, UNDECIDED }

    private Reference() { }

    /**
     * Every violation of the PBS rules the table has with respect to the workload; empty when it is a
     * valid schedule. The workload is the JSON document of a task set (format 1 or 2) inside the PBS
     * model; the table is a gpusched table (version 1: the steady state's hyperperiod; version 2:
     * power-on prefix and periodic part). The task-set hash is not checked here (it binds files,
     * not schedules); the product's checker and the player check it.
     *
     * @throws IllegalArgumentException when either document cannot be read as such
     */
    public static List<String> checkTable(String workloadJson, String tableJson) {
        JsonNode table;
        try {
            table = RefWorkload.JSON.readTree(tableJson);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("table: not JSON: " + e.getOriginalMessage());
        }
        return RefTableCheck.check(RefWorkload.parse(workloadJson), table);
    }

    /**
     * Whether some PBS schedule from power-on (the system released at time 0 of the file's time line)
     * meets every deadline for ever. Exhaustive: meant for small sets; past {@code maxStates}
     * distinct states it answers {@link Verdict#UNDECIDED}.
     */
    public static Verdict powerOn(String workloadJson, long maxStates) {
        return new RefPowerOn(RefWorkload.parse(workloadJson)).decide(maxStates);
    }

    /** The EDF baseline's verdict from power-on, time-triggered (each job at arrival plus jitter). */
    public static Verdict edf(String workloadJson, boolean parallel, long maxFrames) {
        return new RefEdf(RefWorkload.parse(workloadJson), parallel).decide(maxFrames);
    }
}
