#include "parse/extract/chars.hpp"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>

namespace cvsearch::extract::chars {

namespace {

// ASCII first, without a call into ICU: most CV text is ASCII, and ICU's answers
// for ASCII are these (letters are A-Z and a-z; white space is \t to \r and ' ').
bool is_ascii(char32_t c) { return c < 0x80; }
bool is_ascii_upper(char32_t c) { return c >= U'A' && c <= U'Z'; }
bool is_ascii_lower(char32_t c) { return c >= U'a' && c <= U'z'; }

}  // namespace

char32_t next(std::string_view s, std::size_t& i) {
    if (i < s.size() && static_cast<unsigned char>(s[i]) < 0x80) return static_cast<char32_t>(s[i++]);
    UChar32 c = 0;
    int32_t pos = static_cast<int32_t>(i);
    U8_NEXT(reinterpret_cast<const uint8_t*>(s.data()), pos, static_cast<int32_t>(s.size()), c);
    i = static_cast<std::size_t>(pos);
    return c < 0 ? U'\uFFFD' : static_cast<char32_t>(c);
}

char32_t first(std::string_view s) {
    std::size_t i = 0;
    return s.empty() ? 0 : next(s, i);
}

char32_t last(std::string_view s, std::size_t* offset) {
    if (s.empty()) {
        if (offset) *offset = 0;
        return 0;
    }
    std::size_t start = s.size() - 1;
    while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
    if (offset) *offset = start;
    std::size_t i = start;
    return next(s, i);
}

void append(std::string& out, char32_t c) {
    char buf[4];
    int32_t len = 0;
    UBool error = false;
    U8_APPEND(reinterpret_cast<uint8_t*>(buf), len, 4, static_cast<UChar32>(c), error);
    if (!error) out.append(buf, static_cast<std::size_t>(len));
}

bool is_letter(char32_t c) {
    if (is_ascii(c)) return is_ascii_upper(c) || is_ascii_lower(c);
    return u_isalpha(static_cast<UChar32>(c));
}
bool is_upper(char32_t c) {
    if (is_ascii(c)) return is_ascii_upper(c);
    return u_isupper(static_cast<UChar32>(c)) || u_istitle(static_cast<UChar32>(c));
}
bool is_lower(char32_t c) {
    if (is_ascii(c)) return is_ascii_lower(c);
    return u_islower(static_cast<UChar32>(c));
}
bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool is_space(char32_t c) {
    if (is_ascii(c)) return c == U' ' || (c >= U'\t' && c <= U'\r');
    return u_isUWhiteSpace(static_cast<UChar32>(c));
}

bool is_cjk(char32_t c) {
    UErrorCode err = U_ZERO_ERROR;
    UScriptCode sc = uscript_getScript(static_cast<UChar32>(c), &err);
    return sc == USCRIPT_HAN || sc == USCRIPT_HIRAGANA || sc == USCRIPT_KATAKANA || sc == USCRIPT_HANGUL;
}

std::size_t count_letters(std::string_view s) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.size();)
        if (is_letter(next(s, i))) ++n;
    return n;
}

std::size_t count_upper(std::string_view s) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.size();)
        if (is_upper(next(s, i))) ++n;
    return n;
}

bool has_digit(std::string_view s) {
    for (char c : s)
        if (c >= '0' && c <= '9') return true;
    return false;
}

std::size_t count_words(std::string_view s) {
    std::size_t n = 0;
    bool in = false;
    for (char c : s) {
        bool space = c == ' ' || c == '\t' || c == '\n';
        if (!space && !in) ++n;
        in = !space;
    }
    return n;
}

bool has_cjk(std::string_view s) {
    // (CJK code points are all above U+2E80: three or four bytes, lead byte 0xE2 or more.)
    if (std::none_of(s.begin(), s.end(), [](char b) { return static_cast<unsigned char>(b) >= 0xE2; })) return false;
    for (std::size_t i = 0; i < s.size();) {
        char32_t c = next(s, i);
        if (c >= 0x2E80 && is_cjk(c)) return true;
    }
    return false;
}

std::string title_case(std::string_view word) {
    std::string out;
    bool start = true;
    for (std::size_t i = 0; i < word.size();) {
        char32_t c = next(word, i);
        if (is_letter(c)) {
            append(out, static_cast<char32_t>(start ? u_totitle(static_cast<UChar32>(c)) : u_tolower(static_cast<UChar32>(c))));
            start = false;
        } else {
            append(out, c);
            start = true;  // after '-', '\'', '.': "Jae-Won", "O'Neil", "J.R."
        }
    }
    return out;
}

std::string unify_dashes(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        std::size_t at = i;
        char32_t c = next(s, i);
        if (c == 0x2010 || c == 0x2011 || c == 0x2012 || c == 0x2013 || c == 0x2014 || c == 0x2212 || c == 0x2015)
            out.push_back('-');
        else
            out.append(s.substr(at, i - at));
    }
    return out;
}

}  // namespace cvsearch::extract::chars
