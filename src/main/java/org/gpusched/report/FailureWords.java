package org.gpusched.report;

import org.gpusched.model.Escapes;
import org.gpusched.table.TableAudit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The words for a failure that is not the user's input: gpusched's own bugs and the JVM running out of
 * heap or stack. Running out of the heap the user gave is a budget, like --max-states or --time-limit
 * (inconclusive, naming the limit), not a bug: the same input runs with a larger -Xmx.
 */
public final class FailureWords {
    private FailureWords() { }

    /** Whether {@code t} is the heap budget spent (an inconclusive answer), not a fault. */
    public static boolean heapSpent(Throwable t) {
        return rootError(t) instanceof OutOfMemoryError;
    }

    /** What went wrong, without the "gpusched: " prefix: "internal error: ..." or "inconclusive: ...". */
    public static String words(Throwable t) {
        Throwable root = rootError(t);
        if (root instanceof OutOfMemoryError) {
            // Concatenated, not formatted: the class that ran out of heap may have been the formatter.
            return "inconclusive: out of memory (" + Escapes.text(String.valueOf(root.getMessage()))
                    + "): the heap budget of " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB"
                    + " is spent; raise -Xmx (GPUSCHED_JAVA_OPTS=-Xmx8g for ./gpusched) or shrink the input";
        }
        if (root instanceof StackOverflowError) {
            return "internal error: stack overflow (please report it with the input; -Xss raises"
                    + " the thread stack size)";
        }
        TableAudit.Rejected r = cause(t, TableAudit.Rejected.class);
        if (r != null) {
            return "internal error: " + Escapes.text(r.getMessage()) + " (please report it with the input)";
        }
        return "internal error: " + Escapes.text(String.valueOf(root))
                + " (please report it; --verbose shows the stack trace)";
    }

    /**
     * A table the reference core rejected is a bug report's best evidence: it is kept in a new file
     * of the temporary folder (never where the user asked for the table, which it must not become),
     * and the line says where.
     */
    public static String kept(Throwable t) {
        TableAudit.Rejected r = cause(t, TableAudit.Rejected.class);
        if (r == null) {
            return "";
        }
        try {
            Path f = Files.createTempFile("gpusched-rejected-table-", ".json");
            Files.writeString(f, r.table(), StandardCharsets.UTF_8);
            return "; the rejected table is kept in " + Escapes.text(f.toString());
        } catch (IOException | RuntimeException e) {
            return "; the rejected table could not be kept (" + Escapes.text(String.valueOf(e.getMessage())) + ")";
        }
    }

    /** The JVM error a worker thread's failure wraps (ExecutionException and the like), else {@code t}. */
    private static Throwable rootError(Throwable t) {
        VirtualMachineError e = cause(t, VirtualMachineError.class);
        NoClassDefFoundError n = cause(t, NoClassDefFoundError.class);
        return e != null ? e : n != null ? heapInInit(n, t) : t;
    }

    /**
     * A class whose static initialiser ran out of heap fails every later use with "Could not initialize
     * class", and the JVM keeps the first failure only as the message of the cause: that is the heap
     * spent too, whichever use of the class reaches the top.
     */
    private static Throwable heapInInit(NoClassDefFoundError n, Throwable t) {
        String first = n.getCause() instanceof ExceptionInInitializerError x ? String.valueOf(x.getMessage()) : "";
        String oom = "Exception " + OutOfMemoryError.class.getName() + ": ";
        if (!first.startsWith(oom)) {
            return t;
        }
        String what = first.substring(oom.length());
        int thread = what.indexOf(" [in thread ");
        return new OutOfMemoryError(thread < 0 ? what : what.substring(0, thread));
    }

    /** The first throwable of {@code kind} along {@code t}'s cause chain, {@code t} included; else null. */
    private static <T extends Throwable> T cause(Throwable t, Class<T> kind) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (kind.isInstance(c)) {
                return kind.cast(c);
            }
        }
        return null;
    }
}
