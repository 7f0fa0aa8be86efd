// One writer per index: a second run (another process) stops at once with exit
// status 3 and says who holds the index; --wait waits for it.
#include <doctest/doctest.h>

#include <optional>

#include "cvsearch/errors.hpp"
#include "cvsearch/indexer.hpp"
#include "tests/indexer/sync/sync_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

TEST_CASE("lock: a second writer in the same process fails with index_locked and names the holder") {
    TempDir dir;
    write_file(dir / "cvs" / "ada.json", profile_json("Ada Park"));
    SyncOptions opt;
    opt.roots = {dir / "cvs"};
    opt.db = dir / "index";
    IndexWriter holder(opt.db, WriterOptions{true});  // a full rebuild in progress: writes a new generation
    try {
        index_directory(opt);
        FAIL("the second writer must not run");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::index_locked);
        CHECK(e.input() == opt.db.string());
        CHECK(contains(e.message(), "being written"));
        CHECK(contains(e.message(), "pid " + std::to_string(::getpid())));
    }
    // A full rebuild is excluded too, although it would write another generation.
    opt.full = true;
    CHECK_THROWS_AS(index_directory(opt), Error);
    // A dry run only reads: it does not need the lock.
    opt.dry_run = true;
    CHECK(index_directory(opt).added == 1);
}

TEST_CASE("lock: the CLI exits 3 at once while another process writes, --wait waits for it") {
    REQUIRE_FALSE(cli_binary().empty());  // ctest sets CVSEARCH_BINARY
    TempDir dir;
    auto root = dir / "cvs";
    write_file(root / "ada.json", profile_json("Ada Park"));
    write_file(root / "ben.json", profile_json("Ben Ito"));
    auto db = dir / "index";
    auto report = dir / "report.json";

    std::optional<IndexWriter> holder;
    holder.emplace(db);  // this test process is the first writer

    RunResult r = run_cli({"index", root.string(), "--db", db.string(), "--report", report.string()});
    CHECK(r.exit_code == 3);
    CHECK(contains(r.err, "being written"));
    CHECK(contains(r.err, "pid " + std::to_string(::getpid())));
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    CHECK(contains(r.err, std::string("on host ") + host));
    CHECK(contains(r.err, "--wait"));
    CHECK(r.out.empty());
    CHECK(contains(read_file(report), "\"status\": \"locked\""));

    // --wait: the second run says it waits, and finishes once the first is done.
    Child waiting({cli_binary(), "index", root.string(), "--db", db.string(), "--wait", "120"});
    REQUIRE(waiting.wait_for_stderr("waiting up to 120 s"));
    CHECK(contains(read_file(db / "cvsearch.lock"), "pid=" + std::to_string(::getpid())));
    holder->commit();
    holder.reset();  // releases the lock
    RunResult w = waiting.finish();
    CHECK(w.exit_code == 0);
    CHECK(contains(w.out, "2 added"));
    CHECK(ids_in(db) == std::set<std::string>{"ada", "ben"});
    // The lock file now names the CLI run that held it last.
    CHECK(contains(read_file(db / "cvsearch.lock"), "--wait 120"));
}

TEST_CASE("lock: a writer killed with SIGKILL leaves no lock behind") {
    REQUIRE_FALSE(cli_binary().empty());  // ctest sets CVSEARCH_BINARY
    TempDir dir;
    auto root = dir / "cvs";
    for (int i = 0; i < 50; ++i) write_file(root / ("p" + std::to_string(i) + ".json"), profile_json("Person " + std::to_string(i)));
    auto db = dir / "index";
    {
        Child c({cli_binary(), "index", root.string(), "--db", db.string()});
        c.kill(SIGKILL);
        c.finish();
    }
    RunResult r = run_cli({"index", root.string(), "--db", db.string()});
    CHECK(r.exit_code == 0);
    CHECK(ids_in(db).size() == 50);
}
