package org.gpusched.model;

import java.util.function.IntPredicate;
import java.util.regex.Pattern;

/**
 * Makes text from an input safe to print on one terminal line: control characters (C0, DEL, C1),
 * format characters (bidirectional overrides, zero-width), line and paragraph separators and lone
 * surrogates become {@code \}{@code uXXXX} escapes ({@code \n}, {@code \r}, {@code \t} for the usual three),
 * so an ANSI escape or a newline in a key cannot colour the terminal or forge a line of output.
 *
 * <p>Every report prints what came from the user (file names, task-set names, anything read from
 * a file) through here: {@link #text} for text reports and errors, {@link #csv} for CSV cells
 * (no spreadsheet formula either), {@link #shell} for file names in a printed command line.
 */
public final class Escapes {
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_./:=,+@%-]+");

    private Escapes() { }

    public static String text(String s) {
        return escape(s, cp -> !unsafe(cp));
    }

    /**
     * {@code s} with every code point {@code keep} refuses escaped ({@code \n}, {@code \r}, {@code \t} for
     * the usual three, else {@code \}{@code uXXXX} per UTF-16 unit); null stays null.
     */
    public static String escape(String s, IntPredicate keep) {
        if (s == null || s.codePoints().allMatch(keep)) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        s.codePoints().forEach(cp -> {
            if (keep.test(cp)) {
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

    /**
     * A CSV cell: {@link #text} (one record per line, whatever the reader; tabs and carriage
     * returns are escaped there), and a leading {@code = + - @} neutralised with a {@code '} so that a
     * spreadsheet opens it as text, not as a formula (OWASP's CSV-injection rule). A plain decimal
     * number (a negative slack, say) is data, not a formula, and stays as it is.
     */
    public static String csv(String s) {
        String t = text(s);
        if (t == null || t.isEmpty() || NUMBER.matcher(t).matches()) {
            return t;
        }
        char c = t.charAt(0);
        return c == '=' || c == '+' || c == '-' || c == '@' ? "'" + t : t;
    }

    /**
     * One word for a POSIX shell: as it is when it holds only characters no shell treats specially,
     * else in single quotes ({@code '} written {@code '\''}); a relative name starting with
     * {@code -} (other than {@code -} itself, stdin) gets {@code ./} so that it is not read as an option.
     * Control characters are escaped first: a printed command stays on one line.
     */
    public static String shell(String s) {
        String t = text(s);
        if (t.startsWith("-") && !t.equals("-")) {
            t = "./" + t;
        }
        return !t.isEmpty() && SHELL_SAFE.matcher(t).matches() ? t : "'" + t.replace("'", "'\\''") + "'";
    }
}
