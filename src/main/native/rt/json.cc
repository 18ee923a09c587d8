// The strict JSON reader of json.h.
#include "json.h"
#include <climits>
#include <set>

namespace rtjson {
namespace {

struct Reader {
    const std::string &t;
    size_t p = 0;
    int line = 1, col = 1;
    std::string why;

    explicit Reader(const std::string &text) : t(text) { }

    bool fail(const std::string &m) {
        if (why.empty()) why = std::to_string(line) + ":" + std::to_string(col) + ": " + m;
        return false;
    }
    int peek() const { return p < t.size() ? (unsigned char)t[p] : -1; }
    void next() {
        if (p < t.size() && t[p] == '\n') { line++; col = 1; } else { col++; }
        p++;
    }
    void space() {
        while (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r') next();
    }
    bool word(const char *w) {
        for (const char *c = w; *c; c++) {
            if (peek() != *c) return fail(std::string("expected ") + w);
            next();
        }
        return true;
    }

    bool string(std::string &s) {
        if (peek() != '"') return fail("expected a string");
        next();
        for (;;) {
            int c = peek();
            if (c < 0) return fail("unterminated string");
            if (c < 0x20) return fail("control character in a string");
            next();
            if (c == '"') return true;
            if (c != '\\') { s.push_back((char)c); continue; }
            int e = peek();
            next();
            switch (e) {
                case '"': s.push_back('"'); break;
                case '\\': s.push_back('\\'); break;
                case '/': s.push_back('/'); break;
                case 'b': s.push_back('\b'); break;
                case 'f': s.push_back('\f'); break;
                case 'n': s.push_back('\n'); break;
                case 'r': s.push_back('\r'); break;
                case 't': s.push_back('\t'); break;
                case 'u': {
                    unsigned v = 0;
                    for (int k = 0; k < 4; k++) {
                        int h = peek();
                        int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
                        if (d < 0) return fail("bad \\u escape");
                        v = v * 16 + (unsigned)d;
                        next();
                    }
                    // Names in a table are ASCII in practice; anything else is kept as UTF-8 of the BMP.
                    if (v < 0x80) s.push_back((char)v);
                    else if (v < 0x800) { s.push_back((char)(0xC0 | (v >> 6))); s.push_back((char)(0x80 | (v & 0x3F))); }
                    else {
                        s.push_back((char)(0xE0 | (v >> 12)));
                        s.push_back((char)(0x80 | ((v >> 6) & 0x3F)));
                        s.push_back((char)(0x80 | (v & 0x3F)));
                    }
                    break;
                }
                default: return fail("bad escape in a string");
            }
        }
    }

    bool number(Value &v) {
        bool neg = false;
        if (peek() == '-') { neg = true; next(); }
        if (peek() < '0' || peek() > '9') return fail("expected a number");
        if (peek() == '0') {
            next();
            if (peek() >= '0' && peek() <= '9') return fail("leading zero in a number");
        }
        unsigned long long m = 0;
        while (peek() >= '0' && peek() <= '9') {
            unsigned d = (unsigned)(peek() - '0');
            if (m > (ULLONG_MAX - d) / 10 || m * 10 + d > (unsigned long long)LLONG_MAX + (neg ? 1 : 0))
                return fail("integer out of range");
            m = m * 10 + d;
            next();
        }
        if (peek() == '.' || peek() == 'e' || peek() == 'E') return fail("expected an integer, not a fraction or exponent");
        v.kind = Value::INT;
        v.i = neg ? (long long)(0 - m) : (long long)m;
        return true;
    }

    bool value(Value &v, int depth) {
        if (depth > 64) return fail("nesting too deep");
        space();
        v.line = line;
        v.col = col;
        int c = peek();
        if (c == '{') {
            next();
            v.kind = Value::OBJECT;
            std::set<std::string> seen;
            space();
            if (peek() == '}') { next(); return true; }
            for (;;) {
                space();
                std::string key;
                int kl = line, kc = col;
                if (!string(key)) return false;
                if (!seen.insert(key).second) {
                    line = kl;
                    col = kc;
                    return fail("duplicate key \"" + key + "\"");
                }
                space();
                if (peek() != ':') return fail("expected ':'");
                next();
                v.fields.emplace_back(key, Value());
                if (!value(v.fields.back().second, depth + 1)) return false;
                space();
                if (peek() == ',') { next(); continue; }
                if (peek() == '}') { next(); return true; }
                return fail("expected ',' or '}'");
            }
        }
        if (c == '[') {
            next();
            v.kind = Value::ARRAY;
            space();
            if (peek() == ']') { next(); return true; }
            for (;;) {
                v.items.emplace_back();
                if (!value(v.items.back(), depth + 1)) return false;
                space();
                if (peek() == ',') { next(); continue; }
                if (peek() == ']') { next(); return true; }
                return fail("expected ',' or ']'");
            }
        }
        if (c == '"') { v.kind = Value::STRING; return string(v.s); }
        if (c == 't') { v.kind = Value::BOOL; v.b = true; return word("true"); }
        if (c == 'f') { v.kind = Value::BOOL; return word("false"); }
        if (c == 'n') { v.kind = Value::NUL; return word("null"); }
        if (c == '-' || (c >= '0' && c <= '9')) return number(v);
        return fail(c < 0 ? "unexpected end of input" : "unexpected character");
    }
};

}  // namespace

bool parse(const std::string &text, Value &out, std::string &why) {
    Reader r(text);
    bool ok = r.value(out, 0);
    if (ok) {
        r.space();
        if (r.peek() >= 0) ok = r.fail("content after the JSON value");
    }
    if (!ok) why = r.why;
    return ok;
}

}  // namespace rtjson
