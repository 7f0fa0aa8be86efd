#include <doctest/doctest.h>

#include "parse/normalize/alias_table.hpp"

using cvsearch::normalize::AliasTable;
using cvsearch::normalize::looks_like_acronym;

namespace {
AliasTable sample() {
    AliasTable t;
    t.add("SOSP", 0);
    t.add("Symposium on Operating Systems Principles", 0);
    t.add("Science", 1);
    t.add("Nature Communications", 2);
    t.add("Nature", 3);
    t.add("ETH Zürich", 4);
    return t;
}
}  // namespace

TEST_CASE("AliasTable finds the longest alias inside free text") {
    AliasTable t = sample();
    struct Row { const char* text; std::optional<std::size_t> expect; };
    const Row rows[] = {
        {"SOSP", 0},
        {"SOSP '23", 0},
        {"Proceedings of the 29th ACM Symposium on Operating Systems Principles", 0},
        {"ACM Symposium on Operating Systems Principles (SOSP), October 2023", 0},
        {"sosp", 0},                               // the whole text may be lower-case
        {"in sosp workshop", std::nullopt},        // a lower-case word inside text is not an acronym
        {"Science", 1},
        {"Journal of Computer Science", std::nullopt},  // plain words match only as the whole text
        {"Nature Communications 12(1), 2021", 2},  // longest wins over "Nature"
        {"Nature", 3},
        {"eth zurich", 4},                         // accent-insensitive
        {"", std::nullopt},
    };
    for (const auto& r : rows) CHECK_MESSAGE(t.find(r.text) == r.expect, r.text);
}

TEST_CASE("AliasTable refuses an alias that already names another entry") {
    AliasTable t;
    CHECK(t.add("MIT", 1));
    CHECK(t.add("mit", 1));
    CHECK(t.add("M.I.T.", 2));  // folds to "m i t", not "mit": a distinct key
    CHECK_FALSE(t.add("MIT", 2));
    CHECK(t.find("MIT") == std::optional<std::size_t>(1));
}

TEST_CASE("AliasTable reads a lone ampersand as and, both ways") {
    AliasTable t;
    CHECK(t.add("Learning for Dynamics and Control", 0));
    CHECK(t.add("Hong Kong University of Science & Technology", 1));
    CHECK(t.add("Texas A&M University", 2));
    CHECK(t.find("6th Annual Learning for Dynamics & Control Conference") == std::optional<std::size_t>(0));
    CHECK(t.find("Hong Kong University of Science and Technology") == std::optional<std::size_t>(1));
    CHECK(t.find("Texas A&M University") == std::optional<std::size_t>(2));
    CHECK_FALSE(t.find("Texas A and M University"));  // "A&M" is one word, not "A and M"
    CHECK_FALSE(t.add("Learning for Dynamics & Control", 3));  // the same key as entry 0
}

TEST_CASE("looks_like_acronym") {
    CHECK(looks_like_acronym("SOSP"));
    CHECK(looks_like_acronym("NeurIPS"));
    CHECK(looks_like_acronym("UMich"));
    CHECK(looks_like_acronym("EuroSys"));
    CHECK_FALSE(looks_like_acronym("Nature"));
    CHECK_FALSE(looks_like_acronym("science"));
    CHECK_FALSE(looks_like_acronym("A"));
}
