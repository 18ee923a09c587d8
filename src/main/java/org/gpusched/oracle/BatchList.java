package org.gpusched.oracle;

/**
 * The eligible sets of one ready mask, in descending mask order, with their completion times.
 * Arrays are never modified after construction.
 */
public record BatchList(long[] masks, long[] completions) {
    public int size() {
        return masks.length;
    }
}
