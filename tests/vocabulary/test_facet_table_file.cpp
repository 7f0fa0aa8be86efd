// The facet table saved by the writer and loaded by searches
// (vocabulary/facet_table.hpp: save, save_for, load, local_directory).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>

#include <xapian.h>

#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "vocabulary/facet_table.hpp"
#include "searcher/facets.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;
using search::FacetTable;

namespace {

/// Every count of every subset of the docids 1..last, for every set of facets.
std::vector<std::map<std::string, std::uint32_t>> all_counts(const FacetTable& t, Xapian::docid last) {
    std::vector<std::map<std::string, std::uint32_t>> out;
    for_each_docids_and_facets(last, [&](const std::vector<Xapian::docid>& docids, const std::vector<Facet>& facets) {
        const auto counts = t.count(docids, facets);
        for (Facet f : all_facets()) {
            std::map<std::string, std::uint32_t> m;
            for (const auto& v : counts.top(f, 1000)) m[v.value] = v.count;
            out.push_back(std::move(m));
        }
    });
    return out;
}

std::string read_bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const fs::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << bytes;
}

/// The generation directory the index's stub names.
fs::path current_generation(const fs::path& db) {
    auto dir = FacetTable::local_directory(db);
    REQUIRE(dir.has_value());
    return *dir;
}

}  // namespace

TEST_CASE("a saved facet table loads back counting exactly as the one built, 16- and 32-bit ids, priors too") {
    TempDir dir;
    auto db = build_fixture_index_without(dir, "umich/sean-oreilly");  // a docid without values
    Xapian::Database xdb(db.string());
    const Xapian::docid last = xdb.get_lastdocid();
    REQUIRE(last == 6);
    for (std::size_t narrow : {std::size_t{1} << 16, std::size_t{0}}) {
        CAPTURE(narrow);
        const auto built = FacetTable::build(xdb, narrow);
        const fs::path file = dir / "table";
        built->save(file);
        const auto loaded = FacetTable::load(file, xdb);
        REQUIRE(loaded != nullptr);
        CHECK(loaded->loaded());
        CHECK_FALSE(built->loaded());
        CHECK(loaded->built_from(xdb));
        CHECK(all_counts(*loaded, last) == all_counts(*built, last));
        REQUIRE(loaded->last_docid() == built->last_docid());
        for (Xapian::docid d = 0; d <= last + 1; ++d) {
            const double a = built->prior(d), b = loaded->prior(d);
            CHECK_MESSAGE((std::isnan(a) ? std::isnan(b) : a == b), "docid " << d);
        }
        // Saved again, the same bytes: nothing was lost or added on the way.
        const fs::path again = dir / "table-again";
        loaded->save(again);
        CHECK(read_bytes(again) == read_bytes(file));
    }
}

TEST_CASE("a facet table without a single facet value saves and loads (empty vectors)") {
    TempDir dir;
    const auto db = dir / "index.db";
    {
        IndexWriter w(db, WriterOptions{false, 2025});
        Profile p;
        p.id = "lone/ida-wren";
        p.name = "Ida Wren";  // no affiliation, no publication: no facet value
        w.put(p);
        w.commit();
    }
    Xapian::Database xdb(db.string());
    const auto loaded = FacetTable::load(current_generation(db) / FacetTable::file_name, xdb);
    REQUIRE(loaded != nullptr);
    CHECK(all_counts(*loaded, 1) == all_counts(*FacetTable::build(xdb), 1));
    CHECK(loaded->count({1}).distinct(Facet::venue) == 0);
}

TEST_CASE("a saved facet table is refused for another revision or database, and when damaged") {
    TempDir dir;
    auto db = build_fixture_index(dir);
    const fs::path file = dir / "table";
    {
        Xapian::Database xdb(db.string());
        FacetTable::build(xdb)->save(file);
        REQUIRE(FacetTable::load(file, xdb) != nullptr);
    }
    const std::string good = read_bytes(file);

    SUBCASE("another revision") {
        IndexWriter w(db, WriterOptions{false, 2025});
        REQUIRE(w.remove("eth/marta-kostic"));
        w.commit();
        CHECK(FacetTable::load(file, Xapian::Database(db.string())) == nullptr);
    }
    SUBCASE("another database with the same profiles") {
        TempDir other;
        auto twin = build_fixture_index(other);
        Xapian::Database a(db.string()), b(twin.string());
        REQUIRE(a.get_revision() == b.get_revision());
        CHECK(FacetTable::load(file, b) == nullptr);
    }
    Xapian::Database xdb(db.string());
    SUBCASE("missing or empty") {
        CHECK(FacetTable::load(dir / "no-such-file", xdb) == nullptr);
        write_bytes(file, "");
        CHECK(FacetTable::load(file, xdb) == nullptr);
    }
    SUBCASE("cut short, or longer") {
        write_bytes(file, good.substr(0, good.size() - 1));
        CHECK(FacetTable::load(file, xdb) == nullptr);
        write_bytes(file, good.substr(0, 40));
        CHECK(FacetTable::load(file, xdb) == nullptr);
        write_bytes(file, good + '\0');
        CHECK(FacetTable::load(file, xdb) == nullptr);
    }
    SUBCASE("any one byte changed") {
        // Every byte of the header and the payload matters: magic, format,
        // byte order, revision, size, checksum, then the checksummed payload.
        std::size_t refused = 0;
        for (std::size_t i = 0; i < good.size(); ++i) {
            std::string bad = good;
            bad[i] = static_cast<char>(bad[i] ^ 0x5a);
            write_bytes(file, bad);
            if (FacetTable::load(file, xdb) == nullptr) ++refused;
            else FAIL_CHECK("a change at byte " << i << " was not noticed");
        }
        CHECK(refused == good.size());
    }
    SUBCASE("zeros, as a crash can leave a file whose data never reached the disk") {
        write_bytes(file, std::string(good.size(), '\0'));
        CHECK(FacetTable::load(file, xdb) == nullptr);
    }
}

TEST_CASE("the writer saves the facet table with every commit and compaction, searches load it") {
    TempDir dir;
    auto db = build_fixture_index(dir);
    auto loads = [&] {
        Xapian::Database xdb(db.string());
        return FacetTable::load(current_generation(db) / FacetTable::file_name, xdb) != nullptr;
    };
    CHECK(loads());  // the first build's commit
    {
        IndexWriter w(db, WriterOptions{false, 2025});
        REQUIRE(w.remove("eth/marta-kostic"));
        w.commit();  // in place
        CHECK(w.warnings().empty());
        CHECK(loads());
        auto p = fixture_profiles().front();
        p.publications.push_back(pub("Elastic Quorums for Sleepy Clusters", "NSDI", 2026));
        w.put(p);
        const auto before = w.generation();
        w.compact();  // a new generation
        CHECK(w.generation() != before);
        CHECK(loads());
    }
    // A Searcher's cache takes the saved table, and its counts are right.
    Xapian::Database xdb(db.string());
    search::FacetTableCache cache;
    auto table = cache.get(db, xdb);
    REQUIRE(table != nullptr);
    CHECK(table->loaded());
    Searcher s(db);
    SearchRequest req;
    req.facet_values = 100;
    auto r = s.search(req);
    std::size_t nsdi = 0;
    for (const auto& v : r.facets[Facet::venue])
        if (v.value == "NSDI") nsdi = v.count;
    CHECK(nsdi == 1);
    CHECK(r.total == 5);
}

TEST_CASE("a facet table that cannot be saved is a warning, the commit stands and searches build the table") {
    TempDir dir;
    auto db = build_fixture_index(dir);
    const fs::path gen = current_generation(db);
    fs::create_directories(gen / (std::string(FacetTable::file_name) + ".tmp"));  // where the table is written first
    {
        IndexWriter w(db, WriterOptions{false, 2025});
        REQUIRE(w.remove("eth/marta-kostic"));
        w.commit();
        REQUIRE(w.warnings().size() == 1);
        CHECK(w.warnings()[0].find((gen / FacetTable::file_name).string()) != std::string::npos);
        CHECK(w.warnings()[0].find("cannot save the facet table") != std::string::npos);
    }
    Xapian::Database xdb(db.string());
    CHECK(FacetTable::load(gen / FacetTable::file_name, xdb) == nullptr);  // the old one: another revision
    search::FacetTableCache cache;
    auto table = cache.get(db, xdb);
    REQUIRE(table != nullptr);
    CHECK_FALSE(table->loaded());
    Searcher s(db);
    CHECK(s.search(SearchRequest{}).total == 5);

    // index_directory passes the writer's warnings on in its report.
    const fs::path cvs = dir / "cvs";
    write_file(cvs / "ada.md", "# Ada Quill\n\n## Publications\n\n- Ada Quill. Paper Boats at Scale. SOSP 2021.\n");
    SyncOptions o;
    o.roots = {cvs};
    o.db = dir / "other.db";
    index_directory(o);
    fs::create_directories(current_generation(o.db) / (std::string(FacetTable::file_name) + ".tmp"));
    write_file(cvs / "bo.md", "# Bo Reed\n\n## Publications\n\n- Bo Reed. Kites. OSDI 2022.\n");
    auto report = index_directory(o);
    CHECK(report.added == 1);
    REQUIRE(report.warnings.size() == 1);
    CHECK(report.warnings[0].find("cannot save the facet table") != std::string::npos);
}

TEST_CASE("local_directory: a database directory, an index's stub, a stub file, not several or remote databases") {
    TempDir dir;
    auto db = build_fixture_index(dir);
    const fs::path gen = current_generation(db);
    CHECK(gen.parent_path() == db);
    CHECK(fs::exists(gen / "iamglass"));
    CHECK(FacetTable::local_directory(gen) == gen);

    write_file(dir / "one.stub", "# a comment\nauto index.db/" + gen.filename().string() + "\n");
    CHECK(FacetTable::local_directory(dir / "one.stub") == dir / "index.db" / gen.filename());
    write_file(dir / "glass.stub", "glass " + gen.string() + "\n");
    CHECK(FacetTable::local_directory(dir / "glass.stub") == gen);
    write_file(dir / "two.stub", "auto " + gen.string() + "\nauto " + gen.string() + "\n");
    CHECK_FALSE(FacetTable::local_directory(dir / "two.stub").has_value());
    write_file(dir / "remote.stub", "remote :localhost:3333\n");
    CHECK_FALSE(FacetTable::local_directory(dir / "remote.stub").has_value());
    CHECK_FALSE(FacetTable::local_directory(dir / "missing").has_value());
}
