// decode_to_utf8: bytes of unknown encoding to well-formed UTF-8.
//
// Order of evidence: a byte-order mark, then "is it valid UTF-8" (almost every
// CV today), then a charset the file declares itself (HTML <meta charset>,
// XML prolog, LaTeX inputenc), then Windows-1252, the encoding of legacy
// Western text that also covers Latin-1. Invalid bytes are replaced, never fatal.
#include <unicode/unistr.h>

#include <algorithm>

#include <string>

#include "core/text.hpp"
#include "parse/readers/reader.hpp"
#include "parse/readers/utf8.hpp"

namespace cvsearch::readers {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::string utf16_to_utf8(std::string_view b, bool big_endian) {
    std::string out;
    out.reserve(b.size());
    auto unit = [&](std::size_t i) -> char32_t {
        unsigned char x = static_cast<unsigned char>(b[i]), y = static_cast<unsigned char>(b[i + 1]);
        return big_endian ? (x << 8 | y) : (y << 8 | x);
    };
    for (std::size_t i = 0; i + 1 < b.size(); i += 2) {
        char32_t u = unit(i);
        if (u >= 0xD800 && u <= 0xDBFF && i + 3 < b.size()) {
            char32_t lo = unit(i + 2);
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                utf8::append(out, 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00));
                i += 2;
                continue;
            }
        }
        utf8::append(out, (u >= 0xD800 && u <= 0xDFFF) ? 0xFFFD : u);  // unpaired surrogate
    }
    return out;
}

// UTF-16 without a BOM still shows itself: ASCII text has a zero byte in every
// other position. Returns 'l', 'b' or 0.
char guess_utf16(std::string_view b) {
    std::size_t n = std::min<std::size_t>(b.size(), 1024) & ~std::size_t{1};
    if (n < 16) return 0;
    std::size_t even_zero = 0, odd_zero = 0;
    for (std::size_t i = 0; i < n; i += 2) {
        even_zero += b[i] == 0;
        odd_zero += b[i + 1] == 0;
    }
    std::size_t half = n / 2;
    if (odd_zero * 10 > half * 7 && even_zero * 10 < half) return 'l';
    if (even_zero * 10 > half * 7 && odd_zero * 10 < half) return 'b';
    return 0;
}

// The charset a file declares in its first bytes, lower-cased, or "".
std::string declared_charset(std::string_view b) {
    std::string head = text::ascii_lower(b.substr(0, 4096));
    for (std::string_view key : {"charset=", "encoding=", "\\usepackage["}) {
        auto pos = head.find(key);
        if (pos == std::string::npos) continue;
        pos += key.size();
        while (pos < head.size() && (head[pos] == '"' || head[pos] == '\'' || head[pos] == ' ')) ++pos;
        std::size_t end = pos;
        while (end < head.size() && (utf8::is_ascii_alnum(head[end]) || head[end] == '-' || head[end] == '_')) ++end;
        std::string name = head.substr(pos, end - pos);
        if (key == std::string_view("\\usepackage[")) {  // \usepackage[latin1]{inputenc}
            if (head.compare(end, 11, "]{inputenc}") != 0) continue;
            if (name == "latin1" || name == "latin9") return "iso-8859-15";
            if (name == "ansinew" || name == "cp1252") return "windows-1252";
            continue;
        }
        if (!name.empty()) return name;
    }
    return {};
}

// Converts with ICU when the declared charset is one ICU knows; "" otherwise.
std::string convert_declared(std::string_view b, const std::string& charset) {
    if (charset.empty() || charset == "utf-8" || charset == "utf8") return {};
    icu::UnicodeString u(b.data(), static_cast<int32_t>(b.size()), charset.c_str());
    if (u.isBogus()) return {};
    std::string out;
    u.toUTF8String(out);
    return out;
}

}  // namespace

std::string decode_to_utf8(std::string_view bytes) {
    if (starts_with(bytes, "\xEF\xBB\xBF")) return text::sanitize_utf8(bytes.substr(3));
    if (starts_with(bytes, "\xFF\xFE")) return text::sanitize_utf8(utf16_to_utf8(bytes.substr(2), false));
    if (starts_with(bytes, "\xFE\xFF")) return text::sanitize_utf8(utf16_to_utf8(bytes.substr(2), true));
    if (text::is_valid_utf8(bytes)) {
        if (char order = guess_utf16(bytes)) return text::sanitize_utf8(utf16_to_utf8(bytes, order == 'b'));
        return text::sanitize_utf8(bytes);
    }
    if (char order = guess_utf16(bytes)) return text::sanitize_utf8(utf16_to_utf8(bytes, order == 'b'));
    std::string converted = convert_declared(bytes, declared_charset(bytes));
    if (!converted.empty()) return text::sanitize_utf8(converted);
    return text::sanitize_utf8(text::cp1252_to_utf8(bytes));
}

}  // namespace cvsearch::readers
