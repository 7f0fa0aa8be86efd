// One Searcher shared by many threads while the index changes under it: in-place
// commits by another process (`cvsearch index`), `--full` rebuilds that swap the
// stub file, in-process commits. The callers must never see an error, and new
// revisions must be seen within SearcherOptions::poll_interval.
#include <doctest/doctest.h>

#include <atomic>
#include <set>

#include "cvsearch/searcher.hpp"
#include "tests/web/web_fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

/// A made-up word per number, letters only (no digit splitting, no plural stemming).
std::string word(const std::string& prefix, int n) { return prefix + "q" + static_cast<char>('a' + n % 26) + "z"; }

/// `count` fictional profiles with several publications each, so that a commit
/// rewrites many blocks. `round` changes their titles.
std::vector<Profile> many_profiles(int count, int round) {
    static const char* venues[] = {"SOSP", "OSDI", "NSDI", "EuroSys", "VLDB", "SC"};
    static const char* insts[] = {"KAIST", "MIT", "ETH Zürich", "Carnegie Mellon University", "University of Michigan"};
    static const char* words[] = {"fault", "tolerance", "consensus", "storage", "scheduling", "energy", "streams", "verification"};
    std::vector<Profile> v;
    for (int i = 0; i < count; ++i) {
        Profile p;
        p.id = "load/person-" + std::to_string(i);
        p.name = "Person " + std::string(1, static_cast<char>('A' + i % 26)) + ". Number" + std::to_string(i);
        p.affiliations = {web_aff(insts[i % 5], 2010 + i % 10)};
        for (int k = 0; k < 6; ++k)
            p.publications.push_back(web_pub(std::string(words[(i + k) % 8]) + " " + words[(i + k + 3) % 8] + " " + word("edition", round) +
                                                 " part" + std::to_string(k),
                                             venues[(i + k) % 6], 2012 + (i + k) % 12));
        p.interests = {words[i % 8], words[(i + 1) % 8]};
        v.push_back(std::move(p));
    }
    return v;
}

void write_profiles(const std::filesystem::path& root, const std::vector<Profile>& profiles) {
    for (const auto& p : profiles) write_file(root / (p.id + ".json"), to_json(p));
}

/// Runs searches, profile look-ups and stats in a loop until `stop` (or a cap),
/// recording every exception.
struct Readers {
    std::atomic<bool> stop{false};
    std::atomic<long> requests{0};
    std::mutex mutex;
    std::vector<std::string> errors;
    std::vector<std::thread> threads;

    Readers(const Searcher& searcher, int n) {
        for (int t = 0; t < n; ++t)
            threads.emplace_back([this, &searcher, t] {
                for (long i = 0; i < 2000000 && !stop.load(); ++i) {
                    try {
                        SearchRequest req;
                        switch ((t + i) % 5) {
                            case 0: req.query = "fault tolerance"; break;
                            case 1: req.query = "consensus"; req.filters[Facet::venue] = {"SOSP", "NSDI"}; break;
                            case 2: req.query = ""; req.year_min = 2015; req.year_max = 2020; break;
                            case 3: (void)searcher.profile("load/person-" + std::to_string(i % 40)); break;
                            case 4: (void)searcher.stats(5); break;
                        }
                        if ((t + i) % 5 < 3) {
                            SearchResults r = searcher.search(req);
                            if (req.query.empty() && r.total == 0) throw std::runtime_error("an empty year-range search found nothing");
                        }
                        requests++;
                    } catch (const std::exception& e) {
                        std::lock_guard lock(mutex);
                        if (errors.size() < 20) errors.push_back(e.what());
                    }
                }
            });
    }
    void join() {
        stop = true;
        for (auto& th : threads) th.join();
    }
};

std::size_t hits_for(const Searcher& s, const std::string& q) {
    SearchRequest req;
    req.query = q;
    req.facets.clear();
    auto r = s.search(req);
    // A word that is gone may show a close word's results instead (SearchResults::searched): not its hits.
    return r.searched.empty() ? r.total : 0;
}

/// Searches until `q` has `want` hits: at most 100 tries, 50 ms apart.
bool eventually_hits(const Searcher& s, const std::string& q, std::size_t want) {
    for (int i = 0; i < 100; ++i) {
        if (hits_for(s, q) == want) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
}

}  // namespace

TEST_CASE("concurrency: 8 threads share one Searcher while `cvsearch index` re-indexes and commits repeatedly") {
    REQUIRE_FALSE(cli_binary().empty());
    TempDir dir;
    auto cvs = dir / "cvs";
    auto db = dir / "db";
    write_profiles(cvs, many_profiles(40, 0));
    REQUIRE(run_command({cli_binary(), "index", cvs.string(), "--db", db.string(), "--quiet"}) == 0);

    Searcher searcher(db);  // default poll_interval (200 ms)
    Readers readers(searcher, 8);
    int index_failures = 0;
    const int rounds = 12;
    for (int round = 1; round <= rounds; ++round) {
        write_profiles(cvs, many_profiles(40, round));  // every profile changes: each run commits
        Profile marker = plain_profiles()[round % 5];
        marker.id = "rounds/marker-" + std::to_string(round);
        marker.interests = {word("roundmarker", round)};
        write_profiles(cvs, {marker});
        std::vector<std::string> args = {cli_binary(), "index", cvs.string(), "--db", db.string(), "--quiet", "--wait", "60"};
        if (round % 4 == 0) args.push_back("--full");  // a new generation, swapped in
        if (run_command(args) != 0) ++index_failures;
    }
    // Let the readers run on the last revision a little, then stop them.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    readers.join();
    CHECK(index_failures == 0);
    for (const auto& e : readers.errors) MESSAGE("reader error: " << e);
    CHECK(readers.errors.empty());
    CHECK(readers.requests > 100);
    // The last revision is visible (within the poll interval), earlier markers too.
    CHECK(eventually_hits(searcher, word("roundmarker", rounds), 1));
    CHECK(hits_for(searcher, word("roundmarker", 1)) == 1);
    CHECK(hits_for(searcher, word("edition", rounds)) == 40);
    CHECK(hits_for(searcher, word("edition", 0)) == 0);
    CHECK(searcher.stats().profiles == 40 + rounds);
}

TEST_CASE("concurrency: with poll_interval 0, the request after a commit sees it (in-process writer, readers busy)") {
    TempDir dir;
    auto db = dir / "db";
    build_index(db, plain_profiles());
    SearcherOptions opt;
    opt.poll_interval = std::chrono::milliseconds(0);
    Searcher searcher(db, opt);
    Readers readers(searcher, 4);
    {
        IndexWriter w(db);
        for (int i = 1; i <= 20; ++i) {
            Profile p = plain_profiles()[i % 5];
            p.id = "commits/p" + std::to_string(i);
            p.interests = {word("commitword", i)};
            w.put(p);
            w.commit();
            CHECK(hits_for(searcher, word("commitword", i)) == 1);
        }
    }
    readers.join();
    for (const auto& e : readers.errors) MESSAGE("reader error: " << e);
    CHECK(readers.errors.empty());
}

TEST_CASE("concurrency: a swapped stub file (DIR/XAPIANDB) is followed, which reopen() alone would not do") {
    TempDir dir;
    auto db = dir / "db";
    std::filesystem::create_directories(db);
    Profile a = plain_profiles()[0];
    a.interests = {"generationalpha"};
    Profile b = plain_profiles()[1];
    b.interests = {"generationbeta"};
    build_index(db / "gen-000001", {a});
    build_index(db / "gen-000002", {b});
    write_file(db / "XAPIANDB", "auto gen-000001\n");

    for (int poll_ms : {0, 200}) {
        CAPTURE(poll_ms);
        write_file(db / "XAPIANDB", "auto gen-000001\n");
        SearcherOptions opt;
        opt.poll_interval = std::chrono::milliseconds(poll_ms);
        Searcher searcher(db, opt);
        Readers readers(searcher, 4);
        REQUIRE(hits_for(searcher, "generationalpha") == 1);
        // Atomic swap, as `cvsearch index --full` does it: write a temp file, rename over the stub.
        write_file(db / "XAPIANDB.tmp", "auto gen-000002\n");
        std::filesystem::rename(db / "XAPIANDB.tmp", db / "XAPIANDB");
        const auto swapped = std::chrono::steady_clock::now();
        if (poll_ms == 0) {
            CHECK(hits_for(searcher, "generationbeta") == 1);
        } else {
            CHECK(eventually_hits(searcher, "generationbeta", 1));
            // Within the poll interval a context opened after the swap sees the new
            // generation while pooled ones may still show the old one; what is
            // promised is that every request starting an interval after it sees it.
            std::this_thread::sleep_until(swapped + opt.poll_interval + std::chrono::milliseconds(20));
        }
        CHECK(hits_for(searcher, "generationalpha") == 0);
        CHECK(searcher.profile(b.id).has_value());
        CHECK_FALSE(searcher.profile(a.id).has_value());
        readers.join();
        for (const auto& e : readers.errors) MESSAGE("reader error: " << e);
        CHECK(readers.errors.empty());
    }
}
