package org.gpusched.interop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A reader of the MAST-1 subset gpusched writes, for round-trip tests: top-level objects
 * {@code Kind ( Key => Value, … );} whose values are atoms, aggregates {@code ( Key => Value, … )}
 * or lists of aggregates {@code ( ( … ), ( … ) )}; "--" comments. Anything else is a syntax error
 * (an IllegalArgumentException naming the token), so reading is also a grammar check.
 */
final class MastTextReader {
    /** One top-level object: its kind (Model, Transaction, …) and its fields. */
    record Obj(String kind, Map<String, Object> fields) { }

    private static final Pattern TOKEN = Pattern.compile("\\s*(=>|[(),;]|\"[A-Za-z][A-Za-z0-9_.]*\"|[A-Za-z0-9_.:+-]+)");
    private final List<String> tokens = new ArrayList<>();
    private int at;

    private MastTextReader(String text) {
        String noComments = text.replaceAll("--[^\\n]*", "");
        Matcher m = TOKEN.matcher(noComments);
        int pos = 0;
        while (pos < noComments.length()) {
            if (noComments.substring(pos).isBlank()) {
                break;
            }
            if (!m.find(pos) || m.start() != pos) {
                throw new IllegalArgumentException("unexpected character at " + pos + ": "
                        + noComments.substring(pos, Math.min(noComments.length(), pos + 20)));
            }
            tokens.add(m.group(1).replace("\"", "")); // a quoted name is the name
            pos = m.end();
        }
    }

    static List<Obj> read(String text) {
        MastTextReader r = new MastTextReader(text);
        List<Obj> out = new ArrayList<>();
        while (r.at < r.tokens.size()) {
            String kind = r.atom();
            out.add(new Obj(kind, r.aggregate()));
            r.expect(";");
        }
        return out;
    }

    private String next() {
        if (at >= tokens.size()) {
            throw new IllegalArgumentException("unexpected end of model");
        }
        return tokens.get(at++);
    }

    private String peek() {
        return at < tokens.size() ? tokens.get(at) : "";
    }

    private void expect(String t) {
        String n = next();
        if (!n.equals(t)) {
            throw new IllegalArgumentException("expected '" + t + "', got '" + n + "' (token " + (at - 1) + ")");
        }
    }

    private String atom() {
        String n = next();
        if (n.matches("=>|[(),;]")) {
            throw new IllegalArgumentException("expected a name or number, got '" + n + "'");
        }
        return n;
    }

    /** ( Key => Value, … ) */
    private Map<String, Object> aggregate() {
        expect("(");
        Map<String, Object> m = new LinkedHashMap<>();
        do {
            String key = atom();
            expect("=>");
            if (m.put(key, value()) != null) {
                throw new IllegalArgumentException("duplicate field " + key);
            }
        } while (peek().equals(",") && next().equals(","));
        expect(")");
        return m;
    }

    private Object value() {
        if (!peek().equals("(")) {
            return atom();
        }
        if (at + 1 < tokens.size() && tokens.get(at + 1).equals("(")) {
            expect("(");
            List<Map<String, Object>> list = new ArrayList<>();
            do {
                list.add(aggregate());
            } while (peek().equals(",") && next().equals(","));
            expect(")");
            return list;
        }
        return aggregate();
    }
}
