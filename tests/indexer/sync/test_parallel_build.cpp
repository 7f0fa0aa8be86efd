// A new generation built by several threads (SyncOptions::jobs) is the index
// one thread builds: same documents under the same docids, same terms and
// positions, values, spelling and synonyms, and the same report. And every new
// generation is compacted before it is published.
#include <doctest/doctest.h>

#include <map>
#include <mutex>
#include <sstream>

#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "indexer/part_writer.hpp"
#include "tests/indexer/sync/sync_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

/// Everything a database holds that a search can depend on, as text. Only the
/// build time and the size on disk (the B-trees are built in another order)
/// differ between two builds of the same files.
std::string dump(const fs::path& db) {
    Xapian::Database x(db.string());
    std::ostringstream out;
    out << "docs " << x.get_doccount() << " last " << x.get_lastdocid() << " avlen " << x.get_avlength() << "\n";
    for (auto d = x.postlist_begin(""); d != x.postlist_end(""); ++d) {
        Xapian::Document doc = x.get_document(*d);
        out << "doc " << *d << " len " << x.get_doclength(*d) << " data " << doc.get_data().size() << "\n";
        for (auto v = doc.values_begin(); v != doc.values_end(); ++v) out << " v" << v.get_valueno() << "=" << *v;
        out << "\n";
        for (auto t = x.termlist_begin(*d); t != x.termlist_end(*d); ++t) {
            out << " " << *t << ":" << t.get_wdf();
            for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) out << "," << *p;
        }
        out << "\n";
    }
    for (auto w = x.spellings_begin(); w != x.spellings_end(); ++w) out << "spell " << *w << " " << w.get_termfreq() << "\n";
    for (auto k = x.synonym_keys_begin(); k != x.synonym_keys_end(); ++k)
        for (auto s = x.synonyms_begin(*k); s != x.synonyms_end(*k); ++s) out << "syn " << *k << " " << *s << "\n";
    for (auto k = x.metadata_keys_begin(); k != x.metadata_keys_end(); ++k)
        if ((*k).find("built") == std::string::npos && *k != schema::meta_compacted_bytes)
            out << "meta " << *k << "=" << x.get_metadata(*k) << "\n";
    return out.str();
}

std::string failures(const SyncReport& r) {
    std::string out;
    for (const auto& f : r.failed) out += fs::path(f.path).filename().string() + ": " + f.reason + "\n";
    return out;
}

/// The bundled sample profiles (all formats, a JSON Lines file of several
/// profiles, PDFs), a broken file, two files whose declared ids are equal
/// (ignored: ids come from paths, so both are indexed), and two files with
/// one path id (both refused before any thread starts).
fs::path make_corpus(const TempDir& dir) {
    const fs::path root = dir / "cvs";
    fs::create_directories(root / "samples");
    fs::copy(source_dir() / "data" / "profiles", root / "samples", fs::copy_options::recursive);
    write_file(root / "aaa-first.json", profile_json("Aino Aalto", "stream processing", "\"id\": \"shared-id\""));
    write_file(root / "zzz-last.json", profile_json("Zoe Zamora", "program synthesis", "\"id\": \"shared-id\""));
    write_file(root / "aa-shared.json", profile_json("Ada Aspen", "type theory"));
    write_file(root / "aa-shared" / "cv.md", "# Ada Twin\n\nResearch interests: type theory\n");
    write_file(root / "samples" / "m-broken.json", "{\"name\": \"Half Written\", \"interests\": [");
    return root;
}

}  // namespace

TEST_CASE("parallel build: two and three threads build the index one thread builds") {
    TempDir dir;
    const fs::path root = make_corpus(dir);
    std::map<std::size_t, std::string> dumps;
    std::map<std::size_t, SyncReport> reports;
    // 4: two threads writing segments of 3 documents each (SyncOptions::segment_docs).
    for (std::size_t run : {1, 2, 3, 4}) {
        const std::size_t jobs = run == 4 ? 2 : run;
        SyncOptions opt;
        opt.roots = {root};
        opt.db = dir / ("index-" + std::to_string(run));
        opt.jobs = jobs;
        if (run == 4) opt.segment_docs = 3;
        std::mutex m;
        std::size_t calls = 0, last_done = 0;
        opt.on_file = [&](const fs::path&, std::size_t done, std::size_t total) {
            std::lock_guard lock(m);
            ++calls;
            CHECK(done <= total);
            last_done = std::max(last_done, done);
        };
        reports[run] = index_directory(opt);
        CHECK(calls == reports[run].files);
        CHECK(last_done == reports[run].files);
        dumps[run] = dump(opt.db);
        // No scratch left beside or inside the published generation.
        for (auto& e : fs::directory_iterator(opt.db)) CHECK_FALSE(indexing::is_scratch_name(e.path().filename().string()));
        for (auto& e : fs::directory_iterator(current_db_dir(opt.db))) CHECK_FALSE(e.is_directory());
    }
    const SyncReport& one = reports[1];
    REQUIRE(one.added > 30);
    CHECK(one.failed.size() == 3);  // the broken file, and both claims on "aa-shared"
    CHECK(failures(one).find("aa-shared.json: profile id \"aa-shared\" is also the id of") != std::string::npos);
    CHECK(failures(one).find("cv.md: profile id \"aa-shared\" is also the id of") != std::string::npos);
    for (std::size_t run : {2, 3, 4}) {
        CAPTURE(run);
        CHECK(reports[run].added_ids == one.added_ids);
        CHECK(failures(reports[run]) == failures(one));
        CHECK(reports[run].total == one.total);
        CHECK(dumps[run] == dumps[1]);
    }
    // A declared id takes nothing: both files keep their own; the shared path id is nobody's.
    Searcher s(dir / "index-2");
    CHECK_FALSE(s.profile("shared-id"));
    CHECK(s.profile("aaa-first").value_or(Profile{}).name == "Aino Aalto");
    CHECK(s.profile("zzz-last").value_or(Profile{}).name == "Zoe Zamora");
    CHECK_FALSE(s.profile("aa-shared"));
}

TEST_CASE("parallel build: a part in segments opens and merges as the documents it holds, removals included") {
    TempDir dir;
    auto profile = [](const std::string& id, const std::string& interest) {
        Profile p;
        p.id = id;
        p.name = "Person " + id;
        p.interests = {interest};
        return p;
    };
    const std::vector<Profile> all = {profile("a", "stream processing"),  profile("b", "zanzibarian tides"),
                                      profile("c", "type systems"),       profile("d", "quokka ecology"),
                                      profile("e", "program synthesis"),  profile("f", "stream processing")};
    const int year = 2026;
    // Segments of two: a b | c d | e f. b and d sit in closed segments when removed.
    indexing::PartWriter part(dir / "part", year, {}, 2);
    for (const auto& p : all) part.put(p);
    CHECK(part.segments() == 3);
    part.remove(all[1]);
    part.remove(all[3]);
    part.finish();
    // The same documents in one segment, without b and d ever written.
    indexing::PartWriter whole(dir / "whole", year, {}, 100);
    for (const auto& p : all)
        if (p.id != "b" && p.id != "d") whole.put(p);
    whole.finish();
    CHECK(whole.segments() == 1);

    // Each part opens as one database (its stub lists the segments)...
    Xapian::Database segmented((dir / "part").string());
    CHECK(segmented.get_doccount() == 4);
    CHECK(ids_of(segmented) == std::set<std::string>{"a", "c", "e", "f"});
    std::map<std::string, Xapian::doccount> spelling;
    for (auto w = segmented.spellings_begin(); w != segmented.spellings_end(); ++w) spelling[*w] = w.get_termfreq();
    CHECK(spelling.count("zanzibarian") == 0);  // b's and d's words went with them
    CHECK(spelling.count("quokka") == 0);
    CHECK(spelling["stream"] == 2);
    // ...and compacts into the database one segment gives.
    Xapian::Database(segmented).compact((dir / "part.compact").string());
    Xapian::Database(whole.dir().string()).compact((dir / "whole.compact").string());
    CHECK(dump(dir / "part.compact") == dump(dir / "whole.compact"));
}

TEST_CASE("parallel build: a full rebuild in parallel keeps the last good version of a broken file") {
    TempDir dir;
    const fs::path root = make_corpus(dir);
    SyncOptions opt;
    opt.roots = {root};
    opt.db = dir / "index";
    write_file(root / "samples" / "m-broken.json", profile_json("Half Written", "type systems"));
    const SyncReport first = index_directory(opt);
    REQUIRE(first.failed.size() == 2);  // the two files that give "aa-shared"

    write_file(root / "samples" / "m-broken.json", "{\"name\": \"Half Written\", \"interests\": [");
    opt.full = true;
    opt.jobs = 2;
    const SyncReport second = index_directory(opt);
    CHECK(second.generation == "gen-000002");
    CHECK(second.kept == 1);
    CHECK(second.total == first.total);
    CHECK(ids_in(opt.db) == ids_in(dir / "index"));
    Searcher s(opt.db);
    CHECK(s.profile("samples/m-broken").value_or(Profile{}).name == "Half Written");

    // Later runs update the compacted generation in place.
    write_file(root / "new-person.json", profile_json("Nina Novak", "compilers"));
    opt.full = false;
    const SyncReport third = index_directory(opt);
    CHECK(third.added_ids == std::vector<std::string>{"new-person"});
    CHECK(third.generation == "gen-000002");
    CHECK(Searcher(opt.db).profile("new-person").value_or(Profile{}).name == "Nina Novak");
}

TEST_CASE("parallel build: scratch directories of a killed build are removed by the next writer") {
    TempDir dir;
    SyncOptions opt;
    opt.roots = {dir / "cvs"};
    opt.db = dir / "index";
    write_file(dir / "cvs" / "ada.json", profile_json("Ada Park"));
    // What a build killed while compacting its first generation leaves behind.
    fs::create_directories(opt.db / "gen-000001" / "part-0");
    fs::create_directories(opt.db / "gen-000001.compact");
    fs::create_directories(opt.db / "gen-000001.raw");
    const SyncReport r = index_directory(opt);
    CHECK(r.added == 1);
    CHECK_FALSE(fs::exists(opt.db / "gen-000001.compact"));
    CHECK_FALSE(fs::exists(opt.db / "gen-000001.raw"));
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada"});
}
