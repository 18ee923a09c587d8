package org.gpusched.model;

/**
 * What a running analysis shows of itself to a live status line: the states kept, the deepest
 * depth reached and the part of the portfolio (or the method) running. Written by the searches at
 * the points where they already ask their budget's meter (every few hundred states), read by a
 * timer thread; plain volatile fields, so a search pays one write and never waits. With several
 * parts racing, the counts are those of the part furthest along.
 */
public final class Watch {
    private volatile long states;
    private volatile int depth = -1;
    private volatile String part = "";
    private volatile String phase = "";

    /** Starts over for a new analysis: no states, no depth, {@code running} as its part. */
    public void reset(String running) {
        states = 0;
        depth = -1;
        part = running;
        phase = "";
    }

    /** Records a search's progress; the counts only grow (a racing part behind leaves them). */
    public void see(long kept, int deepest) {
        if (kept > states) {
            states = kept;
        }
        if (deepest > depth) {
            depth = deepest;
        }
    }

    public void part(String running) {
        part = running;
    }

    /** The step of the part running ("checks before the search", "search"); empty: none named. */
    public void phase(String step) {
        phase = step;
    }

    public String phase() {
        return phase;
    }

    public long states() {
        return states;
    }

    /** The deepest depth (jobs or kernels completed on a path) seen, or -1 when none was reported. */
    public int depth() {
        return depth;
    }

    public String part() {
        return part;
    }
}
