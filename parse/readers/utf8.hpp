// parse/readers/utf8.hpp — code-point level access to UTF-8 for the readers.
//
// The readers work on well-formed UTF-8 (decode_to_utf8 / sanitize_utf8 ran
// first), but these helpers still never read past the end on bad input: a
// malformed byte decodes as U+FFFD of length 1.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cvsearch::readers::utf8 {

/// The code point starting at s[i] and its length in bytes (1 for ASCII and for
/// malformed bytes, which decode as U+FFFD).
struct CodePoint {
    char32_t value;
    std::size_t length;
};

inline CodePoint decode(std::string_view s, std::size_t i) noexcept {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) return {c, 1};
    std::size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return {0xFFFD, 1};
    char32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < len; ++k) {
        unsigned char cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80) return {0xFFFD, 1};
        cp = (cp << 6) | (cc & 0x3F);
    }
    return {cp, len};
}

inline void append(std::string& out, char32_t cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;  // a lone surrogate is not a character
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp <= 0x10FFFF) {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        append(out, 0xFFFD);
    }
}

inline std::string encode(char32_t cp) {
    std::string s;
    append(s, cp);
    return s;
}

inline bool is_ascii_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool is_ascii_digit(char c) noexcept { return c >= '0' && c <= '9'; }
inline bool is_ascii_alnum(char c) noexcept { return is_ascii_alpha(c) || is_ascii_digit(c); }

}  // namespace cvsearch::readers::utf8
