// Incremental runs: added, changed, deleted, unchanged files; --no-delete;
// bad files next to good ones; --dry-run; the JSON report; schema versions and
// the plain (pre-generation) layout.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cvsearch/errors.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/indexer/sync/sync_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

SyncOptions options_for(const TempDir& dir) {
    SyncOptions opt;
    opt.roots = {dir / "cvs"};
    opt.db = dir / "index";
    return opt;
}

}  // namespace

TEST_CASE("sync: add, change, delete and unchanged files, unchanged files are not parsed again") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "ben.json", profile_json("Ben Ito"));
    write_file(root / "group" / "cy.json", profile_json("Cy Dorn"));
    auto opt = options_for(dir);

    SyncReport first = index_directory(opt);
    CHECK(first.added == 3);
    CHECK(first.added_ids == std::vector<std::string>{"ada", "ben", "group/cy"});
    CHECK(first.generation == "gen-000001");
    CHECK(index_generation(opt.db) == "gen-000001");
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada", "ben", "group/cy"});

    write_file(root / "ada.json", profile_json("Ada Park-Lee"));  // changed
    fs::remove(root / "group" / "cy.json");                       // deleted
    write_file(root / "dee.json", profile_json("Dee Olu"));       // new
    SyncReport r = index_directory(opt);
    CHECK(r.files == 3);
    CHECK(r.added_ids == std::vector<std::string>{"dee"});
    CHECK(r.updated_ids == std::vector<std::string>{"ada"});
    CHECK(r.removed_ids == std::vector<std::string>{"group/cy"});
    CHECK(r.unchanged == 1);
    CHECK(r.failed.empty());
    CHECK(r.total == 3);
    CHECK(r.generation == "gen-000001");  // updates go into the current generation
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada", "ben", "dee"});
    Searcher s(opt.db);
    CHECK(s.profile("ada")->name == "Ada Park-Lee");

    // Files with their indexed content hash are not parsed at all: with every
    // file forced to be read as PDF, parsing any of them would fail.
    opt.parse.format = Format::pdf;
    SyncReport again = index_directory(opt);
    CHECK(again.failed.empty());
    CHECK(again.unchanged == 3);
    CHECK(again.added + again.updated + again.removed == 0);
    CHECK(again.total == 3);
}

TEST_CASE("sync: --no-delete keeps profiles whose files are gone") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "ben.json", profile_json("Ben Ito"));
    auto opt = options_for(dir);
    index_directory(opt);

    fs::remove(root / "ben.json");
    write_file(root / "cy.json", profile_json("Cy Dorn"));
    opt.keep_missing = true;
    SyncReport r = index_directory(opt);
    CHECK(r.removed == 0);
    CHECK(r.kept == 1);
    CHECK(r.added_ids == std::vector<std::string>{"cy"});
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada", "ben", "cy"});

    opt.keep_missing = false;
    r = index_directory(opt);
    CHECK(r.removed_ids == std::vector<std::string>{"ben"});
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada", "cy"});
}

TEST_CASE("sync: a bad file next to good ones keeps its last good version, the run goes on") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "ben.json", profile_json("Ben Ito", "distributed systems"));
    write_file(root / "cy.json", profile_json("Cy Dorn"));
    auto opt = options_for(dir);
    index_directory(opt);

    write_file(root / "ben.json", "{\"name\": \"Ben Ito\", \"interests\": [");  // truncated mid-write
    write_file(root / "cy.json", profile_json("Cy Dorn-Ruiz"));                  // a good change
    write_file(root / "eve.json", "{ not json");                                 // new and bad
    SyncReport r = index_directory(opt);
    REQUIRE(r.failed.size() == 2);
    CHECK(r.failed[0].path == (root / "ben.json").string());
    CHECK(r.failed[0].code == ErrorCode::parse);
    CHECK_FALSE(r.failed[0].reason.empty());
    CHECK(r.failed[1].path == (root / "eve.json").string());
    CHECK(r.updated_ids == std::vector<std::string>{"cy"});
    CHECK(r.removed == 0);
    CHECK(r.kept == 1);
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada", "ben", "cy"});
    Searcher s(opt.db);
    CHECK(s.profile("ben")->interests == std::vector<std::string>{"distributed systems"});  // the old version
    CHECK(s.profile("cy")->name == "Cy Dorn-Ruiz");

    // A full rebuild keeps it too (copied from the old generation).
    opt.full = true;
    r = index_directory(opt);
    CHECK(r.kept == 1);
    CHECK(r.generation == "gen-000002");
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada", "ben", "cy"});
    Searcher s2(opt.db);
    CHECK(s2.profile("ben")->interests == std::vector<std::string>{"distributed systems"});
}

TEST_CASE("sync: an unreadable folder is a failure, and the profiles indexed from it stay") {
    if (::geteuid() == 0) {
        MESSAGE("skipped: root can read any folder");
        return;
    }
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "lab" / "ben.json", profile_json("Ben Ito"));
    auto opt = options_for(dir);
    index_directory(opt);
    fs::permissions(root / "lab", fs::perms::none);
    SyncReport r = index_directory(opt);
    fs::permissions(root / "lab", fs::perms::owner_all);
    REQUIRE(r.failed.size() == 1);
    CHECK(r.failed[0].path == (root / "lab").string());
    CHECK(r.removed == 0);
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada", "lab/ben"});
}

TEST_CASE("sync: a dry run lists the changes and writes nothing") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "ben.json", profile_json("Ben Ito"));
    auto opt = options_for(dir);

    SyncOptions dry = opt;
    dry.dry_run = true;
    SyncReport preview = index_directory(dry);
    CHECK(preview.added_ids == std::vector<std::string>{"ada", "ben"});
    CHECK_FALSE(fs::exists(opt.db));  // not even created

    index_directory(opt);
    write_file(root / "ada.json", profile_json("Ada Park-Lee"));
    fs::remove(root / "ben.json");
    write_file(root / "cy.json", profile_json("Cy Dorn"));
    auto stub_time = fs::last_write_time(opt.db / "XAPIANDB");
    Xapian::Database before(opt.db.string());
    auto revision = before.get_revision();

    preview = index_directory(dry);
    CHECK(preview.added_ids == std::vector<std::string>{"cy"});
    CHECK(preview.updated_ids == std::vector<std::string>{"ada"});
    CHECK(preview.removed_ids == std::vector<std::string>{"ben"});
    CHECK(preview.generation.empty());
    Xapian::Database after(opt.db.string());
    CHECK(after.get_revision() == revision);
    CHECK(fs::last_write_time(opt.db / "XAPIANDB") == stub_time);
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada", "ben"});

    REQUIRE_FALSE(cli_binary().empty());  // ctest sets CVSEARCH_BINARY
    RunResult cli = run_cli({"index", root.string(), "--db", opt.db.string(), "--dry-run"});
    CHECK(cli.exit_code == 0);
    CHECK(contains(cli.out, "add cy\n"));
    CHECK(contains(cli.out, "update ada\n"));
    CHECK(contains(cli.out, "remove ben\n"));
    CHECK(contains(cli.out, "dry run"));
    CHECK(after.get_revision() == Xapian::Database(opt.db.string()).get_revision());
}

TEST_CASE("sync: --report writes the JSON report, stdout has one summary line") {
    REQUIRE_FALSE(cli_binary().empty());  // ctest sets CVSEARCH_BINARY
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "ben.json", profile_json("Ben Ito"));
    write_file(root / "bad.json", "{\"name\": ");
    auto db = dir / "index";
    auto report_file = dir / "report.json";
    RunResult r = run_cli({"index", root.string(), "--db", db.string(), "--report", report_file.string()});
    CHECK(r.exit_code == 1);  // finished with a per-file failure
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
    CHECK(contains(r.out, "2 added"));
    CHECK(contains(r.out, "1 failed"));
    CHECK(contains(r.err, (root / "bad.json").string() + ": "));
    CHECK_FALSE(contains(r.err, "\r"));  // no progress bar when stderr is not a terminal

    auto j = nlohmann::json::parse(read_file(report_file));
    CHECK(j["status"] == "failures");
    CHECK(j["exit_code"] == 1);
    CHECK(j["db"] == db.string());
    CHECK(j["generation"] == "gen-000001");
    CHECK(j["counts"]["files"] == 3);
    CHECK(j["counts"]["added"] == 2);
    CHECK(j["counts"]["updated"] == 0);
    CHECK(j["counts"]["unchanged"] == 0);
    CHECK(j["counts"]["removed"] == 0);
    CHECK(j["counts"]["failed"] == 1);
    CHECK(j["counts"]["total"] == 2);
    REQUIRE(j["failures"].size() == 1);
    CHECK(j["failures"][0]["path"] == (root / "bad.json").string());
    CHECK(j["failures"][0]["code"] == "parse");
    CHECK_FALSE(j["failures"][0]["reason"].get<std::string>().empty());
    CHECK(j["changes"]["added"] == nlohmann::json::array({"ada", "ben"}));
    for (const char* k : {"scan", "open", "parse", "write", "total"}) CHECK(j["durations_ms"][k].is_number());
    CHECK(j["started_at"].is_string());
    CHECK_FALSE(fs::exists(dir / "report.json.tmp"));

    // Quiet and clean: nothing on stdout, exit 0, report says ok.
    fs::remove(root / "bad.json");
    r = run_cli({"index", root.string(), "--db", db.string(), "--report", report_file.string(), "--quiet"});
    CHECK(r.exit_code == 0);
    CHECK(r.out.empty());
    j = nlohmann::json::parse(read_file(report_file));
    CHECK(j["status"] == "ok");
    CHECK(j["counts"]["unchanged"] == 2);

    // A fatal error still writes a report, and exits 2.
    r = run_cli({"index", (dir / "missing").string(), "--db", db.string(), "--report", report_file.string()});
    CHECK(r.exit_code == 2);
    CHECK(contains(r.err, (dir / "missing").string()));
    j = nlohmann::json::parse(read_file(report_file));
    CHECK(j["status"] == "fatal");
    CHECK(j["error"]["code"] == "io");
}

TEST_CASE("sync: an index an older cvsearch wrote is rebuilt whole by a plain run, with a warning") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "ben.json", profile_json("Ben Ito"));
    auto opt = options_for(dir);
    index_directory(opt);
    auto pretend_schema = [&](const std::string& version) {  // as if another cvsearch wrote it
        Xapian::WritableDatabase w(current_db_dir(opt.db).string(), Xapian::DB_OPEN);
        w.set_metadata(std::string(schema::meta_schema), version);
        w.commit();
    };
    pretend_schema("1");
    {
        SyncOptions dry = opt;
        dry.dry_run = true;
        SyncReport r = index_directory(dry);
        CHECK(r.full);
        REQUIRE(r.warnings.size() == 1);
        CHECK(contains(r.warnings[0], "schema version 1"));
        CHECK(contains(r.warnings[0], "a real run rebuilds it whole"));
        Xapian::Database xdb(opt.db.string());
        CHECK(xdb.get_metadata(std::string(schema::meta_schema)) == "1");  // a dry run writes nothing
    }
    fs::remove(root / "ben.json");
    SyncReport r = index_directory(opt);
    CHECK(r.full);
    REQUIRE(r.warnings.size() == 1);
    CHECK(contains(r.warnings[0], "schema version 1 (written by an older cvsearch); rebuilt whole for version " +
                                      std::string(schema::version)));
    CHECK(r.total == 1);
    CHECK(r.removed_ids == std::vector<std::string>{"ben"});
    {
        Xapian::Database xdb(opt.db.string());
        CHECK(xdb.get_metadata(std::string(schema::meta_schema)) == schema::version);
        CHECK(xdb.get_doccount() == 1);
    }
    r = index_directory(opt);  // up to date now: a plain update again
    CHECK_FALSE(r.full);
    CHECK(r.warnings.empty());
    CHECK(r.unchanged == 1);
}

TEST_CASE("sync: an index a newer cvsearch wrote is refused, and --full rebuilds it") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    auto opt = options_for(dir);
    index_directory(opt);
    {  // pretend a newer cvsearch wrote it
        Xapian::WritableDatabase w(current_db_dir(opt.db).string(), Xapian::DB_OPEN);
        w.set_metadata(std::string(schema::meta_schema), "99");
        w.commit();
    }
    try {
        index_directory(opt);
        FAIL("an index of a newer schema must not be updated");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::index_incompatible);
        CHECK(e.input() == opt.db.string());
        CHECK(contains(e.message(), "schema version 99"));
        CHECK(contains(e.message(), "--full"));
    }
    {
        REQUIRE_FALSE(cli_binary().empty());  // ctest sets CVSEARCH_BINARY
        RunResult r = run_cli({"index", root.string(), "--db", opt.db.string()});
        CHECK(r.exit_code == 2);
        CHECK(contains(r.err, "--full"));
        CHECK(r.out.empty());
    }
    opt.full = true;
    SyncReport r = index_directory(opt);
    CHECK(r.total == 1);
    Xapian::Database xdb(opt.db.string());
    CHECK(xdb.get_metadata(std::string(schema::meta_schema)) == schema::version);
    opt.full = false;
    CHECK(index_directory(opt).unchanged == 1);
}

TEST_CASE("sync: a plain glass index from earlier versions is updated in place, then migrated by --full") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "ben.json", profile_json("Ben Ito"));
    auto opt = options_for(dir);
    {  // make a plain layout: the tables of a generation, copied to DIR itself
        SyncOptions tmp = opt;
        tmp.db = dir / "scratch";
        index_directory(tmp);
        fs::create_directories(opt.db);
        for (auto& e : fs::directory_iterator(current_db_dir(tmp.db))) fs::copy(e.path(), opt.db / e.path().filename());
        fs::remove(opt.db / "flintlock");
    }
    REQUIRE(fs::exists(opt.db / "iamglass"));

    write_file(root / "cy.json", profile_json("Cy Dorn"));
    SyncReport r = index_directory(opt);
    CHECK(r.added_ids == std::vector<std::string>{"cy"});
    CHECK(r.generation.empty());  // updated in place
    CHECK(fs::exists(opt.db / "iamglass"));
    CHECK_FALSE(fs::exists(opt.db / "XAPIANDB"));
    CHECK(fs::exists(opt.db / "cvsearch-facets"));  // the facet table, saved beside the tables
    CHECK(ids_in(opt.db) == std::set<std::string>{"ada", "ben", "cy"});

    Xapian::Database old_reader(opt.db.string());
    Searcher old_searcher(opt.db);
    fs::remove(root / "ada.json");
    opt.full = true;
    r = index_directory(opt);
    CHECK(r.generation == "gen-000001");
    CHECK_FALSE(fs::exists(opt.db / "iamglass"));
    CHECK(fs::exists(opt.db / "XAPIANDB"));
    CHECK(ids_in(opt.db) == std::set<std::string>{"ben", "cy"});
    CHECK(ids_of(old_reader) == std::set<std::string>{"ada", "ben", "cy"});  // still reads the old tables
    SearchRequest q;
    q.query = "consensus";
    auto answered = old_searcher.search(q).total;  // old tables, or the new generation once it looked
    CHECK((answered == 3 || answered == 2));
    CHECK(Searcher(opt.db).search(q).total == 2);

    // The old tables go once the grace period is over; IndexWriter opens the new layout.
    opt.full = false;
    opt.grace = std::chrono::seconds(0);
    r = index_directory(opt);
    CHECK(r.removed_generations == std::vector<std::string>{"legacy tables"});
    CHECK_FALSE(fs::exists(opt.db / "postlist.glass"));
    CHECK_FALSE(fs::exists(opt.db / "cvsearch-facets"));
    IndexWriter w(opt.db);
    CHECK(w.generation() == "gen-000001");
    CHECK(w.size() == 2);
}

TEST_CASE("sync: profiles extracted by an older cvsearch are parsed again, unchanged files or not") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "ben.json", profile_json("Ben Ito"));
    auto opt = options_for(dir);
    index_directory(opt);
    {
        // What an older extractor left: the bare content hash (no revision).
        Xapian::WritableDatabase w(current_db_dir(opt.db).string(), Xapian::DB_OPEN);
        Xapian::docid id = *w.postlist_begin(schema::id_term("ben"));
        Xapian::Document doc = w.get_document(id);
        std::string key = doc.get_value(schema::content_hash_slot);
        REQUIRE(key.find("+x") != std::string::npos);
        doc.add_value(schema::content_hash_slot, key.substr(0, key.find("+x")));
        w.replace_document(id, doc);
        w.commit();
    }
    SyncReport r = index_directory(opt);
    CHECK(r.updated_ids == std::vector<std::string>{"ben"});
    CHECK(r.unchanged == 1);
    SyncReport again = index_directory(opt);
    CHECK(again.unchanged == 2);
    CHECK(again.updated == 0);
}
