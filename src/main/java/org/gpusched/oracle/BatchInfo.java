package org.gpusched.oracle;

/**
 * What the oracle knows about a SET of tasks run as one batch.
 *
 * @param order      an eligible submission order (task indices), or null when no order is eligible
 * @param completion the batch's completion time, or {@link CompletionModel#FORBIDDEN}
 */
public record BatchInfo(int[] order, long completion) {
    public boolean eligible() {
        return order != null;
    }
}
