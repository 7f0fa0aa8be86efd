#include "parse/extract/markup.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>

#include "core/text.hpp"
#include "parse/extract/chars.hpp"

namespace cvsearch::extract {
namespace {

// Escaped "\*" and "\_" are literal characters (co-author marks, snake_case);
// they hide behind private-use code points while emphasis is removed.
constexpr std::string_view kStarHold = "\xEE\x80\x81";   // U+E001
constexpr std::string_view kUnderHold = "\xEE\x80\x82";  // U+E002

// One pass each (text::replace_all): replacing in place was quadratic on a
// long run of marks (8 M backticks took 66 s).
void replace_all(std::string& s, std::string_view from, std::string_view to) {
    if (s.find(from) != std::string::npos) s = text::replace_all(s, from, to);
}

// The next `c` at or after a position that only grows, each found once: a
// find() from every opening bracket was quadratic on "[[[[" or "<a<a<a".
class NextOf {
  public:
    NextOf(std::string_view s, char c) : s_(s), c_(c) {}
    std::size_t at_or_after(std::size_t pos) {
        if (!found_ || (at_ != std::string_view::npos && at_ < pos)) {
            at_ = s_.find(c_, pos);
            found_ = true;
        }
        return at_;
    }

  private:
    std::string_view s_;
    char c_;
    bool found_ = false;
    std::size_t at_ = std::string_view::npos;
};

std::string unescape(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c == '\\' && i + 1 < s.size() && std::ispunct(static_cast<unsigned char>(s[i + 1]))) {
            char n = s[++i];
            if (n == '*') out += kStarHold;
            else if (n == '_') out += kUnderHold;
            else out.push_back(n);
            continue;
        }
        out.push_back(c);
    }
    return out;
}

bool block_tag(std::string_view name) {
    static const std::array<const char*, 16> tags = {"br", "li", "ul", "ol", "p", "div", "td", "tr", "th",
                                                     "table", "h1", "h2", "h3", "h4", "h5", "h6"};
    std::string n = text::ascii_lower(name);
    return std::any_of(tags.begin(), tags.end(), [&](const char* t) { return n == t; });
}

// Drops <tag ...> and </tag>; block tags leave a column gap behind.
std::string strip_tags(std::string_view s) {
    std::string out;
    NextOf next_close(s, '>'), next_open(s, '<');
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '<') {
            std::size_t j = i + 1;
            if (j < s.size() && s[j] == '/') ++j;
            std::size_t name_start = j;
            while (j < s.size() && std::isalnum(static_cast<unsigned char>(s[j]))) ++j;
            std::size_t close = next_close.at_or_after(j);
            bool tag = j > name_start && std::isalpha(static_cast<unsigned char>(s[name_start])) && close != std::string_view::npos &&
                       next_open.at_or_after(j) > close &&
                       (j == close || s[j] == ' ' || s[j] == '/');
            if (tag) {
                if (block_tag(s.substr(name_start, j - name_start))) out += "  ";
                i = close;
                continue;
            }
        }
        out.push_back(s[i]);
    }
    return out;
}

std::string decode_entities(std::string_view s) {
    static const std::array<std::pair<const char*, const char*>, 14> named = {{
        {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&#39;", "'"},
        {"&nbsp;", " "}, {"&middot;", "\xC2\xB7"}, {"&ndash;", "\xE2\x80\x93"}, {"&mdash;", "\xE2\x80\x94"},
        {"&bull;", "\xE2\x80\xA2"}, {"&rsquo;", "\xE2\x80\x99"}, {"&ldquo;", "\xE2\x80\x9C"}, {"&rdquo;", "\xE2\x80\x9D"}}};
    if (s.find('&') == std::string_view::npos) return std::string(s);
    // One pass (a replace per name was quadratic on a run of "&amp;"), so a
    // decoded "&" never starts another reference: "&amp;lt;" is "&lt;".
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '&') {
            const auto* hit = std::find_if(named.begin(), named.end(), [&](const auto& e) {
                return s.compare(i, std::strlen(e.first), e.first) == 0;
            });
            if (hit != named.end()) {
                out += hit->second;
                i += std::strlen(hit->first) - 1;
                continue;
            }
        }
        out.push_back(s[i]);
    }
    return out;
}

// "[text](url)" -> "text", "![alt](src)" -> "".
std::string strip_links(std::string_view s) {
    std::string out;
    NextOf next_bracket(s, ']'), next_paren(s, ')'), next_open(s, '[');
    for (std::size_t i = 0; i < s.size(); ++i) {
        bool image = s[i] == '!' && i + 1 < s.size() && s[i + 1] == '[';
        std::size_t open = image ? i + 1 : i;
        if (s[open] == '[') {
            std::size_t close = next_bracket.at_or_after(open);
            if (close != std::string_view::npos && close + 1 < s.size() && s[close + 1] == '(') {
                std::size_t end = next_paren.at_or_after(close + 2);
                if (end != std::string_view::npos && next_open.at_or_after(open + 1) > close) {
                    if (!image) out.append(s.substr(open + 1, close - open - 1));
                    i = end;
                    continue;
                }
            }
        }
        out.push_back(s[i]);
    }
    return out;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) >= 0x80); }

// Removes paired single emphasis marks: "*Title*" and "_Title_" lose their marks,
// a lone "*" (a footnote or co-author mark) stays.
std::string strip_single_emphasis(std::string s, char mark) {
    std::vector<std::size_t> opens;
    std::vector<std::size_t> drop;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != mark) continue;
        bool prev_word = i > 0 && word_char(s[i - 1]);
        bool next_word = i + 1 < s.size() && s[i + 1] != ' ' && s[i + 1] != '\t';
        bool can_open = (i == 0 || !word_char(s[i - 1]) || mark == '*') && next_word;
        bool can_close = i > 0 && s[i - 1] != ' ' && s[i - 1] != '\t' && (mark == '*' || i + 1 >= s.size() || !word_char(s[i + 1]));
        if (can_close && !opens.empty()) {
            drop.push_back(opens.back());
            drop.push_back(i);
            opens.pop_back();
        } else if (can_open && !(mark == '_' && prev_word)) {
            opens.push_back(i);
        }
    }
    if (drop.empty()) return s;
    std::sort(drop.begin(), drop.end());
    std::string out;  // one pass: erasing each mark in place was quadratic
    out.reserve(s.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (k < drop.size() && drop[k] == i) {
            ++k;
            continue;
        }
        out.push_back(s[i]);
    }
    return out;
}

bool is_bullet_glyph(char32_t c) {
    switch (c) {
        case U'\u2022': case U'\u00B7': case U'\u25CF': case U'\u25AA': case U'\u25E6': case U'\u25CB':
        case U'\u25A0': case U'\u25BA': case U'\u25B8': case U'\u27A2': case U'\u2713': case U'\u2714':
        case U'\u2217': case U'\u2043': case U'\u25C6': case U'\u2756': case U'\u27A4': case U'\u2192':
        case U'\u25B6': case U'\u2023': case U'\u25AB': case U'\u25A1': case U'\u2219': case U'\u22C4':
            return true;
        default:
            return c >= 0xE000 && c <= 0xF8FF;  // symbol fonts in PDF text
    }
}

bool is_rule(std::string_view t) {
    if (t.size() < 3) return false;
    char c = t.front();
    if (c != '-' && c != '*' && c != '_' && c != '=' && c != '|') return false;
    return std::all_of(t.begin(), t.end(), [](char x) { return x == '-' || x == '*' || x == '_' || x == '=' || x == '|' || x == ' ' || x == ':'; });
}

std::size_t leading_columns(std::string_view s) {
    std::size_t n = 0;
    for (char c : s) {
        if (c == ' ') ++n;
        else if (c == '\t') n += 4;
        else break;
    }
    return n;
}

bool whole_line_bold(std::string_view t) {
    for (std::string_view m : {std::string_view("**"), std::string_view("__")}) {
        if (t.size() > 4 && t.substr(0, 2) == m) {
            std::string_view inner = t.substr(2);
            while (!inner.empty() && (inner.back() == ':' || inner.back() == ' ')) inner.remove_suffix(1);
            if (inner.size() > 2 && inner.substr(inner.size() - 2) == m && inner.substr(0, inner.size() - 2).find(m) == std::string_view::npos)
                return true;
        }
    }
    return false;
}

}  // namespace

// The bytes that any step of clean_inline() acts on: escapes, tags, entities, links,
// emphasis and code marks, the hold code points (U+E001, U+E002: lead byte 0xEE) and
// the no-break space (0xC2 0xA0). A text without any of them is its own clean form.
constexpr std::string_view kInlineMarkupBytes = "\\<&[*_`\xEE\xC2";

std::string clean_inline(std::string_view s) {
    if (s.find_first_of(kInlineMarkupBytes) == std::string_view::npos) return std::string(s);
    // Each step below is the identity on a text without the byte it starts at.
    std::string out = s.find('\\') == std::string_view::npos ? std::string(s) : unescape(s);
    if (out.find('<') != std::string::npos) out = strip_tags(out);
    out = decode_entities(out);
    if (out.find('[') != std::string::npos) out = strip_links(out);
    replace_all(out, "**", "");
    replace_all(out, "__", "");
    replace_all(out, "`", "");
    out = strip_single_emphasis(std::move(out), '*');
    out = strip_single_emphasis(std::move(out), '_');
    replace_all(out, kStarHold, "*");
    replace_all(out, kUnderHold, "_");
    replace_all(out, "\xC2\xA0", " ");  // no-break space
    return out;
}

namespace {

// "R22 Doe, J.; Roe, R. Title.", "C3. Doe, J., ...": a publication numbered with a
// kind letter and no brackets (R for refereed, C for conference, J for journal). The
// letters and the number alone would also open "CO2 emissions" or "B2 level", so the
// text after the label must open an author list: a capitalised surname (with its
// initials: "Doe J.,") and its comma.
bool bare_entry_label(std::string_view& s, std::string* label) {
    std::size_t j = 0;
    while (j < s.size() && j < 3 && std::isupper(static_cast<unsigned char>(s[j]))) ++j;
    const std::size_t letters = j;
    while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
    const std::size_t digits = j - letters;
    if (letters == 0 || digits == 0 || digits > 3 || j >= s.size()) return false;
    std::size_t after = j;
    if (s[after] == '.' || s[after] == ':' || s[after] == ')') ++after;
    if (after >= s.size() || (s[after] != ' ' && s[after] != '\t')) return false;
    std::string_view rest = text::trim(s.substr(after));
    // The surname: an upper-case letter, then letters (any script), apostrophes or hyphens, then ','.
    std::size_t k = 0;
    char32_t first = chars::next(rest, k);
    if (!chars::is_upper(first)) return false;
    while (k < rest.size() && k < 30) {
        std::size_t at = k;
        char32_t c = chars::next(rest, k);
        if (c == U',') {
            if (label) *label = std::string(s.substr(0, j));
            s.remove_prefix(s.size() - rest.size());
            return at > 1;
        }
        if (!chars::is_letter(c) && c != U'-' && c != U'\'' && c != U'\u2019' && c != U' ' && c != U'.') return false;
    }
    return false;
}

}  // namespace

Marker strip_marker(std::string_view& s, std::string* label) {
    Marker found = Marker::none;
    for (;;) {
        s = text::trim(s);
        if (s.empty()) return found;
        // Glyph bullets, and ASCII/dash bullets followed by a space.
        std::size_t i = 0;
        char32_t c = chars::next(s, i);
        bool dash_bullet = (c == U'-' || c == U'*' || c == U'+' || c == U'\u2013' || c == U'\u2014') && i < s.size() &&
                           (s[i] == ' ' || s[i] == '\t');
        if (is_bullet_glyph(c) || dash_bullet) {
            s.remove_prefix(i);
            if (found == Marker::none) found = Marker::bullet;
            continue;
        }
        if (found == Marker::none && bare_entry_label(s, label)) return Marker::number;
        // Numbers: "1.", "12)", "(3)", "[4]", "[C3]", "[J12]".
        std::size_t j = 0;
        bool bracket = s[0] == '[' || s[0] == '(';
        if (bracket) ++j;
        std::size_t letters = 0;
        while (bracket && j < s.size() && std::isalpha(static_cast<unsigned char>(s[j])) && letters < 3) ++j, ++letters;
        std::size_t digits_start = j;
        while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
        std::size_t digits = j - digits_start;
        if (digits == 0 || digits > 3 || j >= s.size()) return found;
        char close = s[j];
        bool ok = bracket ? ((s[0] == '[' && close == ']') || (s[0] == '(' && close == ')'))
                          : (close == '.' || close == ')');
        if (!ok) return found;
        std::size_t after = j + 1;
        if (bracket && after < s.size() && (s[after] == '.' || s[after] == ':')) ++after;  // "[3]. Doe, J."
        if (after < s.size() && s[after] != ' ' && s[after] != '\t') return found;  // "1.5", "3.2x"
        if (label) *label = std::string(s.substr(bracket ? 1 : 0, j - (bracket ? 1 : 0)));
        s.remove_prefix(after);
        found = Marker::number;
    }
}

std::vector<Line> split_lines(std::string_view text) {
    std::vector<Line> lines;
    // A list number on a line of its own ("2." then a blank line, then the entry, as
    // PDF-to-text tools print a numbered list) numbers the next line with text.
    struct Dangling {
        std::string label;
        int blanks;
    };
    std::optional<Dangling> dangling;
    for (std::string_view raw : text::split(text, '\n')) {
        while (!raw.empty() && (raw.back() == '\r' || raw.back() == ' ' || raw.back() == '\t')) raw.remove_suffix(1);
        Line line;
        line.indent = leading_columns(raw);
        std::string_view t = text::trim(raw);
        if (is_rule(t)) t = {};
        std::size_t hashes = 0;
        while (hashes < t.size() && t[hashes] == '#') ++hashes;
        // ("##education", "###in prep": an ATX heading without its space, as older
        // Markdown engines took it; two hashes at least, then a word, and short.)
        const bool spaced = hashes < t.size() && (t[hashes] == ' ' || t[hashes] == '\t');
        const bool unspaced = hashes >= 2 && hashes < t.size() && std::isalpha(static_cast<unsigned char>(t[hashes])) &&
                              chars::count_words(t) <= 6;
        if (hashes > 0 && hashes <= 6 && (spaced || unspaced)) {
            line.heading_level = static_cast<int>(hashes);
            t = text::trim(t.substr(hashes));
        }
        line.bold = whole_line_bold(t);
        std::string cleaned = clean_inline(t);
        std::string_view rest = cleaned;
        line.marker = strip_marker(rest, &line.label);
        line.text = std::string(text::trim(rest));
        if (line.text.empty() && line.marker == Marker::number && line.heading_level == 0) {
            dangling = Dangling{line.label, 0};  // "2." alone, its entry below (PDF-to-text)
            line = Line{};
        } else if (line.text.empty() || is_rule(line.text)) {
            line = Line{};
            if (dangling && ++dangling->blanks > 2) dangling.reset();
        } else if (dangling) {
            if (line.marker == Marker::none && line.heading_level == 0) {
                line.marker = Marker::number;
                line.label = dangling->label;
            }
            dangling.reset();
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) {
        std::string_view t = text::trim(l);
        if (t.empty()) continue;
        if (out.empty()) {
            out = std::string(t);
            continue;
        }
        // "toler-" + "ance": a hyphen after a lower-case letter at a line end, with a
        // lower-case continuation, is a word broken by the layout.
        bool broken = out.size() >= 2 && out.back() == '-' && out[out.size() - 2] != ' ';
        if (broken && chars::is_lower(chars::last(std::string_view(out).substr(0, out.size() - 1))) && chars::is_lower(chars::first(t))) {
            out.pop_back();
            out += t;
        } else if (broken || out.back() == '/') {  // "Shard-" + "Level", "Checkpoint/" + "Restart"
            out += t;
        } else {
            out += ' ';
            out += t;
        }
    }
    return out;
}

}  // namespace cvsearch::extract
