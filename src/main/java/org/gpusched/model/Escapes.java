package org.gpusched.model;

/**
 * Makes text from an input safe to print on one terminal line: control characters (C0, DEL, C1),
 * format characters (bidirectional overrides, zero-width), line and paragraph separators and lone
 * surrogates become {@code \}{@code uXXXX} escapes ({@code \n}, {@code \r}, {@code \t} for the usual three),
 * so an ANSI escape or a newline in a key cannot colour the terminal or forge a line of output.
 */
public final class Escapes {
    private Escapes() { }

    public static String text(String s) {
        if (!hasUnsafe(s)) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        s.codePoints().forEach(cp -> {
            if (!unsafe(cp)) {
                sb.appendCodePoint(cp);
            } else if (cp == '\n') {
                sb.append("\\n");
            } else if (cp == '\r') {
                sb.append("\\r");
            } else if (cp == '\t') {
                sb.append("\\t");
            } else {
                for (char c : Character.toChars(cp)) {
                    sb.append(String.format("\\u%04x", (int) c));
                }
            }
        });
        return sb.toString();
    }

    /** True for a character that must not reach a terminal raw. */
    public static boolean unsafe(int cp) {
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE -> true;
            default -> false;
        };
    }

    /** True when some character of the text is {@link #unsafe}. */
    public static boolean hasUnsafe(String s) {
        return s != null && s.codePoints().anyMatch(Escapes::unsafe);
    }
}
