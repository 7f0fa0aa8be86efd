// Shared light-markup helpers: character cleanup, bullets, Markdown inline
// syntax, the final normalization pass and small heuristics (names, e-mails).
#include "parse/readers/markup.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>

#include "core/text.hpp"
#include "parse/readers/utf8.hpp"

namespace cvsearch::readers::markup {
namespace {

using utf8::is_ascii_alnum;

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n'; }

// Ligatures U+FB00..U+FB06 as their letters.
constexpr const char* kLigatures[] = {"ff", "fi", "fl", "ffi", "ffl", "ft", "st"};

bool is_removed(char32_t c) noexcept {
    return c == 0x00AD                        // soft hyphen: a hyphenation point, not a character
           || (c >= 0x200B && c <= 0x200D)    // zero-width space / joiners
           || c == 0x2060 || c == 0xFEFF      // word joiner, BOM
           || (c >= 0x0080 && c <= 0x009F)    // C1 controls: only ever mis-decoded bytes
           || (c >= 0xE000 && c <= 0xF8FF)    // private use: icon fonts (FontAwesome) in PDFs
           || c >= 0xF0000;                   // supplementary private use planes
}

// Emoji used as decoration ("🏆 Best Paper", "💬 WeChat:", "🎓 PhD"): the pictograph
// blocks U+1F000-U+1FAFF (with skin tones and flags) and the emoji variation selector.
// The dingbats used as bullets (U+2700 block: ✓ ➤ ❖) are not among them.
bool is_emoji(char32_t c) noexcept { return (c >= 0x1F000 && c <= 0x1FAFF) || c == 0xFE0F; }

bool is_exotic_space(char32_t c) noexcept {
    return c == '\t' || c == 0x00A0 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000;
}

}  // namespace

std::string clean_characters(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        auto [c, len] = utf8::decode(s, i);
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
            out.push_back(' ');  // control characters never reach the extractor (reader.hpp)
        } else if (c < 0x80 && c != '\t') {
            out.push_back(static_cast<char>(c));
        } else if (is_exotic_space(c) || is_emoji(c)) {
            out.push_back(' ');
        } else if (c == 0x2028 || c == 0x2029) {
            out.push_back('\n');
        } else if (c >= 0xFB00 && c <= 0xFB06) {
            out += kLigatures[c - 0xFB00];
        } else if (!is_removed(c)) {
            out.append(s.substr(i, len));
        }
        i += len;
    }
    return out;
}

// ---- bullets and numbers ------------------------------------------------------

namespace {

// Bullet glyphs that mark a list item even without a following space.
constexpr std::string_view kGlyphBullets[] = {
    "•", "◦", "▪", "▫", "■", "□", "●", "○", "◆", "◇", "‣", "⁃", "∙", "►", "▸", "▶", "➢", "➤", "✓", "✔", "❖", "⦁"};
// Characters that are bullets only when a space follows ("-5 dB", "*Nature*", "–2019").
constexpr std::string_view kSpacedBullets[] = {"-", "*", "+", "·", "–", "—"};

// Length of the bullet at the start of `s`, or 0.
std::size_t bullet_length(std::string_view s) {
    // Every bullet above is non-ASCII but for '-', '*' and '+': most lines are passed at once.
    if (s.empty() || (static_cast<unsigned char>(s[0]) < 0x80 && s[0] != '-' && s[0] != '*' && s[0] != '+')) return 0;
    for (auto b : kGlyphBullets)
        if (s.substr(0, b.size()) == b) return b.size();
    for (auto b : kSpacedBullets)
        if (s.size() > b.size() && s.substr(0, b.size()) == b && s[b.size()] == ' ') return b.size();
    return 0;
}

}  // namespace

std::string normalize_bullet(std::string_view line) {
    std::size_t n = bullet_length(line);
    if (n == 0) return std::string(line);
    std::string_view rest = line;
    while ((n = bullet_length(rest)) != 0) rest = text::trim(rest.substr(n));
    return "- " + std::string(rest);
}

std::string number_as_list_item(std::string_view line) {
    std::size_t i = 0;
    bool bracket = !line.empty() && line[0] == '[';
    if (bracket) ++i;
    std::size_t digits_start = i;
    while (i < line.size() && utf8::is_ascii_digit(line[i])) ++i;
    std::size_t digits = i - digits_start;
    if (digits == 0 || digits > 3 || i >= line.size()) return std::string(line);
    char close = line[i];
    bool ok = bracket ? close == ']' : (close == '.' || close == ')');
    if (!ok || i + 1 >= line.size() || line[i + 1] != ' ') return std::string(line);
    return "- " + std::string(line);
}

// ---- Markdown inline syntax ----------------------------------------------------

namespace {

// Backslash escapes are parked on private-use code points while delimiters are
// matched, so that "\*" never pairs with a real "*".
constexpr char32_t kEscapeBase = 0xE000;

bool is_ascii_punct(char c) noexcept { return c > 0x20 && c < 0x7F && !is_ascii_alnum(c); }

std::string park_escapes(std::string_view s) {
    if (s.find('\\') == std::string_view::npos) return std::string(s);
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && is_ascii_punct(s[i + 1])) {
            utf8::append(out, kEscapeBase + static_cast<unsigned char>(s[i + 1]));
            ++i;
        } else if (s[i] == '\\' && i + 1 == s.size()) {
            // a trailing backslash is a Markdown hard line break: drop it
        } else {
            out.push_back(s[i]);
        }
    }
    return out;
}

std::string unpark_escapes(std::string_view s) {
    if (s.find('\xEE') == std::string_view::npos) return std::string(s);  // no U+E000..U+E07F (EE 80 80..EE 81 BF)
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        auto [c, len] = utf8::decode(s, i);
        if (c >= kEscapeBase && c < kEscapeBase + 0x80) out.push_back(static_cast<char>(c - kEscapeBase));
        else out.append(s.substr(i, len));
        i += len;
    }
    return out;
}

// Delimiters that may sit inside a word ("snake_case", "2026*") need a
// non-word character on their outer side.
bool word_char_at(std::string_view s, std::size_t i) {
    return i < s.size() && (is_ascii_alnum(s[i]) || static_cast<unsigned char>(s[i]) >= 0x80);
}

bool can_open(std::string_view s, std::size_t i, std::size_t len, bool flanking) {
    if (i + len >= s.size() || is_space(s[i + len])) return false;
    return !flanking || i == 0 || !word_char_at(s, i - 1);
}

bool can_close(std::string_view s, std::size_t j, std::size_t len, bool flanking) {
    if (j == 0 || is_space(s[j - 1])) return false;
    return !flanking || !word_char_at(s, j + len);
}

// The matched pairs of `delim` in s (offsets of opener and closer), found in one
// left-to-right pass: each opener takes the nearest closer after it; once an
// opener finds none, no later one can, so unmatched markers cost no rescanning.
std::vector<std::pair<std::size_t, std::size_t>> matched_pairs(const std::string& s, std::string_view delim, bool flanking) {
    const std::size_t len = delim.size();
    std::vector<std::size_t> pos;
    for (std::size_t i = s.find(delim); i != std::string::npos; i = s.find(delim, i + len)) pos.push_back(i);
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    if (pos.size() < 2) return pairs;
    for (std::size_t k = 0; k < pos.size();) {
        if (!can_open(s, pos[k], len, flanking)) { ++k; continue; }
        std::size_t m = k + 1;
        while (m < pos.size() && !(pos[m] > pos[k] + len && can_close(s, pos[m], len, flanking))) ++m;
        if (m == pos.size()) break;
        pairs.emplace_back(pos[k], pos[m]);
        k = m + 1;
    }
    return pairs;
}

// s without the matched pairs of `delim`.
std::string strip_pairs(const std::string& s, std::string_view delim, bool flanking) {
    const auto pairs = matched_pairs(s, delim, flanking);
    if (pairs.empty()) return s;
    std::string out;
    out.reserve(s.size());
    std::size_t from = 0;
    for (const auto& [open, close] : pairs) {
        out.append(s, from, open - from);
        out.append(s, open + delim.size(), close - open - delim.size());
        from = close + delim.size();
    }
    out.append(s, from, std::string::npos);
    return out;
}

}  // namespace

std::string strip_inline_markdown(std::string_view line) {
    if (line.find_first_of("\\`*_~") == std::string_view::npos) return std::string(line);
    std::string s = park_escapes(line);
    s = strip_pairs(std::move(s), "`", false);
    s = strip_pairs(std::move(s), "**", false);
    s = strip_pairs(std::move(s), "__", true);
    s = strip_pairs(std::move(s), "~~", false);
    s = strip_pairs(std::move(s), "*", true);
    s = strip_pairs(std::move(s), "_", true);
    return unpark_escapes(s);
}

std::vector<std::string> emphasis_spans(std::string_view line) {
    if (line.find_first_of("*_") == std::string_view::npos) return {};
    std::string s = park_escapes(line);
    s = strip_pairs(std::move(s), "`", false);
    s = strip_pairs(std::move(s), "**", false);
    s = strip_pairs(std::move(s), "__", true);
    s = strip_pairs(std::move(s), "~~", false);
    std::vector<std::string> spans;
    for (std::string_view delim : {"*", "_"}) {
        for (const auto& [open, close] : matched_pairs(s, delim, true)) {
            std::string inner = s.substr(open + 1, close - open - 1);
            inner = text::collapse_whitespace(unpark_escapes(strip_pairs(strip_pairs(inner, "*", true), "_", true)));
            if (!inner.empty()) spans.push_back(std::move(inner));
        }
    }
    return spans;
}

// ---- Markdown links --------------------------------------------------------------

namespace {

// For every '[' and '(' in s, the index just past its matching bracket (npos
// when unmatched), found with one stack pass so unmatched brackets stay cheap.
std::vector<std::size_t> match_brackets(std::string_view s) {
    std::vector<std::size_t> match(s.size(), std::string_view::npos);
    std::vector<std::size_t> square, round;
    for (std::size_t i = 0; i < s.size(); ++i) {
        switch (s[i]) {
            case '\\': ++i; break;
            case '[': square.push_back(i); break;
            case '(': round.push_back(i); break;
            case ']': if (!square.empty()) { match[square.back()] = i + 1; square.pop_back(); } break;
            case ')': if (!round.empty()) { match[round.back()] = i + 1; round.pop_back(); } break;
            default: break;
        }
    }
    return match;
}

bool is_homepage_label(std::string_view label) {
    std::string l = text::fold_key(label);
    return l == "homepage" || l == "home page" || l == "website" || l == "web site" || l == "personal website" ||
           l == "personal page" || l == "personal homepage" || l == "web page" || l == "webpage";
}

void note_link(std::string_view label, std::string_view url, TextDocument& doc) {
    std::string mail = mailto_address(url);
    if (!mail.empty()) add_unique(doc.email_hints, mail);
    else if (doc.homepage_hint.empty() && is_homepage_label(label)) doc.homepage_hint = std::string(text::trim(url));
}

// "<https://x>" / "<a@b.org>" autolinks: the target, else npos.
std::size_t autolink_end(std::string_view s, std::size_t i) {
    std::size_t close = s.find('>', i);
    if (close == std::string_view::npos) return close;
    std::string_view inner = s.substr(i + 1, close - i - 1);
    if (inner.empty() || inner.find(' ') != std::string_view::npos) return std::string_view::npos;
    bool url = inner.find("://") != std::string_view::npos || text::starts_with_icase(inner, "mailto:");
    bool mail = inner.find('@') != std::string_view::npos && inner.find('.') != std::string_view::npos;
    return url || mail ? close + 1 : std::string_view::npos;
}

}  // namespace

std::string replace_markdown_links(std::string_view s, TextDocument& doc) {
    if (s.find('[') == std::string_view::npos && s.find('<') == std::string_view::npos) return std::string(s);
    const std::vector<std::size_t> match = match_brackets(s);
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        char c = s[i];
        if (c == '<') {
            std::size_t end = autolink_end(s, i);
            if (end != std::string_view::npos) {
                std::string_view target = s.substr(i + 1, end - i - 2);
                if (target.find("://") == std::string_view::npos && !text::starts_with_icase(target, "mailto:"))
                    add_unique(doc.email_hints, std::string(target));
                else note_link({}, target, doc);
                std::string mail = mailto_address(target);
                out += mail.empty() ? std::string(target) : mail;
                i = end;
                continue;
            }
        }
        bool image = c == '!' && i + 1 < s.size() && s[i + 1] == '[';
        std::size_t open = image ? i + 1 : i;
        if (s[open] != '[') { out.push_back(c); ++i; continue; }
        std::size_t close = match[open];
        if (close == std::string_view::npos) { out.push_back(c); ++i; continue; }
        std::string_view label = s.substr(open + 1, close - open - 2);
        std::size_t end = close;
        std::string_view url;
        if (close < s.size() && s[close] == '(') {
            end = match[close];
            if (end == std::string_view::npos) { out.push_back(c); ++i; continue; }
            url = text::trim(s.substr(close + 1, end - close - 2));
            if (auto sp = url.find(' '); sp != std::string_view::npos) url = url.substr(0, sp);  // [x](url "title")
        } else if (close < s.size() && s[close] == '[') {
            end = match[close];
            if (end == std::string_view::npos) end = close;
        } else if (!image) {  // a bracketed remark such as "[SOSP '23]": not a link, but may hold one
            out.push_back('[');
            ++i;
            continue;
        }
        if (!image) {
            note_link(label, url, doc);
            out += replace_markdown_links(label, doc);
        }
        i = end;
    }
    return out;
}

// ---- the final pass -------------------------------------------------------------------

namespace {

std::string nfc(std::string_view s) {
    if (std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) return std::string(s);
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status) || n == nullptr) return std::string(s);
    // Most text is composed already: checked in UTF-8, without the round trip through UTF-16
    // (which also turns invalid bytes into U+FFFD: only well-formed text is passed as it is).
    const icu::StringPiece piece(s.data(), static_cast<int32_t>(s.size()));
    if (text::is_valid_utf8(s) && n->isNormalizedUTF8(piece, status) && U_SUCCESS(status)) return std::string(s);
    status = U_ZERO_ERROR;
    icu::UnicodeString u = icu::UnicodeString::fromUTF8(piece);
    icu::UnicodeString composed = n->normalize(u, status);
    if (U_FAILURE(status)) return std::string(s);
    std::string out;
    composed.toUTF8String(out);
    return out;
}

// " | " separators left at a line's ends or doubled by empty fields.
std::string tidy_separators(std::string line) {
    if (line.find('|') == std::string::npos) return line;
    std::string prefix;
    if (line.rfind("- ", 0) == 0) { prefix = "- "; line.erase(0, 2); }
    if (std::size_t h = heading_marker_size(line)) { prefix = line.substr(0, h); line.erase(0, h); }
    std::string joined;  // "| | |" -> "|", in one pass (erasing in place was quadratic)
    joined.reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line.compare(i, 3, "| |") == 0) {
            ++i;  // drop "| ", keep looking at the second '|'
            continue;
        }
        joined.push_back(line[i]);
    }
    std::string_view v = text::trim(joined);
    while (!v.empty() && v.front() == '|') v = text::trim(v.substr(1));
    while (!v.empty() && v.back() == '|') v = text::trim(v.substr(0, v.size() - 1));
    return prefix + std::string(v);
}

bool is_empty_marker(std::string_view line) {
    return line == "-" || line == "|" || (!line.empty() && line.find_first_not_of('#') == std::string_view::npos);
}

}  // namespace

std::size_t heading_marker_size(std::string_view line) {
    std::size_t hashes = 0;
    while (hashes < line.size() && hashes < 6 && line[hashes] == '#') ++hashes;
    return hashes > 0 && hashes < line.size() && line[hashes] == ' ' ? hashes + 1 : 0;
}

bool is_heading_line(std::string_view line) { return heading_marker_size(line) > 0; }

std::string finish(std::string_view text) {
    std::string composed = nfc(drop_template_tags(text));
    std::string out;
    out.reserve(composed.size());
    bool pending_blank = false;
    for (std::string_view raw : split_lines(composed)) {
        std::string line = tidy_separators(number_as_list_item(normalize_bullet(text::collapse_whitespace(raw))));
        if (std::size_t h = heading_marker_size(line)) line = line.substr(0, h) + strip_decoration(std::string_view(line).substr(h));
        if (line.empty() || is_empty_marker(line)) {
            pending_blank = !out.empty();
            continue;
        }
        if (!out.empty()) out += pending_blank ? "\n\n" : "\n";
        pending_blank = false;
        out += line;
    }
    return out;
}

// ---- small heuristics -----------------------------------------------------------------

namespace {

bool is_decoration(char32_t c) {
    if (c == ' ' || c == 0xFE0F || c == 0xFE0E || c == 0x200D) return true;  // variation selectors, ZWJ in emoji
    switch (u_charType(static_cast<UChar32>(c))) {
        case U_OTHER_SYMBOL: case U_MATH_SYMBOL: case U_MODIFIER_SYMBOL: case U_NON_SPACING_MARK:
        case U_ENCLOSING_MARK: case U_FORMAT_CHAR: case U_PRIVATE_USE_CHAR: case U_UNASSIGNED:
            return true;
        default:
            return false;
    }
}

}  // namespace

std::string strip_decoration(std::string_view s) {
    std::size_t begin = 0, end = s.size();
    while (begin < end) {
        auto [c, len] = utf8::decode(s, begin);
        if (!is_decoration(c)) break;
        begin += len;
    }
    while (end > begin) {  // walk back to the start of the last code point
        std::size_t start = end - 1;
        while (start > begin && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
        if (!is_decoration(utf8::decode(s, start).value)) break;
        end = start;
    }
    return std::string(s.substr(begin, end - begin));
}

namespace {

// Words that mark a page title, a place or an organisation rather than a person.
constexpr std::string_view kNotNameWords[] = {
    "cv", "c v", "curriculum", "vitae", "vita", "resume", "résumé", "home", "homepage", "about", "me", "page",
    "publications", "publication", "welcome", "university", "department", "dept", "lab", "laboratory", "research",
    "group", "institute", "school", "college", "blog", "portfolio", "website", "personal", "profile", "academic",
    "contact", "projects", "teaching", "news", "index", "untitled", "document", "the", "of", "and", "for", "in",
    "at", "my", "experience", "education", "skills", "awards", "honors", "honours", "interests", "summary",
    "service", "talks", "employment", "professional", "selected", "invited", "references", "languages",
    "information", "biography", "overview", "positions", "appointments", "grants", "funding", "activities",
    "certifications", "patents", "presentations", "membership", "courses", "work", "technical", "recent",
    "papers", "students", "supervision", "mentoring", "outreach", "other", "additional", "details", "background",
    "phd", "ph d", "msc", "bsc", "mba", "dr", "prof", "professor", "candidate", "student", "postdoc"};

constexpr std::string_view kParticles[] = {"van", "von", "de", "der", "den", "da", "di", "du", "del",
                                                         "della", "la", "le", "bin", "ibn", "al", "el", "y", "dos"};

bool is_cjk(char32_t c) { return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0x3400 && c <= 0x4DBF); }

bool all_cjk(std::string_view s, std::size_t& count) {
    count = 0;
    for (std::size_t i = 0; i < s.size();) {
        auto [c, len] = utf8::decode(s, i);
        if (!is_cjk(c)) return false;
        ++count;
        i += len;
    }
    return count > 0;
}

bool name_token_ok(std::string_view tok, bool first) {
    if (tok.size() >= 2 && tok.front() == '(' && tok.back() == ')') tok = tok.substr(1, tok.size() - 2);  // "(Deyuan)"
    if (tok.empty()) return false;
    // a '.' belongs to initials ("M.", "J.-P.") and suffixes, not to words ending a sentence ("Example.")
    if (tok.find('.') != std::string_view::npos && tok != "Jr." && tok != "Sr." && tok != "St.") {
        std::size_t letters = 0;
        for (char ch : tok) letters += ch != '.' && ch != '-';
        if (letters > 2) return false;
    }
    std::string lower = text::ascii_lower(tok);
    if (!first && std::find(std::begin(kParticles), std::end(kParticles), lower) != std::end(kParticles)) return true;
    auto [c, len] = utf8::decode(tok, 0);
    if (!u_isupper(static_cast<UChar32>(c)) && !u_istitle(static_cast<UChar32>(c))) return false;
    for (std::size_t i = len; i < tok.size();) {
        auto [d, l] = utf8::decode(tok, i);
        if (!u_isalpha(static_cast<UChar32>(d)) && d != '-' && d != '\'' && d != 0x2019 && d != '.') return false;
        i += l;
    }
    return true;
}

}  // namespace

bool looks_like_person_name(std::string_view raw) {
    std::string stripped = strip_decoration(text::trim(raw));
    std::string_view s = stripped;
    if (s.empty() || s.size() > 70) return false;
    std::size_t cjk = 0;
    if (all_cjk(s, cjk)) return cjk >= 2 && cjk <= 4;
    std::string collapsed = text::collapse_whitespace(s);
    std::vector<std::string_view> tokens = text::split(collapsed, ' ');
    if (tokens.size() < 2 || tokens.size() > 5) return false;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        std::string key = text::fold_key(tokens[i]);
        if (std::find(std::begin(kNotNameWords), std::end(kNotNameWords), key) != std::end(kNotNameWords)) return false;
        if (!name_token_ok(tokens[i], i == 0)) return false;
    }
    return true;
}

void take_name_heading(TextDocument& doc, std::size_t max_lines) {
    std::size_t seen = 0, start = 0;
    const std::string& t = doc.text;
    while (start < t.size() && seen < max_lines) {
        std::size_t end = t.find('\n', start);
        if (end == std::string::npos) end = t.size();
        std::string_view line(t.data() + start, end - start);
        if (!line.empty()) {
            ++seen;
            if (std::size_t h = heading_marker_size(line)) {
                std::string name = strip_decoration(text::trim(line.substr(h)));
                if (!looks_like_person_name(name)) return;
                if (doc.name_hint.empty()) doc.name_hint = name;
                doc.text.erase(start, h);
                return;
            }
        }
        start = end + 1;
    }
}

namespace {

/// A title's part that says what the page is, not whose ("CV", "Résumé", "Home").
bool names_a_cv_page(std::string_view part) {
    const std::string key = text::fold_key(part);
    for (std::string_view page : {"cv", "resume", "curriculum vitae", "curriculum vitae of", "curriculum", "vita", "home",
                                  "homepage", "home page", "about", "about me", "personal homepage", "publications"})
        if (key == page) return true;
    return false;
}

/// `s` without its words in CJK script, when it also has words in another
/// script ("Tingfan Wu 吳亭範" -> "Tingfan Wu": the name twice, in two scripts);
/// empty otherwise.
std::string without_cjk_words(std::string_view s) {
    std::string kept;
    bool dropped = false;
    for (std::string_view w : text::split(s, ' ')) {
        std::size_t n = 0;
        if (all_cjk(w, n)) {
            dropped = true;
            continue;
        }
        if (!w.empty()) kept += (kept.empty() ? "" : " ") + std::string(w);
    }
    return dropped ? kept : std::string();
}

}  // namespace

bool is_cjk_text(std::string_view s) {
    std::size_t n = 0;
    return all_cjk(text::trim(s), n);
}

std::string person_name_in(std::string_view title) {
    std::string t = strip_decoration(text::collapse_whitespace(title));
    // "Dr Jan Jaap Meijer", "Prof. Ada Lovelace": the title is no part of the name.
    for (std::string_view honorific : {"Dr. ", "Dr ", "Prof. ", "Prof ", "Professor "})
        if (t.size() > honorific.size() && t.compare(0, honorific.size(), honorific) == 0) {
            t.erase(0, honorific.size());
            break;
        }
    if (looks_like_person_name(t)) return t;
    if (std::string latin = without_cjk_words(t); !latin.empty() && looks_like_person_name(latin)) return latin;
    for (std::string_view sep : {" | ", " - ", " – ", " — ", " · ", " :: ", ". ", ", ", ": ", "'s ", " of "}) {
        std::size_t pos = t.find(sep);
        if (pos == std::string::npos) continue;
        std::string left = t.substr(0, pos);
        if (looks_like_person_name(left)) return left;
        // "CV - Jane Doe", "Curriculum Vitae | Jane Doe", "CV of Jane Doe": what the
        // page is, then whose.
        if (names_a_cv_page(left)) {
            std::string right(text::trim(std::string_view(t).substr(pos + sep.size())));
            if (auto more = right.find(" | "); more != std::string::npos) right.resize(more);
            if (looks_like_person_name(right)) return right;
        }
    }
    return {};
}

std::string drop_template_tags(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '{' && i + 1 < s.size() && (s[i + 1] == '%' || s[i + 1] == '{')) {
            std::string_view close = s[i + 1] == '%' ? "%}" : "}}";
            std::size_t end = s.find(close, i + 2);
            if (end != std::string_view::npos && end - i < 400) { i = end + 2; continue; }
        }
        out.push_back(s[i++]);
    }
    return out;
}

std::vector<std::string> find_emails(std::string_view s) {
    auto local_char = [](char c) { return is_ascii_alnum(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-'; };
    auto domain_char = [](char c) { return is_ascii_alnum(c) || c == '.' || c == '-'; };
    std::vector<std::string> out;
    for (std::size_t at = s.find('@'); at != std::string_view::npos; at = s.find('@', at + 1)) {
        std::size_t b = at;
        while (b > 0 && local_char(s[b - 1])) --b;
        std::size_t e = at + 1;
        while (e < s.size() && domain_char(s[e])) ++e;
        std::string_view local = s.substr(b, at - b);
        std::string_view domain = s.substr(at + 1, e - at - 1);
        while (!domain.empty() && (domain.back() == '.' || domain.back() == '-')) domain.remove_suffix(1);
        while (!local.empty() && local.front() == '.') local.remove_prefix(1);
        auto dot = domain.find('.');
        if (local.empty() || dot == std::string_view::npos || dot == 0 || dot + 1 >= domain.size()) continue;
        add_unique(out, std::string(local) + "@" + std::string(domain));
    }
    return out;
}

void add_unique(std::vector<std::string>& list, std::string value) {
    if (value.empty() || std::find(list.begin(), list.end(), value) != list.end()) return;
    list.push_back(std::move(value));
}

std::string mailto_address(std::string_view href) {
    href = text::trim(href);
    if (!text::starts_with_icase(href, "mailto:")) return {};
    href.remove_prefix(7);
    href = href.substr(0, href.find('?'));
    auto hex = [](char c) {
        if (c >= '0' && c <= '9') return c - '0';
        c = static_cast<char>(c | 0x20);
        return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    };
    std::string decoded;  // percent-decoding: "a%40b.org"
    for (std::size_t i = 0; i < href.size(); ++i) {
        if (href[i] == '%' && i + 2 < href.size() && hex(href[i + 1]) >= 0 && hex(href[i + 2]) >= 0) {
            decoded.push_back(static_cast<char>(hex(href[i + 1]) * 16 + hex(href[i + 2])));
            i += 2;
        } else {
            decoded.push_back(href[i]);
        }
    }
    auto found = find_emails(decoded);
    return found.empty() ? std::string() : found.front();
}

std::vector<std::string_view> split_lines(std::string_view s) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start <= s.size()) {
        std::size_t nl = s.find('\n', start);
        if (nl == std::string_view::npos) { lines.push_back(s.substr(start)); break; }
        lines.push_back(s.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

}  // namespace cvsearch::readers::markup
