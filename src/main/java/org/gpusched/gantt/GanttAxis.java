package org.gpusched.gantt;

import org.jsoup.nodes.Element;

import static org.gpusched.gantt.GanttSvg.line;
import static org.gpusched.gantt.GanttSvg.num;

/** The time axis of the first view: grid lines and labelled ticks at 1, 2 or 5 times a power of ten. */
final class GanttAxis {
    private GanttAxis() { }

    /** The tick step for {@code span}: about eight ticks across (the page's script picks it the same way). */
    static double step(double span) {
        double p = Math.pow(10, Math.floor(Math.log10(span / 8)));
        double m = span / 8 / p;
        return p * (m > 5 ? 10 : m > 2 ? 5 : m > 1 ? 2 : 1);
    }

    static void draw(Element axis, long t0, long t1, int top, int height) {
        double span = t1 - t0;
        double st = step(span);
        // Counted ticks, not a running sum: the same labels however the floating point rounds.
        long first = (long) Math.ceil(t0 / st);
        for (long k = first; k * st <= t1; k++) {
            double t = k * st;
            double x = GanttSvg.LEFT + (t - t0) / span * GanttSvg.PLOT;
            line(axis, x, top, x, top + height, "grid");
            line(axis, x, top + height, x, top + height + 5, "tick");
            GanttSvg.text(axis, x, top + height + 18, "tick-label", num(Math.round(t * 100) / 100.0));
        }
    }
}
