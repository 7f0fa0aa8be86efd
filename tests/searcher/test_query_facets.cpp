// Query understanding on fictional profiles: words that name an institution,
// a venue or a year the index knows are reported (SearchResults::understood)
// and rank the profiles with that value higher, without filtering.
// See searcher/query_facets.hpp and docs/ranking.md.
#include <doctest/doctest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "cvsearch/indexer.hpp"
#include "cvsearch/render.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

Profile person(std::string id, std::string name, std::string institution, std::vector<Publication> pubs,
               std::string talk = {}) {
    Profile p;
    p.id = std::move(id);
    p.name = std::move(name);
    p.affiliations.push_back(aff(std::move(institution), AffiliationKind::work, "Researcher", 2016, true));
    p.publications = std::move(pubs);
    if (!talk.empty()) p.sections.push_back(section("Talks", "talks", talk));
    return p;
}

/// Four invented researchers. Mira (Michigan) has one GPU paper; Osk (Wexford)
/// has three and once gave a talk in Michigan; both published at SOSP, in
/// different years. A journal named after a topic ("Neural Networks"), and
/// one named after a word ("Ocean Engineering").
std::filesystem::path build_index(const TempDir& dir) {
    auto db = dir / "i.db";
    IndexWriter w(db, WriterOptions{false, 2025});
    w.put(person("a/mira-tallis", "Mira Tallis", "University of Michigan",
                 {pub("Sharing GPUs Between Tenants", "SOSP", 2023), pub("Log Structured Storage", "FAST", 2021)}));
    w.put(person("b/osk-varen", "Osk Varen", "University of Wexford",
                 {pub("GPUs for Sparse Kernels", "SOSP", 2019), pub("Scheduling GPUs Fairly", "EuroSys", 2020),
                  pub("GPUs at Scale", "ATC", 2022)},
                 "Invited talk on GPUs, Ann Arbor, Michigan, 2022"));
    w.put(person("c/pia-lund", "Pia Lund", "University of Wexford",
                 {pub("Pruning Neural Networks", "Neural Networks", 2022), pub("Ocean Wave Sensors", "Ocean Engineering", 2021)}));
    w.put(person("d/rem-soto", "Rem Soto", "Brannock Institute of Technology",
                 {pub("Neural Networks for Ocean Currents", "NeurIPS", 2023)}));
    w.commit();
    return db;
}

SearchResults find(const Searcher& s, std::string q, std::map<Facet, std::vector<std::string>> filters = {}) {
    SearchRequest req;
    req.query = std::move(q);
    req.filters = std::move(filters);
    return s.search(req);
}

}  // namespace

TEST_CASE("an institution named in the query is understood and ranks its profiles higher, without filtering") {
    TempDir dir;
    const auto db = build_index(dir);
    Searcher s(db);
    auto r = find(s, "who works on GPUs at Michigan");
    REQUIRE(r.understood.size() == 1);
    CHECK(r.understood[0] == UnderstoodValue{Facet::institution, "University of Michigan", "Michigan"});
    REQUIRE(r.hits.size() == 2);  // both have the words: not a filter
    CHECK(r.hits[0].id == "a/mira-tallis");

    // Without the boost, the profile with more GPU papers comes first: the
    // boost is what puts Michigan first. The value is still reported.
    SearcherOptions off;
    off.understood_weight = 0;
    Searcher plain(db, off);
    auto p = find(plain, "who works on GPUs at Michigan");
    CHECK(p.understood == r.understood);
    REQUIRE(p.hits.size() == 2);
    CHECK(p.hits[0].id == "b/osk-varen");

    // Abbreviated, as people type it.
    auto u = find(s, "U of Michigan");
    REQUIRE(u.understood.size() == 1);
    CHECK(u.understood[0].value == "University of Michigan");
    CHECK(u.understood[0].words == "U of Michigan");
}

TEST_CASE("a venue and a year named in the query are understood") {
    TempDir dir;
    Searcher s(build_index(dir));
    auto r = find(s, "SOSP 2023");
    REQUIRE(r.understood.size() == 2);
    CHECK(r.understood[0] == UnderstoodValue{Facet::venue, "SOSP", "SOSP"});
    CHECK(r.understood[1] == UnderstoodValue{Facet::year, "2023", "2023"});
    REQUIRE_FALSE(r.hits.empty());
    CHECK(r.hits[0].id == "a/mira-tallis");  // SOSP in 2023
    auto n = find(s, "gpus NeurIPS");
    REQUIRE(n.understood.size() == 1);
    CHECK(n.understood[0].value == "NeurIPS");
    // A year no profile published in is not a value of the index.
    CHECK(find(s, "GPUs 1987").understood.empty());
}

TEST_CASE("topic words that happen to name a venue are not understood as the venue") {
    TempDir dir;
    Searcher s(build_index(dir));
    CHECK(find(s, "neural networks").understood.empty());
    CHECK(find(s, "pruning neural networks").understood.empty());
    CHECK(find(s, "ocean sensors").understood.empty());
    CHECK(find(s, "\"University of Michigan\"").understood.empty());  // quoted: the user chose a phrase
    CHECK(find(s, "title:Michigan").understood.empty());               // a field word
}

TEST_CASE("a value the request already filters on is not reported again") {
    TempDir dir;
    Searcher s(build_index(dir));
    auto r = find(s, "GPUs at Michigan", {{Facet::institution, {"University of Michigan"}}});
    CHECK(r.understood.empty());
    REQUIRE(r.hits.size() == 1);
    CHECK(r.hits[0].id == "a/mira-tallis");
}

TEST_CASE("understood values in the JSON, terminal and HTML output") {
    TempDir dir;
    Searcher s(build_index(dir));
    auto r = find(s, "GPUs at Michigan");
    auto j = nlohmann::json::parse(results_to_json(r));
    REQUIRE(j["understood"].size() == 1);
    CHECK(j["understood"][0] == nlohmann::json{{"facet", "institution"}, {"value", "University of Michigan"}, {"words", "Michigan"}});
    CHECK(nlohmann::json::parse(results_to_json(find(s, "storage")))["understood"] == nlohmann::json::array());
    const std::string text = results_to_terminal(r);
    CHECK(text.find("Ranked higher: institution University of Michigan (from \"Michigan\"); to filter, add "
                    "institution:\"University of Michigan\"") != std::string::npos);
    CHECK(results_to_html(r).find("class=\"cvsearch-understood\" data-facet=\"institution\"") != std::string::npos);
}

TEST_CASE("an institution is understood only from words that name it, not from a topic before it") {
    TempDir dir;
    Searcher s(build_index(dir));
    auto r = find(s, "sparse kernels at University of Michigan");
    REQUIRE(r.understood.size() == 1);
    CHECK(r.understood[0].words == "University of Michigan");  // not "kernels at University of Michigan"
    auto b = find(s, "storage Brannock Institute of Technology");
    REQUIRE(b.understood.size() == 1);
    CHECK(b.understood[0] == UnderstoodValue{Facet::institution, "Brannock Institute of Technology", "Brannock Institute of Technology"});
}

TEST_CASE("an institution nobody is at now is understood as an affiliation (where people have been)") {
    TempDir dir;
    auto db = dir / "i.db";
    {
        IndexWriter w(db, WriterOptions{false, 2025});
        Profile p = person("a/ulla-brandt", "Ulla Brandt", "Quillon University", {pub("Tidal Sensors", "OCEANS", 2022)});
        p.affiliations.push_back(aff("Harrow Polytechnic", AffiliationKind::education, "PhD student", 2010, false));
        w.put(p);
        w.put(person("b/ivo-marr", "Ivo Marr", "Quillon University", {pub("Tidal Power", "OCEANS", 2021)}));
        w.commit();
    }
    Searcher s(db);
    auto r = find(s, "tidal Harrow");
    REQUIRE(r.understood.size() == 1);
    CHECK(r.understood[0] == UnderstoodValue{Facet::affiliation, "Harrow Polytechnic", "Harrow"});
    auto q = find(s, "tidal Quillon");
    REQUIRE(q.understood.size() == 1);
    CHECK(q.understood[0].facet == Facet::institution);  // people are there now
}
