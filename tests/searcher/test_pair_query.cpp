// Phrases answered by pair terms (searcher/pair_query.hpp): the same hits,
// scores, totals, facets and highlights as phrases answered by positions.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include <xapian.h>

#include "cvsearch/indexer.hpp"
#include "cvsearch/parse.hpp"
#include "cvsearch/searcher.hpp"
#include "vocabulary/analyzer.hpp"
#include "vocabulary/pair_terms.hpp"
#include "indexer/part_writer.hpp"
#include "searcher/pair_query.hpp"
#include "tests/analysis_util.hpp"
#include "tests/test_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

Xapian::Query phrase(std::initializer_list<const char*> words) {
    std::vector<std::string> w(words.begin(), words.end());
    return Xapian::Query(Xapian::Query::OP_PHRASE, w.begin(), w.end(), static_cast<Xapian::termcount>(w.size()));
}

std::string described(const Xapian::Query& q) { return q.get_description(); }

}  // namespace

TEST_CASE("pair query: which phrases are rewritten, and into what") {
    const indexing::PairWords words({"deep", "learning", "memory", "systems"});
    const std::string pair = "XPdeep learning";

    // Two listed words: the AND of the same leaves, filtered by the pair term.
    auto two = search::use_pair_terms(phrase({"deep", "learning"}), words);
    CHECK(two.get_type() == Xapian::Query::OP_FILTER);
    CHECK(two.get_subquery(0).get_type() == Xapian::Query::OP_AND);
    CHECK(described(two.get_subquery(1)) == described(Xapian::Query(pair)));

    // Longer: the phrase stays, filtered by the AND of its listed pairs.
    auto three = search::use_pair_terms(phrase({"deep", "learning", "graphs"}), words);
    CHECK(three.get_type() == Xapian::Query::OP_FILTER);
    CHECK(three.get_subquery(0).get_type() == Xapian::Query::OP_PHRASE);
    CHECK(described(three.get_subquery(1)) == described(Xapian::Query(pair)));  // "learning graphs" is not listed
    auto four = search::use_pair_terms(phrase({"memory", "systems", "deep", "learning"}), words);
    CHECK(four.get_subquery(1).get_num_subqueries() == 3);  // memory systems, systems deep, deep learning

    // Inside AND / OR / AND_NOT / MAX: rebuilt around the rewritten phrase.
    Xapian::Query tree(Xapian::Query::OP_AND_NOT,
                       Xapian::Query(Xapian::Query::OP_OR, phrase({"deep", "learning"}), Xapian::Query("graphs")),
                       phrase({"memory", "systems"}));
    const std::string rewritten = described(search::use_pair_terms(tree, words));
    CHECK(rewritten.find("XPdeep learning") != std::string::npos);
    CHECK(rewritten.find("XPmemory systems") != std::string::npos);
    CHECK(rewritten.find("graphs") != std::string::npos);

    // Left as they are: unlisted words, field phrases, NEAR, phrases under a
    // SYNONYM or a SCALE_WEIGHT (their weights would change), no list at all.
    for (const Xapian::Query& same :
         {phrase({"deep", "graphs"}), phrase({"XTdeep", "XTlearning"}),
          Xapian::Query(Xapian::Query::OP_NEAR, Xapian::Query("deep"), Xapian::Query("learning")),
          Xapian::Query(Xapian::Query::OP_SYNONYM, phrase({"deep", "learning"}), Xapian::Query("XCdl")),
          Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, phrase({"deep", "learning"}), 2.0), Xapian::Query("deep")}) {
        CHECK(described(search::use_pair_terms(same, words)) == described(same));
    }
    CHECK(described(search::use_pair_terms(phrase({"deep", "learning"}), indexing::PairWords())) ==
          described(phrase({"deep", "learning"})));
}

TEST_CASE("pair query: an index with pair terms answers every phrase as one without them does") {
    const std::vector<Profile> profiles = bundled_profiles();
    REQUIRE(profiles.size() >= 30);

    // The same profiles in the same order, with and without pair terms.
    TempDir dir;
    indexing::PairWords words;
    {
        indexing::PairWordCounter counter;
        indexing::DocumentBuilder builder(2026);
        for (const auto& p : profiles) counter.add(builder.build(p));
        words = counter.choose(0.2, 120);
    }
    REQUIRE(words.words().size() >= 50);
    for (const char* name : {"pairs", "positions"}) {
        IndexWriter w(dir / name);
        if (std::string(name) == "pairs") indexing::WriterParts::set_pair_words(w, words);
        for (const auto& p : profiles) w.put(p);
        w.commit();
    }

    // Phrases of two and three words from every profile's sections, and a few
    // combined with other operators, fields and filters.
    analysis::Analyzer analyzer;
    std::vector<std::string> queries;
    std::set<std::string> seen;
    std::size_t listed = 0;
    for (const auto& p : profiles) {
        for (const auto& s : p.sections) {
            const auto w = words_of(analyzer, s.text);
            for (std::size_t i = 0; i + 1 < w.size(); i += 3) {
                const bool pair_listed = words.contains(w[i]) && words.contains(w[i + 1]);
                if (!pair_listed && i % 12 != 0) continue;  // keep some unlisted ones too
                std::string q = "\"" + w[i] + " " + w[i + 1] + "\"";
                if (!seen.insert(q).second) continue;
                queries.push_back(q);
                if (pair_listed) ++listed;
                if (i + 2 < w.size()) queries.push_back("\"" + w[i] + " " + w[i + 1] + " " + w[i + 2] + "\"");
            }
        }
    }
    std::sort(queries.begin(), queries.end());
    if (queries.size() > 600) {  // every k-th, to keep the test fast
        std::vector<std::string> some;
        for (std::size_t i = 0; i < queries.size(); i += queries.size() / 600 + 1) some.push_back(queries[i]);
        queries = some;
    }
    for (const char* extra : {"\"of the\" OR \"in the\"", "systems -\"of the\"", "\"university of\" learning",
                              "title:\"of the\"", "fault-tolerant systems", "\"and the\" venue:SOSP",
                              "\"of the\" year:2015..2024", "\"in the\" institution:KAIST"})
        queries.push_back(extra);
    MESSAGE(queries.size() << " queries, " << listed << " phrases of two listed words");
    CHECK(listed >= 100);

    Searcher with(dir / "pairs"), without(dir / "positions");
    for (const auto& q : queries) {
        SearchRequest req;
        req.query = q;
        req.limit = 50;
        req.facet_values = 100;
        auto a = with.search(req), b = without.search(req);
        CHECK_MESSAGE(a.total == b.total, "query: " << q);
        CHECK_MESSAGE(a.facets == b.facets, "query: " << q);
        REQUIRE_MESSAGE(a.hits.size() == b.hits.size(), "query: " << q);
        for (std::size_t i = 0; i < a.hits.size(); ++i) {
            CHECK_MESSAGE(a.hits[i].id == b.hits[i].id, "query: " << q << ", rank " << i + 1);
            CHECK_MESSAGE(a.hits[i].score == b.hits[i].score, "query: " << q << ", rank " << i + 1);
            REQUIRE(a.hits[i].highlights.size() == b.hits[i].highlights.size());
            for (std::size_t h = 0; h < a.hits[i].highlights.size(); ++h) {
                CHECK(a.hits[i].highlights[h].text == b.hits[i].highlights[h].text);
                CHECK(a.hits[i].highlights[h].spans == b.hits[i].highlights[h].spans);
            }
        }
    }
}
