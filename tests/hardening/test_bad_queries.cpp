// Hostile queries: each gives a result or a clear Error, in bounded time and
// memory. The index holds the fictional fixture researchers plus one profile
// with thousands of distinct words, for wildcards to explode on.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <string>
#include <vector>

#include <sys/resource.h>

#include "core/text.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/hang_guard.hpp"
#include "tests/process_util.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

const std::filesystem::path& hostile_index() {
    static TempDir dir;
    static std::filesystem::path db = [] {
        auto path = build_fixture_index(dir);
        IndexWriter w(path);
        Profile p;
        p.id = "many-words";
        p.name = "Wendell Manyword";
        std::string text;
        for (int i = 0; i < 5000; ++i) text += "a" + std::to_string(i * 7) + "z " + "fault" + std::to_string(i) + " ";
        p.sections = {section("Research", "research", text)};
        w.put(p);
        w.commit();
        return path;
    }();
    return db;
}

long max_rss_kb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

struct Outcome {
    bool ok = false;
    SearchResults results;
    std::string error;
};

/// Runs one query: a result or an Error (query or usage), within 10 s.
Outcome run(const Searcher& s, SearchRequest req) {
    Outcome o;
    auto start = std::chrono::steady_clock::now();
    try {
        o.results = s.search(req);
        o.ok = true;
        for (const auto& h : o.results.hits) {
            CHECK(text::is_valid_utf8(h.name));
            for (const auto& hl : h.highlights) CHECK(text::is_valid_utf8(hl.text));
        }
        CHECK(text::is_valid_utf8(o.results.suggestion));
        for (const auto& w : o.results.warnings) CHECK(text::is_valid_utf8(w));
    } catch (const Error& e) {
        o.error = e.what();
        CHECK((e.code() == ErrorCode::query || e.code() == ErrorCode::usage));
        CHECK_FALSE(e.message().empty());
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK_MESSAGE(seconds < hang_limit, "took " << seconds << " s");
    return o;
}

Outcome run(const Searcher& s, const std::string& query) {
    SearchRequest req;
    req.query = query;
    return run(s, req);
}

}  // namespace

TEST_CASE("hostile queries: unbalanced syntax and control characters never fail") {
    Searcher s(hostile_index());
    const std::vector<std::string> queries = {
        "\"", "\"\"", "\"\"\"", "\"fault", "fault\"", "(((", ")))", "(fault", "fault)", ")(", "(()", "\"(\"", "((\"a)\")",
        "AND", "OR", "NOT", "AND OR NOT", "fault AND", "OR fault", "NOT NOT NOT", "+", "-", "+-+-", "-fault", "--fault",
        "*", "**", "*fault", "f*a*u*l*t", "fault NEAR/999999999 tolerance", "NEAR/3", "fault ADJ/0 tolerance",
        "name:", "name:\"", "title:(", "venue:", "venue:\"", "institution:", "institution:\"\"", "year:", "year:..",
        "year:...", "year:a..b", "unknownfield:x", ":::", "a:b:c:d", "\\", "\\\"", "'", "''", "`", "~fault", "fault^2",
        std::string("fault\0tolerance", 15), "\x01\x02\x03\x1b[31m\x7f", "fault\ttolerance\r\n", "\xFF\xFE\xC3\x28",
        "\xED\xA0\x80", "fault \xE2\x80\xAE tolerance", "\xEF\xBB\xBF" "fault", "\xF0\x9F\x98\x80*", "year:20\xFF", "year:19\xFF..2\xFE", "fault\xFF*",
    };
    for (const auto& q : queries) {
        CAPTURE(q);
        Outcome o = run(s, q);
        CHECK(o.ok);  // a syntax error is searched leniently, never an exception
    }
    // The lenient parse still finds the words of a broken query.
    Outcome broken = run(s, "\"fault tolerance");
    REQUIRE(broken.ok);
    CHECK(broken.results.total > 0);
}

TEST_CASE("hostile queries: 10,000-character queries") {
    Searcher s(hostile_index());
    const long rss_before = max_rss_kb();
    const std::vector<std::string> queries = {
        repeat("fault ", 10000),     repeat("x", 10000),         repeat("(", 10000),
        repeat("\"", 10000),         repeat("fault OR ", 10000), repeat("(fault ", 10000),
        repeat("a* ", 10000),        repeat("year:2019 ", 10000), repeat("name:\"a ", 10000),
        repeat("-fault ", 10000),    repeat("\xC3\xA9", 10000),  repeat("fault NEAR/5 ", 10000),
        repeat("venue:SOSP ", 10000), repeat("\x01", 10000),
    };
    double slowest = 0;
    for (const auto& q : queries) {
        CAPTURE(q.substr(0, 40));
        auto start = std::chrono::steady_clock::now();
        run(s, q);
        slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    MESSAGE("slowest 10,000-character query: " << slowest << " s");
    const long grown_mb = (max_rss_kb() - rss_before) / 1024;
    MESSAGE("peak RSS grew by " << grown_mb << " MB");
    CHECK(grown_mb < 512);
}

TEST_CASE("hostile queries: queries over the size limits are refused at once, by the library") {
    // The HTTP API capped q, the CLI and the library did not: 10,000 words
    // took 2.5 s, 1 MB 3.5 s. Now every caller gets Error(usage), before any work.
    Searcher s(hostile_index());
    struct Row { std::string query; const char* says; };
    const Row rows[] = {
        {repeat("fault ", 10000 * 6), "bytes, over the limit of 4096"},
        {repeat("tolerance ", 1 << 20), "bytes, over the limit of 4096"},
        {repeat("a ", 600), "300 words, over the limit of 256 words"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.says);
        const auto start = std::chrono::steady_clock::now();
        SearchRequest req;
        req.query = r.query;
        try {
            s.search(req);
            FAIL_CHECK("no error");
        } catch (const Error& e) {
            CHECK(e.code() == ErrorCode::usage);
            CHECK(e.input() == "query");
            CHECK(e.message().find(r.says) != std::string::npos);
        }
        CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(1));
    }
    CHECK(run(s, repeat("fault ", 256 * 6)).ok);  // at the limits: searched
    SearcherOptions wider;
    wider.max_query_words = 1000;
    CHECK(run(Searcher(hostile_index(), wider), repeat("a ", 600)).ok);

    RunResult cli = run_cli({"search", repeat("fault ", 10000), "--db", hostile_index().string()});
    CHECK(cli.exit_code == 2);
    CHECK(cli.err.find("over the limit of 4096") != std::string::npos);
}

TEST_CASE("hostile queries: wildcard explosions are capped with a warning") {
    Searcher s(hostile_index());
    for (const std::string q : {"a*", "fault*", "a* fault* a1* a2*", "a* OR fault* OR a* OR fault*", "\"a* fault*\"",
                                "name:a*", "title:a*", "(a* OR b* OR c* OR d* OR e* OR f* OR g*) NOT fault*"}) {
        CAPTURE(q);
        Outcome o = run(s, q);
        REQUIRE(o.ok);
    }
    Outcome many = run(s, repeat("a1* ", 1000));  // 250 wildcards, within the query size limits
    REQUIRE(many.ok);
    bool capped = false;
    for (const auto& w : many.results.warnings) capped |= w.find("only the first 20 wildcards") != std::string::npos;
    CHECK(capped);
    CHECK(many.results.warnings.size() < 5);  // one warning per kind, not one per wildcard

    Outcome o = run(s, "a*");
    REQUIRE(o.ok);
    CHECK(o.results.total >= 1);
    bool warned = false;
    for (const auto& w : o.results.warnings) warned |= w.find("a*") != std::string::npos;
    CHECK(warned);
}

TEST_CASE("hostile queries: absurd ranges and filter values") {
    Searcher s(hostile_index());
    for (const std::string q :
         {"year:0..99999999999999999999999", "year:2024..1990", "year:-5..-1", "year:99999999999", "year:..-9999999999",
          "year:2019..2019..2019", "year:1e9", "year:0x7e3", "year:2019..", "year:..0", "year:18446744073709551616"}) {
        CAPTURE(q);
        run(s, q);
    }
    SearchRequest inverted;
    inverted.year_min = 2024;
    inverted.year_max = 1990;
    Outcome o = run(s, inverted);
    REQUIRE(o.ok);
    CHECK(o.results.total == 0);

    SearchRequest extreme;
    extreme.year_min = std::numeric_limits<int>::min();
    extreme.year_max = std::numeric_limits<int>::max();
    CHECK(run(s, extreme).ok);

    SearchRequest bad_year;
    bad_year.filters[Facet::year] = {"20x9", "99999999999999999999", ""};
    Outcome y = run(s, bad_year);
    CHECK_FALSE(y.ok);  // Error(usage) naming the bad value
    CHECK(y.error.find("20x9") != std::string::npos);

    SearchRequest huge_page;
    huge_page.offset = std::numeric_limits<std::size_t>::max() - 5;
    huge_page.limit = std::numeric_limits<std::size_t>::max();
    huge_page.facet_values = std::numeric_limits<std::size_t>::max();
    huge_page.highlight.max_fragments = 1000000;
    huge_page.highlight.fragment_bytes = std::numeric_limits<std::size_t>::max();
    Outcome h = run(s, huge_page);
    if (h.ok) CHECK(h.results.hits.empty());

    SearchRequest everything;
    everything.limit = std::numeric_limits<std::size_t>::max();
    everything.highlight.fragment_bytes = 0;
    Outcome e = run(s, everything);
    REQUIRE(e.ok);
    CHECK(e.results.hits.size() == e.results.total);

    SearchRequest odd_filters;
    odd_filters.filters[Facet::institution] = {std::string(10000, 'K'), "", "\x01", std::string("K\0A", 3), "\xFF\xFENowhere Polytechnic"};
    odd_filters.filters[Facet::venue] = {repeat("SOSP '23 ", 10000)};
    run(s, odd_filters);
}
