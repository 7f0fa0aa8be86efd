// index_directory: walking roots, ids from paths, per-file failures, updates.
#include <doctest/doctest.h>

#include <algorithm>

#include "cvsearch/errors.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/test_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

std::string profile_json(const std::string& name, const std::string& id = "") {
    std::string j = "{";
    if (!id.empty()) j += "\"id\": \"" + id + "\", ";
    return j + "\"name\": \"" + name + "\", \"interests\": [\"consensus protocols\"]}";
}

std::vector<std::string> indexed_ids(const std::filesystem::path& db) {
    IndexWriter w(db);
    std::vector<std::string> ids;
    for (const auto& p : w.profiles()) ids.push_back(p.id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

}  // namespace

TEST_CASE("index_directory: ids from relative paths, bad files reported, not fatal") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "kaist" / "ada-park.json", profile_json("Ada Park"));
    write_file(root / "ben" / "resume.json", profile_json("Ben Ito"));
    write_file(root / "given.json", profile_json("Cy Dorn", "people/cy"));  // the path's id, not the JSON's
    write_file(root / "broken.json", "{\"name\": ");                         // malformed
    write_file(root / "notes.csv", "not a profile file");                    // ignored extension
    write_file(root / ".hidden" / "x.json", profile_json("Hidden"));         // hidden folder skipped

    SyncOptions opt;
    opt.roots = {root};
    opt.db = dir / "index.db";
    SyncReport r = index_directory(opt);
    CHECK(r.files == 4);
    CHECK(r.added == 3);
    CHECK(r.total == 3);
    REQUIRE(r.failed.size() == 1);
    CHECK(r.failed[0].path == (root / "broken.json").string());
    CHECK(r.failed[0].code == ErrorCode::parse);
    CHECK_FALSE(r.failed[0].reason.empty());
    CHECK(indexed_ids(opt.db) == std::vector<std::string>{"ben", "given", "kaist/ada-park"});

    Searcher s(opt.db);
    SearchRequest req;
    req.query = "consensus";
    CHECK(s.search(req).total == 3);
}

TEST_CASE("index_directory: second run updates changed files, keeps unchanged, removes deleted") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "a.json", profile_json("Ada Park"));
    write_file(root / "b.json", profile_json("Ben Ito"));
    write_file(root / "c.json", profile_json("Cy Dorn"));
    SyncOptions opt;
    opt.roots = {root};
    opt.db = dir / "index.db";
    index_directory(opt);

    write_file(root / "a.json", profile_json("Ada Park-Lee"));  // changed
    std::filesystem::remove(root / "c.json");                   // deleted
    write_file(root / "b.json", "{ broken");                    // now fails: its old version stays
    write_file(root / "d.json", profile_json("Dee Olu"));       // new

    SyncOptions dry = opt;
    dry.dry_run = true;
    SyncReport preview = index_directory(dry);
    CHECK(preview.added == 1);
    CHECK(preview.updated == 1);
    CHECK(preview.removed == 1);
    CHECK(indexed_ids(opt.db) == std::vector<std::string>{"a", "b", "c"});  // dry run wrote nothing

    SyncReport r = index_directory(opt);
    CHECK(r.added == 1);
    CHECK(r.updated == 1);
    CHECK(r.unchanged == 0);
    CHECK(r.removed == 1);
    CHECK(r.failed.size() == 1);
    CHECK(indexed_ids(opt.db) == std::vector<std::string>{"a", "b", "d"});
    Searcher s(opt.db);
    CHECK(s.profile("a")->name == "Ada Park-Lee");
    CHECK(s.profile("b")->name == "Ben Ito");

    SyncReport again = index_directory(opt);
    CHECK(again.unchanged == 2);
    CHECK(again.added + again.updated + again.removed == 0);
}

TEST_CASE("index_directory: duplicate ids and a missing root") {
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "one.json", profile_json("Ada Park", "same"));  // a declared id takes nothing
    write_file(root / "two.json", profile_json("Ben Ito", "same"));
    write_file(root / "same.json", profile_json("Cy Dorn"));
    write_file(root / "same.txt", "Di Olu\nResearch interests: consensus\n");  // one path id, two files
    SyncOptions opt;
    opt.roots = {root};
    opt.db = dir / "index.db";
    SyncReport r = index_directory(opt);
    CHECK(indexed_ids(opt.db) == std::vector<std::string>{"one", "two"});
    REQUIRE(r.failed.size() == 2);
    CHECK(r.failed[0].path == (root / "same.json").string());
    CHECK(r.failed[1].path == (root / "same.txt").string());
    CHECK(r.failed[0].reason.find("\"same\"") != std::string::npos);

    opt.roots = {dir / "nope"};
    try {
        index_directory(opt);
        FAIL("a missing root must fail");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::io);
        CHECK(e.input() == (dir / "nope").string());
    }
}
