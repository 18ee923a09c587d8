package org.gpusched.oracle;

import java.util.List;

/**
 * Result of placing an ordered batch block by block.
 *
 * @param order       task indices in submission order
 * @param eligible    every block of every kernel was resident at once
 * @param reason      why the batch is not eligible, in words (the failing block, when one fit on no SM), or null
 * @param blocksPerSm for each kernel placed (in order), how many of its blocks went to each SM;
 *                    empty when placement was not simulated (no per-SM limits)
 */
public record Placement(int[] order, boolean eligible, String reason, List<int[]> blocksPerSm) {

    static Placement ok(int[] order, List<int[]> blocksPerSm) {
        return new Placement(order, true, null, blocksPerSm);
    }
}
