package org.gpusched.player;

import java.util.Arrays;
import java.util.List;

/**
 * What a device observed while playing a plan: per entry (batch) the actual start and end, per
 * item (job) its kernel's actual start and finish, the time the kernel was asked to run, and its
 * copies' start and end. Times are in the plan's ticks times {@code scale} (1 for the simulated
 * device; nanoseconds per tick for the CUDA device, which measures in ns).
 *
 * @param asked  per item the kernel's requested time (the drawn duration, in the trace's unit)
 * @param copies per item the start and end of its H2D and D2H copy (-1 where it has none)
 * @param notes  device remarks for the report (clock alignment error, launch overheads)
 */
public record Trace(String device, long scale, String unit, long[] entryStart, long[] entryEnd, long[] itemStart,
                    long[] itemFinish, long[] asked, Copies copies, List<String> notes) {
    public Trace {
        notes = List.copyOf(notes);
    }

    /** Copy times per item (-1: no such copy). */
    public record Copies(long[] h2dStart, long[] h2dEnd, long[] d2hStart, long[] d2hEnd) {
        public static Copies none(int items) {
            long[] a = new long[items];
            Arrays.fill(a, -1);
            return new Copies(a, a.clone(), a.clone(), a.clone());
        }

        /** When the item's job began: its H2D copy's start, else its kernel's. */
        long jobStart(int i, long kernelStart) {
            return h2dStart[i] >= 0 ? Math.min(h2dStart[i], kernelStart) : kernelStart;
        }

        /** When the item's job ended: its D2H copy's end, else its kernel's. */
        long jobFinish(int i, long kernelFinish) {
            return d2hEnd[i] >= 0 ? Math.max(d2hEnd[i], kernelFinish) : kernelFinish;
        }
    }
}
