#include "core/text.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <cstdio>

namespace cvsearch::text {
namespace {

// Letters that carry no combining mark in NFD but that people type without the
// stroke or ligature ("Łódź" -> "lodz", "Ørsted" -> "orsted").
UChar32 base_letter(UChar32 c) {
    switch (c) {
        case 0x00F8: return 'o';  // ø
        case 0x0142: return 'l';  // ł
        case 0x0111: return 'd';  // đ
        case 0x00F0: return 'd';  // ð
        case 0x0131: return 'i';  // dotless ı
        case 0x0127: return 'h';  // ħ
        default: return c;
    }
}

const icu::Normalizer2& nfd() {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFDInstance(status);
    if (U_FAILURE(status) || n == nullptr) throw std::runtime_error("ICU NFD normalizer unavailable");
    return *n;
}

/// words()'s word characters among ASCII: what u_isalnum() says of them
/// (letters and digits), '&' and '+' (tests/core/test_text.cpp checks all 128).
bool is_ascii_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '&' || c == '+';
}

bool is_ascii(std::string_view s) {
    for (unsigned char c : s)
        if (c >= 0x80) return false;
    return true;
}

}  // namespace

std::string fold(std::string_view utf8) {
    if (is_ascii(utf8)) return ascii_lower(utf8);  // fast path: most CV text is ASCII
    icu::UnicodeString s = icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
    s.foldCase();
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString d = nfd().normalize(s, status);
    if (U_FAILURE(status)) d = s;
    icu::UnicodeString out;
    for (int32_t i = 0; i < d.length();) {
        UChar32 c = d.char32At(i);
        i += U16_LENGTH(c);
        if (u_charType(c) == U_NON_SPACING_MARK) continue;
        c = base_letter(c);
        if (c == 0x00E6) { out.append(UChar32('a')); out.append(UChar32('e')); continue; }  // æ
        if (c == 0x0153) { out.append(UChar32('o')); out.append(UChar32('e')); continue; }  // œ
        out.append(c);
    }
    std::string result;
    out.toUTF8String(result);
    return result;
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    const auto* bytes = reinterpret_cast<const uint8_t*>(s.data());
    const int32_t n = static_cast<int32_t>(s.size());
    int32_t i = 0, start = -1;
    while (i < n) {
        int32_t at = i;
        UChar32 c;
        U8_NEXT(bytes, i, n, c);
        bool word = c >= 0 && c < 0x80 ? is_ascii_word_char(static_cast<char>(c))
                                       : c == '&' || c == '+' || (c >= 0 && (u_isalnum(c) || u_charType(c) == U_NON_SPACING_MARK));
        if (word && start < 0) start = at;
        if (!word && start >= 0) {
            out.push_back(s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(at - start)));
            start = -1;
        }
    }
    if (start >= 0) out.push_back(s.substr(static_cast<std::size_t>(start)));
    return out;
}

std::string fold_key(std::string_view utf8) {
    std::string out;
    if (is_ascii(utf8)) {  // fast path, the same key: ASCII words are letters, digits, '&', '+'; fold = lower case
        out.resize(utf8.size());  // never longer than the text: written through a cursor, then cut
        std::size_t n = 0;
        bool in_word = false;
        for (char c : utf8) {
            if (!is_ascii_word_char(c)) {
                in_word = false;
                continue;
            }
            if (!in_word && n > 0) out[n++] = ' ';
            in_word = true;
            out[n++] = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
        }
        out.resize(n);
        return out;
    }
    for (std::string_view w : words(utf8)) {
        std::string folded = fold(w);
        if (folded.empty()) continue;
        if (!out.empty()) out.push_back(' ');
        out += folded;
    }
    return out;
}

bool is_valid_utf8(std::string_view b) noexcept {
    std::size_t i = 0, n = b.size();
    while (i < n) {
        unsigned char c = static_cast<unsigned char>(b[i]);
        if (c < 0x80) { ++i; continue; }
        int len;
        UChar32 cp;
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
        else return false;
        if (i + len > n) return false;
        for (int k = 1; k < len; ++k) {
            unsigned char cc = static_cast<unsigned char>(b[i + k]);
            if ((cc & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (cc & 0x3F);
        }
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += len;
    }
    return true;
}

std::string sanitize_utf8(std::string_view b) {
    std::string out;
    out.reserve(b.size());
    std::size_t i = 0, n = b.size();
    while (i < n) {
        unsigned char c = static_cast<unsigned char>(b[i]);
        if (c < 0x80) {
            if (c == '\r') {
                out.push_back('\n');
                if (i + 1 < n && b[i + 1] == '\n') ++i;
            } else if (c == '\n' || c == '\t' || c >= 0x20) {
                out.push_back(static_cast<char>(c));
            } else {
                out.push_back(' ');
            }
            ++i;
            continue;
        }
        int len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        if (len != 0 && i + len <= n && is_valid_utf8(b.substr(i, len))) {
            out.append(b.substr(i, len));
            i += len;
        } else {
            out += "\xEF\xBF\xBD";  // U+FFFD
            ++i;
        }
    }
    return out;
}

std::string cp1252_to_utf8(std::string_view b) {
    // 0x80..0x9F differ from Latin-1; 0 marks the five undefined code points.
    static constexpr std::array<char16_t, 32> high = {
        0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};
    std::string out;
    out.reserve(b.size() + b.size() / 8);
    for (unsigned char c : b) {
        char32_t cp = c;
        if (c >= 0x80 && c < 0xA0) cp = high[c - 0x80] ? high[c - 0x80] : 0xFFFD;
        if (cp < 0x80) {
            out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }
    return out;
}

std::string_view trim_end_any(std::string_view s, std::initializer_list<std::string_view> pieces) noexcept {
    for (bool stripped = true; stripped;) {
        s = trim(s);
        stripped = false;
        for (std::string_view p : pieces) {
            if (!p.empty() && s.ends_with(p)) {
                s.remove_suffix(p.size());
                stripped = true;
                break;
            }
        }
    }
    return s;
}

std::string_view trim(std::string_view s) noexcept {
    auto is_space_at_front = [&](std::size_t& len) {
        if (s.empty()) return false;
        unsigned char c = static_cast<unsigned char>(s[0]);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') { len = 1; return true; }
        if (s.size() >= 2 && c == 0xC2 && static_cast<unsigned char>(s[1]) == 0xA0) { len = 2; return true; }  // NBSP
        if (s.size() >= 3 && c == 0xE2 && static_cast<unsigned char>(s[1]) == 0x80 &&
            (static_cast<unsigned char>(s[2]) <= 0x8B || static_cast<unsigned char>(s[2]) == 0xAF)) { len = 3; return true; }
        if (s.size() >= 3 && c == 0xE3 && static_cast<unsigned char>(s[1]) == 0x80 && static_cast<unsigned char>(s[2]) == 0x80) { len = 3; return true; }
        return false;
    };
    std::size_t len = 0;
    while (is_space_at_front(len)) s.remove_prefix(len);
    while (!s.empty()) {
        unsigned char c = static_cast<unsigned char>(s.back());
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') { s.remove_suffix(1); continue; }
        if (s.size() >= 2 && c == 0xA0 && static_cast<unsigned char>(s[s.size() - 2]) == 0xC2) { s.remove_suffix(2); continue; }
        break;
    }
    return s;
}

std::string without_brackets(std::string_view s) {
    std::string out;
    int depth = 0;
    for (char c : s) {
        if (c == '(' || c == '[') ++depth;
        else if ((c == ')' || c == ']') && depth > 0) --depth;
        else if (depth == 0) out.push_back(c);
    }
    return out;
}

std::string collapse_whitespace(std::string_view s) {
    std::string out(s.size(), '\0');  // never longer than s: written through a cursor, then cut
    std::size_t n = 0;
    bool space = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        bool ws = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
        if (!ws && c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) { ws = true; ++i; }
        if (ws) { space = true; continue; }
        if (space && n > 0) out[n++] = ' ';
        space = false;
        out[n++] = static_cast<char>(c);
    }
    out.resize(n);
    return out;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    parts.reserve(static_cast<std::size_t>(std::count(s.begin(), s.end(), sep)) + 1);
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == sep) {
            parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

bool is_number_like(std::string_view word) noexcept {
    return std::all_of(word.begin(), word.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.'; });
}

bool starts_with_icase(std::string_view s, std::string_view prefix) noexcept {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        char a = s[i], b = prefix[i];
        if (a >= 'A' && a <= 'Z') a = static_cast<char>(a - 'A' + 'a');
        if (b >= 'A' && b <= 'Z') b = static_cast<char>(b - 'A' + 'a');
        if (a != b) return false;
    }
    return true;
}

std::string content_hash(std::string_view bytes) {
    XXH128_hash_t h = XXH3_128bits(bytes.data(), bytes.size());
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                  static_cast<unsigned long long>(h.low64));
    return buf;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Three rows of the table: the one two back is for the swap.
    std::vector<std::size_t> two(b.size() + 1), one(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) one[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = std::min({one[j] + 1, cur[j - 1] + 1, one[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) cur[j] = std::min(cur[j], two[j - 2] + 1);
        }
        std::swap(two, one);
        std::swap(one, cur);
    }
    return one[b.size()];
}

std::string replace_all(std::string_view s, std::string_view from, std::string_view to) {
    std::string out;
    if (from.empty()) return std::string(s);
    out.reserve(s.size());
    std::size_t start = 0;
    for (std::size_t at = s.find(from); at != std::string_view::npos; at = s.find(from, start)) {
        out.append(s.substr(start, at - start)).append(to);
        start = at + from.size();
    }
    out.append(s.substr(start));
    return out;
}

std::string escape_controls(std::string_view s, bool keep_newlines) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if ((c < 0x20 || c == 0x7f) && !(keep_newlines && (c == '\n' || c == '\t'))) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
                   static_cast<unsigned char>(s[i + 1]) <= 0x9f) {  // U+0080-U+009F
            const auto d = static_cast<unsigned char>(s[++i]);
            out += "\\u{";
            out += hex[d >> 4];
            out += hex[d & 15];
            out += '}';
        } else {
            out.push_back(static_cast<char>(c));
        }
    }
    return out;
}

}  // namespace cvsearch::text
