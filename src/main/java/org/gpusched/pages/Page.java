package org.gpusched.pages;

import org.gpusched.input.XmlText;
import org.jsoup.nodes.*;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The one page style of every {@code --html} review page: doctype, title, the one style sheet, heading,
 * version, and the tables the pages share. Pages are jsoup documents, so every name from the input is a text
 * node or an escaped attribute, never markup; no clock and no timing, so the same input gives the same bytes.
 */
public final class Page {
    private static final String CSS = String.join("\n",
            "body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1200px}",
            "table{border-collapse:collapse;margin:.5em 0 1.5em}",
            "th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left}",
            ".margins td,.compare td,.tasks td{text-align:right}",
            ".margins td:first-child,.compare td:first-child,.tasks td:first-child{text-align:left}",
            ".schedulable{color:#1a7f37}.not-schedulable{color:#cf222e}.inconclusive,.n-a{color:#9a6700}",
            ".gantt>svg,.responses>svg,.bars>svg{max-width:100%;height:auto;border:1px solid #eee}",
            ".numbers td{text-align:right}.numbers td:first-child{text-align:left}tr.critical td{background:#ffebe9}",
            "code{background:#f6f8fa;padding:0 .2em}");

    private Page() { }

    /** The page every command's --html starts from: doctype, title, the one style sheet, heading, version. */
    public static Document shell(String command, List<String> files) {
        Document doc = document("gpusched " + command + ": " + String.join(", ", files), CSS);
        Element body = doc.body();
        body.appendElement("h1").text("gpusched " + command);
        body.appendElement("p").text("gpusched " + version() + "; times in each workload's unit.");
        return doc;
    }

    /** An empty page: doctype, language, charset, {@code title} and the style sheet {@code css}. */
    public static Document document(String title, String css) {
        Document doc = Document.createShell("");
        doc.outputSettings().charset(StandardCharsets.UTF_8).prettyPrint(true).indentAmount(1);
        doc.prependChild(new DocumentType("html", "", ""));
        doc.selectFirst("html").attr("lang", "en");
        doc.head().appendElement("meta").attr("charset", "utf-8");
        doc.title(title);
        doc.head().appendElement("style").appendChild(new DataNode(css));
        return doc;
    }

    /** gpusched's version from the jar manifest; "dev" when run from classes (as every report says it). */
    public static String version() {
        String v = Page.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    public static String finish(Document doc) {
        doc.traverse((node, depth) -> clean(node));
        return doc.outerHtml() + "\n";
    }

    /**
     * Every text and attribute of the page, the inline chart's included, through {@link XmlText}: HTML
     * parsers, like XML ones, reject U+FFFE, U+FFFF, lone surrogates and C0 controls.
     */
    private static void clean(Node node) {
        if (node instanceof TextNode t) {
            t.text(XmlText.clean(t.getWholeText()));
        }
        if (node instanceof Element e) {
            e.attributes().forEach(a -> a.setValue(XmlText.clean(a.getValue())));
        }
    }

    /** A table's head row of {@code head}; returns its body. */
    public static Element table(Element t, String... head) {
        Element tr = t.appendElement("thead").appendElement("tr");
        for (String h : head) {
            tr.appendElement("th").text(h);
        }
        return t.appendElement("tbody");
    }

    /** One body row of plain text cells; returns the row. */
    public static Element row(Element tbody, String... cells) {
        Element tr = tbody.appendElement("tr");
        Arrays.stream(cells).forEach(c -> tr.appendElement("td").text(c));
        return tr;
    }
}
