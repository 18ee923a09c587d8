package org.gpusched.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a built-in (synthetic) kernel does for its duration. {@code SPIN} holds its SMs and touches
 * no memory (the default: every file without a kind plays as before); the others load one shared
 * resource of the GPU, so kernels of the same kind running together slow each other down
 * (docs/player.md, "Kernel kinds" and "The contention model").
 */
// The ordinal is the native player's kind number (src/main/native/kinds.cuh): keep the order.
public enum KernelKind {
    /** Spins on the global timer: occupies SMs, no memory traffic. */
    SPIN,
    /** Dependent FMA chains in registers: the SMs' arithmetic pipes. */
    COMPUTE,
    /** Streams a device buffer larger than L2: DRAM bandwidth. */
    MEMORY,
    /** Reads and writes a buffer that stays in L2: L2 bandwidth. */
    CACHE,
    /** Reads and writes shared memory in a loop: each SM's shared-memory bandwidth. */
    SHARED;

    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind spelled {@code s} in a file (null: the default, spin), or null when no kind is spelled so. */
    public static KernelKind of(String s) {
        if (s == null) {
            return SPIN;
        }
        return Arrays.stream(values()).filter(k -> k.json().equals(s)).findFirst().orElse(null);
    }

    /** The spellings, for error messages. */
    public static String names() {
        return Arrays.stream(values()).map(KernelKind::json).collect(Collectors.joining(", "));
    }
}
