package org.gpusched.model;

/**
 * Launch shape of a task's kernel. {@code symbol}/{@code module} name a user kernel for the
 * player; both null means a synthetic kernel of this shape, doing what {@code kind} says.
 */
public record Kernel(int blocks, int threadsPerBlock, int registersPerThread, long sharedMemoryPerBlock,
                     String symbol, String module, KernelKind kind) {

    public static final int WARP_SIZE = 32;

    public Kernel {
        kind = kind == null ? KernelKind.SPIN : kind;
    }

    /** A spin kernel (or a user kernel) of this shape. */
    public Kernel(int blocks, int threadsPerBlock, int registersPerThread, long sharedMemoryPerBlock,
                  String symbol, String module) {
        this(blocks, threadsPerBlock, registersPerThread, sharedMemoryPerBlock, symbol, module, KernelKind.SPIN);
    }

    public int warpsPerBlock() {
        return (threadsPerBlock + WARP_SIZE - 1) / WARP_SIZE;
    }
}
