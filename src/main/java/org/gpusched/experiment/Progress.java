package org.gpusched.experiment;

import org.gpusched.model.Watch;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongFunction;

/**
 * The one live status line on stderr ("\r", redrawn in place), in two forms: a bar of units done
 * (experiment, profile, bench) and a ticker that shows what a running analysis reports of itself
 * (analyze, compare, qualify). The caller decides whether it is shown (docs/cli.md, "Progress"):
 * every factory here takes a null writer as "not shown" and then returns null, so logs, pipes and
 * CI output stay byte for byte as without it.
 *
 * <p>A ticker redraws from a daemon thread at most every {@link #REDRAW_NANOS}; the bar redraws as
 * units finish and, through the same thread, as time passes. {@link #close()} erases the line
 * (ticker) or ends it with a newline (bar) and stops the thread before it returns, so the command's
 * own output, printed after it, is never mixed with a half-drawn line.
 */
public final class Progress implements AutoCloseable {
    static final long REDRAW_NANOS = 200_000_000L;

    private final PrintWriter err;
    private final String label;
    private final int total;
    /** For a ticker: the line to show, given the nanoseconds since the start; null for a bar. */
    private final LongFunction<String> ticker;
    private final long start = System.nanoTime();
    private final Thread timer;
    private int done;
    private long lastDraw;
    private int lastWidth;
    private boolean closed;

    private Progress(PrintWriter err, String label, int total, LongFunction<String> ticker) {
        this.err = err;
        this.label = label;
        this.total = total;
        this.ticker = ticker;
        this.timer = new Thread(this::tick, "gpusched-progress");
        timer.setDaemon(true);
        timer.start();
    }

    /** A bar of {@code total} units on {@code err}; null (nothing shown) when {@code err} is null. */
    public static Progress bar(PrintWriter err, String label, int total) {
        return err == null ? null : new Progress(err, label, total, null);
    }

    /**
     * A ticker on {@code err} showing {@code line} (given the nanoseconds elapsed) every
     * {@link #REDRAW_NANOS}; null (nothing shown) when {@code err} is null.
     */
    public static Progress ticker(PrintWriter err, LongFunction<String> line) {
        return err == null ? null : new Progress(err, null, 0, line);
    }

    /**
     * A ticker of a running analysis: "LABEL: PART, N states, depth D, Ts"; null (nothing shown)
     * when {@code err} is null.
     */
    public static Progress watching(PrintWriter err, String label, Watch watch) {
        return ticker(err, nanos -> {
            int depth = watch.depth();
            String phase = watch.phase();
            return label + ": " + watch.part() + (phase.isEmpty() ? "" : " (" + phase + ")") + ", "
                    + watch.states() + " states"
                    + (depth < 0 ? "" : ", depth " + depth) + ", " + seconds(nanos);
        });
    }

    /** Seconds, one decimal: the elapsed time of a status line. */
    public static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1fs", nanos / 1e9);
    }

    public synchronized void step() {
        done++;
        long now = System.nanoTime();
        if (done == total || now - lastDraw > REDRAW_NANOS) {
            draw(now);
        }
    }

    /**
     * Erases the line, runs {@code output} (the command's own lines, flushed) and leaves the line to
     * the next redraw: the timer cannot draw while the output is printed.
     */
    public synchronized void printing(Runnable output) {
        if (lastWidth > 0) {
            err.print("\r" + " ".repeat(lastWidth) + "\r");
            err.flush();
            lastWidth = 0;
        }
        output.run();
    }

    /** Ends the line: a bar is drawn a last time and ended with a newline, a ticker is erased. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (ticker == null) {
                if (done != total || total == 0) {
                    draw(System.nanoTime());
                }
                if (lastWidth > 0) { // else erased for the command's output already
                    err.print("\n");
                }
            } else if (lastWidth > 0) {
                err.print("\r" + " ".repeat(lastWidth) + "\r");
            }
            err.flush();
        }
        timer.interrupt();
    }

    private void tick() {
        try {
            while (true) {
                Thread.sleep(REDRAW_NANOS / 1_000_000L);
                synchronized (this) {
                    if (closed) {
                        return;
                    }
                    long now = System.nanoTime();
                    if (now - lastDraw >= REDRAW_NANOS) {
                        draw(now);
                    }
                }
            }
        } catch (InterruptedException e) {
            // Closed: the line is already finished.
        }
    }

    private void draw(long now) {
        lastDraw = now;
        String line = ticker != null ? ticker.apply(now - start) : barLine(now);
        // Spaces over what is left of a longer line before.
        String pad = " ".repeat(Math.max(0, lastWidth - line.length()));
        lastWidth = line.length();
        err.print("\r" + line + pad);
        err.flush();
    }

    private String barLine(long now) {
        int width = 30;
        int filled = total == 0 ? width : (int) ((long) done * width / total);
        double secs = (now - start) / 1e9;
        String eta = done == 0 ? "?" : String.format(Locale.ROOT, "%.0fs", secs * (total - done) / done);
        return String.format(Locale.ROOT, "%s [%s%s] %d/%d %.0fs eta %s ", label, "#".repeat(filled),
                " ".repeat(width - filled), done, total, secs, eta);
    }
}
