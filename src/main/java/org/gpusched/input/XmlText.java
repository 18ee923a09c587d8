package org.gpusched.input;

import org.gpusched.model.Escapes;

import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
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
        return Escapes.escape(s, XmlText::allowed);
    }

    /** The writer methods whose last argument is text (a processing instruction's only with its data). */
    private static final Set<String> TEXT = Set.of("writeAttribute", "writeComment", "writeCData", "writeCharacters",
            "writeProcessingInstruction");

    /**
     * A StAX writer on {@code out} that passes every attribute value, text, comment and CDATA through
     * {@link #clean}: a proxy that delegates everything and cleans the methods that carry text first.
     */
    public static XMLStreamWriter writer(Writer out) throws XMLStreamException {
        XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
        return (XMLStreamWriter) Proxy.newProxyInstance(XmlText.class.getClassLoader(),
                new Class<?>[] {XMLStreamWriter.class}, (proxy, m, args) -> {
                    if (args != null && args.length == 3 && args[0] instanceof char[] text) {
                        x.writeCharacters(clean(new String(text, (int) args[1], (int) args[2])));
                        return null;
                    }
                    if (args != null && TEXT.contains(m.getName())
                            && !(m.getName().equals("writeProcessingInstruction") && args.length == 1)) {
                        args[args.length - 1] = clean((String) args[args.length - 1]);
                    }
                    try {
                        return m.invoke(x, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
