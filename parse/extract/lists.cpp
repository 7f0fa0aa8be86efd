#include "parse/extract/lists.hpp"

#include <algorithm>

#include "core/text.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"

namespace cvsearch::extract {

using chars::count_words;
namespace {

// Items of a block: list items and lines, with wrapped continuation lines
// (starting lower-case) joined to the item before.
std::vector<std::string> items_of(const Block& block) {
    std::vector<std::string> out;
    for (const Line& l : block.lines) {
        if (l.blank()) continue;
        bool continuation = !out.empty() && l.marker == Marker::none && chars::is_lower(chars::first(l.text));
        if (continuation) out.back() = join_lines({out.back(), l.text});
        else out.push_back(l.text);
    }
    for (auto& s : out) s = text::collapse_whitespace(s);
    return out;
}

// Splits on commas, semicolons, bullets and pipes outside parentheses.
std::vector<std::string> split_list(std::string_view s) {
    std::vector<std::string> out;
    std::string cur;
    int depth = 0;
    auto push = [&] {
        std::string_view t = text::trim(cur);
        while (!t.empty() && (t.back() == '.' || t.back() == ':')) t.remove_suffix(1);
        if (text::starts_with_icase(t, "and ")) t.remove_prefix(4);
        t = text::trim(t);
        if (!t.empty()) out.emplace_back(t);
        cur.clear();
    };
    for (std::size_t i = 0; i < s.size();) {
        std::size_t at = i;
        char32_t c = chars::next(s, i);
        if (c == U'(' || c == U'[') ++depth;
        if ((c == U')' || c == U']') && depth > 0) --depth;
        bool sep = depth == 0 && (c == U',' || c == U';' || c == U'|' || c == U'\u2022' || c == U'\u00B7' || c == U'\uFF0C' ||
                                  c == U'\u3001' || c == U'\t');
        if (sep) {
            push();
            continue;
        }
        cur.append(s.substr(at, i - at));
    }
    push();
    return out;
}

void add_unique(std::vector<std::string>& out, const std::string& item) {
    std::string key = text::fold_key(item);
    if (key.empty()) return;
    if (std::none_of(out.begin(), out.end(), [&](const std::string& x) { return text::fold_key(x) == key; })) out.push_back(item);
}

std::string without_dates(const std::string& s) {
    auto spans = find_date_spans(s);
    std::string out;
    std::size_t at = 0;
    for (const auto& sp : spans) {
        // Only dates at either end: "Carbon Hack '22 Second Best" keeps its year.
        bool edge = sp.begin <= 1 || sp.end + 2 >= s.size() || s.find_first_not_of(" \t,()-", sp.end) == std::string::npos;
        if (!edge) continue;
        out += s.substr(at, sp.begin - at) + " ";
        at = sp.end;
    }
    out += s.substr(at);
    std::string_view t = text::trim(out);
    auto junk = [](char c) { return c == ',' || c == '-' || c == ':' || c == '(' || c == ')' || c == ' ' || c == '\t' || c == '|'; };
    while (!t.empty() && junk(t.front())) t.remove_prefix(1);
    while (!t.empty() && junk(t.back())) t.remove_suffix(1);
    // "(" left without ")" after the cut.
    std::string r = text::collapse_whitespace(t);
    if (std::count(r.begin(), r.end(), '(') > std::count(r.begin(), r.end(), ')')) r += ")";
    return r;
}

}  // namespace

std::vector<std::string> extract_interests(const Block& block) {
    std::vector<std::string> out;
    for (const auto& item : items_of(block))
        for (const auto& part : split_list(item))
            if (count_words(part) <= 8 && chars::count_letters(part) >= 2) add_unique(out, part);
    return out;
}

std::vector<std::string> extract_skills(const Block& block) {
    std::vector<std::string> out;
    for (const auto& item : items_of(block)) {
        std::string_view body = item;
        // "Languages: C, C++" and "Programming language proficiency, Python, ..." style labels.
        std::size_t colon = body.find(':');
        if (colon != std::string_view::npos && count_words(body.substr(0, colon)) <= 4) body = body.substr(colon + 1);
        // "Programming Languages. C, C++": a label closed by a period.
        std::size_t dot = body.find(". ");
        if (colon == std::string_view::npos && dot != std::string_view::npos && count_words(body.substr(0, dot)) <= 4 &&
            body.substr(0, dot).find(',') == std::string_view::npos)
            body = body.substr(dot + 1);
        for (const auto& part : split_list(body))
            if (count_words(part) <= 6 && chars::count_letters(part) >= 1) add_unique(out, part);
    }
    return out;
}

std::vector<std::string> extract_awards(const Block& block) {
    std::vector<std::string> out;
    for (const auto& item : items_of(block)) {
        if (is_only_dates(item)) continue;
        std::string a = without_dates(item);
        if (chars::count_letters(a) >= 3) add_unique(out, a);
    }
    return out;
}

}  // namespace cvsearch::extract
