package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Escapes;
import org.gpusched.output.RunFolder;
import org.gpusched.pages.Page;
import org.gpusched.qualify.KnownIssues;
import org.gpusched.qualify.Qualification.Check;
import org.gpusched.qualify.Qualification.Disagreement;
import org.gpusched.qualify.Qualification;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.time.Instant;
import java.util.*;

/**
 * The reports of {@code gpusched qualify}: the JSON document (schema {@code qualify}), a
 * self-contained HTML page, JUnit XML (a suite per part, a case per check) and the text summary; each
 * shows every shipped case with the source of its expected result.
 * Nothing but the elapsed time varies between runs of one seed, and {@code timing=false} leaves it
 * out, so two runs give the same bytes.
 */
public final class QualifyReports {
    private QualifyReports() { }

    public static ObjectNode json(Qualification q, boolean timing) {
        ObjectNode o = Json.object().put("reportVersion", Json.REPORT_VERSION).put("status", q.status())
                .put("exitCode", q.exitCode());
        o.putObject("tool").put("name", "gpusched").put("version", q.tool().version()).put("commit", q.tool().commit())
                .put("date", q.tool().date());
        ObjectNode env = o.putObject("environment");
        q.environment().forEach(f -> env.put(f.name(), f.value()));
        ObjectNode opt = o.putObject("options").put("sets", q.options().sets()).put("seed", q.options().seed())
                .put("timeLimit", q.options().timeLimit());
        if (q.options().mutation() != null) {
            opt.put("mutation", q.options().mutation());
        }
        ArrayNode inputs = o.putArray("inputs");
        for (Qualification.Input i : q.inputs()) {
            ObjectNode n = inputs.addObject().setAll(Json.pick(i, "file", "sha256", "name", "formatVersion", "tasks",
                    "interference", "gpu", "setsDrawn", "drawsRefused"));
            n.put("compared", compared(q, i.file()));
            i.features().forEach(n.putArray("features")::add);
        }
        // These records are their JSON objects: the same fields in the same order.
        o.set("sets", Json.MAPPER.valueToTree(q.sets()));
        ArrayNode checks = o.putArray("checks");
        for (Check c : q.checks()) {
            checks.addObject().put("id", c.id()).put("part", c.part()).put("description", c.description())
                    .put("compared", c.compared()).put("agreed", c.agreed()).put("disagreed", c.disagreed())
                    .put("notCompared", c.notCompared()).put("note", c.note());
        }
        ArrayNode per = o.putArray("perInput");
        for (Qualification.InputCheck c : q.perInput()) {
            per.addObject().put("input", c.input()).put("check", c.check()).put("compared", c.compared())
                    .put("agreed", c.agreed()).put("disagreed", c.disagreed()).put("notCompared", c.notCompared())
                    .put("note", c.note());
        }
        o.set("gaps", Json.MAPPER.valueToTree(q.gaps()));
        o.set("disagreements", Json.MAPPER.valueToTree(q.disagreements()));
        ArrayNode shipped = o.putArray("shippedCases");
        for (Qualification.Shipped x : q.shipped()) {
            shipped.addObject().put("case", x.file()).put("method", x.method()).put("source", x.source())
                    .put("verdict", x.verdict()).put("status", x.status()).put("message", x.message());
        }
        ArrayNode peers = o.putArray("peers");
        for (Qualification.Peer p : q.peers()) {
            peers.add(Json.pick(p, "name", "status", "path", "version", "note", "requested"));
        }
        q.knownIssues().forEach(o.putArray("knownIssues")::add);
        o.put("complete", q.complete()).put("stopReason", q.stopReason());
        if (timing) {
            o.put("elapsedSeconds", Math.round(q.elapsedNanos() / 1e6) / 1e3);
        }
        return o;
    }

    /** The summary on stdout: one line per check, the disagreements, the known issues. */
    public static String text(Qualification q) {
        StringBuilder sb = new StringBuilder();
        sb.append("gpusched ").append(q.tool().version()).append(" (commit ").append(q.tool().commit()).append(") qualify: ")
                .append(q.status()).append('\n');
        for (Qualification.Input i : q.inputs()) {
            sb.append("  like ").append(i.file()).append(" (sha256 ").append(i.sha256(), 0, 12).append("…): ")
                    .append(i.setsDrawn()).append(" sets, ").append(i.tasks()).append(" tasks, features ")
                    .append(i.features().isEmpty() ? "none" : String.join(", ", i.features())).append('\n');
        }
        sb.append(String.format(Locale.ROOT, "  %-52s %8s %8s %8s %8s%n", "check", "compared", "agreed", "disagreed",
                "not cmp"));
        for (Check c : q.checks()) {
            sb.append(String.format(Locale.ROOT, "  %-52s %8d %8d %8d %8d%n", Escapes.text(c.id()), c.compared(),
                    c.agreed(), c.disagreed(), c.notCompared()));
        }
        if (!q.shipped().isEmpty()) {
            sb.append("  shipped cases by source of the expected result:");
            // Lines per source, in the order of the sources' first lines.
            Map<String, Integer> lines = new LinkedHashMap<>();
            q.shipped().forEach(x -> lines.merge(x.source(), 1, Integer::sum));
            lines.forEach((k, v) -> sb.append(' ').append(k).append(' ').append(v));
            sb.append('\n');
        }
        // Every file gets its line, a file whose sets no check compared too: "0 comparisons" is the news.
        for (Qualification.Input in : q.inputs()) {
            sb.append("  sets like ").append(Escapes.text(in.file())).append(": ").append(compared(q, in.file()))
                    .append(" comparisons\n");
            for (Qualification.InputCheck c : q.perInput()) {
                if (c.input().equals(in.file())) {
                    sb.append(String.format(Locale.ROOT, "    %-50s %8d %8d %8d %8d%s%n", Escapes.text(c.check()),
                            c.compared(), c.agreed(), c.disagreed(), c.notCompared(),
                            c.note() == null ? "" : "  " + Escapes.text(c.note())));
                }
            }
        }
        for (Qualification.Peer p : q.peers()) {
            sb.append("  peer ").append(p.name()).append(": ").append(p.status())
                    .append(p.version() == null ? "" : " (" + p.version() + ")").append(" - ").append(p.note()).append('\n');
        }
        for (Disagreement d : q.disagreements()) {
            sb.append("  DISAGREE ").append(d.check()).append(": ").append(Escapes.text(d.source())).append(": ")
                    .append(Escapes.text(d.message())).append(" -> ").append(d.file()).append('\n');
        }
        if (!q.complete()) {
            sb.append("  incomplete: ").append(q.stopReason()).append('\n');
        }
        for (Qualification.Gap g : q.gaps()) {
            sb.append("  NOT QUALIFIED ").append(Escapes.text(g.text())).append('\n');
        }
        sb.append("known issues (docs/safety-manual.md):\n");
        q.knownIssues().forEach(k -> sb.append("  - ").append(k).append('\n'));
        return sb.toString();
    }

    /**
     * JUnit XML: a suite per part (shipped, random, peer), a case per check and, in the shipped suite, a
     * case per expected line; a disagreement is a failure.
     */
    public static String junit(Qualification q) {
        List<CiReport.Suite> suites = new ArrayList<>();
        for (String part : List.of("shipped", "random", "peer")) {
            List<CiReport.Case> cases = new ArrayList<>();
            for (Check c : q.checks()) {
                if (!c.part().equals(part)) {
                    continue;
                }
                String counts = c.agreed() + " agreed, " + c.disagreed() + " disagreed, " + c.notCompared() + " not compared";
                if (c.disagreed() > 0) {
                    String first = q.disagreements().stream().filter(d -> d.check().equals(c.id())).findFirst()
                            .map(d -> d.source() + ": " + d.message() + " (" + d.file() + ")").orElse("");
                    cases.add(CiReport.Case.of(c.id(), "qualify." + part, CiReport.Status.FAILED,
                            counts + "; first: " + first));
                } else if (c.compared() == 0) {
                    cases.add(CiReport.Case.of(c.id(), "qualify." + part, CiReport.Status.SKIPPED,
                            counts + (c.note() == null ? "" : ": " + c.note())));
                } else {
                    cases.add(CiReport.Case.passed(c.id(), "qualify." + part));
                }
            }
            if (part.equals("peer")) {
                for (Qualification.Peer p : q.peers()) {
                    cases.add(p.path() == null
                            ? CiReport.Case.of(p.name() + " found", "qualify.peer", CiReport.Status.SKIPPED, p.note())
                            : CiReport.Case.passed(p.name() + " found" + (p.version() == null ? "" : ": " + p.version()),
                            "qualify.peer"));
                }
            }
            if (part.equals("shipped")) {
                cases.addAll(shippedCases(q));
            }
            if (!cases.isEmpty()) {
                suites.add(suite(q, part, cases));
            }
        }
        suites.add(suite(q, "coverage", coverage(q)));
        // A fixed instant: the JUnit timestamp would be the only varying byte.
        return JunitXml.write(new CiReport("qualify", q.tool().version(), Instant.EPOCH, suites));
    }

    /**
     * A test case per line of the expected results, its class naming the source of the value, so that
     * a CI view can tell agreement with a paper or a hand working from agreement with a snapshot.
     */
    private static List<CiReport.Case> shippedCases(Qualification q) {
        List<CiReport.Case> out = new ArrayList<>();
        for (Qualification.Shipped x : q.shipped()) {
            String name = x.file() + " " + x.method() + " (" + x.source() + ")";
            String classname = "qualify.shipped." + x.source();
            out.add(switch (x.status()) {
                case "agreed" -> CiReport.Case.passed(name, classname);
                case "disagreed" -> CiReport.Case.of(name, classname, CiReport.Status.FAILED, x.message());
                default -> CiReport.Case.of(name, classname, CiReport.Status.SKIPPED, x.message());
            });
        }
        return out;
    }

    /**
     * A case per exact check and --like file that compared sets, and a failure per gap: a partial run
     * is not green in CI although no comparison disagreed.
     */
    private static List<CiReport.Case> coverage(Qualification q) {
        List<CiReport.Case> cases = new ArrayList<>();
        for (Qualification.InputCheck c : q.perInput()) {
            if (c.compared() > 0 && Qualification.EXACT_CHECKS.contains(c.check())) {
                cases.add(CiReport.Case.passed(c.check() + " like " + c.input() + ": " + c.compared() + " compared",
                        "qualify.coverage"));
            }
        }
        for (Qualification.Gap g : q.gaps()) {
            cases.add(CiReport.Case.of(g.text(), "qualify.coverage", CiReport.Status.FAILED, g.message()));
        }
        if (cases.isEmpty()) {
            cases.add(CiReport.Case.passed("no --like file: nothing drawn", "qualify.coverage"));
        }
        return cases;
    }

    private static CiReport.Suite suite(Qualification q, String part, List<CiReport.Case> cases) {
        return new CiReport.Suite("qualify " + part, part, List.of(
                        new CiReport.Property("gpusched.version", q.tool().version()),
                        new CiReport.Property("gpusched.commit", q.tool().commit()),
                        new CiReport.Property("seed", Long.toString(q.options().seed()))), cases, 0);
    }

    private static final String CSS = String.join("\n",
            "body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1200px}",
            "table{border-collapse:collapse;margin:.5em 0 1.5em}",
            "th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left}",
            "td.n{text-align:right}.qualified{color:#1a7f37}.disagreement,.partial{color:#cf222e}.incomplete{color:#9a6700}",
            "code{background:#f6f8fa;padding:0 .2em}");

    /** One page, no script and no external resource, so it opens offline and attaches to a safety case. */
    public static String html(Qualification q, boolean timing) {
        Document doc = Page.document("gpusched qualify: " + q.status(), CSS);
        Element b = doc.body();
        b.appendElement("h1").text("gpusched qualify");
        b.appendElement("p").appendText("Status: ").appendElement("strong").addClass(q.status()).text(q.status()
                + " (exit " + q.exitCode() + ")");
        Element tool = rows(b, "Tool and environment", "name", "value");
        row(tool, "gpusched", q.tool().version());
        row(tool, "commit", q.tool().commit() + " (" + q.tool().date() + ")");
        q.environment().forEach(f -> row(tool, f.name(), f.value()));
        row(tool, "sets per input", Integer.toString(q.options().sets()));
        row(tool, "seed", Long.toString(q.options().seed()));
        row(tool, "time limit", q.options().timeLimit() == null ? "none" : q.options().timeLimit());
        if (q.options().mutation() != null) {
            row(tool, "mutation (test only)", q.options().mutation());
        }
        if (timing) {
            row(tool, "elapsed", String.format(Locale.ROOT, "%.3f s", q.elapsedNanos() / 1e9));
        }
        Element in = rows(b, "Inputs", "file", "sha256", "tasks", "interference", "GPU", "features", "sets");
        for (Qualification.Input i : q.inputs()) {
            row(in, i.file(), i.sha256(), Integer.toString(i.tasks()), i.interference(), i.gpu(),
                    String.join(", ", i.features()), Integer.toString(i.setsDrawn()));
        }
        Element ch = rows(b, "Checks", "check", "part", "what", "compared", "agreed", "disagreed", "not compared");
        for (Check c : q.checks()) {
            counts(row(ch, c.id(), c.part(), c.description()), c.compared(), c.agreed(), c.disagreed(),
                    c.notCompared());
        }
        if (!q.gaps().isEmpty()) {
            Element g = rows(b, "Not qualified: what was not compared", "check", "input", "why");
            for (Qualification.Gap x : q.gaps()) {
                row(g, x.check(), x.input(), x.message());
            }
        }
        Element per = rows(b, "Checks per input file", "input", "check", "compared", "agreed", "disagreed",
                "not compared", "first reason not compared");
        for (Qualification.InputCheck c : q.perInput()) {
            counts(row(per, c.input(), c.check()), c.compared(), c.agreed(), c.disagreed(), c.notCompared())
                    .appendElement("td").text(c.note() == null ? "" : c.note());
        }
        if (!q.disagreements().isEmpty()) {
            Element d = rows(b, "Disagreements (replay the kept file with gpusched compare)", "check", "case", "seed",
                    "what", "file");
            for (Disagreement x : q.disagreements()) {
                row(d, x.check(), x.source(), x.seed() == null ? "" : Long.toString(x.seed()), x.message(), x.file());
            }
        }
        if (!q.shipped().isEmpty()) {
            Element sh = rows(b, "Shipped cases (source: where the expected result comes from; snapshot: regression only)",
                    "case", "method", "source", "expected verdict", "result", "note");
            for (Qualification.Shipped x : q.shipped()) {
                row(sh, x.file(), x.method(), x.source(), x.verdict(), x.status(), x.message());
            }
        }
        Element p = rows(b, "Peer tools", "tool", "status", "path", "version", "note");
        for (Qualification.Peer x : q.peers()) {
            row(p, x.name(), x.status(), x.path() == null ? "" : x.path(), x.version() == null ? "" : x.version(), x.note());
        }
        Element s = rows(b, "Drawn sets (every seed)", "input", "index", "seed", "sha256", "verdict (gpusched)");
        for (Qualification.DrawnSet x : q.sets()) {
            row(s, x.input(), Integer.toString(x.index()), Long.toString(x.seed()), x.sha256(), x.verdict());
        }
        b.appendElement("h2").text("Known issues");
        Element ul = b.appendElement("ul");
        q.knownIssues().forEach(k -> ul.appendElement("li").text(k));
        return doc.outerHtml() + "\n";
    }

    private static Element rows(Element body, String title, String... header) {
        body.appendElement("h2").text(title);
        Element t = body.appendElement("table");
        Element tr = t.appendElement("tr");
        for (String h : header) {
            tr.appendElement("th").text(h);
        }
        return t;
    }

    /** Number cells, right-aligned, after a row's text cells; returns the row. */
    private static Element counts(Element tr, int... counts) {
        for (int n : counts) {
            tr.appendElement("td").addClass("n").text(Integer.toString(n));
        }
        return tr;
    }

    private static Element row(Element table, String... cells) {
        Element tr = table.appendElement("tr");
        for (String c : cells) {
            tr.appendElement("td").text(c == null ? "" : c);
        }
        return tr;
    }

    /** The files {@link #write} makes whatever the run finds: checked against the inputs before the run. */
    public static final List<String> FILES = List.of("qualify.json", "qualify.html", "qualify.junit.xml",
            "known-issues.md");

    /** Writes the qualification's files into its run folder: started with its parameters, complete last. */
    public static void write(RunFolder dir, Qualification q, int sets, long seed, boolean timing) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("sets", Integer.toString(sets));
        params.put("seed", Long.toString(seed));
        dir.start(params);
        for (Qualification.Kept k : q.kept()) {
            dir.writeString(k.path(), k.text());
        }
        dir.writeString("qualify.json", Json.line(json(q, timing)) + "\n");
        dir.writeString("qualify.html", html(q, timing));
        dir.writeString("qualify.junit.xml", junit(q));
        dir.writeString("known-issues.md", KnownIssues.text());
        dir.complete();
    }

    /** The comparisons made on the sets drawn like {@code file}, all checks together. */
    private static int compared(Qualification q, String file) {
        return q.perInput().stream().filter(c -> c.input().equals(file)).mapToInt(Qualification.InputCheck::compared).sum();
    }
}
