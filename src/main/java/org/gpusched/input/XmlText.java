package org.gpusched.input;

import java.io.Writer;
import javax.xml.namespace.NamespaceContext;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The one way text reaches an XML document (JUnit, MAST-2, the SVG and HTML pages): XML 1.0 cannot
 * carry C0 controls other than tab, newline and carriage return, lone surrogates, U+FFFE or U+FFFF,
 * not even as character references, and a parser that meets one rejects the whole file. A JSON
 * string may hold any of them, so every such code point becomes a visible {@code \}{@code uXXXX}
 * (one per UTF-16 unit, as {@link Escapes#text} writes them) and the document stays well formed.
 */
public final class XmlText {
    private XmlText() { }

    /** True for a code point of XML 1.0's {@code Char} production. */
    public static boolean allowed(int cp) {
        return cp == 0x9 || cp == 0xA || cp == 0xD || cp >= 0x20 && cp <= 0xD7FF || cp >= 0xE000 && cp <= 0xFFFD
                || cp >= 0x10000 && cp <= 0x10FFFF;
    }

    /** {@code s} with every code point XML 1.0 forbids written as {@code \}{@code uXXXX}; null stays null. */
    public static String clean(String s) {
        if (s == null || s.codePoints().allMatch(XmlText::allowed)) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        s.codePoints().forEach(cp -> {
            if (allowed(cp)) {
                sb.appendCodePoint(cp);
            } else {
                for (char c : Character.toChars(cp)) {
                    sb.append(String.format("\\u%04x", (int) c));
                }
            }
        });
        return sb.toString();
    }

    /** A StAX writer on {@code out} that passes every attribute value, text, comment and CDATA through {@link #clean}. */
    public static XMLStreamWriter writer(Writer out) throws XMLStreamException {
        return new Cleaning(XMLOutputFactory.newFactory().createXMLStreamWriter(out));
    }

    /** Delegates everything; the methods that carry text clean it first. */
    private record Cleaning(XMLStreamWriter x) implements XMLStreamWriter {
        @Override public void writeStartElement(String localName) throws XMLStreamException {
            x.writeStartElement(localName);
        }
        @Override public void writeStartElement(String ns, String localName) throws XMLStreamException {
            x.writeStartElement(ns, localName);
        }
        @Override public void writeStartElement(String prefix, String localName, String ns) throws XMLStreamException {
            x.writeStartElement(prefix, localName, ns);
        }
        @Override public void writeEmptyElement(String ns, String localName) throws XMLStreamException {
            x.writeEmptyElement(ns, localName);
        }
        @Override public void writeEmptyElement(String prefix, String localName, String ns) throws XMLStreamException {
            x.writeEmptyElement(prefix, localName, ns);
        }
        @Override public void writeEmptyElement(String localName) throws XMLStreamException {
            x.writeEmptyElement(localName);
        }
        @Override public void writeEndElement() throws XMLStreamException {
            x.writeEndElement();
        }
        @Override public void writeEndDocument() throws XMLStreamException {
            x.writeEndDocument();
        }
        @Override public void close() throws XMLStreamException {
            x.close();
        }
        @Override public void flush() throws XMLStreamException {
            x.flush();
        }
        @Override public void writeAttribute(String localName, String value) throws XMLStreamException {
            x.writeAttribute(localName, clean(value));
        }
        @Override public void writeAttribute(String prefix, String ns, String localName, String value)
                throws XMLStreamException {
            x.writeAttribute(prefix, ns, localName, clean(value));
        }
        @Override public void writeAttribute(String ns, String localName, String value) throws XMLStreamException {
            x.writeAttribute(ns, localName, clean(value));
        }
        @Override public void writeNamespace(String prefix, String ns) throws XMLStreamException {
            x.writeNamespace(prefix, ns);
        }
        @Override public void writeDefaultNamespace(String ns) throws XMLStreamException {
            x.writeDefaultNamespace(ns);
        }
        @Override public void writeComment(String data) throws XMLStreamException {
            x.writeComment(clean(data));
        }
        @Override public void writeProcessingInstruction(String target) throws XMLStreamException {
            x.writeProcessingInstruction(target);
        }
        @Override public void writeProcessingInstruction(String target, String data) throws XMLStreamException {
            x.writeProcessingInstruction(target, clean(data));
        }
        @Override public void writeCData(String data) throws XMLStreamException {
            x.writeCData(clean(data));
        }
        @Override public void writeDTD(String dtd) throws XMLStreamException {
            x.writeDTD(dtd);
        }
        @Override public void writeEntityRef(String name) throws XMLStreamException {
            x.writeEntityRef(name);
        }
        @Override public void writeStartDocument() throws XMLStreamException {
            x.writeStartDocument();
        }
        @Override public void writeStartDocument(String version) throws XMLStreamException {
            x.writeStartDocument(version);
        }
        @Override public void writeStartDocument(String encoding, String version) throws XMLStreamException {
            x.writeStartDocument(encoding, version);
        }
        @Override public void writeCharacters(String text) throws XMLStreamException {
            x.writeCharacters(clean(text));
        }
        @Override public void writeCharacters(char[] text, int start, int len) throws XMLStreamException {
            x.writeCharacters(clean(new String(text, start, len)));
        }
        @Override public String getPrefix(String uri) throws XMLStreamException {
            return x.getPrefix(uri);
        }
        @Override public void setPrefix(String prefix, String uri) throws XMLStreamException {
            x.setPrefix(prefix, uri);
        }
        @Override public void setDefaultNamespace(String uri) throws XMLStreamException {
            x.setDefaultNamespace(uri);
        }
        @Override public void setNamespaceContext(NamespaceContext context) throws XMLStreamException {
            x.setNamespaceContext(context);
        }
        @Override public NamespaceContext getNamespaceContext() {
            return x.getNamespaceContext();
        }
        @Override public Object getProperty(String name) {
            return x.getProperty(name);
        }
    }
}
