// Facet counts: exact, over the whole match set, disjunctive for filtered facets.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>

#include <xapian.h>

#include "cvsearch/indexer.hpp"
#include "cvsearch/parse.hpp"
#include "cvsearch/searcher.hpp"
#include "vocabulary/schema.hpp"
#include "vocabulary/facet_table.hpp"
#include "searcher/facets.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

/// Institution facet values are canonical (data/institutions.tsv).
std::string inst(const char* raw) { return normalize_institution(raw); }

}  // namespace

TEST_CASE("facet counts cover every match, not just the page") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    SearchRequest req;
    req.limit = 1;  // one hit shown, counts over all six
    req.facet_values = 100;
    auto r = s.search(req);
    CHECK(r.hits.size() == 1);
    struct Row {
        Facet facet;
        std::string value;
        std::size_t count;
    };
    const Row rows[] = {
        {Facet::institution, inst("KAIST"), 2}, {Facet::institution, inst("Google"), 1}, {Facet::institution, inst("ETH Zürich"), 1},
        {Facet::venue, "SOSP", 2},        {Facet::venue, "KDD", 1},          {Facet::venue, "RecSys", 1},
        {Facet::year, "2019", 3},         {Facet::year, "2024", 2},          {Facet::year, "2025", 1},
    };
    for (const auto& row : rows) CHECK_MESSAGE(count_of(r, row.facet, row.value) == row.count, row.value);
    // Most frequent first; years of one count newest first.
    const std::vector<FacetValue> years = {{"2021", 3}, {"2019", 3}, {"2024", 2}, {"2023", 2},
                                           {"2022", 2}, {"2020", 2}, {"2025", 1}};
    CHECK(r.facets[Facet::year] == years);
}

TEST_CASE("facet counts follow the query") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    SearchRequest req;
    req.query = "fault tolerance";
    auto r = s.search(req);
    CHECK(count_of(r, Facet::institution, inst("KAIST")) == 1);  // Min-Jun is not a match
    CHECK(count_of(r, Facet::venue, "SOSP") == 1);
    CHECK(count_of(r, Facet::venue, "KDD") == 1);
    CHECK(count_of(r, Facet::venue, "FAST") == 0);
}

TEST_CASE("disjunctive counts: a facet's own filter does not shrink its own counts") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    SearchRequest req;
    req.filters[Facet::institution] = {"KAIST"};
    req.facet_values = 100;
    auto r = s.search(req);
    CHECK(r.total == 2);
    // institution: counted as if no institution filter were set
    CHECK(count_of(r, Facet::institution, inst("KAIST")) == 2);
    CHECK(count_of(r, Facet::institution, inst("Google")) == 1);
    CHECK(count_of(r, Facet::institution, inst("EPFL")) == 1);
    // the other facets: narrowed to KAIST people
    CHECK(count_of(r, Facet::venue, "SOSP") == 2);
    CHECK(count_of(r, Facet::venue, "FAST") == 1);
    CHECK(count_of(r, Facet::venue, "KDD") == 0);

    // Two filtered facets: each sees the other's filter, not its own.
    req.filters[Facet::venue] = {"FAST"};
    r = s.search(req);
    CHECK(r.total == 1);
    CHECK(count_of(r, Facet::institution, inst("KAIST")) == 1);   // narrowed by venue=FAST
    CHECK(count_of(r, Facet::institution, inst("Google")) == 0);
    CHECK(count_of(r, Facet::venue, "SOSP") == 2);          // narrowed by institution=KAIST only
    CHECK(count_of(r, Facet::venue, "OSDI") == 1);

    // A year range belongs to the year facet.
    SearchRequest years;
    years.year_min = 2024;
    years.facet_values = 100;
    r = s.search(years);
    CHECK(r.total == 3);
    CHECK(count_of(r, Facet::year, "2019") == 3);  // not narrowed by its own range
    CHECK(count_of(r, Facet::institution, inst("ETH Zürich")) == 0);
}

TEST_CASE("only the requested facets are counted, at most facet_values each") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    SearchRequest req;
    req.facets = {Facet::venue};
    req.facet_values = 2;
    auto r = s.search(req);
    CHECK(r.facets.size() == 1);
    REQUIRE(r.facets.count(Facet::venue));
    CHECK(r.facets[Facet::venue].size() == 2);
    CHECK(r.facets[Facet::venue][0] == FacetValue{"SOSP", 2});
    // Ten venues with one profile each: the first hit's first (alphabetically).
    REQUIRE_FALSE(r.hits.empty());
    const auto first = s.profile(r.hits[0].id);
    REQUIRE(first);
    const auto venues = facets_of(*first).venue;
    CHECK(std::find(venues.begin(), venues.end(), r.facets[Facet::venue][1].value) != venues.end());
    CHECK(r.facets[Facet::venue][1].count == 1);
}

TEST_CASE("facet values of one count: the value of the best-ranked hit on the page first, years newest first") {
    TempDir dir;
    const auto db = build_fixture_index(dir);
    SearcherOptions spies;
    spies.local_facet_table = false;
    const Searcher table(db), spied(db, spies);
    SearchRequest req;
    req.query = "fault tolerance";
    req.facet_values = 100;
    const auto r = table.search(req);
    REQUIRE(r.hits.size() >= 2);
    CHECK(spied.search(req).facets == r.facets);  // both ways of counting order alike

    // Where each value first appears among the hits.
    std::map<Facet, std::map<std::string, std::size_t>> first_rank;
    for (std::size_t i = 0; i < r.hits.size(); ++i) {
        const auto p = table.profile(r.hits[i].id);
        REQUIRE(p);
        const Facets f = facets_of(*p);
        for (const auto& v : f.institution) first_rank[Facet::institution].try_emplace(v, i);
        for (const auto& v : f.affiliation) first_rank[Facet::affiliation].try_emplace(v, i);
        for (const auto& v : f.venue) first_rank[Facet::venue].try_emplace(v, i);
    }
    bool some_tie_not_alphabetical = false;
    for (Facet facet : {Facet::institution, Facet::affiliation, Facet::venue}) {
        const auto& values = r.facets.at(facet);
        REQUIRE(values.size() >= 2);
        for (std::size_t i = 0; i + 1 < values.size(); ++i) {
            const auto &a = values[i], &b = values[i + 1];
            INFO(facet_name(facet) << ": " << a.value << " before " << b.value);
            CHECK(a.count >= b.count);
            if (a.count != b.count) continue;
            const std::size_t ra = first_rank[facet].at(a.value), rb = first_rank[facet].at(b.value);
            CHECK(ra <= rb);
            if (ra == rb) CHECK(a.value < b.value);
            some_tie_not_alphabetical = some_tie_not_alphabetical || a.value > b.value;
        }
    }
    CHECK(some_tie_not_alphabetical);  // the fixture's ties do tell the two orders apart

    for (std::size_t i = 0; i + 1 < r.facets.at(Facet::year).size(); ++i) {
        const auto &a = r.facets.at(Facet::year)[i], &b = r.facets.at(Facet::year)[i + 1];
        CHECK((a.count > b.count || (a.count == b.count && a.value > b.value)));
    }
}

TEST_CASE("stats: counts, facets and metadata") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    auto st = s.stats(100);
    CHECK(st.profiles == 6);
    CHECK(st.schema_version == schema::version);
    CHECK_FALSE(st.built_at.empty());
    CHECK(st.distinct_values[Facet::institution] == 5);
    CHECK(st.facets[Facet::institution][0] == FacetValue{inst("KAIST"), 2});
}

struct AgreementRow {
    std::string query;
    std::map<Facet, std::vector<std::string>> filters;
    std::optional<int> year_min;
};

/// The local fast paths and the spies give the same hits, totals, facets, stats.
void check_paths_agree(const std::filesystem::path& db, const std::vector<AgreementRow>& rows) {
    REQUIRE(search::FacetTable::is_local(db));
    SearcherOptions spies_only;
    spies_only.local_facet_table = false;
    Searcher fast(db), spies(db, spies_only);
    for (const auto& r : rows) {
        SearchRequest req;
        req.query = r.query;
        req.filters = r.filters;
        req.year_min = r.year_min;
        req.facet_values = 100;
        auto a = fast.search(req), b = spies.search(req);
        CHECK_MESSAGE(a.facets == b.facets, "query: " << r.query);
        CHECK_MESSAGE(a.total == b.total, "query: " << r.query);
        CHECK(a.total_is_exact);
        REQUIRE(a.hits.size() == b.hits.size());
        for (std::size_t i = 0; i < a.hits.size(); ++i) {
            CHECK_MESSAGE(a.hits[i].id == b.hits[i].id, "query: " << r.query << ", rank " << i + 1);
            CHECK(a.hits[i].score == doctest::Approx(b.hits[i].score).epsilon(1e-12));
        }
    }
    auto sa = fast.stats(100), sb = spies.stats(100);
    CHECK(sa.facets == sb.facets);
    CHECK(sa.distinct_values == sb.distinct_values);
    CHECK_FALSE(sa.facets[Facet::venue].empty());
}

TEST_CASE("the local fast paths (facet table, posting-list walk, early-stopping match) and the remote-safe exhaustive match agree") {
    TempDir dir;
    check_paths_agree(build_fixture_index(dir),
                      {
                          {"", {}, {}},
                          {"fault tolerance", {}, {}},
                          {"ML", {}, {}},
                          {"nothingmatchesthis", {}, {}},
                          {"", {{Facet::institution, {"KAIST"}}}, {}},
                          {"", {{Facet::institution, {"KAIST"}}, {Facet::venue, {"FAST", "SOSP"}}}, {}},
                          {"fault", {{Facet::year, {"2023"}}}, 2020},
                          {"fault OR consensus", {}, {}},
                          {"systems -fault", {}, {}},
                          {"\"fault tolerance\"", {}, {}},                               // a phrase: Xapian's match
                          {"fault*", {{Facet::venue, {"SOSP"}}}, {}},                    // a wildcard: Xapian's match
                          {"training", {{Facet::institution, {"KAIST"}}}, {}},
                          {"title:consensus OR interest:storage", {}, {}},
                          {"systems", {{Facet::venue, {"SOSP", "OSDI"}}}, 2019},
                      });
}

TEST_CASE("the facet table counts a match of most documents by subtracting the others, also with docids removed") {
    // More matches than not: the table counts the documents that do not match
    // and subtracts them from its counts over every document. Removed
    // profiles leave docids without values, which must count nothing.
    TempDir dir;
    auto db = build_fixture_index_without(dir, "eth/marta-kostic");
    check_paths_agree(db, {
                              {"", {}, {}},                                       // all five: nothing subtracted
                              {"-fault", {}, {}},
                              {"", {{Facet::year, {"2023"}}}, {}},                // year counted alone, on every profile
                              {"", {{Facet::venue, {"SOSP"}}, {Facet::year, {"2019"}}}, {}},
                              {"systems OR learning OR consensus", {}, {}},
                          });
    Searcher s(db);
    SearchRequest all;
    all.facet_values = 100;
    auto every = s.search(all);
    REQUIRE(every.total == 5);
    for (const auto& [facet, values] : every.facets)
        for (const auto& v : values) CHECK_MESSAGE(v.count <= 5, facet_name(facet) << " " << v.value);
}

TEST_CASE("facet table: every set of documents counts as the values in their slots, with 16- and 32-bit ids") {
    TempDir dir;
    auto db = build_fixture_index_without(dir, "umich/sean-oreilly");  // a docid without values
    Xapian::Database xdb(db.string());
    const auto narrow = search::FacetTable::build(xdb), wide = search::FacetTable::build(xdb, 0);
    const Xapian::docid last = xdb.get_lastdocid();
    REQUIRE(last == 6);
    // Every subset of docids 1..6 (the removed one included: it counts nothing),
    // with every non-empty set of facets: small sets count their rows, sets of
    // more than half the documents subtract the others from the totals.
    for_each_docids_and_facets(last, [&](const std::vector<Xapian::docid>& docids, const std::vector<Facet>& facets) {
        const auto a = narrow->count(docids, facets), b = wide->count(docids, facets);
        std::string which = "docids";
        for (Xapian::docid d : docids) which += " " + std::to_string(d);
        which += ", facets";
        for (Facet f : facets) which += " " + std::string(facet_name(f));
        for (Facet f : all_facets()) {
            std::map<std::string, std::uint32_t> expected;
            if (std::find(facets.begin(), facets.end(), f) != facets.end()) {
                const auto fs = schema::facet_schema(schema::facet_kind(f));
                for (Xapian::docid d : docids) {
                    Xapian::Document doc;
                    try {
                        doc = xdb.get_document(d);
                    } catch (const Xapian::DocNotFoundError&) {
                        continue;
                    }
                    for (Xapian::valueno s = fs.slot_base; s < fs.slot_base + fs.slot_count; ++s)
                        if (auto v = doc.get_value(s); !v.empty()) ++expected[v];
                }
            }
            std::map<std::string, std::uint32_t> got_narrow, got_wide;
            for (const auto& v : a.top(f, 1000)) got_narrow[v.value] = v.count;
            for (const auto& v : b.top(f, 1000)) got_wide[v.value] = v.count;
            CHECK_MESSAGE(got_narrow == expected, which << ": " << facet_name(f));
            CHECK_MESSAGE(got_wide == expected, which << ": " << facet_name(f));
        }
    });
}

TEST_CASE("facet counts follow new commits") {
    TempDir dir;
    auto db = build_fixture_index(dir);
    Searcher s(db);
    SearchRequest req;
    req.facets = {Facet::venue};
    CHECK(count_of(s.search(req), Facet::venue, "SOSP") == 2);
    {
        IndexWriter w(db, WriterOptions{false, 2025});
        Profile p;
        p.id = "new/one";
        p.name = "New One";
        p.publications = {pub("A Third SOSP Paper", "SOSP", 2024)};
        w.put(p);
        w.commit();
    }
    CHECK(count_of(Searcher(db).search(req), Facet::venue, "SOSP") == 3);
}

TEST_CASE("one Searcher's facet counts and prior follow a --full swap to a generation at the same revision") {
    // Two generations built the same way end at the same Xapian revision
    // number; the in-memory table of the old one must not serve the new one.
    TempDir dir;
    const auto src = dir / "cvs", db = dir / "index.db";
    std::filesystem::create_directories(src);
    write_file(src / "a.md", "# Ana Ruiz\n\n## Publications\n- Paper One. In SOSP 2023.\n- Paper Two. In SOSP 2022.\n");
    write_file(src / "b.md", "# Bo Chen\n\n## Publications\n- Paper Three. In NSDI 2021.\n");
    SyncOptions opt;
    opt.roots = {src};
    opt.db = db;
    REQUIRE(index_directory(opt).failed.empty());
    SearcherOptions so;
    so.poll_interval = std::chrono::milliseconds(0);
    Searcher s(db, so);
    SearchRequest req;
    req.query = "paper";
    req.facets = {Facet::venue};
    CHECK(count_of(s.search(req), Facet::venue, "SOSP") == 1);
    CHECK(count_of(s.search(req), Facet::venue, "NSDI") == 1);
    const std::string before = index_generation(db);

    // Same files, venues swapped, rebuilt into a new generation.
    write_file(src / "a.md", "# Ana Ruiz\n\n## Publications\n- Paper One. In NSDI 2023.\n- Paper Two. In NSDI 2022.\n");
    write_file(src / "b.md", "# Bo Chen\n\n## Publications\n- Paper Three. In OSDI 2021.\n");
    opt.full = true;
    REQUIRE(index_directory(opt).failed.empty());
    REQUIRE(index_generation(db) != before);
    REQUIRE(Xapian::Database(db.string()).get_revision() == Xapian::Database((db / before).string()).get_revision());

    auto after = s.search(req);
    CHECK(count_of(after, Facet::venue, "SOSP") == 0);
    CHECK(count_of(after, Facet::venue, "NSDI") == 1);
    CHECK(count_of(after, Facet::venue, "OSDI") == 1);
    auto fresh = Searcher(db).search(req);
    CHECK(after.facets == fresh.facets);
    REQUIRE(after.hits.size() == fresh.hits.size());
    for (std::size_t i = 0; i < after.hits.size(); ++i) {
        CHECK(after.hits[i].id == fresh.hits[i].id);
        CHECK(after.hits[i].score == fresh.hits[i].score);
    }
}

TEST_CASE("counts stay right after profiles are removed from a long posting list (Xapian 1.4.22 BoolWeight bug)") {
    // 2,500 profiles share their words, so each word's posting list spans several
    // chunks; removing every 50th leaves gaps in them. A count-only match under
    // Xapian::BoolWeight then threw DatabaseCorruptError (searcher/facets.hpp).
    TempDir dir;
    const auto db = dir / "index.db";
    {
        IndexWriter writer(db, WriterOptions{false, 2025});
        for (int i = 0; i < 2500; ++i) {
            Profile p;
            p.id = "gen/p" + std::to_string(i);
            p.name = "Person Number" + std::to_string(i);
            p.publications = {pub("Fault Tolerance for Everyone", i % 2 ? "SOSP" : "OSDI", 2010 + i % 10)};
            p.sections = {section("Research", "research", "fault tolerance in systems")};
            writer.put(p);
        }
        writer.commit();
        for (int i = 0; i < 2500; i += 50) writer.remove("gen/p" + std::to_string(i));
        writer.commit();
    }
    SearcherOptions spies_only;
    spies_only.local_facet_table = false;
    Searcher fast(db), spies(db, spies_only);
    for (const char* query : {"\"fault tolerance\"", "fault*", "systems"}) {  // phrase and wildcard: Xapian counts them
        SearchRequest req;
        req.query = query;
        req.filters[Facet::venue] = {"SOSP"};
        req.facet_values = 20;
        SearchResults a, b;
        REQUIRE_NOTHROW(a = fast.search(req));
        REQUIRE_NOTHROW(b = spies.search(req));
        CHECK_MESSAGE(a.total == 1250, query);  // odd i are SOSP, none of them removed (removed i are even)
        CHECK(b.total == a.total);
        CHECK(a.facets == b.facets);
        CHECK(a.facets[Facet::venue] == std::vector<FacetValue>{{"SOSP", 1250}, {"OSDI", 1200}});
    }
}

TEST_CASE("institution counts where people are now, affiliation everywhere they have been") {
    // Min-Jun Chung is at KAIST now and worked at Google before; Daniel Ode is at Google now.
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    SearchRequest req;
    req.facet_values = 100;
    auto r = s.search(req);
    CHECK(count_of(r, Facet::institution, inst("Google")) == 1);
    CHECK(count_of(r, Facet::institution, inst("KAIST")) == 2);
    CHECK(count_of(r, Facet::affiliation, inst("Google")) == 2);
    CHECK(count_of(r, Facet::affiliation, inst("KAIST")) == 2);
    CHECK(count_of(r, Facet::affiliation, inst("EPFL")) == 1);

    req.filters[Facet::institution] = {"Google"};
    CHECK(sorted(ids(s.search(req))) == std::vector<std::string>{"industry/daniel-ode"});
    req.filters.clear();
    req.filters[Facet::affiliation] = {"Google"};
    r = s.search(req);
    CHECK(sorted(ids(r)) == std::vector<std::string>{"industry/daniel-ode", "kaist/min-jun-chung"});
    // Disjunctive: the affiliation filter does not narrow its own counts; it narrows the others.
    CHECK(count_of(r, Facet::affiliation, inst("ETH Zürich")) == 1);
    CHECK(count_of(r, Facet::institution, inst("KAIST")) == 1);
    CHECK(count_of(r, Facet::institution, inst("ETH Zürich")) == 0);

    // The same in query syntax: institution: is now, affiliation: is ever; words or canonical names.
    SearchRequest q;
    q.query = "institution:Google";
    CHECK(sorted(ids(s.search(q))) == std::vector<std::string>{"industry/daniel-ode"});
    q.query = "affiliation:Google";
    CHECK(sorted(ids(s.search(q))) == std::vector<std::string>{"industry/daniel-ode", "kaist/min-jun-chung"});
    q.query = "affiliated:google storage";
    CHECK(ids(s.search(q)) == std::vector<std::string>{"kaist/min-jun-chung"});
    q.query = "institution:\"University of Michigan\"";
    CHECK(ids(s.search(q)) == std::vector<std::string>{"umich/sean-oreilly"});
    q.query = "institution:michigan";  // a word of the current institution's name
    CHECK(ids(s.search(q)) == std::vector<std::string>{"umich/sean-oreilly"});
}

TEST_CASE("stats and every count path know the affiliation facet") {
    TempDir dir;
    const auto db = build_fixture_index(dir);
    SearcherOptions spies;
    spies.local_facet_table = false;
    const Searcher table(db), spied(db, spies);
    const auto a = table.stats(100), b = spied.stats(100);
    CHECK(a.facets == b.facets);
    CHECK(a.distinct_values.at(Facet::affiliation) == 5);
    auto count = [](const IndexStats& st, Facet f, const std::string& v) {
        for (const auto& fv : st.facets.at(f))
            if (fv.value == v) return fv.count;
        return std::size_t{0};
    };
    CHECK(count(a, Facet::institution, inst("Google")) == 1);
    CHECK(count(a, Facet::affiliation, inst("Google")) == 2);
}

TEST_CASE("FacetTable::totals: every value with its count over all profiles, as the spies count them") {
    TempDir dir;
    const auto db_path = build_fixture_index_without(dir, "epfl/ana-ruiz");  // a removed profile's docid stays
    Xapian::Database db(db_path.string());
    const auto table = search::FacetTable::build(db);
    SearcherOptions spies;
    spies.local_facet_table = false;
    const IndexStats st = Searcher(db_path, spies).stats(1000);
    for (Facet f : all_facets()) {
        auto totals = table->totals(f);
        auto counted = st.facets.at(f);
        auto by_value = [](const FacetValue& a, const FacetValue& b) { return a.value < b.value; };
        std::sort(totals.begin(), totals.end(), by_value);
        std::sort(counted.begin(), counted.end(), by_value);
        CHECK_MESSAGE(totals == counted, facet_name(f));
    }
}
