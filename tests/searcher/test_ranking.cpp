// Ranking order on fictional profiles: field weights beat single mentions,
// names beat text, the prior only breaks near-ties. See docs/ranking.md.
#include <doctest/doctest.h>

#include <filesystem>

#include "cvsearch/indexer.hpp"
#include "cvsearch/parse.hpp"
#include "cvsearch/searcher.hpp"
#include "vocabulary/facet_table.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

TEST_CASE("paper titles that match rank above a single mention in a skills list") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    for (const std::string q : {"fault tolerance", "fault tolerant", "\"fault tolerance\""}) {
        SearchRequest req;
        req.query = q;
        auto r = s.search(req);
        const auto daniel = rank_of(r, "industry/daniel-ode");  // skills only, but 6 papers (higher prior)
        CHECK_MESSAGE(rank_of(r, "eth/marta-kostic") < daniel, q);
        if (q != "\"fault tolerance\"") CHECK_MESSAGE(rank_of(r, "kaist/jae-won-chung") < daniel, q);
        // Three titles + research text; for "fault tolerant" Jae-Won's titles say
        // "Fault-Tolerant" word for word, which proximity ranks first.
        if (q != "fault tolerant") CHECK_MESSAGE(r.hits[0].id == "eth/marta-kostic", q);
    }
}

TEST_CASE("a name match ranks above the same word elsewhere") {
    TempDir dir;
    auto db = dir / "i.db";
    {
        IndexWriter w(db, WriterOptions{false, 2025});
        Profile storage_person;  // the word "storage" everywhere, many papers
        storage_person.id = "a/storage-expert";
        storage_person.name = "Lena Holm";
        storage_person.interests = {"storage"};
        for (int i = 0; i < 10; ++i) storage_person.publications.push_back(pub("Storage Paper " + std::to_string(i), "FAST", 2024));
        Profile named;  // surname Storage, nothing else
        named.id = "b/ivo-storage";
        named.name = "Ivo Storage";
        w.put(storage_person);
        w.put(named);
        w.commit();
    }
    Searcher s(db);
    SearchRequest req;
    req.query = "Ivo Storage";
    auto r = s.search(req);
    REQUIRE_FALSE(r.hits.empty());
    CHECK(r.hits[0].id == "b/ivo-storage");
}

TEST_CASE("the prior breaks ties toward recent publications") {
    TempDir dir;
    auto db = dir / "i.db";
    {
        IndexWriter w(db, WriterOptions{false, 2025});
        for (int k = 0; k < 2; ++k) {  // same text, same number of papers; only the years differ
            Profile p;
            p.id = k ? "recent" : "old";
            p.name = k ? "Ria Vale" : "Ola Berg";
            p.interests = {"graph databases"};
            for (int i = 0; i < 20; ++i) p.publications.push_back(pub("Untitled Work " + std::to_string(i), "VLDB", k ? 2024 : 1990));
            w.put(p);
        }
        w.commit();
    }
    SearchRequest req;
    req.query = "graph databases";
    auto with_prior = Searcher(db).search(req);
    REQUIRE(with_prior.hits.size() == 2);
    CHECK(with_prior.hits[0].id == "recent");
    CHECK(with_prior.hits[0].score > with_prior.hits[1].score);
    SearcherOptions no_prior;
    no_prior.prior_weight = 0;
    auto without = Searcher(db, no_prior).search(req);
    REQUIRE(without.hits.size() == 2);
    CHECK(without.hits[0].score == doctest::Approx(without.hits[1].score));
}

TEST_CASE("a name beats many co-author mentions of the same name") {
    TempDir dir;
    auto db = dir / "i.db";
    {
        IndexWriter w(db, WriterOptions{false, 2025});
        Profile named;
        named.id = "jae";
        named.name = "Jae-Won Chung";
        named.interests = {"operating systems"};
        Profile coauthor;  // writes "J. Chung" in every author list
        coauthor.id = "lee";
        coauthor.name = "Lee Park";
        for (int i = 0; i < 6; ++i) {
            auto p = pub("Shared Paper " + std::to_string(i), "OSDI", 2020 + i % 4);
            p.authors = {"L. Park", "J. Chung"};
            coauthor.publications.push_back(p);
        }
        coauthor.sections = {section("Publications", "publications", "L. Park, J. Chung. Shared Paper 0. L. Park, J. Chung. Shared Paper 1.")};
        w.put(named);
        w.put(coauthor);
        w.commit();
    }
    Searcher s(db);
    for (const std::string q : {"J. Chung", "Chung", "Chung J"}) {
        SearchRequest req;
        req.query = q;
        auto r = s.search(req);
        REQUIRE_MESSAGE(r.hits.size() == 2, q);
        CHECK_MESSAGE(r.hits[0].id == "jae", q);
    }
}

TEST_CASE("the prior from the facet table ranks exactly as ValueWeightPostingSource") {
    // The bundled profiles plus the fixtures, two of them removed (docid gaps
    // the table must step over), against a Searcher that has no table (the
    // stock posting source remote shards use): same hits, same scores.
    TempDir dir;
    auto db = dir / "index.db";
    {
        IndexWriter writer(db, WriterOptions{false, 2025});
        for (const auto& p : fixture_profiles()) writer.put(p);
        for (const auto& p : bundled_profiles()) writer.put(p);
        writer.commit();
        const auto all = writer.profiles();
        REQUIRE(all.size() > 30);
        CHECK(writer.remove(all[3].id));
        CHECK(writer.remove(all[20].id));
        writer.commit();
    }
    REQUIRE(search::FacetTable::is_local(db));
    SearcherOptions stock;
    stock.local_facet_table = false;
    Searcher with_table(db), without(db, stock);
    const char* queries[] = {"", "systems", "fault tolerance", "machine learning", "energy", "consensus",
                             "security OR privacy", "professor", "title:consensus", "kaist", "distributed -energy"};
    std::size_t hits = 0;
    for (bool facets : {true, false}) {  // faceted first: it builds the table that plain queries then use
        for (const char* q : queries) {
            SearchRequest req;
            req.query = q;
            req.limit = 50;
            req.highlight.enabled = false;
            if (!facets) req.facets.clear();
            auto a = with_table.search(req), b = without.search(req);
            CAPTURE(q);
            CAPTURE(facets);
            CHECK(a.total == b.total);
            REQUIRE(a.hits.size() == b.hits.size());
            for (std::size_t i = 0; i < a.hits.size(); ++i) {
                CHECK(a.hits[i].id == b.hits[i].id);
                CHECK(a.hits[i].score == b.hits[i].score);  // exactly: the same doubles
            }
            hits += a.hits.size();
        }
    }
    CHECK(hits > 100);
}

TEST_CASE("a word in the person's own statement of their work counts more than one in a job's description") {
    // Two invented profiles of the same shape and length: "glaciology" once in
    // a summary (or research interests, or a research statement) section, or
    // once in an experience section. No prior (no publications) to tip them.
    for (const std::string kind : {"summary", "interests", "research"}) {
        TempDir dir;
        auto db = dir / "i.db";
        {
            IndexWriter w(db, WriterOptions{false, 2025});
            Profile own;
            own.id = "a/own-words";
            own.name = "Runa Pell";
            own.sections = {section("About", kind, "Glaciology and ice sheets, field seasons in the north."),
                            section("Work", "experience", "Lecturer, teaching physics to first-year students.")};
            Profile job;
            job.id = "b/job-words";
            job.name = "Tarja Voss";
            job.sections = {section("About", kind, "Ice sheets and teaching, field seasons in the north."),
                            section("Work", "experience", "Lecturer, glaciology for first-year physics students.")};
            w.put(job);
            w.put(own);
            w.commit();
        }
        Searcher s(db);
        SearchRequest req;
        req.query = "glaciology";
        auto r = s.search(req);
        REQUIRE(r.hits.size() == 2);
        CHECK_MESSAGE(r.hits[0].id == "a/own-words", kind);
        CHECK_MESSAGE(r.hits[0].score > r.hits[1].score, kind);
    }
}
