// decode_to_utf8: bytes of unknown encoding to well-formed UTF-8.
//
// Order of evidence: a byte-order mark, then "is it valid UTF-8" (almost every
// CV today), then a charset the file declares itself (HTML <meta charset>,
// XML prolog, LaTeX inputenc), then Windows-1252, the encoding of legacy
// Western text that also covers Latin-1. Invalid bytes are replaced, never fatal.
//
// A declared charset is only a claim of the file, so it is trusted only when it
// names an encoding CVs are written in (allowed_charset below). ICU knows
// hundreds of converters, some stateful and exotic (SCSU, BOCU-1, UTF-7,
// ISO-2022, EBCDIC); a file declaring one of those is read as UTF-8 with
// repair. The conversion itself is bounded too (convert_declared): ICU's
// UnicodeString(bytes, codepage) constructor looped forever on a 29-byte SCSU
// input whose last byte decodes to a surrogate pair that no longer fits.
#include <unicode/ucnv.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <memory>
#include <optional>
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

// The charset names (lower case, without '-', '_' or ' ') a CV file may
// sensibly declare, and the ICU converter each one opens. UTF-8 is not here:
// it is read by sanitize_utf8, like any name not on this list.
struct AllowedCharset {
    std::string_view key;
    const char* icu_name;
};
constexpr AllowedCharset allowed_charsets[] = {
    {"usascii", "US-ASCII"}, {"ascii", "US-ASCII"},
    {"utf16", "UTF-16"}, {"utf16le", "UTF-16LE"}, {"utf16be", "UTF-16BE"}, {"ucs2", "UTF-16"},
    {"utf32", "UTF-32"}, {"utf32le", "UTF-32LE"}, {"utf32be", "UTF-32BE"},
    {"latin1", "ISO-8859-1"}, {"latin2", "ISO-8859-2"}, {"latin9", "ISO-8859-15"},
    {"iso88591", "ISO-8859-1"}, {"iso88592", "ISO-8859-2"}, {"iso88593", "ISO-8859-3"},
    {"iso88594", "ISO-8859-4"}, {"iso88595", "ISO-8859-5"}, {"iso88596", "ISO-8859-6"},
    {"iso88597", "ISO-8859-7"}, {"iso88598", "ISO-8859-8"}, {"iso88599", "ISO-8859-9"},
    {"iso885910", "ISO-8859-10"}, {"iso885911", "ISO-8859-11"}, {"iso885913", "ISO-8859-13"},
    {"iso885914", "ISO-8859-14"}, {"iso885915", "ISO-8859-15"}, {"iso885916", "ISO-8859-16"},
    {"windows1250", "windows-1250"}, {"windows1251", "windows-1251"}, {"windows1252", "windows-1252"},
    {"windows1253", "windows-1253"}, {"windows1254", "windows-1254"}, {"windows1255", "windows-1255"},
    {"windows1256", "windows-1256"}, {"windows1257", "windows-1257"}, {"windows1258", "windows-1258"},
    {"cp1250", "windows-1250"}, {"cp1251", "windows-1251"}, {"cp1252", "windows-1252"},
    {"cp1253", "windows-1253"}, {"cp1254", "windows-1254"}, {"cp1255", "windows-1255"},
    {"cp1256", "windows-1256"}, {"cp1257", "windows-1257"}, {"cp1258", "windows-1258"},
    {"windows874", "windows-874"}, {"tis620", "TIS-620"}, {"macintosh", "macintosh"}, {"macroman", "macintosh"},
    {"koi8r", "KOI8-R"}, {"koi8u", "KOI8-U"}, {"ibm866", "IBM866"}, {"cp866", "IBM866"},
    {"shiftjis", "Shift_JIS"}, {"sjis", "Shift_JIS"}, {"xsjis", "Shift_JIS"}, {"windows31j", "windows-31j"},
    {"cp932", "windows-31j"}, {"eucjp", "EUC-JP"}, {"euckr", "EUC-KR"}, {"cp949", "windows-949"},
    {"gb2312", "GB2312"}, {"gbk", "GBK"}, {"cp936", "GBK"}, {"gb18030", "GB18030"},
    {"big5", "Big5"}, {"big5hkscs", "Big5-HKSCS"}, {"cp950", "windows-950"},
};

/// The ICU converter name for a declared charset, or nothing when the name is
/// not one a CV is written in (then the bytes are read as UTF-8 with repair).
std::optional<const char*> allowed_charset(std::string_view declared) {
    std::string key;
    for (char c : declared)
        if (c != '-' && c != '_' && c != ' ') key.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    for (const auto& a : allowed_charsets)
        if (a.key == key) return a.icu_name;
    return std::nullopt;
}

struct ConverterCloser {
    void operator()(UConverter* c) const noexcept { ucnv_close(c); }
};

/// Converts `b` from `icu_name` to UTF-8, or "" when ICU cannot. The work is
/// bounded: the output grows by a fixed-size buffer per call, a call that
/// consumes and produces nothing ends the loop, and no allowed charset yields
/// more than two UTF-16 units per byte, so output past four per byte is cut.
std::string convert_declared(std::string_view b, const char* icu_name) {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<UConverter, ConverterCloser> converter(ucnv_open(icu_name, &status));
    if (U_FAILURE(status) || !converter) return {};
    std::u16string units;
    const std::size_t max_units = 4 * b.size() + 64;
    char16_t chunk[4096];
    const char* source = b.data();
    const char* const source_end = b.data() + b.size();
    while (units.size() <= max_units) {
        UChar* target = reinterpret_cast<UChar*>(chunk);
        const char* const source_before = source;
        status = U_ZERO_ERROR;
        ucnv_toUnicode(converter.get(), &target, reinterpret_cast<UChar*>(chunk + std::size(chunk)), &source,
                       source_end, nullptr, /*flush=*/true, &status);
        const auto produced = static_cast<std::size_t>(target - reinterpret_cast<UChar*>(chunk));
        units.append(chunk, produced);
        if (status != U_BUFFER_OVERFLOW_ERROR) break;            // done (or failed: what was read is kept)
        if (produced == 0 && source == source_before) break;      // no progress: never spin
    }
    if (units.size() > max_units) units.resize(max_units);
    std::string out;
    icu::UnicodeString(false, units.data(), static_cast<int32_t>(units.size())).toUTF8String(out);
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
    const std::string declared = declared_charset(bytes);
    if (declared.empty()) return text::sanitize_utf8(text::cp1252_to_utf8(bytes));
    if (auto icu_name = allowed_charset(declared)) {
        std::string converted = convert_declared(bytes, *icu_name);
        if (!converted.empty()) return text::sanitize_utf8(converted);
        return text::sanitize_utf8(text::cp1252_to_utf8(bytes));
    }
    return text::sanitize_utf8(bytes);  // UTF-8 declared, or a charset CVs are not written in
}

}  // namespace cvsearch::readers
