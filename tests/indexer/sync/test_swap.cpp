// --full builds a new generation and swaps it in atomically: readers that had
// the old one keep working, new opens see the new one; old generations go
// after the grace period; unfinished builds are cleaned up.
#include <doctest/doctest.h>

#include "cvsearch/errors.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/indexer/sync/sync_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

TEST_CASE("swap: --full while readers hold the old index") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "ben.json", profile_json("Ben Ito"));
    SyncOptions opt;
    opt.roots = {root};
    opt.db = dir / "index";
    index_directory(opt);
    const std::string gen1 = index_generation(opt.db);
    REQUIRE(gen1 == "gen-000001");

    Xapian::Database old_reader(opt.db.string());
    Searcher old_searcher(opt.db);
    SearchRequest q;
    q.query = "consensus";
    REQUIRE(old_searcher.search(q).total == 2);

    fs::remove(root / "ada.json");
    write_file(root / "ben.json", profile_json("Ben Ito", "consensus protocols", "\"skills\": [\"Rust\"]"));
    write_file(root / "cy.json", profile_json("Cy Dorn"));
    write_file(root / "dee.json", profile_json("Dee Olu"));
    opt.full = true;
    SyncReport r = index_directory(opt);
    CHECK(r.full);
    CHECK(r.generation == "gen-000002");
    CHECK(r.added_ids == std::vector<std::string>{"cy", "dee"});
    CHECK(r.updated_ids == std::vector<std::string>{"ben"});
    CHECK(r.removed_ids == std::vector<std::string>{"ada"});
    CHECK(index_generation(opt.db) == "gen-000002");

    // An old Xapian handle: the old state, complete (documents, terms, postings).
    CHECK(ids_of(old_reader) == std::set<std::string>{"ada", "ben"});
    CHECK(old_reader.term_exists("Qada"));
    CHECK(old_reader.get_doccount() == 2);
    // An old Searcher keeps answering: from the old generation, or from the new
    // one once it notices the swap (SearcherOptions::poll_interval), never an error.
    auto answered = old_searcher.search(q).total;
    CHECK((answered == 2 || answered == 3));
    // New opens: the new state.
    CHECK(ids_in(opt.db) == std::set<std::string>{"ben", "cy", "dee"});
    Searcher fresh(opt.db);
    CHECK(fresh.search(q).total == 3);
    CHECK_FALSE(fresh.profile("ada").has_value());
    CHECK(fresh.profile("ben")->skills == std::vector<std::string>{"Rust"});
    // reopen() does not follow the swap (see docs/index-layout.md): still the old one.
    old_reader.reopen();
    CHECK(ids_of(old_reader) == std::set<std::string>{"ada", "ben"});

    // Within the grace period the old generation stays, even across runs...
    opt.full = false;
    r = index_directory(opt);
    CHECK(r.removed_generations.empty());
    CHECK(generations_in(opt.db) == std::vector<std::string>{"gen-000001", "gen-000002"});
    // ...and goes after it. Readers that still hold it keep answering (unlinked files).
    opt.grace = std::chrono::seconds(0);
    r = index_directory(opt);
    CHECK(r.removed_generations == std::vector<std::string>{"gen-000001"});
    CHECK(generations_in(opt.db) == std::vector<std::string>{"gen-000002"});
    CHECK(ids_of(old_reader) == std::set<std::string>{"ada", "ben"});
    Xapian::Enquire enquire(old_reader);
    enquire.set_query(Xapian::Query("Qada"));
    CHECK(enquire.get_mset(0, 10).size() == 1);
    answered = old_searcher.search(q).total;
    CHECK((answered == 2 || answered == 3));
}

TEST_CASE("swap: a full rebuild is invisible until committed, an abandoned one is deleted") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    SyncOptions opt;
    opt.roots = {root};
    opt.db = dir / "index";
    index_directory(opt);

    Profile p;
    p.id = "zed";
    p.name = "Zed Quill";
    {
        IndexWriter w(opt.db, WriterOptions{true});
        CHECK(w.generation() == "gen-000002");
        w.put(p);
        CHECK(ids_in(opt.db) == std::set<std::string>{"ada"});  // readers: still the old index
        CHECK(fs::exists(opt.db / "gen-000002"));
    }  // destroyed without commit()
    CHECK_FALSE(fs::exists(opt.db / "gen-000002"));
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada"});

    // What a killed --full leaves behind (an unpublished generation) is removed
    // by the next writer.
    fs::create_directories(opt.db / "gen-000005");
    write_file(opt.db / "gen-000005" / "junk", "half a build");
    SyncReport r = index_directory(opt);
    CHECK(r.removed_generations == std::vector<std::string>{"gen-000005"});
    CHECK(generations_in(opt.db) == std::vector<std::string>{"gen-000001"});

    IndexWriter w(opt.db, WriterOptions{true});
    w.put(p);
    w.commit();
    CHECK(w.generation() == "gen-000002");
    CHECK(ids_in(opt.db) == std::set<std::string>{"zed"});
    w.put(Profile{p});  // later commits of the same writer update the published generation in place
    w.remove("zed");
    w.commit();
    CHECK(ids_in(opt.db).empty());
}

TEST_CASE("swap: the stub and the folder are checked") {
    TempDir dir;
    write_file(dir / "cvs" / "ada.json", profile_json("Ada Park"));
    SyncOptions opt;
    opt.roots = {dir / "cvs"};
    opt.db = dir / "index";
    index_directory(opt);

    // A stub naming a missing generation: updates refuse, --full repairs.
    fs::remove_all(opt.db / "gen-000001");
    try {
        index_directory(opt);
        FAIL("must not update a missing generation");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::index_corrupt);
        CHECK(contains(e.message(), "gen-000001"));
        CHECK(contains(e.message(), "--full"));
    }
    opt.full = true;
    CHECK(index_directory(opt).total == 1);
    CHECK(index_generation(opt.db) == "gen-000002");

    // A stub cvsearch did not write (several databases, a remote one) is not ours to change.
    auto other = dir / "other";
    write_file(other / "XAPIANDB", "auto /srv/a\nauto /srv/b\n");
    opt.db = other;
    try {
        index_directory(opt);
        FAIL("must refuse a foreign stub");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::usage);
        CHECK(contains(e.message(), "did not write"));
    }
}
