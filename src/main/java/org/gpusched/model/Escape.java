package org.gpusched.model;

import java.util.regex.Pattern;

/**
 * How text that came from the user (file names, task-set names, anything read from a file) is
 * printed, so that input can never forge output: a name holding a newline cannot add a line such
 * as "x.json: schedulable" to a report, an ANSI escape cannot colour the terminal, a CSV cell
 * cannot become a spreadsheet formula, and a file name in a printed command stays one argument.
 * Every report goes through these three functions; none escapes on its own.
 */
public final class Escape {
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
    private Escape() { }

    /**
     * One line of plain text: C0/C1 control characters, DEL, line and paragraph separators and the
     * bidirectional-override characters become {@code \n}, {@code \t}, {@code \r} or {@code \\uXXXX}.
     * Everything else (non-ASCII letters included) is kept. Null stays null.
     */
    public static String text(String s) {
        if (s == null || s.codePoints().noneMatch(Escape::unsafe)) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 8);
        s.codePoints().forEach(c -> {
            if (!unsafe(c)) {
                sb.appendCodePoint(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else {
                sb.append(String.format("\\u%04x", c));
            }
        });
        return sb.toString();
    }

    /**
     * A CSV cell: {@link #text} (one record per line, whatever the reader; tabs and carriage
     * returns are escaped there), and a leading {@code = + - @} neutralised with a {@code '} so that a
     * spreadsheet opens it as text, not as a formula (OWASP's CSV-injection rule). A plain decimal
     * number (a negative slack, say) is data, not a formula, and stays as it is.
     */
    public static String csv(String s) {
        String t = text(s);
        if (t == null || t.isEmpty()) {
            return t;
        }
        if (NUMBER.matcher(t).matches()) {
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
        if (!t.isEmpty() && t.matches("[A-Za-z0-9_./:=,+@%-]+")) {
            return t;
        }
        return "'" + t.replace("'", "'\\''") + "'";
    }

    private static boolean unsafe(int c) {
        return Character.isISOControl(c)
                || c == 0x2028 || c == 0x2029                  // line and paragraph separators
                || c >= 0x202A && c <= 0x202E                  // bidi embeddings and overrides
                || c >= 0x2066 && c <= 0x2069                  // bidi isolates
                || c == 0x200E || c == 0x200F || c == 0x061C;  // direction marks
    }
}
