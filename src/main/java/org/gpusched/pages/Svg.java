package org.gpusched.pages;

import org.jsoup.nodes.Element;

import java.util.Locale;

/** The pieces of the pages' inline SVG pictures: the root with its caption, a label, a number as SVG writes it. */
public final class Svg {
    private Svg() { }

    public static Element open(String cssClass, int width, int height, String caption) {
        Element s = new Element("svg").attr("xmlns", "http://www.w3.org/2000/svg").attr("class", cssClass)
                .attr("width", Integer.toString(width)).attr("height", Integer.toString(height))
                .attr("font-family", "system-ui,sans-serif").attr("font-size", "12");
        // attr() lower-cases names; SVG's are case-sensitive outside an HTML page.
        s.attributes().put("viewBox", "0 0 " + width + " " + height);
        s.appendElement("title").text(caption);
        return s;
    }

    public static Element text(Element s, double x, double y, String anchor, String t) {
        return s.appendElement("text").attr("x", num(x)).attr("y", num(y)).attr("text-anchor", anchor).text(t);
    }

    public static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
