// Acronym definitions found in text (Schwartz & Hearst): which parentheses
// define a short form, and which words are its long form.
#include <doctest/doctest.h>

#include <chrono>

#include "tests/hang_guard.hpp"
#include "vocabulary/acronyms.hpp"

using namespace cvsearch::analysis;
using cvsearch::testing::hang_limit;
using cvsearch::testing::repeat;

namespace {

std::vector<std::string> words(std::initializer_list<const char*> w) { return {w.begin(), w.end()}; }

}  // namespace

TEST_CASE("acronyms: a short form in parentheses after its long form") {
    auto found = find_acronyms("My thesis applies software-defined networking (SDN) to campus networks.");
    REQUIRE(found.size() == 1);
    CHECK(found[0].short_form == "sdn");
    CHECK(found[0].long_words == words({"software", "defined", "networking"}));
}

TEST_CASE("acronyms: the long form is the shortest window whose initials cover the short form") {
    auto found = find_acronyms("We sample posteriors with Markov chain Monte Carlo (MCMC) methods.");
    REQUIRE(found.size() == 1);
    CHECK(found[0].short_form == "mcmc");
    CHECK(found[0].long_words == words({"markov", "chain", "monte", "carlo"}));
    // Letters inside words count, the first must start a word; plurals are kept.
    found = find_acronyms("Work on generative adversarial networks (GANs) and quantum error correction (QEC).");
    REQUIRE(found.size() == 2);
    CHECK(found[0].short_form == "gans");
    CHECK(found[0].long_words == words({"generative", "adversarial", "networks"}));
    CHECK(found[1].long_words == words({"quantum", "error", "correction"}));
}

TEST_CASE("acronyms: a long form in parentheses after its short form") {
    auto found = find_acronyms("Built QEC (quantum error correction) decoders; led the SDN (software-defined networking) lab.");
    REQUIRE(found.size() == 2);
    CHECK(found[0].short_form == "qec");
    CHECK(found[0].long_words == words({"quantum", "error", "correction"}));
    CHECK(found[1].short_form == "sdn");
    // A parenthesis that says more than the long form is no definition.
    CHECK(find_acronyms("QEC (quantum error correction for superconducting qubits at scale)").empty());
}

TEST_CASE("acronyms: parentheses that define nothing") {
    CHECK(find_acronyms("Taught statistics (2019) and calculus (e.g. series).").empty());
    CHECK(find_acronyms("Languages (Python, Rust) and tools (see below).").empty());
    CHECK(find_acronyms("Worked on graph algorithms (SDN).").empty());           // letters not in the words
    CHECK(find_acronyms("Interned at a startup. (SDN)").empty());               // nothing before it in the sentence
    CHECK(find_acronyms("software defined networking (Sdn)").empty());          // one capital: a word, not an acronym
    CHECK(find_acronyms("unbalanced (SDN").empty());
}

TEST_CASE("acronyms: the index term round trip") {
    AcronymPair pair{"sdn", words({"software", "defined", "networking"})};
    const std::string term = acronym_term(pair);
    CHECK(term == "XQsdn software defined networking");
    CHECK(parse_acronym_term(term) == pair);
    CHECK(parse_acronym_term("XCsdn").short_form.empty());
    CHECK(parse_acronym_term("XQsdn").short_form.empty());
    AcronymPair huge{"ab", std::vector<std::string>(60, "word")};
    CHECK(acronym_term(huge).empty());  // longer than a term may be
}

TEST_CASE("acronyms: 4 MB of parentheses are scanned in linear time") {
    for (const std::string& unit : std::vector<std::string>{"a software defined networking (SDN) ", "(((((", "word word word word (", "(AB)",
                                   "SDN (software defined networking) ", std::string(299, 'x') + " (XY)"}) {
        const std::string text = repeat(unit, 4u << 20);
        const auto start = std::chrono::steady_clock::now();
        const auto found = find_acronyms(text);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        CAPTURE(unit);
        CHECK(seconds < hang_limit);
        if (unit.find("networking") != std::string::npos) CHECK(found.size() > 1000);
    }
}
