package org.gpusched.oracle;

import org.gpusched.model.Budget;

/**
 * One ready set has more candidate batches than exact enumeration can hold (many ready tasks on a
 * GPU loose enough for most of their subsets to fit). The explorer reports it as inconclusive.
 */
public final class TooManyBatchesException extends Budget.Exhausted {
    private static final long serialVersionUID = 1L;

    public TooManyBatchesException(int readyTasks, int limit) {
        super("more than " + limit + " candidate batches from one state (" + readyTasks
                + " ready tasks): too many to enumerate");
    }
}
