package org.gpusched.experiment;

import org.gpusched.output.RunFolder;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Line charts written as PNG and SVG with XChart. */
final class Charts {
    static {
        // Experiments run on servers and CI without a display.
        System.setProperty("java.awt.headless", "true");
    }

    record Series(String name, double[] x, double[] y) { }

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
            Series shown = logY ? positive(ser) : ser;
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

    /** A log axis cannot show 0; such points are left out (the CSV keeps them). */
    private static Series positive(Series s) {
        List<double[]> keep = new ArrayList<>();
        for (int i = 0; i < s.x().length; i++) {
            if (s.y()[i] > 0) {
                keep.add(new double[] {s.x()[i], s.y()[i]});
            }
        }
        return new Series(s.name(), keep.stream().mapToDouble(p -> p[0]).toArray(),
                keep.stream().mapToDouble(p -> p[1]).toArray());
    }

    /** Writes {@code base}.png and {@code base}.svg into dir. */
    static List<Path> save(XYChart chart, RunFolder dir, String base) {
        Path png = dir.write(base + ".png", out -> BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG));
        Path svg = dir.write(base + ".svg",
                out -> VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG));
        return List.of(png, svg);
    }
}
