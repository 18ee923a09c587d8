package org.gpusched.experiment;

import org.gpusched.output.RunFolder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;
import java.util.stream.IntStream;

/** Line charts written as PNG and SVG with XChart. */
final class Charts {
    static {
        // Experiments run on servers and CI without a display.
        System.setProperty("java.awt.headless", "true");
    }

    record Series(String name, double[] x, double[] y) {
        /** The series through {@code points}, each an (x, y) pair, in order. */
        static Series of(String name, List<double[]> points) {
            return new Series(name, points.stream().mapToDouble(p -> p[0]).toArray(),
                    points.stream().mapToDouble(p -> p[1]).toArray());
        }

        /** The points whose y passes {@code keep}. */
        Series where(DoublePredicate keep) {
            return of(name, IntStream.range(0, x.length).filter(i -> keep.test(y[i]))
                    .mapToObj(i -> new double[] {x[i], y[i]}).toList());
        }
    }

    private Charts() { }

    static XYChart line(String title, String xTitle, String yTitle, boolean logY, List<Series> series) {
        XYChart c = new XYChartBuilder().width(900).height(500).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle)
                .build();
        Styler s = c.getStyler();
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        c.getStyler().setYAxisLogarithmic(logY);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setChartBackgroundColor(java.awt.Color.WHITE);
        s.setAntiAlias(true);
        for (Series ser : series) {
            // A log axis cannot show 0; such points are left out (the CSV keeps them).
            Series shown = logY ? ser.where(y -> y > 0) : ser;
            if (shown.x().length == 0) {
                continue;
            }
            c.addSeries(shown.name(), shown.x(), shown.y()).setMarker(SeriesMarkers.CIRCLE);
        }
        return c;
    }

    /** Points, not lines: the last series (a reference line, two points) is drawn as a line. */
    static XYChart scatter(String title, String xTitle, String yTitle, List<Series> series) {
        XYChart c = line(title, xTitle, yTitle, false, series);
        c.getSeriesMap().values().forEach(s -> s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter));
        Series ref = series.get(series.size() - 1);
        c.getSeriesMap().get(ref.name()).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line)
                .setMarker(SeriesMarkers.NONE);
        return c;
    }

    /** A schedulable-ratio chart (y from 0 to 1): one series per name, {@code y[k]} over {@code x}. */
    static XYChart ratio(String title, String xTitle, double[] x, List<String> names, double[][] y) {
        List<Series> series = IntStream.range(0, names.size()).mapToObj(k -> new Series(names.get(k), x, y[k]))
                .toList();
        XYChart chart = line(title, xTitle, "schedulable ratio", false, series);
        chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
        return chart;
    }

    /** Writes {@code base}.png and {@code base}.svg into dir. */
    static List<Path> save(XYChart chart, RunFolder dir, String base) {
        return save(chart, dir, base, ChartRenderer.XCHART);
    }

    /**
     * Writes {@code base}.png and {@code base}.svg into dir with {@code renderer}. A plot is the
     * last and least part of a run: when it cannot be drawn (a host without the font libraries
     * the JDK loads to draw text fails with a LinkageError, an AWT error or an exception), the file
     * is left out, the run folder notes one line saying why, and the run, whose CSVs are written,
     * goes on. Writing itself failing (the disk) and running out of memory are not the plot's to
     * absorb: they end the run as they would for any file.
     */
    static List<Path> save(XYChart chart, RunFolder dir, String base, ChartRenderer renderer) {
        List<Path> written = new ArrayList<>(2);
        for (boolean svg : new boolean[] {false, true}) {
            try {
                written.add(dir.write(base + (svg ? ".svg" : ".png"), out -> {
                    try {
                        renderer.render(chart, svg, out);
                    } catch (java.io.IOException | OutOfMemoryError e) {
                        throw e;
                    } catch (Exception | Error e) {
                        throw new NotDrawn(e);
                    }
                }));
            } catch (NotDrawn e) {
                Throwable cause = e.getCause();
                // What failed one format fails the other (the fonts): one line per plot.
                dir.problem("plot " + base + " not drawn (" + cause.getClass().getSimpleName()
                        + (cause.getMessage() == null ? "" : ": " + cause.getMessage().lines().findFirst().orElse(""))
                        + "); the CSVs are complete");
                break;
            }
        }
        return written;
    }

    /** The chart library could not draw: carries its failure past the file writer, which only knows I/O. */
    private static final class NotDrawn extends RuntimeException {
        NotDrawn(Throwable cause) {
            super(cause);
        }
    }
}
