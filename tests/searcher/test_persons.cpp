// One person, one result: the files of one person (indexer/person_groups.hpp)
// are one hit listing the others, counted once in totals and facets, and
// similar() never returns the person itself. Fictional people only.
#include <doctest/doctest.h>

#include <xapian.h>

#include "cvsearch/render.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/searcher/fixtures.hpp"
#include "vocabulary/schema.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

const Publication engine_paper = pub("Notes on the Analytical Engine and Its Programs", "ENGINES", 2021);
const Publication loom_paper = pub("Weaving Algebraic Patterns with Punched Cards", "LOOMS", 2022);

/// Ada's CV: current institution, e-mail, both papers.
Profile ada_cv() {
    Profile p;
    p.id = "cv/ada-byron";
    p.name = "Ada Byron";
    p.emails = {"ada@analytical.example"};
    p.affiliations = {aff("University of Nowhere", AffiliationKind::work, "Professor", 2019, true)};
    p.publications = {engine_paper, loom_paper};
    p.sections = {section("Research", "research", "I write programs for the analytical engine.")};
    return p;
}

/// Ada's publications page: the same e-mail, no institution.
Profile ada_page() {
    Profile p;
    p.id = "pages/ada-byron-publications";
    p.name = "Ada BYRON";
    p.emails = {"ada@analytical.example"};
    p.publications = {engine_paper, loom_paper};
    p.sections = {section("Publications", "publications", "Papers about the analytical engine and punched cards.")};
    return p;
}

/// Two different John Smiths, nothing shared but the name and a topic word.
Profile john(std::string id, std::string email, std::string institution, std::string title) {
    Profile p;
    p.id = std::move(id);
    p.name = "John Smith";
    p.emails = {std::move(email)};
    p.affiliations = {aff(std::move(institution), AffiliationKind::work, "Engineer", 2018, true)};
    p.publications = {pub(std::move(title), "ENGINES", 2020)};
    p.sections = {section("About", "summary", "I work on the analytical engine of search.")};
    return p;
}

std::filesystem::path build(const TempDir& dir, const std::vector<Profile>& profiles) {
    auto db = dir / "db";
    IndexWriter writer(db, WriterOptions{false, 2025});
    for (const auto& p : profiles) writer.put(p);
    writer.commit();
    return db;
}

std::vector<Profile> people() {
    return {ada_cv(), ada_page(), john("a/john-smith", "john@one.example", "Widget Institute", "Ranking Widgets by Their Colour"),
            john("b/john-smith", "jsmith@two.example", "Gadget College", "Soil Moisture Under Alpine Meadows")};
}

const SearchHit* hit_of(const SearchResults& r, const std::string& id) {
    for (const auto& h : r.hits)
        if (h.id == id) return &h;
    return nullptr;
}

}  // namespace

TEST_CASE("two files of one person sharing an e-mail are one hit that names the other") {
    TempDir dir;
    Searcher s(build(dir, people()));
    SearchRequest req;
    req.query = "analytical engine";
    const auto res = s.search(req);
    // Ada once (either file), the two John Smiths apart.
    CHECK(res.total == 3);
    REQUIRE(res.hits.size() == 3);
    std::size_t adas = 0;
    for (const auto& h : res.hits) {
        if (h.name.find("Ada") == std::string::npos && h.name.find("ADA") == std::string::npos) {
            CHECK(h.also.empty());
            continue;
        }
        ++adas;
        const std::string other = h.id == "cv/ada-byron" ? "pages/ada-byron-publications" : "cv/ada-byron";
        CHECK(h.also == std::vector<std::string>{other});
        // Whichever file shows her, the card has the CV's institution.
        CHECK(h.institution == "University of Nowhere");
        CHECK(h.card.position == "Professor");
    }
    CHECK(adas == 1);
    CHECK(hit_of(res, "a/john-smith"));
    CHECK(hit_of(res, "b/john-smith"));
    // Shown by the page (only it says "papers"): the card is completed from the CV.
    req.query = "papers";
    const auto page = s.search(req);
    REQUIRE(page.hits.size() == 1);
    CHECK(page.hits[0].id == "pages/ada-byron-publications");
    CHECK(page.hits[0].also == std::vector<std::string>{"cv/ada-byron"});
    CHECK(page.hits[0].institution == "University of Nowhere");
    // The JSON API says so.
    const std::string json = results_to_json(res, -1);
    CHECK(json.find("\"also\":[\"") != std::string::npos);
    CHECK(json.find("\"also\":[]") != std::string::npos);  // the John Smiths
    // show names the other file, both ways.
    CHECK(s.same_person("cv/ada-byron") == std::vector<std::string>{"pages/ada-byron-publications"});
    CHECK(s.same_person("pages/ada-byron-publications") == std::vector<std::string>{"cv/ada-byron"});
    CHECK(s.same_person("a/john-smith").empty());
    CHECK(s.same_person("no/such-id").empty());
}

TEST_CASE("a person counts once in totals and facets, on every counting path") {
    TempDir dir;
    const auto db = build(dir, people());
    for (bool table : {true, false}) {
        for (SortOrder sort : {SortOrder::relevance, SortOrder::latest_year}) {
            CAPTURE(table);
            CAPTURE(sort_order_name(sort));
            SearcherOptions options;
            options.local_facet_table = table;
            Searcher s(db, options);
            SearchRequest req;  // an empty query: every profile
            req.sort = sort;
            auto res = s.search(req);
            CHECK(res.total == 3);
            CHECK(res.total_is_exact);
            CHECK(res.hits.size() == 3);
            req.query = "punched cards";  // only Ada's files
            res = s.search(req);
            CHECK(res.total == 1);
            REQUIRE(res.hits.size() == 1);
            CHECK(res.hits[0].also.size() == 1);
            // Both files list ENGINES and 2021; only the CV names her institution.
            CHECK(count_of(res, Facet::venue, "ENGINES") == 1);
            CHECK(count_of(res, Facet::year, "2021") == 1);
            CHECK(count_of(res, Facet::institution, "University of Nowhere") == 1);
            req.query.clear();
            res = s.search(req);
            CHECK(count_of(res, Facet::venue, "ENGINES") == 3);  // Ada once, and each John Smith
            const auto stats = s.stats();
            CHECK(stats.profiles == 4);
            CHECK(stats.persons == 3);
            CHECK(stats.facets.at(Facet::venue) == res.facets.at(Facet::venue));
            // A filter on the facet itself (disjunctive counts): the same persons.
            req.filters[Facet::venue] = {"ENGINES"};
            res = s.search(req);
            CHECK(res.total == 3);
            CHECK(count_of(res, Facet::venue, "ENGINES") == 3);
            CHECK(count_of(res, Facet::venue, "LOOMS") == 1);
        }
    }
}

TEST_CASE("a person with files in two docid ranges is one hit with query threads") {
    TempDir dir;
    // Ada's files far apart in docid order, so that each range holds one.
    std::vector<Profile> profiles = {ada_cv()};
    for (int i = 0; i < 6; ++i) {
        Profile p;
        p.id = "filler/" + std::to_string(i);
        p.name = "Filler Person" + std::to_string(i);
        p.sections = {section("About", "summary", "The analytical engine of filler number " + std::to_string(i))};
        profiles.push_back(p);
    }
    profiles.push_back(ada_page());
    const auto db = build(dir, profiles);
    SearcherOptions one, two;
    two.query_threads = 2;
    two.query_thread_min_docs = 1;
    Searcher a(db, one), b(db, two);
    for (const std::string q : {"analytical engine", "", "punched cards"}) {
        CAPTURE(q);
        SearchRequest req;
        req.query = q;
        const auto x = a.search(req), y = b.search(req);
        CHECK(x.total == y.total);
        CHECK(ids(x) == ids(y));
        CHECK(x.facets == y.facets);
    }
    SearchRequest req;
    req.query = "analytical engine";
    CHECK(b.search(req).total == 7);  // Ada once, six fillers
}

TEST_CASE("similar never returns the person itself and shows each other person once") {
    TempDir dir;
    Searcher s(build(dir, people()));
    for (const std::string id : {"cv/ada-byron", "pages/ada-byron-publications"}) {
        const auto res = s.similar(id, 10);
        for (const auto& h : res.hits) {
            CHECK(h.id != "cv/ada-byron");
            CHECK(h.id != "pages/ada-byron-publications");
        }
    }
    const auto res = s.similar("a/john-smith", 10);
    std::size_t adas = 0;
    for (const auto& h : res.hits) adas += h.id.find("ada-byron") != std::string::npos;
    CHECK(adas <= 1);
}

TEST_CASE("adding and removing a file of a person regroups it at the next commit") {
    TempDir dir;
    const auto db = build(dir, {ada_cv(), john("a/john-smith", "john@one.example", "Widget Institute", "Ranking Widgets by Colour")});
    SearchRequest req;
    req.query = "punched cards";
    {
        Searcher s(db);
        auto res = s.search(req);
        REQUIRE(res.hits.size() == 1);
        CHECK(res.hits[0].also.empty());
    }
    {
        IndexWriter w(db);
        w.put(ada_page());
        w.commit();
        Searcher s(db);
        auto res = s.search(req);
        CHECK(res.total == 1);
        REQUIRE(res.hits.size() == 1);
        CHECK(res.hits[0].also.size() == 1);
    }
    {  // the page renamed: another name, so another person
        IndexWriter w(db);
        Profile renamed = ada_page();
        renamed.name = "Augusta King";
        w.put(renamed);
        w.commit();
        Searcher s(db);
        auto res = s.search(req);
        CHECK(res.total == 2);
        for (const auto& h : res.hits) CHECK(h.also.empty());
    }
    {  // back, then removed
        IndexWriter w(db);
        w.put(ada_page());
        w.commit();
        CHECK(Searcher(db).search(req).total == 1);
        w.remove("pages/ada-byron-publications");
        w.commit();
        Searcher s(db);
        auto res = s.search(req);
        CHECK(res.total == 1);
        REQUIRE(res.hits.size() == 1);
        CHECK(res.hits[0].id == "cv/ada-byron");
        CHECK(res.hits[0].also.empty());
        CHECK(s.same_person("cv/ada-byron").empty());
    }
}

TEST_CASE("files synced from a folder are grouped, and ungrouped when one is deleted") {
    TempDir dir;
    write_file(dir / "cvs/cv/ada-byron.json", to_json(ada_cv()));
    write_file(dir / "cvs/pages/ada-byron-publications.json", to_json(ada_page()));
    SyncOptions opt;
    opt.roots = {dir / "cvs"};
    opt.db = dir / "db";
    index_directory(opt);
    SearchRequest req;
    req.query = "punched cards";
    {
        auto res = Searcher(opt.db).search(req);
        CHECK(res.total == 1);
        REQUIRE(res.hits.size() == 1);
        CHECK(res.hits[0].also.size() == 1);
    }
    std::filesystem::remove(dir / "cvs/pages/ada-byron-publications.json");
    index_directory(opt);
    auto res = Searcher(opt.db).search(req);
    CHECK(res.total == 1);
    REQUIRE(res.hits.size() == 1);
    CHECK(res.hits[0].also.empty());
}

TEST_CASE("the person table collapses exactly as Xapian does, on every page") {
    // 80 generated files of 8 names; files of one name that share the mail
    // box of their number mod 3 are one person (groups of several sizes).
    const std::vector<std::string> names = {"Ada Byron", "John Smith", "Grace Hopper", "Alan Turing",
                                            "Emmy Noether", "Kurt Goedel", "Mary Somerville", "Carl Gauss"};
    const std::vector<std::string> words = {"engine", "loom", "compiler", "lattice", "algebra", "orbit", "proof", "tide"};
    std::vector<Profile> profiles;
    for (int i = 0; i < 80; ++i) {
        Profile p;
        p.id = "gen/" + std::to_string(i);
        p.name = names[i % names.size()];
        p.emails = {"box" + std::to_string(i % 3) + "@" + std::to_string(i % names.size()) + ".example"};
        std::string text;
        for (int k = 0; k <= i % 5; ++k) text += words[(i * 7 + k * 3) % words.size()] + " ";
        p.sections = {section("Research", "research", text + "and the analytical engine")};
        profiles.push_back(p);
    }
    TempDir dir;
    const auto db = build(dir, profiles);
    SearcherOptions xapian_collapse;
    xapian_collapse.local_facet_table = false;  // no person table: Xapian's collapse
    Searcher ours(db), theirs(db, xapian_collapse);
    std::size_t collapsed = 0;
    for (const std::string q : {"engine", "loom compiler", "algebra OR orbit", "proof", "tide", "analytical engine"}) {
        for (std::size_t offset : {0, 3, 10, 25}) {
            CAPTURE(q);
            CAPTURE(offset);
            SearchRequest req;
            req.query = q;
            req.offset = offset;
            req.limit = 7;
            const auto a = ours.search(req), b = theirs.search(req);
            CHECK(a.total == b.total);
            CHECK(ids(a) == ids(b));
            for (std::size_t i = 0; i < a.hits.size() && i < b.hits.size(); ++i) {
                CHECK(a.hits[i].score == doctest::Approx(b.hits[i].score));
                CHECK(a.hits[i].also == b.hits[i].also);
                collapsed += !a.hits[i].also.empty();
            }
        }
    }
    CHECK(collapsed > 20);
    CHECK(ours.stats().persons == 24);  // 8 names x 3 mail boxes
}
