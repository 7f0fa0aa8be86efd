// The Analyzer: one set of rules for the index and the query side.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "vocabulary/analyzer.hpp"
#include "vocabulary/synonyms.hpp"

using cvsearch::analysis::Analyzer;
using cvsearch::analysis::SynonymTable;

namespace {

std::vector<std::string> terms(const Analyzer& a, std::string_view text) {
    std::vector<std::string> out;
    for (const auto& t : a.tokenize(text)) out.push_back(t.compound ? "+" + t.term : t.term);
    return out;
}

}  // namespace

TEST_CASE("tokenize folds case and accents, splits compounds and keeps the joined form") {
    Analyzer a;
    struct Row {
        const char* text;
        std::vector<std::string> terms;  // "+x" = joined compound
    };
    const Row rows[] = {
        {"Kostić", {"kostic"}},
        {"ETH Zürich", {"eth", "zurich"}},
        {"Jae-Won Chung", {"jae", "won", "+jaewon", "chung"}},
        {"O'Reilly's lab", {"o", "reilly", "+oreilly", "lab"}},
        {"O\xE2\x80\x99Reilly", {"o", "reilly", "+oreilly"}},  // typographic apostrophe
        {"fault-tolerant", {"fault", "tolerant", "+faulttolerant"}},
        {"O'Donnell-Hayes", {"o", "donnell", "hayes", "+odonnellhayes", "+odonnell", "+donnellhayes"}},
        {"2019-2021", {"2019", "2021"}},                     // numbers are not compounds
        {"it's", {"it"}},                                    // possessive-like 's dropped
        {"C++ and x86_64", {"c", "and", "x86_64"}},
        {"", {}},
    };
    for (const auto& r : rows) CHECK_MESSAGE(terms(a, r.text) == r.terms, r.text);
}

TEST_CASE("token offsets point into the original bytes") {
    Analyzer a;
    std::string text = "in Zürich, Jae-Won";
    auto tokens = a.tokenize(text);
    REQUIRE(tokens.size() == 5);
    CHECK(text.substr(tokens[1].begin, tokens[1].end - tokens[1].begin) == "Zürich");
    CHECK(tokens[1].term == "zurich");
    CHECK(text.substr(tokens[4].begin, tokens[4].end - tokens[4].begin) == "Jae-Won");  // the joined form spans both parts
    CHECK(tokens[4].compound);
}

TEST_CASE("prepare folds words and keeps all other bytes, so Xapian tokenizes both sides alike") {
    Analyzer a;
    struct Row {
        const char* in;
        const char* out;
    };
    const Row rows[] = {
        {"O'Reilly's Zürich-Lab", "o-reilly zurich-lab"},
        {"Fault-Tolerant SYSTEMS", "fault-tolerant systems"},
        {"C++ (e-mail) \"Kostić\"", "c++ (e-mail) \"kostic\""},
        {"j. chung", "j. chung"},
    };
    for (const auto& r : rows) CHECK_MESSAGE(a.prepare(r.in) == r.out, r.in);
}

TEST_CASE("stemming conflates the forms a query and a CV use") {
    Analyzer a;
    CHECK(a.stem("tolerance") == a.stem("tolerant"));
    CHECK(a.stem("systems") == a.stem("system"));
    CHECK(a.stem("learning") == a.stem("learn"));
}

TEST_CASE("synonym table: every form of a line maps to the line's concept term") {
    auto table = SynonymTable::parse(
        "# comment\n"
        "ml\tmachine learning|Statistical-Learning\n"
        "no tab on this line\n"
        "llm\tlarge language model|llms\n"
        "llms\tlarge language models|llm\n");
    CHECK(table.concepts_of({"ml"}) == std::vector<std::string>{"XCml"});
    CHECK(table.concepts_of({"machine", "learning"}) == std::vector<std::string>{"XCml"});
    CHECK(table.concepts_of({"statistical", "learning"}) == std::vector<std::string>{"XCml"});
    CHECK(table.concepts_of({"llm"}) == std::vector<std::string>{"XCllm", "XCllms"});  // on two lines
    CHECK(table.concepts_of({"no"}).empty());
    auto entries = table.entries();
    CHECK(std::find(entries.begin(), entries.end(), std::pair<std::string, std::string>{"machine learning", "XCml"}) !=
          entries.end());
}

TEST_CASE("concepts are found in text, multi-word and hyphenated forms included") {
    auto table = SynonymTable::parse("ml\tmachine learning\nbft\tbyzantine fault tolerance\n");
    Analyzer a(table);
    struct Row {
        const char* text;
        std::vector<std::string> concepts;
    };
    const Row rows[] = {
        {"Machine Learning for systems", {"XCml"}},
        {"we use ML", {"XCml"}},
        {"Byzantine fault-tolerance", {"XCbft"}},
        {"machine and learning", {}},
    };
    for (const auto& r : rows) {
        std::vector<std::string> found;
        for (const auto& c : a.concepts(std::string_view(r.text))) found.push_back(c.term);
        CHECK_MESSAGE(found == r.concepts, r.text);
    }
}

TEST_CASE("the built-in synonym table maps ML and machine learning together") {
    const auto& table = SynonymTable::builtin();
    REQUIRE(table.size() > 0);
    auto ml = table.concepts_of({"ml"});
    REQUIRE_FALSE(ml.empty());
    CHECK(table.concepts_of({"machine", "learning"}) == ml);
}

TEST_CASE("the built-in synonym table joins research acronyms outside computing to their expansions") {
    const auto& table = SynonymTable::builtin();
    struct Pair {
        std::vector<std::string> short_form, long_form;
    };
    const Pair pairs[] = {
        {{"vr"}, {"virtual", "reality"}},
        {{"fmri"}, {"functional", "magnetic", "resonance", "imaging"}},
        {{"gwas"}, {"genome", "wide", "association", "studies"}},
        {{"cfd"}, {"computational", "fluid", "dynamics"}},
        {{"hep"}, {"high", "energy", "physics"}},
    };
    for (const auto& p : pairs) {
        auto c = table.concepts_of(p.short_form);
        REQUIRE_FALSE_MESSAGE(c.empty(), p.short_form[0]);
        CHECK_MESSAGE(table.concepts_of(p.long_form) == c, p.short_form[0]);
    }
    // An acronym with two common meanings in CVs stays out ("MPC": model predictive
    // control or multi-party computation).
    CHECK(table.concepts_of({"mpc"}).empty());
}
