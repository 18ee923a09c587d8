package org.gpusched.cli;

import org.gpusched.input.XmlText;
import org.gpusched.report.CiSchemas;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Names holding any code point a JSON string can carry (U+FFFE, U+FFFF, lone surrogates, C0 and C1
 * controls, markup, supplementary characters) through every writer of XML and HTML: JUnit from
 * {@code analyze} and {@code compare}, MAST-2 from {@code export}, the {@code --html} page with its
 * inline chart. Whatever the exit code, each document must parse with a real XML parser (the page:
 * hold only XML characters and parse with jsoup).
 */
class XmlWritersPropertyTest {
    private static final int[] HOSTILE = {0x0, 0x1, 0x8, 0xB, 0xC, 0x1B, 0x1F, 0x7F, 0x85, 0xD800, 0xDBFF, 0xDC00,
        0xDFFF, 0xFDD0, 0xFFFE, 0xFFFF, 0x2028, 0x202E, 0x200B, '<', '>', '&', '"', '\'', ']', 0x1F600, 0x10FFFF,
        0x1FFFE};

    @TempDir
    Path dir;

    /** A JSON string literal of random code points, every non-ASCII or special one written as an escape. */
    private static String jsonName(Random rnd) {
        StringBuilder sb = new StringBuilder("\"n");
        int n = 1 + rnd.nextInt(8);
        for (int i = 0; i < n; i++) {
            int cp = rnd.nextInt(3) == 0 ? rnd.nextInt(0x110000) : HOSTILE[rnd.nextInt(HOSTILE.length)];
            if (cp >= 0x20 && cp < 0x7F && cp != '"' && cp != '\\') {
                sb.append((char) cp);
            } else {
                for (char c : Character.toChars(cp)) {
                    sb.append(String.format("\\u%04x", (int) c));
                }
            }
        }
        return sb.append('"').toString();
    }

    private Path v1(Random rnd, int i) throws IOException {
        Path p = dir.resolve("v1-" + i + ".json");
        Files.writeString(p, "{\"formatVersion\": 1, \"name\": " + jsonName(rnd) + ", \"tasks\": ["
                + "{\"name\": \"a\", \"period\": 4, \"deadline\": 4, \"wcet\": 1},"
                + "{\"name\": \"b\", \"period\": 5, \"deadline\": 5, \"wcet\": 2}]}");
        return p;
    }

    private Path v2(Random rnd, int i) throws IOException {
        String w = Files.readString(Path.of("examples", "workload-v2.json"))
                .replace("\"camera-pipeline-v2\"", jsonName(rnd));
        Path p = dir.resolve("v2-" + i + ".json");
        Files.writeString(p, w);
        return p;
    }

    private static void xml(String doc, String what) {
        assertThatCode(() -> DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8))))
                .as(what).doesNotThrowAnyException();
    }

    @Test
    void everyXmlWriterStaysWellFormedWhateverTheNames() throws IOException {
        Random rnd = new Random(20261126L);
        for (int i = 0; i < 24; i++) {
            Path f = i % 2 == 0 ? v1(rnd, i) : v2(rnd, i);
            String what = f + ": " + Files.readString(f).substring(0, 60);
            CliRunner j = CliRunner.run("analyze", f.toString(), "--format", "junit", "--time-limit", "5s");
            assertThat(j.code()).as(what).isIn(0, 1, 2, 3);
            CiSchemas.validateJunit(j.out());
            CliRunner c = CliRunner.run("compare", f.toString(), "--format", "junit", "--time-limit", "5s");
            assertThat(c.code()).as(what).isIn(0, 1, 2, 3);
            CiSchemas.validateJunit(c.out());
            CliRunner m = CliRunner.run("export", "--to", "mast2", f.toString());
            assertThat(m.code()).as(what).isIn(0, 2);
            if (m.code() == 0) {
                xml(m.out(), what);
            }
            Path html = dir.resolve("page-" + i + ".html");
            CliRunner h = CliRunner.run("analyze", f.toString(), "--html", html.toString(), "--time-limit", "5s");
            assertThat(h.code()).as(what).isIn(0, 1, 2, 3);
            if (Files.exists(html)) {
                String page = Files.readString(html);
                assertThat(page.codePoints().allMatch(XmlText::allowed)).as(what).isTrue();
                assertThat(Jsoup.parse(page).title()).as(what).startsWith("gpusched analyze");
            }
        }
    }

    /** Fragments the input accepts in a set's name that mean something to XML, HTML or a terminal. */
    private static final String[] VALID_HOSTILE = {"&", "<", ">", "\"", "'", "]]>", "--", "<!--", "&amp;", "&#0;",
        "<script>alert(1)</script>", "\u00e9", "\u4e2d\u6587", "\u03a9", "\ud83d\ude00", " ", "a b", "%s", "\\",
        "x".repeat(300)};

    /** A name of two to five hostile fragments between letters, as a JSON string literal and as text. */
    private static String[] validHostileName(Random rnd) {
        StringBuilder text = new StringBuilder("n");
        int n = 2 + rnd.nextInt(4);
        for (int i = 0; i < n; i++) {
            text.append(VALID_HOSTILE[rnd.nextInt(VALID_HOSTILE.length)]).append('z');
        }
        String t = text.toString();
        return new String[] {"\"" + t.replace("\\", "\\\\").replace("\"", "\\\"") + "\"", t};
    }

    /** Every attribute value and text of an XML document, decoded, one string. */
    private static String xmlText(String doc) throws Exception {
        org.w3c.dom.Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8)));
        StringBuilder sb = new StringBuilder();
        collect(d.getDocumentElement(), sb);
        return sb.toString();
    }

    private static void collect(org.w3c.dom.Node n, StringBuilder sb) {
        if (n.getNodeType() == org.w3c.dom.Node.TEXT_NODE || n.getNodeType() == org.w3c.dom.Node.CDATA_SECTION_NODE) {
            sb.append(n.getNodeValue()).append('\n');
        }
        if (n.getAttributes() != null) {
            for (int i = 0; i < n.getAttributes().getLength(); i++) {
                sb.append(n.getAttributes().item(i).getNodeValue()).append('\n');
            }
        }
        for (org.w3c.dom.Node c = n.getFirstChild(); c != null; c = c.getNextSibling()) {
            collect(c, sb);
        }
    }

    /**
     * Names the input accepts (XML and HTML specials, CDATA and comment ends, non-ASCII letters,
     * emoji, spaces, 300-character runs) reach every writer and come back out of each document,
     * decoded, exactly (MAST-2, whose schema wants identifiers, as one): every one is counted at every writer.
     */
    @Test
    void hostileNamesTheInputAcceptsReachEveryWriterIntact() throws Exception {
        Random rnd = new Random(20261128L);
        int sets = 24;
        java.util.Map<String, Integer> reached = new java.util.TreeMap<>();
        for (int i = 0; i < sets; i++) {
            String[] name = validHostileName(rnd);
            Path f = dir.resolve("valid-" + i + ".json");
            Files.writeString(f, i % 2 == 0
                    ? "{\"formatVersion\": 1, \"name\": " + name[0] + ", \"tasks\": ["
                    + "{\"name\": \"a\", \"period\": 4, \"deadline\": 4, \"wcet\": 1},"
                    + "{\"name\": \"b\", \"period\": 5, \"deadline\": 5, \"wcet\": 2}]}"
                    : Files.readString(Path.of("examples", "workload-v2.json")).replace("\"camera-pipeline-v2\"", name[0]));
            String what = f + ": " + name[1];
            assertThat(CliRunner.run("validate", f.toString()).code()).as(what).isZero();
            CliRunner j = CliRunner.run("analyze", f.toString(), "--format", "junit", "--time-limit", "5s");
            CiSchemas.validateJunit(j.out());
            count(reached, "analyze --format junit", xmlText(j.out()).contains(name[1]));
            CliRunner c = CliRunner.run("compare", f.toString(), "--format", "junit", "--time-limit", "5s");
            CiSchemas.validateJunit(c.out());
            count(reached, "compare --format junit", xmlText(c.out()).contains(name[1]));
            CliRunner m = CliRunner.run("export", "--to", "mast2", f.toString());
            assertThat(m.code()).as(what + m.err()).isZero();
            // MAST-2 names are identifiers by its schema: the name arrives spelled as one, never raw.
            String model = m.out().replaceAll("(?s).*<MAST_MODEL Model_Name=\"([^\"]*)\".*", "$1");
            count(reached, "export --to mast2", !xmlText(m.out()).isEmpty() && model.matches("[A-Za-z0-9_.]+"));
            Path html = dir.resolve("valid-" + i + ".html");
            CliRunner h = CliRunner.run("analyze", f.toString(), "--html", html.toString(), "--time-limit", "5s");
            assertThat(h.code()).as(what + h.err()).isIn(0, 1, 2, 3); // 2: PBS does not apply to a v2 set; its page says so
            String page = Files.readString(html);
            assertThat(page.codePoints().allMatch(XmlText::allowed)).as(what).isTrue();
            count(reached, "analyze --html", Jsoup.parse(page).text().contains(name[1]));
        }
        assertThat(reached).as("names that came out of each writer intact, of " + sets).isEqualTo(java.util.Map.of(
                "analyze --format junit", sets, "compare --format junit", sets, "export --to mast2", sets,
                "analyze --html", sets));
    }

    private static void count(java.util.Map<String, Integer> reached, String writer, boolean intact) {
        reached.merge(writer, intact ? 1 : 0, Integer::sum);
    }

    @Test
    void cleanKeepsWhatXmlAllowsAndSpellsOutTheRest() {
        assertThat(XmlText.clean("a\tb\nc\u00e9\ud83d\ude00\ufffd")).isEqualTo("a\tb\nc\u00e9\ud83d\ude00\ufffd");
        assertThat(XmlText.clean("x\ufffe\uffff\u0000\u001b\ud800y")).isEqualTo("x\\ufffe\\uffff\\u0000\\u001b\\ud800y");
        assertThat(XmlText.clean(null)).isNull();
        Random rnd = new Random(7);
        for (int i = 0; i < 10_000; i++) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < 6; k++) {
                sb.append((char) rnd.nextInt(0x10000));
            }
            String clean = XmlText.clean(sb.toString());
            assertThat(clean.codePoints().allMatch(XmlText::allowed)).as(sb.toString()).isTrue();
        }
    }
}
