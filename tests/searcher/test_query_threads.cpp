// Tests for SearcherOptions::query_threads (searcher/docid_range.hpp): a
// request searched as several ranges of documents at once gives exactly what
// the one-thread search gives.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

/// 400 invented researchers drawn from small vocabularies (many ties in
/// score, facet values shared by many), then every 9th removed: docids with gaps.
std::filesystem::path build_random_index(const TempDir& dir) {
    static const char* words[] = {"fault", "tolerance", "consensus", "storage", "learning", "graph", "privacy",
                                  "compilers", "networks", "quantum", "memory", "systems", "verification", "vision"};
    static const char* venues[] = {"SOSP", "OSDI", "NSDI", "ICML", "NeurIPS", "PLDI", "CCS", "FAST"};
    static const char* places[] = {"KAIST", "ETH Zurich", "University of Michigan", "EPFL", "Tsinghua University"};
    std::mt19937 rng(424242);
    auto word = [&] { return std::string(words[rng() % std::size(words)]); };
    auto db = dir / "index.db";
    IndexWriter writer(db, WriterOptions{false, 2025});
    for (int i = 0; i < 400; ++i) {
        Profile p;
        p.id = "random/" + std::to_string(i);
        p.name = "Person " + std::to_string(i);
        p.interests = {word() + " " + word()};
        p.affiliations = {aff(places[rng() % std::size(places)], AffiliationKind::work, "Professor", 2000 + static_cast<int>(rng() % 20), true)};
        const int pubs = 1 + static_cast<int>(rng() % 4);
        for (int k = 0; k < pubs; ++k)
            p.publications.push_back(pub(word() + " " + word() + " " + word(), venues[rng() % std::size(venues)], 2010 + static_cast<int>(rng() % 15)));
        p.source.content_hash = "h" + std::to_string(i);
        writer.put(p);
    }
    for (int i = 0; i < 400; i += 9) writer.remove("random/" + std::to_string(i));
    writer.commit();
    return db;
}

}  // namespace

TEST_CASE("query_threads: searching ranges of documents at once gives the one-thread hits, scores, totals and counts") {
    TempDir dir;
    const auto db = build_random_index(dir);
    Searcher one(db);
    struct Case {
        std::string query;
        std::map<Facet, std::vector<std::string>> filters;
        std::size_t offset = 0, limit = 10;
    };
    const std::vector<Case> cases = {
        {"", {}},
        {"fault", {}},
        {"fault tolerance", {}, 5, 20},
        {"learning OR graph", {}, 17, 10},
        {"systems -memory", {}},
        {"\"fault tolerance\"", {}},                                // a phrase: Xapian's exhaustive match per range
        {"quantum", {{Facet::venue, {"SOSP", "ICML"}}}},
        {"privacy", {{Facet::year, {"2015"}}, {Facet::institution, {"KAIST"}}}, 0, 50},
        {"\"memory systems\"", {{Facet::institution, {"EPFL"}}}},    // own-filter counts by Xapian per range
        {"verif*", {}},                                              // a wildcard
        {"person", {}, 0, 400},                                      // every profile, all hits
        {"nothingmatchesthis", {}},
    };
    for (std::size_t threads : {2, 3, 7}) {
        SearcherOptions options;
        options.query_threads = threads;
        options.query_thread_min_docs = 1;
        Searcher many(db, options);
        for (const auto& c : cases) {
            SearchRequest req;
            req.query = c.query;
            req.filters = c.filters;
            req.offset = c.offset;
            req.limit = c.limit;
            req.facet_values = 100;
            const auto a = one.search(req), b = many.search(req);
            INFO("query " << c.query << ", " << threads << " threads");
            CHECK(b.total == a.total);
            CHECK(b.total_is_exact == a.total_is_exact);
            CHECK(b.facets == a.facets);
            CHECK(b.warnings == a.warnings);
            REQUIRE(b.hits.size() == a.hits.size());
            for (std::size_t i = 0; i < a.hits.size(); ++i) {
                CHECK(b.hits[i].id == a.hits[i].id);
                CHECK(b.hits[i].rank == a.hits[i].rank);
                // The same parts, added up in another order where Xapian's
                // matcher turned an AND_MAYBE into an AND: equal to the last bits.
                CHECK(b.hits[i].score == doctest::Approx(a.hits[i].score).epsilon(1e-12));
                CHECK(b.hits[i].highlights.size() == a.hits[i].highlights.size());
            }
        }
    }
}

TEST_CASE("query_threads: a request sorted by a value, or on a small index, is searched on one thread with the same results") {
    TempDir dir;
    const auto db = build_random_index(dir);
    SearcherOptions options;
    options.query_threads = 4;  // query_thread_min_docs stays 25,000: this index is too small to split
    Searcher one(db), many(db, options);
    SearchRequest req;
    req.query = "learning";
    req.sort = SortOrder::latest_year;
    req.offset = 3;
    CHECK(ids(many.search(req)) == ids(one.search(req)));
    req.sort = SortOrder::relevance;
    CHECK(ids(many.search(req)) == ids(one.search(req)));
}
