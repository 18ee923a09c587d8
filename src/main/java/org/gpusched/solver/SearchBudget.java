package org.gpusched.solver;

import org.gpusched.model.Budget;

import java.util.function.LongSupplier;

/**
 * The budget as the solver sees it. The solver's states are the kernel pairs its models hold and
 * its search nodes, summed over its workers, so that {@code --max-states} binds it as it binds the
 * graph search: building the model of a large window (a few constraints per overlapping pair) is
 * most of the memory and time before the first node. The build asks every {@link #PAIRS_EVERY}
 * pairs and throws {@link Budget.Exhausted} (the PBS tightenings read the clock once per kernel); the search asks at every node (its stop criterion):
 * the clock then, the heap every {@link #HEAP_EVERY} nodes (a reading may collect garbage). The
 * first budget that ran out is kept as the note of the inconclusive answer.
 */
final class SearchBudget {
    /** Nodes between two readings of the heap. */
    static final int HEAP_EVERY = 1024;
    /** Kernel pairs modelled between two looks at the budget. */
    static final int PAIRS_EVERY = 256;

    private final Budget.Meter meter;
    private final LongSupplier nodes;
    private volatile String note;
    /** Kernel pairs in the models built so far (all workers' models are built on one thread). */
    private volatile long pairs;
    private int calls;

    SearchBudget(Budget.Meter meter, LongSupplier nodes) {
        this.meter = meter;
        this.nodes = nodes;
    }

    Budget.Meter meter() {
        return meter;
    }

    /** Whether a budget ran out: the stop criterion of every worker's search. */
    boolean spent() {
        if (note != null) {
            return true;
        }
        long n = pairs + nodes.getAsLong();
        String over = n > meter.budget().maxStates() ? meter.over(n)
                : ++calls % HEAP_EVERY == 0 ? meter.overTimeOrHeap() : meter.timeNote();
        note = over;
        return over != null;
    }

    /** Counts {@code more} kernel pairs modelled; throws {@link Budget.Exhausted} when a budget ran out. */
    void modelled(long more) {
        pairs += more;
        String over = meter.over(pairs + nodes.getAsLong());
        if (over != null) {
            note = over;
            throw new Budget.Exhausted(over);
        }
    }

    /**
     * Throws {@link Budget.Exhausted} once the time limit has passed: for the steps of the model's
     * build that count no pairs (the clock only, which cannot end a run that is within its budget).
     */
    void checkTime() {
        String over = meter.timeNote();
        if (over != null) {
            note = over;
            throw new Budget.Exhausted(over);
        }
    }

    /** The note of the budget that ran out, else null; asks the clock as well, for a limit passed between nodes. */
    String note() {
        if (note == null) {
            note = meter.timeNote();
        }
        return note;
    }
}
