// Inputs built to hit worst cases: every reader must finish in linear-ish time
// and return valid UTF-8. Each input is ~300 KB; a quadratic scan over it
// would take minutes, a linear one takes milliseconds.
#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <string>

#include "core/text.hpp"
#include "parse/readers/reader.hpp"

using namespace cvsearch::readers;

namespace {

std::string repeat(const std::string& unit, std::size_t bytes) {
    std::string s;
    while (s.size() < bytes) s += unit;
    return s;
}

void check_fast(const char* what, const std::function<std::string()>& run) {
    CAPTURE(what);
    auto start = std::chrono::steady_clock::now();
    std::string out = run();
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(cvsearch::text::is_valid_utf8(out));
    CHECK_MESSAGE(seconds < 10.0, what << " took " << seconds << " s");
}

}  // namespace

TEST_CASE("pathological inputs finish quickly") {
    const std::size_t n = 300 * 1024;
    check_fast("text: unmatched emphasis on one line", [&] { return read_text(repeat("*a ", n)).text; });
    check_fast("text: unmatched brackets", [&] { return read_text(repeat("[a ", n)).text; });
    check_fast("text: every line hyphenated", [&] { return read_text(repeat("distri-\nbuted-\n", n)).text; });
    check_fast("markdown: unclosed links", [&] { return read_markdown(repeat("[x](", n)).text; });
    check_fast("html: stray '<' without '>'", [&] { return read_html(repeat("<a<b ", n)).text; });
    check_fast("html: unclosed comments and scripts", [&] { return read_html(repeat("<script><!--<style>", n)).text; });
    check_fast("latex: unclosed optional arguments", [&] { return read_latex(repeat("\\item[x ", n)).text; });
    check_fast("latex: unclosed groups", [&] { return read_latex(repeat("\\textbf{", n)).text; });
    check_fast("latex: many entries", [&] { return read_latex(repeat("\\cventry{a}{b}{c}{d}{e}{f}\n", n)).text; });
    check_fast("latex: long line of line breaks", [&] { return read_latex(repeat("x\\\\", n)).text; });
}
