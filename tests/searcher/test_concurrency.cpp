// One Searcher shared by threads; a Searcher that outlives writer commits.
#include <doctest/doctest.h>

#include <atomic>
#include <thread>

#include "cvsearch/searcher.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

TEST_CASE("a Searcher shared by several threads gives the single-threaded answers") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    const std::vector<std::string> queries = {"fault tolerance", "J. Chung", "venue:SOSP", "ML", "year:2019..2020",
                                              "zurich", "fault AND", "", "checkp*", "title:consensus"};
    std::vector<std::vector<std::string>> expected;
    for (const auto& q : queries) {
        SearchRequest req;
        req.query = q;
        expected.push_back(ids(s.search(req)));
    }
    std::atomic<int> mismatches{0}, errors{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (int round = 0; round < 25; ++round) {
                std::size_t k = static_cast<std::size_t>(t + round) % queries.size();
                try {
                    SearchRequest req;
                    req.query = queries[k];
                    if (ids(s.search(req)) != expected[k]) ++mismatches;
                    if (!s.profile("eth/marta-kostic")) ++mismatches;
                } catch (...) {
                    ++errors;
                }
            }
        });
    }
    for (auto& th : threads) th.join();
    CHECK(mismatches == 0);
    CHECK(errors == 0);
}

TEST_CASE("a Searcher keeps answering while a writer commits many times") {
    TempDir dir;
    auto db = build_fixture_index(dir);
    Searcher s(db);
    SearchRequest req;
    req.query = "storage";
    REQUIRE(s.search(req).total == 1);
    IndexWriter w(db, WriterOptions{false, 2025});
    for (int i = 0; i < 6; ++i) {
        Profile p;
        p.id = "extra/" + std::to_string(i);
        p.name = "Extra Person " + std::to_string(i);
        p.interests = {"storage engines"};
        for (int k = 0; k < 50; ++k) p.publications.push_back(pub("Storage Paper " + std::to_string(k), "FAST", 2020));
        w.put(p);
        w.commit();
        // The pooled reader is older than these commits: it must reopen and
        // retry (DatabaseModifiedError) or answer from its snapshot, never fail.
        SearchResults r;
        REQUIRE_NOTHROW(r = s.search(req));
        CHECK(r.total >= 1);
        CHECK(r.total <= static_cast<std::size_t>(i) + 2);
    }
    // A new Searcher sees every commit.
    CHECK(Searcher(db).search(req).total == 7);
}
