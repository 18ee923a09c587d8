package org.gpusched.report;

import org.gpusched.input.XmlText;
import org.gpusched.model.Escapes;
import org.gpusched.report.CiReport.Case;
import org.gpusched.report.CiReport.Property;
import org.gpusched.report.CiReport.Status;
import org.gpusched.report.CiReport.Suite;

import java.io.StringWriter;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A {@link CiReport} as JUnit XML in the Apache Ant layout that Jenkins, GitLab, Azure DevOps and the
 * GitHub test-report actions read: {@code testsuites}, one {@code testsuite} per input file with its
 * {@code properties}, one {@code testcase} per task or method, {@code failure} for a deadline miss or an
 * invalid file, {@code error} for an inconclusive or inapplicable analysis, and the
 * {@code system-out}/{@code system-err} elements Ant always writes. The one addition to Ant's schema is
 * Surefire's {@code <skipped message="..."/>} for a method {@code compare} found not applicable: every one
 * of those tools shows it as skipped. Every text from the input passes through {@link Escapes#text}, so a
 * control character becomes a visible {@code \}{@code uXXXX}, and the writer is {@link XmlText#writer}, so
 * nothing XML 1.0 forbids (U+FFFE, U+FFFF, a lone surrogate) reaches the file either.
 */
public final class JunitXml {
    /** Ant's timestamp: local date-time to the second, no zone; gpusched writes it in UTC. */
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private JunitXml() { }

    public static String write(CiReport report) {
        StringWriter sw = new StringWriter();
        try {
            XMLStreamWriter x = XmlText.writer(sw);
            x.writeStartDocument("UTF-8", "1.0");
            nl(x, 0);
            x.writeStartElement("testsuites");
            int id = 0;
            for (Suite s : report.suites()) {
                nl(x, 1);
                suite(x, report, s, id++);
            }
            nl(x, 0);
            x.writeEndElement();
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write JUnit XML", e);
        }
        return sw.append('\n').toString();
    }

    private static void suite(XMLStreamWriter x, CiReport report, Suite s, int id) throws XMLStreamException {
        x.writeStartElement("testsuite");
        attributes(x, "name", Escapes.text(s.name()), "package", "gpusched." + report.command(), "id",
                Integer.toString(id), "timestamp", TIMESTAMP.format(report.started().truncatedTo(ChronoUnit.SECONDS)),
                "hostname", "localhost", "tests", Integer.toString(s.cases().size()), "failures",
                Long.toString(s.count(Status.FAILED)), "errors", Long.toString(s.count(Status.ERROR)), "time",
                String.format(Locale.ROOT, "%.3f", s.seconds()));
        nl(x, 2);
        x.writeStartElement("properties");
        for (Property p : s.properties()) {
            nl(x, 3);
            x.writeEmptyElement("property");
            attributes(x, "name", p.name(), "value", Escapes.text(p.value()));
        }
        nl(x, 2);
        x.writeEndElement();
        for (Case c : s.cases()) {
            nl(x, 2);
            testcase(x, c);
        }
        nl(x, 2);
        x.writeEmptyElement("system-out");
        nl(x, 2);
        x.writeEmptyElement("system-err");
        nl(x, 1);
        x.writeEndElement();
    }

    private static void testcase(XMLStreamWriter x, Case c) throws XMLStreamException {
        if (c.status() == Status.PASSED) {
            x.writeEmptyElement("testcase");
            caseAttributes(x, c);
            return;
        }
        x.writeStartElement("testcase");
        caseAttributes(x, c);
        nl(x, 3);
        String message = Escapes.text(c.message());
        if (c.status() == Status.SKIPPED) {
            x.writeEmptyElement("skipped");
            x.writeAttribute("message", message);
        } else {
            x.writeStartElement(c.status() == Status.FAILED ? "failure" : "error");
            x.writeAttribute("message", message);
            // A case with no rule (a check of qualify that disagreed) takes the status as its type.
            x.writeAttribute("type", c.rule() == null ? c.status().name().toLowerCase(Locale.ROOT) : c.rule().id());
            // The body is what Jenkins and GitLab show expanded: every located finding, one per line.
            StringBuilder body = new StringBuilder();
            c.findings().forEach(f -> body.append(f.at().known() ? "line " + f.at().line() + ": " : "")
                    .append(Escapes.text(f.message())).append('\n'));
            x.writeCharacters(body.length() == 0 ? message : body.toString().strip());
            x.writeEndElement();
        }
        nl(x, 2);
        x.writeEndElement();
    }

    private static void caseAttributes(XMLStreamWriter x, Case c) throws XMLStreamException {
        attributes(x, "name", Escapes.text(c.name()), "classname", Escapes.text(c.classname()), "time", "0");
    }

    /** The attributes {@code nameValues} (name, value, name, value, ...) in that order. */
    private static void attributes(XMLStreamWriter x, String... nameValues) throws XMLStreamException {
        for (int i = 0; i < nameValues.length; i += 2) {
            x.writeAttribute(nameValues[i], nameValues[i + 1]);
        }
    }

    private static void nl(XMLStreamWriter x, int depth) throws XMLStreamException {
        x.writeCharacters("\n" + "  ".repeat(depth));
    }
}
