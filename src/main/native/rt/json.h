// A minimal strict JSON reader for the scheduling table (docs/table-format.md, "Reading"): objects,
// arrays, strings, integers, true/false/null; no duplicate key, nothing after the value, numbers only
// as integers (a fraction or exponent is refused, never truncated). No JSON library is installed on
// the build machines, so this one reads exactly what the table needs. Errors: "LINE:COL: message".
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace rtjson {

struct Value {
    enum Kind { NUL, BOOL, INT, STRING, ARRAY, OBJECT } kind = NUL;
    bool b = false;
    long long i = 0;
    std::string s;
    std::vector<Value> items;
    std::vector<std::pair<std::string, Value>> fields;  // in document order
    int line = 1, col = 1;                                // where the value starts

    const Value *get(const std::string &key) const {
        for (const auto &f : fields)
            if (f.first == key) return &f.second;
        return nullptr;
    }
};

// Parses `text`; false with `why` ("LINE:COL: message") on the first problem.
bool parse(const std::string &text, Value &out, std::string &why);

}  // namespace rtjson
