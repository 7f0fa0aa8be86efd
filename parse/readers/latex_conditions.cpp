// Tests of the ifthen and etoolbox packages, decided from what the document
// itself says: \ifthenelse{\boolean{pubs}}{..}{..}, \ifbool{pubs}{..}{..},
// \ifthenelse{\equal{#2}{}}{}{#2, }, \ifdef{\x}{..}{..}.
//
// A CV template uses them two ways. Inside its own macros they skip empty
// fields ("\ifthenelse{\equal{#4}{}}{}{, #4}"): once the arguments are put in,
// the test is plain text and is decided. At the top of the document they
// switch parts on and off with flags set in the preamble, or in a file the
// reader never sees (\input{flags}): a flag the document never declares is
// unknown, and the caller reads the first branch, the one the author wrote
// the CV for. Nothing here loops: a test is read once, left to right.
#include <cctype>

#include "core/text.hpp"
#include "parse/readers/latex.hpp"
#include "parse/readers/utf8.hpp"

namespace cvsearch::readers::latex {
namespace {

bool is_letter(char c) { return utf8::is_ascii_alpha(c) || c == '@'; }

struct Reader {
    std::string_view s;
    std::size_t i = 0;

    void spaces() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n')) ++i;
    }
    // "\name" at the cursor (spaces first): the name, or "" when there is none.
    std::string_view control_word() {
        spaces();
        if (i + 1 >= s.size() || s[i] != '\\' || !is_letter(s[i + 1])) return {};
        std::size_t start = ++i;
        while (i < s.size() && is_letter(s[i])) ++i;
        return s.substr(start, i - start);
    }
    // "{...}" (its inside) or one token; nullopt at the end.
    std::optional<std::string_view> argument() {
        spaces();
        if (i >= s.size()) return std::nullopt;
        if (s[i] != '{') {
            std::size_t start = i++;
            if (s[start] == '\\')
                while (i < s.size() && is_letter(s[i])) ++i;
            return s.substr(start, i - start);
        }
        int depth = 0;
        for (std::size_t j = i; j < s.size(); ++j) {
            if (s[j] == '\\') { ++j; continue; }
            if (s[j] == '{') ++depth;
            else if (s[j] == '}' && --depth == 0) {
                std::string_view inner = s.substr(i + 1, j - i - 1);
                i = j + 1;
                return inner;
            }
        }
        return std::nullopt;  // unclosed
    }
};

std::string name_of(std::string_view token) {
    token = text::trim(token);
    if (!token.empty() && token.front() == '\\') token.remove_prefix(1);
    return std::string(token);
}

// The text a side of a comparison stands for: its own words, or the body of a
// macro without parameters given alone ("\equal{\LANG}{en}"); nullopt when it
// still holds a macro after that.
std::optional<std::string> literal(std::string_view side, const ConditionFacts& facts) {
    side = text::trim(side);
    std::optional<std::string> body;  // the macro's body: `side` views it below
    if (!side.empty() && side.front() == '\\') {
        Reader r{side};
        std::string_view word = r.control_word();
        r.spaces();
        if (word.empty() || r.i != side.size() || !facts.text_of) return std::nullopt;
        body = facts.text_of(word);
        if (!body) return std::nullopt;
        side = text::trim(*body);
    }
    std::string_view rest = side;
    while (!rest.empty() && (rest.front() == '{' || rest.front() == ' ')) rest.remove_prefix(1);
    while (!rest.empty() && (rest.back() == '}' || rest.back() == ' ')) rest.remove_suffix(1);
    if (rest.find('\\') != std::string_view::npos || rest.find('{') != std::string_view::npos) return std::nullopt;
    return text::collapse_whitespace(rest);
}

// Blank: nothing but spaces. A macro passed to a test prints something as a rule
// ("\ifthenelse{\isempty{\textbf{X}}}"), so text or a macro is not blank.
bool blank(std::string_view arg) { return text::trim(arg).empty(); }

std::optional<bool> flag(std::string_view name, const ConditionFacts& facts) {
    return facts.flag ? facts.flag(text::trim(name)) : std::nullopt;
}

bool defined(std::string_view token, const ConditionFacts& facts) {
    return facts.defined && facts.defined(name_of(token));
}

// One test of ifthen: \boolean{x}, \equal{a}{b}, \isempty{x}, \isundefined{\x},
// \isnamedefined{x}, a parenthesized expression; nullopt for what only TeX
// knows (\value, \lengthtest, numbers) and for what is not a test at all.
std::optional<bool> one_test(Reader& r, const ConditionFacts& facts, int depth);

std::optional<bool> expression(Reader& r, const ConditionFacts& facts, int depth) {
    std::optional<bool> value = one_test(r, facts, depth);
    bool known = value.has_value();
    for (;;) {
        Reader probe = r;
        std::string lower_op = text::ascii_lower(probe.control_word());
        if (lower_op != "and" && lower_op != "or") break;
        r = probe;
        std::optional<bool> next = one_test(r, facts, depth);
        // "false and ?" and "true or ?" are known whatever the unknown part is
        if (lower_op == "and") {
            if ((known && !*value) || (next && !*next)) { value = false; known = true; continue; }
        } else {
            if ((known && *value) || (next && *next)) { value = true; known = true; continue; }
        }
        known = known && next.has_value();
        if (known) value = lower_op == "and" ? (*value && *next) : (*value || *next);
    }
    return known ? value : std::nullopt;
}

std::optional<bool> one_test(Reader& r, const ConditionFacts& facts, int depth) {
    if (depth > 16) return std::nullopt;
    r.spaces();
    if (r.s.substr(r.i, 2) == "\\(") {  // \( ... \)
        r.i += 2;
        auto v = expression(r, facts, depth + 1);
        r.spaces();
        if (r.s.substr(r.i, 2) != "\\)") return std::nullopt;
        r.i += 2;
        return v;
    }
    std::string_view word = r.control_word();
    if (word == "not" || word == "NOT") {
        auto v = one_test(r, facts, depth + 1);
        return v ? std::optional<bool>(!*v) : std::nullopt;
    }
    if (word == "boolean") {
        auto a = r.argument();
        return a ? flag(*a, facts) : std::nullopt;
    }
    if (word == "equal") {
        auto a = r.argument(), b = r.argument();
        if (!a || !b) return std::nullopt;
        if (blank(*a) || blank(*b)) return blank(*a) && blank(*b);  // "\equal{#2}{}": a field left empty
        auto x = literal(*a, facts), y = literal(*b, facts);
        if (!x || !y) return std::nullopt;
        return *x == *y;
    }
    if (word == "isempty") {
        auto a = r.argument();
        return a ? std::optional<bool>(blank(*a)) : std::nullopt;
    }
    if (word == "isundefined") {
        auto a = r.argument();
        return a ? std::optional<bool>(!defined(*a, facts)) : std::nullopt;
    }
    if (word == "isnamedefined") {
        auto a = r.argument();
        return a ? std::optional<bool>(defined(*a, facts)) : std::nullopt;
    }
    // \value{c} > 3, \lengthtest{..}, \isodd{..}, numbers: skip the test's words, undecided
    while (r.i < r.s.size()) {
        Reader probe = r;
        std::string lower_op = text::ascii_lower(probe.control_word());
        if (lower_op == "and" || lower_op == "or" || r.s.substr(r.i, 2) == "\\)") break;
        if (r.s[r.i] == '{') r.argument();
        else ++r.i;
    }
    return std::nullopt;
}

}  // namespace

std::optional<bool> ifthen_test(std::string_view test, const ConditionFacts& facts) {
    Reader r{test};
    auto v = expression(r, facts, 0);
    r.spaces();
    return r.i == r.s.size() ? v : std::nullopt;  // words left over: a test this does not know
}

int branching_test_args(std::string_view name) {
    if (name == "ifthenelse" || name == "ifbool" || name == "notbool" || name == "iftoggle" || name == "nottoggle" ||
        name == "ifdef" || name == "ifundef" || name == "ifcsdef" || name == "ifcsundef" || name == "ifblank" ||
        name == "ifstrempty" || name == "ifdefempty")
        return 1;
    if (name == "ifstrequal") return 2;
    return 0;
}

std::optional<bool> branching_test(std::string_view name, const std::vector<std::string_view>& args,
                                   const ConditionFacts& facts) {
    if (args.empty()) return std::nullopt;
    if (name == "ifthenelse") return ifthen_test(args[0], facts);
    if (name == "ifbool" || name == "iftoggle") return flag(args[0], facts);
    if (name == "notbool" || name == "nottoggle") {
        auto v = flag(args[0], facts);
        return v ? std::optional<bool>(!*v) : std::nullopt;
    }
    if (name == "ifdef" || name == "ifcsdef") return defined(args[0], facts);
    if (name == "ifundef" || name == "ifcsundef") return !defined(args[0], facts);
    if (name == "ifblank" || name == "ifstrempty") return blank(args[0]);
    if (name == "ifdefempty") {
        if (!defined(args[0], facts)) return std::nullopt;
        auto body = facts.text_of ? facts.text_of(name_of(args[0])) : std::nullopt;
        return body ? std::optional<bool>(blank(*body)) : std::nullopt;
    }
    if (name == "ifstrequal" && args.size() >= 2) {
        auto x = literal(args[0], facts), y = literal(args[1], facts);
        if (!x || !y) return std::nullopt;
        return *x == *y;
    }
    return std::nullopt;
}

}  // namespace cvsearch::readers::latex
