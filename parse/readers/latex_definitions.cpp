// A CV's own macros: reading \def parameter text, substituting arguments into
// a body, and telling by shape whether a macro stands for a section heading.
//
// Nothing here runs TeX: a definition is kept as text and its body is copied
// with the arguments put in, bounded in size by the caller. Whether a macro
// makes headings is decided by what the document does with it (the words of
// its arguments, where it is used), never by its name.
#include <cctype>
#include <map>

#include "core/text.hpp"
#include "parse/extract/extract.hpp"
#include "parse/readers/latex.hpp"
#include "parse/readers/utf8.hpp"

namespace cvsearch::readers::latex {
namespace {

bool is_letter(char c) { return utf8::is_ascii_alpha(c) || c == '@'; }

// Index just past the group opening at s[open] ('{'), or s.size() when unclosed.
std::size_t group_end(std::string_view s, std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < s.size(); ++i) {
        if (s[i] == '\\') { ++i; continue; }
        if (s[i] == '{') ++depth;
        else if (s[i] == '}' && --depth == 0) return i + 1;
    }
    return s.size();
}

// Words of a heading that may stay in lower case in Title Case ("Honors and Awards").
bool is_connector(std::string_view w) {
    static const std::string_view small[] = {"and", "of", "the", "in", "for", "on", "at", "to", "a", "an", "by", "with",
                                             "&", "und", "et", "de", "des", "du", "la", "le", "y", "e", "di", "del", "da"};
    for (auto s : small)
        if (w == s) return true;
    return false;
}

}  // namespace

void parse_def_parameters(std::string_view text, UserMacro& m) {
    m.params = 0;
    m.delimiters.clear();
    std::size_t i = 0;
    while (i < text.size() && text[i] != '#') ++i;
    m.prefix = std::string(text::trim(text.substr(0, i)));
    while (i < text.size() && m.params < 9) {
        ++i;  // '#'
        if (i < text.size() && utf8::is_ascii_digit(text[i])) ++i;
        ++m.params;
        std::size_t start = i;
        while (i < text.size() && text[i] != '#') ++i;
        m.delimiters.emplace_back(text::trim(text.substr(start, i - start)));
    }
}

std::optional<std::string> substitute(std::string_view body, const std::vector<std::string_view>& args,
                                      std::size_t max_bytes) {
    std::string out;
    out.reserve(body.size());
    bool after_word = false;  // the output ends with a control word: "\scshape#1" must not become "\scshapeAda"
    for (std::size_t i = 0; i < body.size(); ++i) {
        char ch = body[i];
        if (ch == '\\' && i + 1 < body.size()) {  // "\#" is a character, not a parameter
            out.append(body.substr(i, 2));
            ++i;
            after_word = is_letter(body[i]);
            while (after_word && i + 1 < body.size() && is_letter(body[i + 1])) out.push_back(body[++i]);
            continue;
        }
        if (ch != '#' || i + 1 >= body.size() || body[i + 1] < '1' || body[i + 1] > '9') after_word = false;
        if (ch != '#' || i + 1 >= body.size()) { out.push_back(ch); continue; }
        char next = body[i + 1];
        if (next == '#') {  // "##1" in a nested definition is that definition's "#1"
            out.push_back('#');
            ++i;
            continue;
        }
        if (next >= '1' && next <= '9') {
            std::size_t k = static_cast<std::size_t>(next - '1');
            if (k < args.size()) {
                if (after_word && !args[k].empty() && is_letter(args[k].front())) out.push_back(' ');
                out.append(args[k]);
            }
            after_word = false;
            ++i;
        } else {
            out.push_back(ch);
        }
        if (out.size() > max_bytes) return std::nullopt;
    }
    if (out.size() > max_bytes) return std::nullopt;
    return out;
}

HeadingShape heading_shape(std::string_view text) {
    std::string h = text::collapse_whitespace(text);
    while (!h.empty() && (h.back() == ':' || h.back() == ' ')) h.pop_back();
    if (h.empty() || h.size() > 64) return HeadingShape::none;
    std::size_t words = 0;
    bool title_case = true, letters = false;
    for (std::string_view w : text::split(h, ' ')) {
        if (w.empty()) continue;
        ++words;
        for (char c : w) {
            if (utf8::is_ascii_digit(c) || c == '@' || c == '/' || c == '=' || c == '$') return HeadingShape::none;
            letters |= utf8::is_ascii_alpha(c) || (static_cast<unsigned char>(c) & 0x80);
        }
        if (is_connector(w)) continue;
        unsigned char first = static_cast<unsigned char>(w.front());
        if (std::islower(first)) title_case = false;
    }
    // a heading is capitalized: "article" or "misc" names a bibliography type
    if (!letters || !title_case || words > 6 || h.back() == '.' || h.back() == ',') return HeadingShape::none;
    return extract::heading_kind(h) ? HeadingShape::strong : HeadingShape::weak;
}

std::string plain_text(std::string_view tex) {
    std::string out;
    for (std::size_t i = 0; i < tex.size(); ++i) {
        char c = tex[i];
        if (c == '\\') {
            if (i + 1 < tex.size() && is_letter(tex[i + 1])) {
                while (i + 1 < tex.size() && is_letter(tex[i + 1])) ++i;
                out.push_back(' ');
            } else if (i + 1 < tex.size()) {
                ++i;
                out.push_back(tex[i] == '\\' ? ' ' : tex[i]);  // "\\" breaks a line; "\&" is "&"
            }
            continue;
        }
        if (c == '{' || c == '}') continue;
        out.push_back(c == '~' || c == '\n' || c == '\t' ? ' ' : c);
    }
    return text::collapse_whitespace(out);
}

std::set<std::string, std::less<>> heading_macros(std::string_view body) {
    struct Uses { int strong = 0, all = 0; };
    std::map<std::string, Uses, std::less<>> uses;
    std::size_t pos = 0;
    while (pos < body.size()) {
        std::size_t eol = body.find('\n', pos);
        if (eol == std::string_view::npos) eol = body.size();
        std::size_t i = pos;
        while (i < eol && (body[i] == ' ' || body[i] == '\t' || body[i] == '{')) ++i;
        if (i + 1 < eol && body[i] == '\\' && is_letter(body[i + 1])) {
            std::size_t start = ++i;
            while (i < body.size() && is_letter(body[i])) ++i;
            std::string_view name = body.substr(start, i - start);
            if (i < body.size() && body[i] == '*') ++i;
            // the first argument: on the same line or the next one ("\Section\n{Interests}")
            std::size_t j = i;
            int newlines = 0;
            while (j < body.size() && (body[j] == ' ' || body[j] == '\t' || (body[j] == '\n' && ++newlines <= 1))) ++j;
            if (j < body.size() && body[j] == '{' && find_macro(name) == nullptr) {
                Uses& u = uses[std::string(name)];
                ++u.all;
                // The first argument, or one of the next two after an icon or an image
                // name ("\CvSection{\faGraduationCap}{Education}").
                for (int group = 0; group < 3 && j < body.size() && body[j] == '{'; ++group) {
                    std::size_t end = std::min(group_end(body, j), std::min(body.size(), j + 256));
                    std::string_view arg = body.substr(j + 1, end > j + 1 ? end - j - 2 : 0);
                    const std::string words = plain_text(arg);
                    if (heading_shape(words) == HeadingShape::strong) {
                        ++u.strong;
                        break;
                    }
                    if (words.find(' ') != std::string::npos) break;
                    j = end;
                }
            }
        }
        pos = eol + 1;
    }
    std::set<std::string, std::less<>> out;
    for (const auto& [name, u] : uses)
        if (u.strong >= 2 && 2 * u.strong >= u.all) out.insert(name);
    return out;
}

}  // namespace cvsearch::readers::latex
