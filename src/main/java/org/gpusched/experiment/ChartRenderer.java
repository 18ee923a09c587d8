package org.gpusched.experiment;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;

import java.io.OutputStream;

/**
 * Draws a chart into a PNG or SVG file. The charts' own library by default; a seam because drawing
 * needs the host's font libraries, and a host without them must still keep a finished run
 * ({@link Charts#save}), which the tests check with a renderer that fails as such a host does.
 */
@FunctionalInterface
public interface ChartRenderer {
    /** XChart's encoders. */
    ChartRenderer XCHART = (chart, svg, out) -> {
        if (svg) {
            VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } else {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
    };

    /** Writes {@code chart} as SVG ({@code svg}) or PNG to {@code out}. */
    void render(XYChart chart, boolean svg, OutputStream out) throws Exception;
}
