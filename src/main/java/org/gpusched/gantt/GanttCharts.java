package org.gpusched.gantt;

import org.knowm.xchart.*;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link Gantt} with XChart (already gpusched's chart library): each bar and band is a filled
 * polygon series, misses a scatter series of red crosses; lane names label the y axis. Written as
 * PNG; an SVG is the reviewer's chart of {@link GanttSvg} (tooltips, marks, zoom), which XChart cannot draw.
 */
public final class GanttCharts {
    static {
        // Charts are drawn on servers and CI without a display.
        System.setProperty("java.awt.headless", "true");
    }

    /** Beyond this many bars a chart is unreadable and slow to draw: the first ones are drawn, the title says so. */
    public static final int MAX_BARS = 3000;
    private static final double HALF = 0.35;
    private static final Color[] PALETTE = {
        new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44), new Color(148, 103, 189),
        new Color(140, 86, 75), new Color(227, 119, 194), new Color(127, 127, 127), new Color(188, 189, 34),
        new Color(23, 190, 207), new Color(174, 199, 232)};
    private static final Color[] BANDS = {new Color(236, 236, 236), new Color(250, 250, 250)};

    /** The image formats --gantt writes, by file extension. */
    public enum Format { PNG, SVG }

    private GanttCharts() { }

    /** PNG or SVG by the file name's extension, or null when it is neither. */
    public static Format formatOf(String fileName) {
        String f = fileName.toLowerCase(Locale.ROOT);
        return f.endsWith(".png") ? Format.PNG : f.endsWith(".svg") ? Format.SVG : null;
    }

    public static Color colour(int task) {
        return PALETTE[task % PALETTE.length];
    }

    public static XYChart chart(Gantt g) {
        int lanes = g.lanes().size();
        List<Gantt.Bar> bars = g.bars().size() > MAX_BARS ? g.bars().subList(0, MAX_BARS) : g.bars();
        String title = g.title() + (bars.size() < g.bars().size() ? " (first " + MAX_BARS + " of " + g.bars().size()
                + " operations)" : "");
        XYChart c = new XYChartBuilder().width(1200).height(160 + 42 * lanes).title(title)
                .xAxisTitle("time (" + g.unit() + ")").yAxisTitle("").build();
        Styler s = c.getStyler();
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setAntiAlias(true);
        c.getStyler().setPlotGridHorizontalLinesVisible(false);
        c.getStyler().setYAxisMin(-0.6).setYAxisMax(lanes - 0.4);
        c.getStyler().setYAxisTickMarkSpacingHint(Math.max(10, 200 / Math.max(1, lanes)));
        c.getStyler().setyAxisTickLabelsFormattingFunction(y -> lane(g, y));
        c.getStyler().setXAxisDecimalPattern("#,##0");
        c.getStyler().setMarkerSize(10);
        int k = 0;
        for (Gantt.Band b : g.bands()) {
            XYSeries band = rect(c, "band " + k, b.start(), b.end(), -0.5, lanes - 0.5);
            band.setFillColor(BANDS[k % 2]);
            band.setLineColor(new Color(200, 200, 200));
            band.setShowInLegend(k == 0);
            if (k == 0) {
                band.setLabel("frame");
            }
            k++;
        }
        BitSet named = new BitSet();
        k = 0;
        for (Gantt.Bar b : bars) {
            double y = lanes - 1 - b.lane();
            XYSeries bar = rect(c, "bar " + k++, b.start(), b.end(), y - HALF, y + HALF);
            bar.setFillColor(colour(b.task()));
            bar.setLineColor(colour(b.task()).darker());
            boolean first = !named.get(b.task());
            named.set(b.task());
            bar.setShowInLegend(first);
            if (first) {
                bar.setLabel(g.tasks().get(b.task()));
            }
        }
        if (!g.misses().isEmpty()) {
            double[] x = g.misses().stream().mapToDouble(Gantt.Mark::time).toArray();
            double[] y = g.misses().stream().mapToDouble(m -> lanes - 1 - m.lane() + HALF).toArray();
            XYSeries miss = c.addSeries("deadline miss", x, y);
            miss.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            miss.setMarker(SeriesMarkers.CROSS);
            miss.setMarkerColor(Color.RED);
        }
        return c;
    }

    private static String lane(Gantt g, double y) {
        int lanes = g.lanes().size();
        long r = Math.round(y);
        if (Math.abs(y - r) < 1e-6 && r >= 0 && r < lanes) {
            return g.lanes().get(lanes - 1 - (int) r);
        }
        // XChart drops every tick label when two are equal: other ticks get distinct invisible labels.
        return "\u200B".repeat(1 + (int) Math.floorMod(Math.round(y * 8), 512));
    }

    private static XYSeries rect(XYChart c, String name, long from, long to, double y0, double y1) {
        XYSeries s = c.addSeries(name, new double[] {from, to, to, from}, new double[] {y0, y0, y1, y1});
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineStyle(new java.awt.BasicStroke(1f));
        return s;
    }

    public static void write(Gantt g, Format f, OutputStream out) throws IOException {
        if (f == Format.SVG) {
            // The reviewer's chart: per-job tooltips, release and deadline marks, zoom (GanttSvg).
            out.write(GanttSvg.file(g).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return;
        }
        XYChart c = chart(g);
        // Encoded in memory, then copied: the encoders' own writes to a failing stream end in
        // exception chains (SAXException over IOException) and, for PNG, in an image cache closed
        // on a thread of its own that prints a trace; a plain write fails with one IOException.
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        BitmapEncoder.saveBitmap(c, bytes, BitmapEncoder.BitmapFormat.PNG);
        bytes.writeTo(out);
    }
}
