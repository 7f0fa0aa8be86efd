#include <doctest/doctest.h>

#include <random>

#include <unicode/uchar.h>

#include "core/text.hpp"

using namespace cvsearch::text;

TEST_CASE("fold lower-cases and strips accents") {
    struct Row { const char* in; const char* out; };
    const Row rows[] = {
        {"Kostić", "kostic"}, {"Zürich", "zurich"}, {"ÉCOLE", "ecole"}, {"Straße", "strasse"},
        {"Øresund", "oresund"}, {"Łódź", "lodz"}, {"plain ascii", "plain ascii"}, {"", ""},
    };
    for (const auto& r : rows) CHECK_MESSAGE(fold(r.in) == r.out, r.in);
}

TEST_CASE("fold_key drops punctuation and collapses spaces") {
    CHECK(fold_key("The Univ. of Michigan, Ann-Arbor") == "the univ of michigan ann arbor");
    CHECK(fold_key("  SOSP '23 ") == "sosp 23");
    CHECK(fold_key("ETH Zürich") == "eth zurich");
    CHECK(fold_key("...") == "");
}

TEST_CASE("sanitize_utf8 never yields invalid UTF-8") {
    const std::string inputs[] = {"ok", std::string("a\xff" "b"), std::string("\xc3"), std::string("x\0y", 3),
                                  "line\r\nnext\rlast", std::string("\xed\xa0\x80")};  // lone surrogate
    for (const auto& in : inputs) CHECK(is_valid_utf8(sanitize_utf8(in)));
    CHECK(sanitize_utf8("line\r\nnext\rlast") == "line\nnext\nlast");
    CHECK(sanitize_utf8(std::string("x\0y", 3)) == "x y");
    CHECK(sanitize_utf8("Kostić") == "Kostić");
}

TEST_CASE("cp1252_to_utf8 decodes Latin-1 and the 0x80-0x9F range") {
    CHECK(cp1252_to_utf8("Z\xfcrich") == "Zürich");
    CHECK(cp1252_to_utf8("\x93quoted\x94 \x96 dash") == "\u201cquoted\u201d \u2013 dash");
    CHECK(is_valid_utf8(cp1252_to_utf8("\x81\x8d\x8f\x90\x9d")));
}

TEST_CASE("trim and collapse_whitespace handle NBSP") {
    CHECK(trim("  \t a b \n") == "a b");
    CHECK(trim("\xc2\xa0x\xc2\xa0") == "x");
    CHECK(collapse_whitespace(" a \n\n b\xc2\xa0 c ") == "a b c");
}

TEST_CASE("trim_end_any strips whole trailing pieces, never one byte of a character") {
    CHECK(trim_end_any("Foo, \u2013.", {".", ",", "\u2013"}) == "Foo");
    CHECK(trim_end_any("Foo -- ", {"-"}) == "Foo");
    CHECK(trim_end_any("", {"-"}).empty());
    CHECK(trim_end_any("---", {"-"}).empty());
    // "\u00d3" is C3 93 and en dash E2 80 93: a byte set with the dash cut 0x93 off.
    CHECK(trim_end_any("Michi\u00d3", {"-", "\u2013"}) == "Michi\u00d3");
    CHECK(trim_end_any("x\u2014", {"\u2013"}) == "x\u2014");  // em dash is not en dash
}

TEST_CASE("content_hash is stable and distinguishes inputs") {
    CHECK(content_hash("abc").size() == 32);
    CHECK(content_hash("abc") == content_hash("abc"));
    CHECK(content_hash("abc") != content_hash("abd"));
}

TEST_CASE("words splits on punctuation, including typographic quotes, and keeps Unicode letters") {
    using V = std::vector<std::string_view>;
    CHECK(words("SOSP’21") == V{"SOSP", "21"});
    CHECK(words("Kostić, Zürich") == V{"Kostić", "Zürich"});
    CHECK(words("S&P C++ x86_64") == V{"S&P", "C++", "x86", "64"});
    CHECK(words("«quoted» — dash") == V{"quoted", "dash"});
    CHECK(words("").empty());
}

TEST_CASE("words and fold_key: the ASCII fast paths agree with ICU's classes and with fold() of each word") {
    // Every ASCII character is a word character exactly when ICU calls it a letter or a
    // digit, or it is '&' or '+'.
    for (int c = 1; c < 0x80; ++c) {
        CAPTURE(c);
        const std::string one(1, static_cast<char>(c));
        const bool word = u_isalnum(c) || c == '&' || c == '+';
        CHECK(words(one).size() == (word ? 1u : 0u));
        CHECK(words("x" + one + "y").size() == (word ? 1u : 2u));
    }
    // fold_key of an ASCII text is the fold() of its words(), joined by one space; with a
    // non-ASCII letter after it, the same key (from the general path) plus that letter.
    std::mt19937 rng(7);
    const std::string alphabet = "aZ09&+ .,;:'\"-_()/\t\nQx";
    for (int round = 0; round < 2000; ++round) {
        std::string s;
        const int len = static_cast<int>(rng() % 24);
        for (int i = 0; i < len; ++i) s.push_back(rng() % 8 == 0 ? static_cast<char>(1 + rng() % 127) : alphabet[rng() % alphabet.size()]);
        CAPTURE(s);
        std::string expected;
        for (auto w : words(s)) expected += (expected.empty() ? "" : " ") + fold(w);
        CHECK(fold_key(s) == expected);
        CHECK(fold_key(s + " \xC3\x89") == expected + (expected.empty() ? "" : " ") + "e");  // É: not ASCII
    }
}

TEST_CASE("without_brackets drops bracketed groups, nested or not") {
    using cvsearch::text::without_brackets;
    CHECK(without_brackets("FICAN West (Syöpäkeskus, UTU), Turku") == "FICAN West , Turku");
    CHECK(without_brackets("A [b (c) d] e") == "A  e");
    CHECK(without_brackets("stray ) bracket") == "stray ) bracket");  // unmatched: stays
    CHECK(without_brackets("open (to the end") == "open ");
}
