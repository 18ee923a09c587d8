package org.gpusched.input;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import org.gpusched.model.InputException;
import org.gpusched.model.Kernel;
import org.gpusched.model.TaskSet;

/**
 * Every bound the reader enforces, in one place (docs/format.md, "Limits", lists the same values).
 * They are far above any real task set or GPU, and low enough that nothing derived from an accepted
 * input can overflow a {@code long} or keep a loop or the heap busy beyond the input's size.
 */
public final class ReadLimits {
    private ReadLimits() { }

    /** Bytes in one input file; a 10 MB file of comments must still read in about a second. */
    public static final int MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;
    /** Objects and arrays nested in one another. The format itself needs 5 levels. */
    public static final int MAX_NESTING = 64;
    /** Characters of one number literal (digits, sign, point and exponent together). */
    public static final int MAX_NUMBER_CHARS = 100;
    /** Characters of one string value outside {@code x}. */
    public static final int MAX_STRING_CHARS = 1_000_000;
    /** Characters of one key, anywhere. */
    public static final int MAX_KEY_CHARS = 1_000;
    /** Elements of one array outside {@code x} (bounds the table interference entries). */
    public static final int MAX_ARRAY_ELEMENTS = 100_000;
    /** Members of one object outside {@code x}. */
    public static final int MAX_OBJECT_MEMBERS = 1_000;

    /** Largest period, deadline and slowed wcet, in ticks (the hyperperiod limit). */
    public static final long MAX_TIME = TaskSet.MAX_HYPERPERIOD;
    /** Largest slowdown factor: a larger one slows even a 1-tick wcet past {@link #MAX_TIME}. */
    public static final long MAX_FACTOR = MAX_TIME;

    /** Kernel launch shape: grid size (2^24 blocks keep grid x per-block resources x 64 tasks in a long). */
    public static final long MAX_BLOCKS = 1L << 24;
    public static final long MAX_THREADS_PER_BLOCK = 1024;
    public static final long MAX_REGISTERS_PER_THREAD = 255;
    /** Bytes of shared memory of one block: 16 MiB, 70 times the largest SM of today. */
    public static final long MAX_SHARED_MEMORY = 1L << 24;

    /**
     * Blocks of one kernel times the GPU's SMs: head-of-line placement looks at every SM for every
     * block, so this bounds the work of placing one kernel (about a second at 2^32).
     */
    public static final long MAX_PLACEMENT_STEPS = 1L << 32;

    /** GPU: SMs (block placement keeps per-SM arrays of this size). */
    public static final long MAX_SMS = 65_536;
    public static final long MAX_THREADS_PER_SM = 1L << 20;
    public static final long MAX_WARPS_PER_SM = MAX_THREADS_PER_SM / Kernel.WARP_SIZE;
    public static final long MAX_BLOCKS_PER_SM = 1L << 16;
    public static final long MAX_REGISTERS_PER_SM = 1L << 24;
    public static final long MAX_REGISTER_UNIT = 1L << 16;
    public static final long MAX_SHARED_MEMORY_PER_SM = MAX_SHARED_MEMORY;
    public static final long MAX_SHARED_MEMORY_UNIT = 1L << 20;
    public static final long MAX_SHARED_MEMORY_RESERVED = 1L << 20;
    public static final long MAX_RESIDENT_KERNELS = 65_536;

    /** Jackson's own checks, set to the values above (document, nesting, numbers, strings, keys). */
    public static JsonFactory jsonFactory() {
        return JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxDocumentLength(MAX_DOCUMENT_BYTES)
                        .maxNestingDepth(MAX_NESTING)
                        .maxNumberLength(MAX_NUMBER_CHARS)
                        .maxStringLength(MAX_STRING_CHARS)
                        .maxNameLength(MAX_KEY_CHARS)
                        .build())
                // Keys are not interned: a table of millions of distinct keys under "x" must not
                // grow (or overflow) a symbol table, whose overflow is an IllegalStateException.
                .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
                .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
                .build();
    }

    /** The message of a Jackson constraint violation, in the user's terms, naming the limit. */
    static String describe(String jacksonMessage) {
        String m = jacksonMessage == null ? "" : jacksonMessage;
        if (m.contains("getMaxNumberLength")) {
            return "number too long: at most " + MAX_NUMBER_CHARS + " characters per number (a reader limit)";
        }
        if (m.contains("getMaxNestingDepth")) {
            return "nested too deeply: at most " + MAX_NESTING + " levels of objects and arrays (a reader limit)";
        }
        if (m.contains("getMaxStringLength")) {
            return "string too long: at most " + MAX_STRING_CHARS + " characters (a reader limit)";
        }
        if (m.contains("getMaxNameLength")) {
            return "key too long: at most " + MAX_KEY_CHARS + " characters (a reader limit)";
        }
        if (m.contains("getMaxDocumentLength")) {
            return tooLarge();
        }
        return null;
    }

    /**
     * {@code v}, refused above {@code max}: every number has an upper bound (docs/format.md, "Limits"),
     * far above real hardware and task sets, and low enough that no sum or product derived from it overflows.
     */
    static long atMost(String file, String path, long v, long max) {
        if (v > max) {
            throw new InputException(file, path, "must be <= " + max + " (got " + v
                    + "; a reader limit, see the format's Limits)");
        }
        return v;
    }

    static String tooLarge() {
        return "file too large: at most " + MAX_DOCUMENT_BYTES + " bytes (a reader limit)";
    }
}
