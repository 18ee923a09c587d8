package org.gpusched.experiment;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A one-line "\r" progress bar on stderr, drawn only for an interactive terminal so logs and
 * CI output stay clean.
 */
public final class Progress {
    private static final long REDRAW_NANOS = 200_000_000L;

    private final PrintWriter err;
    private final String label;
    private final int total;
    private final long start = System.nanoTime();
    private int done;
    private long lastDraw;

    private Progress(PrintWriter err, String label, int total) {
        this.err = err;
        this.label = label;
        this.total = total;
    }

    /** A bar on {@code err} when System.console() is present, else null (callers skip it). */
    public static Progress forConsole(PrintWriter err, String label, int total) {
        return System.console() != null && err != null ? new Progress(err, label, total) : null;
    }

    public synchronized void step() {
        done++;
        long now = System.nanoTime();
        if (done == total || now - lastDraw > REDRAW_NANOS) {
            lastDraw = now;
            draw(now);
        }
    }

    public synchronized void finish() {
        if (done != total || total == 0) {
            draw(System.nanoTime());
        }
        err.print("\n");
        err.flush();
    }

    private void draw(long now) {
        int width = 30;
        int filled = total == 0 ? width : (int) ((long) done * width / total);
        double secs = (now - start) / 1e9;
        String eta = done == 0 ? "?" : String.format(Locale.ROOT, "%.0fs", secs * (total - done) / done);
        err.print(String.format(Locale.ROOT, "\r%s [%s%s] %d/%d %.0fs eta %s ", label, "#".repeat(filled),
                " ".repeat(width - filled), done, total, secs, eta));
        err.flush();
    }
}
