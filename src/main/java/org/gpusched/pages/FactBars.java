package org.gpusched.pages;

import org.jsoup.nodes.Element;

import java.util.List;

/** A bar per row, scaled to the largest value or the dashed reference, flagged rows red, a tooltip each; no script. */
public final class FactBars {
    /** One row: its label, its length (≥ 0), the number written at its end, its tooltip, whether it is flagged. */
    public record Bar(String label, double value, String shown, String tooltip, boolean flagged) { }

    private static final int WIDTH = 900;
    private static final int LEFT = 220;
    private static final int ROW = 20;

    private FactBars() { }

    public static Element svg(String cssClass, String caption, List<Bar> bars, double reference, String referenceLabel,
            String legend) {
        int height = 30 + bars.size() * ROW + 34;
        Element s = Svg.open(cssClass, WIDTH, height, caption);
        double top = Math.max(reference, bars.stream().mapToDouble(Bar::value).max().orElse(0));
        double px = top <= 0 ? 0 : (WIDTH - LEFT - 90) / top;
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            double y = 24 + i * ROW;
            Svg.text(s, LEFT - 6, y + ROW - 7, "end", b.label())
                    .attr("font-weight", b.flagged() ? "700" : "400");
            Element rect = s.appendElement("rect").attr("x", Svg.num(LEFT)).attr("y", Svg.num(y + 3))
                    .attr("width", Svg.num(Math.max(1, b.value() * px)))
                    .attr("height", Svg.num(ROW - 6))
                    .attr("fill", b.flagged() ? "#cf222e" : "#4c78a8")
                    .attr("class", b.flagged() ? "bar flagged" : "bar");
            rect.appendElement("title").text(b.tooltip());
            Svg.text(s, LEFT + Math.max(1, b.value() * px) + 4, y + ROW - 7, "start", b.shown());
        }
        if (reference > 0) {
            double x = LEFT + reference * px;
            s.appendElement("line").attr("x1", Svg.num(x)).attr("x2", Svg.num(x)).attr("y1", "18")
                    .attr("y2", Svg.num(24 + bars.size() * ROW + 4)).attr("stroke", "#333").attr("stroke-dasharray", "4 3")
                    .attr("class", "reference").appendElement("title").text(referenceLabel);
            Svg.text(s, x + 4, 14, "start", referenceLabel).attr("fill", "#555").attr("font-size", "10");
        }
        Svg.text(s, 8, height - 10, "start", legend).attr("fill", "#444");
        return s;
    }
}
