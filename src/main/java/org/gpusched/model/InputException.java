package org.gpusched.model;

/**
 * A rejected input: names the file, the JSON path and, when known, the line and column.
 * The CLI turns it into one line on stderr and exit code 2.
 */
public final class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String path;
    private final int line;
    private final int column;
    private final String detail;

    public InputException(String file, String path, int line, int column, String detail, Throwable cause) {
        super(format(file, path, line, column, detail), cause);
        this.file = file;
        this.path = path;
        this.line = line;
        this.column = column;
        this.detail = detail;
    }

    public InputException(String file, String path, String detail) {
        this(file, path, -1, -1, detail, null);
    }

    /**
     * Everything the user wrote (the file name, keys in the path, values in the detail) is escaped
     * here, once for every message: a control character must not reach the terminal raw, and a
     * newline must not split the one line into two.
     */
    private static String format(String file, String path, int line, int column, String detail) {
        StringBuilder sb = new StringBuilder();
        sb.append(file == null ? "<input>" : Escapes.text(file)).append(':');
        if (line > 0) {
            sb.append(line).append(':').append(Math.max(column, 1)).append(':');
        }
        if (path != null && !path.isEmpty()) {
            sb.append(' ').append(Escapes.text(path)).append(':');
        }
        sb.append(' ').append(detail == null ? "invalid input" : Escapes.text(detail.strip()));
        return sb.toString();
    }

    /** Messages from parsers may span lines; the user gets exactly one. */
    public static String oneLine(String s) {
        if (s == null) {
            return "invalid input";
        }
        return s.strip().split("\\R", 2)[0].strip();
    }

    public String file() { return file; }
    public String path() { return path; }
    public int line() { return line; }
    public int column() { return column; }
    public String detail() { return detail; }

    /** Same error, with the location looked up after the fact. */
    public InputException at(int newLine, int newColumn) {
        return new InputException(file, path, newLine, newColumn, detail, getCause());
    }
}
