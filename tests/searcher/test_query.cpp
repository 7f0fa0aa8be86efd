// Query syntax, end to end over the fixture index: {query -> matching ids}.
#include <doctest/doctest.h>

#include <xapian.h>

#include "cvsearch/errors.hpp"
#include "cvsearch/searcher.hpp"
#include "searcher/query_text.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

const std::string jae = "kaist/jae-won-chung", marta = "eth/marta-kostic", daniel = "industry/daniel-ode",
                  minjun = "kaist/min-jun-chung", sean = "umich/sean-oreilly", ana = "epfl/ana-ruiz";

SearchResults run(const Searcher& s, const std::string& q) {
    SearchRequest req;
    req.query = q;
    req.limit = 100;
    return s.search(req);
}

}  // namespace

TEST_CASE("query syntax: which profiles match") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    struct Row {
        std::string query;
        std::vector<std::string> ids;
    };
    const std::vector<Row> rows = {
        {"fault tolerance", {daniel, jae, marta}},                     // stems: "Fault-Tolerant" counts
        {"FAULT Tolerant", {daniel, jae, marta}},                      // case-insensitive, stemmed
        {"\"fault tolerant\"", {jae, marta}},                          // phrase: exact words in order
        {"\"tolerant fault\"", {}},
        {"consensus OR checkpointing", {jae, marta}},
        {"fault AND storage", {}},
        {"fault NOT checkpointing", {daniel, jae}},
        {"fault -checkpointing", {daniel, jae}},
        {"+storage crash", {minjun}},
        {"-checkpointing", {ana, daniel, jae, minjun, sean}},          // only an exclusion: everyone else
        {"NOT checkpointing", {ana, daniel, jae, minjun, sean}},
        {"checkp*", {marta}},                                          // trailing wildcard
        {"title:consensus", {jae}},                                    // field prefixes
        {"title:fault", {jae, marta}},
        {"skill:fault", {daniel}},
        {"interest:storage", {minjun}},
        {"interests:storage", {minjun}},                               // field name variants
        {"name:chung", {jae, minjun}},
        {"Title:Consensus", {jae}},
        {"venue:SOSP", {jae, minjun}},
        {"venue:sosp", {jae, minjun}},
        {"venue:\"SOSP '23\"", {jae, minjun}},                         // normalized like the index
        {"venue:SOSP venue:FAST", {jae, minjun}},                      // same field: OR
        {"venue:SOSP storage", {minjun}},
        {"-venue:SOSP fault", {daniel, marta}},
        {"institution:KAIST", {jae, minjun}},
        {"institution:\"ETH Zurich\"", {marta}},                        // accent-insensitive
        {"institution:michigan", {sean}},                              // a word of the institution
        {"institution:UMich", {sean}},                                 // an alias (data/institutions.tsv)
        {"institution:\"The University of Michigan\"", {sean}},
        {"year:2025", {ana}},
        {"year:2019..2020", {daniel, marta, minjun}},                  // has a publication in the range
        {"year:..2019", {daniel, marta, minjun}},
        {"year:2024..", {daniel, ana, minjun}},
        {"year:2024.. storage", {minjun}},
        {"C++", {jae}},                                                // symbols Xapian keeps
        {"skill:c++", {jae}},
        {"\"fault tolerance", {daniel, jae, marta}},                   // unterminated phrase
        {"(consensus OR checkpointing", {jae, marta}},                 // unbalanced bracket
        {"fault NEAR/3 tolerance", {daniel, jae, marta}},
        {"zurich", {marta}},                                           // accents
        {"KOSTIĆ", {marta}},
        {"kostic", {marta}},
        {"machine learning", {ana, daniel, sean}},                     // synonyms: "ML" too
        {"ML", {ana, daniel, sean}},
        {"", {ana, daniel, jae, marta, minjun, sean}},                 // empty: everyone
        {"   ", {ana, daniel, jae, marta, minjun, sean}},
    };
    for (const auto& r : rows) {
        auto res = run(s, r.query);
        // The profiles with every word (relaxed results list others after them).
        auto all_words = ids(res);
        all_words.resize(std::min(all_words.size(), res.all_words_total));
        CHECK_MESSAGE(sorted(all_words) == sorted(r.ids), "query: " << r.query);
        CHECK_MESSAGE(res.total == r.ids.size(), "query: " << r.query);
        CHECK_MESSAGE(res.total_is_exact, "query: " << r.query);
        CHECK_MESSAGE(res.warnings.empty(), "query: " << r.query << " warning: " << (res.warnings.empty() ? "" : res.warnings[0]));
    }
}

TEST_CASE("broken syntax never fails: lenient search plus a warning") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    struct Row {
        std::string query;
        std::vector<std::string> ids;
    };
    const std::vector<Row> rows = {
        {"fault AND", {daniel, jae, marta}},
        {"fault OR", {daniel, jae, marta}},
        {"NOT", {ana, daniel, jae, marta, minjun, sean}},
        {"AND OR", {ana, daniel, jae, marta, minjun, sean}},
        {"year:20x9 fault", {}},         // not a year: matches nothing, says why
        {"year:abc..def fault", {}},
    };
    for (const auto& r : rows) {
        SearchResults res;
        REQUIRE_NOTHROW(res = run(s, r.query));
        CHECK_MESSAGE(sorted(ids(res)) == sorted(r.ids), "query: " << r.query);
        CHECK_MESSAGE(!res.warnings.empty(), "query: " << r.query);
    }
}

TEST_CASE("names: any order, initials, hyphen and spacing variants, accents") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    struct Row {
        std::string query;
        std::string first;  // expected best hit
        std::vector<std::string> ids;
    };
    const std::vector<Row> rows = {
        {"Jae-Won Chung", jae, {jae}},
        {"Chung Jae-Won", jae, {jae}},
        {"Jaewon Chung", jae, {jae}},
        {"Jae Won Chung", jae, {jae}},
        {"jae-won", jae, {jae}},
        {"J. Chung", jae, {jae}},
        {"Chung J", jae, {jae}},
        {"Chung J.", jae, {jae}},
        {"name:\"Chung Jae-Won\"", jae, {jae}},
        {"name:\"Chung Jaewon\"", jae, {jae}},
        {"Chung", "", {jae, minjun}},  // equal: either first
        {"M. Chung", minjun, {minjun}},
        {"Marta Kostic", marta, {marta}},
        {"KOSTIĆ MARTA", marta, {marta}},
        {"O'Reilly", sean, {sean}},
        {"OReilly", sean, {sean}},                 // joined run of a three-part compound
        {"O Reilly", sean, {sean}},
        {"O'Reilly-Park", sean, {sean}},
        {"OReillyPark", sean, {sean}},
        {"Reilly-Park", sean, {sean}},
        {"Sean O\xE2\x80\x99Reilly's", sean, {sean}},
        {"name:reilly", sean, {sean}},
        {"name:oreilly", sean, {sean}},
    };
    for (const auto& r : rows) {
        auto res = run(s, r.query);
        // The profiles with every word (relaxed results list others after them).
        auto all_words = ids(res);
        all_words.resize(std::min(all_words.size(), res.all_words_total));
        CHECK_MESSAGE(sorted(all_words) == sorted(r.ids), "query: " << r.query);
        if (!res.hits.empty() && !r.first.empty()) CHECK_MESSAGE(res.hits[0].id == r.first, "query: " << r.query);
    }
}

TEST_CASE("filters: OR within a facet, AND across facets, normalized values") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    struct Row {
        std::map<Facet, std::vector<std::string>> filters;
        std::optional<int> year_min, year_max;
        std::string query;
        std::vector<std::string> ids;
    };
    const std::vector<Row> rows = {
        {{{Facet::institution, {"KAIST"}}}, {}, {}, "", {jae, minjun}},
        {{{Facet::institution, {"KAIST", "Google"}}}, {}, {}, "", {daniel, jae, minjun}},
        {{{Facet::institution, {"KAIST", "Google"}}, {Facet::venue, {"SOSP"}}}, {}, {}, "", {jae, minjun}},
        {{{Facet::venue, {"SOSP '23"}}}, {}, {}, "", {jae, minjun}},
        {{{Facet::institution, {"UMich"}}}, {}, {}, "", {sean}},       // normalized like the index
        {{{Facet::year, {"2023"}}}, {}, {}, "", {daniel, jae}},
        {{{Facet::year, {"2023", "2025"}}}, {}, {}, "", {ana, daniel, jae}},
        {{}, 2024, {}, "", {ana, daniel, minjun}},
        {{}, 2019, 2020, "", {daniel, marta, minjun}},
        {{{Facet::institution, {"KAIST"}}}, 2022, {}, "", {jae, minjun}},
        {{{Facet::institution, {"KAIST"}}}, {}, {}, "storage", {minjun}},
        {{{Facet::institution, {"Nowhere University"}}}, {}, {}, "", {}},
    };
    for (const auto& r : rows) {
        SearchRequest req;
        req.query = r.query;
        req.filters = r.filters;
        req.year_min = r.year_min;
        req.year_max = r.year_max;
        req.limit = 100;
        auto res = s.search(req);
        CHECK(sorted(ids(res)) == sorted(r.ids));
        CHECK(res.total == r.ids.size());
    }
    SearchRequest bad;
    bad.filters[Facet::year] = {"20x9"};
    try {
        s.search(bad);
        FAIL("a bad year filter is a usage error");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::usage);
        CHECK(e.input() == "20x9");
    }
    SearchRequest unknown;
    unknown.filters[Facet::institution] = {"Nowhere University"};
    CHECK_FALSE(s.search(unknown).warnings.empty());
}

TEST_CASE("offset, limit and totals") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    SearchRequest req;
    req.limit = 2;
    req.offset = 3;
    auto res = s.search(req);
    CHECK(res.total == 6);
    CHECK(res.total_is_exact);
    REQUIRE(res.hits.size() == 2);
    CHECK(res.hits[0].rank == 4);
    CHECK(res.hits[1].rank == 5);
    req.offset = 10;
    CHECK(s.search(req).hits.empty());
    CHECK(s.search(req).total == 6);
}

TEST_CASE("sort by latest year and by publication count") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    SearchRequest req;
    req.limit = 100;
    req.sort = SortOrder::latest_year;
    auto res = s.search(req);
    REQUIRE(res.hits.size() == 6);
    CHECK(res.hits[0].id == ana);  // 2025
    req.sort = SortOrder::publication_count;
    res = s.search(req);
    CHECK(res.hits[0].id == daniel);  // 6 publications
    CHECK(res.hits[1].id == marta);   // 3
}

TEST_CASE("spelling suggestion for words that are not in the index") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    struct Row {
        std::string query;
        std::string suggestion;
    };
    const std::vector<Row> rows = {
        {"checkpointng", "checkpointing"},
        {"fualt tolerance", "fault tolerance"},
        {"title:consensos", "title:consensus"},
        {"fault tolerance", ""},   // fine as it is
        {"tolerant", ""},          // a stem variant of an indexed word is not a typo
    };
    for (const auto& r : rows) CHECK_MESSAGE(run(s, r.query).suggestion == r.suggestion, "query: " << r.query);
}

TEST_CASE("prepare_query keeps Xapian syntax and rewrites what the index needs") {
    analysis::Analyzer a;
    struct Row {
        const char* in;
        const char* out;
    };
    const Row rows[] = {
        {"Fault AND Tolerance", "fault AND tolerance"},
        {"Jae-Won Chung", "(jae-won OR jaewon) chung"},
        {"name:\"Chung Jae-Won\"", "(name:chung (name:jae-won OR name:jaewon))"},
        {"-checkpointing", "NOT checkpointing"},
        {"a -b", "a -b"},  // nothing but a stop word: kept
        {"gpu -cpu", "gpu -cpu"},
        {"who works on GPUs at Wexford", "             gpus    wexford"},  // stop words blanked, offsets kept
        {"Title:Zürich*", "title:zurich*"},
        {"venue:\"SOSP '23\" x", "venue:\"SOSP '23\" x"},
        {"year:2019..2024", "year:2019..2024"},
        {"\"Fault Tolerant\"", "\"fault tolerant\""},
        {"unknown:Field", "unknown:field"},
    };
    for (const auto& r : rows) CHECK_MESSAGE(search::prepare_query(r.in, a).text == r.out, r.in);
}

TEST_CASE("opening errors: missing, not an index, corrupt, other schema") {
    TempDir dir;
    std::filesystem::create_directories(dir / "empty");
    write_file(dir / "garbage" / "iamglass", "not a glass database");
    {
        Xapian::WritableDatabase old((dir / "old").string(), Xapian::DB_CREATE);
        old.set_metadata("cvsearch.schema", "0");
        old.commit();
    }
    struct Row {
        std::string dir;
        ErrorCode code;
        std::string advice;
    };
    const std::vector<Row> rows = {
        {"nope.db", ErrorCode::index_missing, "cvsearch index DIR --db"},
        {"empty", ErrorCode::index_missing, "cvsearch index DIR --db"},
        {"garbage", ErrorCode::index_corrupt, "--full"},
        {"old", ErrorCode::index_incompatible, "--full"},
    };
    for (const auto& r : rows) {
        try {
            Searcher s(dir / r.dir);
            FAIL("must throw: " << r.dir);
        } catch (const Error& e) {
            CHECK_MESSAGE(e.code() == r.code, r.dir);
            CHECK_MESSAGE(e.input() == (dir / r.dir).string(), r.dir);
            CHECK_MESSAGE(std::string(e.what()).find(r.advice) != std::string::npos, r.dir);
        }
    }
}

TEST_CASE("wildcard expansion is bounded and says so") {
    TempDir dir;
    SearcherOptions small;
    small.max_wildcard_expansion = 2;
    Searcher s(build_fixture_index(dir), small);
    SearchRequest req;
    req.query = "s*";  // many words start with s
    auto r = s.search(req);
    CHECK(r.total > 0);
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0].find("most frequent") != std::string::npos);
    req.query = "checkp*";  // one word: no warning
    CHECK(s.search(req).warnings.empty());
}
