// decode_to_utf8: every byte sequence becomes well-formed UTF-8.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "core/text.hpp"
#include "parse/readers/reader.hpp"
#include "tests/process_util.hpp"

using cvsearch::readers::decode_to_utf8;
using cvsearch::text::is_valid_utf8;
using cvsearch::testing::finishes_within;

namespace {
std::string bytes(std::initializer_list<int> b) {
    std::string s;
    for (int c : b) s.push_back(static_cast<char>(c));
    return s;
}
}  // namespace

TEST_CASE("decode_to_utf8: encodings a CV file may come in") {
    struct Row { const char* what; std::string in; std::string out; };
    const Row rows[] = {
        {"plain UTF-8 is kept", "Zürich – Kostić", "Zürich – Kostić"},
        {"a UTF-8 BOM is dropped", "\xEF\xBB\xBFJos\xC3\xA9", "José"},
        {"UTF-16 LE with BOM", bytes({0xFF, 0xFE, 'J', 0, 'o', 0, 's', 0, 0xE9, 0}), "José"},
        {"UTF-16 BE with BOM", bytes({0xFE, 0xFF, 0, 'J', 0, 'o', 0, 's', 0, 0xE9}), "José"},
        {"UTF-16 LE surrogate pair", bytes({0xFF, 0xFE, 0x3D, 0xD8, 0x93, 0xDE}), "\xF0\x9F\x9A\x93"},
        {"UTF-16 LE lone surrogate", bytes({0xFF, 0xFE, 0x3D, 0xD8, 'x', 0}), "\xEF\xBF\xBDx"},
        {"Latin-1 bytes", "Z\xFCrich, Espa\xF1" "a", "Zürich, España"},
        {"Windows-1252 quotes and dashes", "\x93quoted\x94 \x96 2019", "\u201Cquoted\u201D \u2013 2019"},
        {"CRLF and lone CR line ends", "a\r\nb\rc", "a\nb\nc"},
        {"control characters become spaces", std::string("a\0b\x01" "c", 5), "a b c"},
        {"empty input", "", ""},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CHECK(decode_to_utf8(r.in) == r.out);
    }
}

TEST_CASE("decode_to_utf8: a declared charset is honoured when the bytes are not UTF-8") {
    // "王" in GB2312 is 0xCD 0xF5; the page says so in its <meta>.
    std::string html = "<meta charset=\"gb2312\"><p>\xCD\xF5</p>";
    CHECK(decode_to_utf8(html) == "<meta charset=\"gb2312\"><p>王</p>");
}

TEST_CASE("decode_to_utf8: UTF-16 without a BOM is recognised by its zero bytes") {
    std::string le;
    for (char c : std::string("Ada Lovelace, London")) { le.push_back(c); le.push_back('\0'); }
    CHECK(decode_to_utf8(le) == "Ada Lovelace, London");
}

TEST_CASE("decode_to_utf8: binary garbage never crashes and yields valid UTF-8") {
    std::string garbage;
    unsigned state = 12345;
    for (int i = 0; i < 20000; ++i) {
        state = state * 1103515245u + 12345u;
        garbage.push_back(static_cast<char>(state >> 16));
    }
    for (std::size_t cut : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{777}, garbage.size()}) {
        std::string out = decode_to_utf8(std::string_view(garbage).substr(0, cut));
        CHECK(is_valid_utf8(out));
    }
    CHECK(is_valid_utf8(decode_to_utf8(bytes({0xFF, 0xFE, 0x41}))));  // odd-length UTF-16
    CHECK(is_valid_utf8(decode_to_utf8(bytes({0xC3}))));              // truncated sequence
}

TEST_CASE("decode_to_utf8: declared charsets CVs are written in are honoured") {
    struct Row { const char* what; std::string in; std::string out; };
    const Row rows[] = {
        {"ISO-8859-2 (Polish)", "<meta charset=iso-8859-2>\xA3\xF3" "d\xBC", "<meta charset=iso-8859-2>Łódź"},
        {"windows-1251 (Cyrillic)", "encoding=\"windows-1251\" \xCF\xE5\xF2\xF0", "encoding=\"windows-1251\" Петр"},
        {"KOI8-R", "charset=KOI8-R \xF0\xC5\xD4\xD2", "charset=KOI8-R Петр"},
        {"Shift_JIS", "charset=Shift_JIS \x93\xFA\x96\x7B", "charset=Shift_JIS 日本"},
        {"EUC-KR", "charset=euc-kr \xC7\xD1", "charset=euc-kr 한"},
        {"Big5", "charset=big5 \xA4\xA4", "charset=big5 中"},
        {"LaTeX inputenc latin1", "\\usepackage[latin1]{inputenc} Z\xFCrich", "\\usepackage[latin1]{inputenc} Zürich"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CHECK(decode_to_utf8(r.in) == r.out);
    }
}

TEST_CASE("decode_to_utf8: any other declared charset means UTF-8 with repair") {
    // ICU would convert these (SCSU, BOCU-1, UTF-7, EBCDIC), turning the file
    // into unrelated characters; the valid UTF-8 in it survives instead, and the
    // invalid bytes become U+FFFD, not Windows-1252 guesses.
    for (const char* charset : {"scsu", "bocu-1", "utf-7", "ibm037", "x-no-such-charset", "utf-8"}) {
        CAPTURE(charset);
        const std::string in = std::string("charset=") + charset + "\nKosti\xC4\x87 \xFF\xFE Z\xC3\xBCrich";
        CHECK(decode_to_utf8(in) == std::string("charset=") + charset + "\nKosti\xC4\x87 \xEF\xBF\xBD\xEF\xBF\xBD Z\xC3\xBCrich");
    }
}

TEST_CASE("decode_to_utf8: a declared SCSU file that hung ICU's converter finishes") {
    // ICU's UnicodeString(bytes, "scsu") never returned on this input: the
    // window SDX defines is supplementary, so each 0x80 is a surrogate pair, and
    // when the last pair no longer fits its buffer ICU grows the buffer by
    // nothing and calls the converter again, forever. The indexer held its
    // writer lock meanwhile, so every nightly run after that hung as well.
    std::string scsu = "charset=scsu\n";
    scsu += std::string("\x0B\x00\x10", 3);  // SDX: window 0 at U+10800
    for (std::size_t n : {13, 17, 21, 232}) {
        CAPTURE(n);
        const std::string input = scsu + std::string(n, '\x80');
        CHECK(finishes_within(std::chrono::seconds(20), [&] {
            if (!is_valid_utf8(decode_to_utf8(input))) ::_exit(1);
        }));
    }
}
