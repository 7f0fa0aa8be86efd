// Compaction after updates in place: an update splits the full B-tree blocks
// of a compact index, so it grows; once it has grown past
// SyncOptions::compact_growth a run compacts it into a new generation,
// swapped in like a full rebuild. The answers stay the same.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <map>

#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "indexer/index_lock.hpp"
#include "tests/indexer/sync/sync_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

const char* const topics[] = {"consensus protocols", "fault tolerance", "program synthesis", "graph databases",
                              "wireless sensing", "compiler testing", "storage systems", "robot learning"};

/// Profile i of a fictional department, revision `rev` (a changed revision
/// changes its headline, interests and a publication).
std::string department_profile(int i, int rev = 0) {
    char name[64];
    std::snprintf(name, sizeof name, "Researcher%03d Example", i);
    std::string topic = topics[(i + rev) % 8];
    std::string pubs = "\"publications\": [";
    for (int k = 0; k < 6; ++k) {
        if (k) pubs += ", ";
        pubs += "{\"title\": \"On " + std::string(topics[(i + k + rev) % 8]) + " at scale, part " + std::to_string(k + rev) +
                "\", \"venue\": \"" + (k % 2 ? "SOSP" : "OSDI") + "\", \"year\": " + std::to_string(2010 + (i + k) % 14) +
                "}";
    }
    pubs += "]";
    return profile_json(name, topic, pubs);
}

void write_department(const fs::path& root, int n) {
    for (int i = 0; i < n; ++i) write_file(root / ("p" + std::to_string(i) + ".json"), department_profile(i));
}

void revise(const fs::path& root, std::initializer_list<int> which, int rev) {
    for (int i : which) write_file(root / ("p" + std::to_string(i) + ".json"), department_profile(i, rev));
}

/// Every query's ranked (id, score) list: what "answers the same" means.
std::map<std::string, std::vector<std::pair<std::string, double>>> answers(const fs::path& db) {
    Searcher s(db);
    std::map<std::string, std::vector<std::pair<std::string, double>>> out;
    for (const char* q : {"fault tolerance", "\"program synthesis\"", "consensus OR robot", "venue:SOSP storage",
                          "year:2015..2018 graph"}) {
        SearchRequest req;
        req.query = q;
        req.limit = 50;
        for (const auto& h : s.search(req).hits) out[q].emplace_back(h.id, h.score);
    }
    return out;
}

double growth_of(const fs::path& db) { return IndexWriter(db).growth(); }

}  // namespace

TEST_CASE("compaction: an updated index grows, a run past compact_growth compacts it into a new generation") {
    TempDir dir;
    auto root = dir / "cvs";
    write_department(root, 1000);
    SyncOptions opt;
    opt.roots = {root};
    opt.db = dir / "index";
    opt.compact_growth = 0;     // never, until asked below
    opt.compact_min_bytes = 0;  // a test-sized index gives back far less than the default
    index_directory(opt);
    REQUIRE(index_generation(opt.db) == "gen-000001");
    const double fresh = growth_of(opt.db);
    CHECK(fresh >= 1.0);
    CHECK(fresh < 1.05);  // a build is compacted before it is published, its size recorded
                          // (the commit that publishes it adds a few blocks)

    // Updates in place grow it (and compact_growth 0 leaves it so).
    revise(root, {3, 50, 150, 299, 640, 998}, 1);
    SyncReport r = index_directory(opt);
    CHECK(r.updated == 6);
    CHECK_FALSE(r.compacted);
    const double grown = growth_of(opt.db);
    CHECK(grown > fresh + 0.1);
    MESSAGE("growth: " << fresh << " after the build, " << grown << " after 6 of 1000 profiles changed");
    CHECK(index_generation(opt.db) == "gen-000001");

    // Below the threshold: nothing happens.
    opt.compact_growth = grown * 10;
    revise(root, {7}, 2);
    r = index_directory(opt);
    CHECK_FALSE(r.compacted);
    CHECK(index_generation(opt.db) == "gen-000001");

    // A copy that is never compacted answers every query like the compacted one must.
    auto copy_to_uncompacted = [&] {
        fs::remove_all(dir / "uncompacted");
        fs::copy(opt.db, dir / "uncompacted", fs::copy_options::recursive);
        fs::remove(dir / "uncompacted" / indexing::lock_file_name);
    };
    REQUIRE(answers(opt.db).at("fault tolerance").size() > 10);

    SearcherOptions every_request;
    every_request.poll_interval = std::chrono::milliseconds(0);
    Searcher before(opt.db, every_request);  // open on gen-000001 across the swap
    Xapian::Database old_handle(opt.db.string());
    const auto old_docs = ids_of(old_handle);
    SearchRequest req;
    req.query = "fault tolerance";
    REQUIRE(before.search(req).total > 10);

    // Past the threshold, but giving back less than compact_min_bytes: not worth it.
    opt.compact_growth = 1.001;
    opt.compact_min_bytes = SyncOptions{}.compact_min_bytes;
    revise(root, {6}, 2);
    r = index_directory(opt);
    CHECK(r.updated == 1);
    CHECK_FALSE(r.compacted);
    opt.compact_min_bytes = 0;
    copy_to_uncompacted();

    // Past the threshold (and dry runs never write).
    revise(root, {8}, 2);
    opt.dry_run = true;
    r = index_directory(opt);
    CHECK_FALSE(r.compacted);
    opt.dry_run = false;
    r = index_directory(opt);
    CHECK(r.updated == 1);
    CHECK(r.compacted);
    CHECK(r.generation == "gen-000002");
    CHECK(index_generation(opt.db) == "gen-000002");
    CHECK(r.bytes_after_compaction < r.bytes_before_compaction);
    CHECK(growth_of(opt.db) < 1.05);
    CHECK(generations_in(opt.db) == std::vector<std::string>{"gen-000001", "gen-000002"});  // the old one, for readers

    // The same answers, ids and scores, as the copy given the same update.
    SyncOptions copy = opt;
    copy.db = dir / "uncompacted";
    copy.compact_growth = 0;
    index_directory(copy);
    CHECK(answers(opt.db) == answers(copy.db));
    CHECK(index_generation(copy.db) == "gen-000001");

    // A Searcher opened before the swap follows it; a plain Xapian handle keeps
    // reading the old generation, whole.
    CHECK(before.search(req).total == Searcher(opt.db).search(req).total);
    CHECK(ids_of(old_handle) == old_docs);

    // No change, no compaction, even with compact_growth at 1 ("after every update").
    opt.compact_growth = 1;
    r = index_directory(opt);
    CHECK_FALSE(r.compacted);
    revise(root, {9}, 3);
    r = index_directory(opt);
    CHECK(r.compacted);
    CHECK(r.generation == "gen-000003");

    // Superseded generations go after the grace period, as after --full.
    opt.grace = std::chrono::seconds(0);
    r = index_directory(opt);
    CHECK(r.removed_generations == std::vector<std::string>{"gen-000001", "gen-000002"});
    CHECK(generations_in(opt.db) == std::vector<std::string>{"gen-000003"});
    CHECK(ids_in(opt.db).size() == 1000);
}

TEST_CASE("compaction: IndexWriter::compact publishes a compact generation and goes on writing it") {
    TempDir dir;
    const fs::path db = dir / "index";
    {
        WriterOptions o;
        o.compact = false;  // an uncompacted build: its growth is unknown
        IndexWriter w(db, o);
        for (int i = 0; i < 300; ++i) {
            Profile p = profile_from_json(department_profile(i));
            p.id = "p" + std::to_string(i);
            w.put(p);
        }
        w.commit();
        CHECK(w.growth() == 0.0);
        const auto uncompacted = w.disk_bytes();

        Profile extra;
        extra.id = "extra";
        extra.name = "Extra Person";
        extra.interests = {"quantum error correction"};
        w.put(extra);  // pending: compact() commits it first
        w.compact();
        CHECK(w.generation() == "gen-000002");
        CHECK(index_generation(db) == "gen-000002");
        CHECK(w.disk_bytes() < uncompacted);
        CHECK(w.growth() >= 1.0);
        CHECK(w.growth() < 1.05);

        // Still a working writer, now on the new generation.
        CHECK(w.remove("p0"));
        w.commit();
        CHECK(w.growth() > 1.0);
        CHECK(w.size() == 300);
    }
    CHECK(ids_in(db).count("extra") == 1);
    CHECK(ids_in(db).count("p0") == 0);
    CHECK(ids_in(db).size() == 300);
    Searcher s(db);
    SearchRequest req;
    req.query = "quantum";
    CHECK(s.search(req).total == 1);
}

TEST_CASE("compaction: a compaction that fails leaves the committed update and a warning") {
    TempDir dir;
    auto root = dir / "cvs";
    write_department(root, 400);
    SyncOptions opt;
    opt.roots = {root};
    opt.db = dir / "index";
    opt.compact_growth = 1;  // after every update
    index_directory(opt);
    REQUIRE(index_generation(opt.db) == "gen-000001");

    // Where the compacted copy would go, a file that is no generation: the rename fails.
    write_file(opt.db / "gen-000002", "in the way");
    revise(root, {1, 2}, 1);
    SyncReport r = index_directory(opt);
    CHECK(r.updated == 2);
    CHECK_FALSE(r.compacted);
    REQUIRE(r.warnings.size() == 1);
    CHECK(contains(r.warnings[0], "gen-000002"));
    CHECK(contains(r.warnings[0], "the update is committed"));
    CHECK(index_generation(opt.db) == "gen-000001");
    CHECK_FALSE(fs::exists(opt.db / "gen-000002.compact"));
    Searcher s(opt.db);
    SearchRequest req;
    req.query = "\"part 1\" OR \"part 6\"";  // rev 1 of profiles 1 and 2 numbers its publications 1 to 6
    const auto hits = s.search(req);
    CHECK(hits.total >= 2);

    // The CLI says so and exits 1 (committed, something failed).
    revise(root, {3}, 1);
    RunResult cli = run_cli({"index", root.string(), "--db", opt.db.string(), "--compact-growth", "1"});
    CHECK(cli.exit_code == 1);
    CHECK(contains(cli.err, "the update is committed"));
    CHECK(contains(cli.out, "1 updated"));

    // Out of the way, the next run compacts.
    fs::remove(opt.db / "gen-000002");
    revise(root, {4}, 1);
    r = index_directory(opt);
    CHECK(r.compacted);
    CHECK(r.warnings.empty());
    CHECK(index_generation(opt.db) == "gen-000002");
    CHECK(ids_in(opt.db).size() == 400);
}
