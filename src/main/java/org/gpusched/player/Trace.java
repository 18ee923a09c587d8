package org.gpusched.player;

import java.util.List;

/**
 * What a device observed while playing a plan: per entry (batch) the actual start and end, per
 * item (job) the actual start and finish. Times are in the plan's ticks times {@code scale}
 * (1 for the simulated device; nanoseconds per tick for the CUDA device, which measures in ns).
 *
 * @param notes device remarks for the report (clock alignment error, launch overheads)
 */
public record Trace(String device, long scale, String unit, long[] entryStart, long[] entryEnd, long[] itemStart,
                    long[] itemFinish, List<String> notes) {
    public Trace {
        notes = List.copyOf(notes);
    }
}
