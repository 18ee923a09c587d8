package org.gpusched.model;

/**
 * Launch shape of a task's kernel. {@code symbol}/{@code module} name a user kernel for the
 * player; both null means a synthetic kernel of this shape.
 */
public record Kernel(int blocks, int threadsPerBlock, int registersPerThread, long sharedMemoryPerBlock,
                     String symbol, String module) {

    public static final int WARP_SIZE = 32;

    public int warpsPerBlock() {
        return (threadsPerBlock + WARP_SIZE - 1) / WARP_SIZE;
    }
}
