// Readers and a writer at once: 8 threads share one Searcher (and each opens
// its own now and then) while a writer commits in place and swaps in full
// rebuilds. Callers must see zero errors, every request a consistent index, and
// the final index must pass xapian-check.
//
// The ctest run lasts CVSEARCH_STRESS_SECONDS (default 3); scripts/stress.sh
// runs it for 60 s, scripts/torture.sh with `cvsearch serve` reading the same
// index over HTTP (CVSEARCH_STRESS_DB).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "indexer/generations.hpp"
#include "tests/process_util.hpp"
#include "tests/test_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

constexpr int anchors = 20;  // always in the index: every search for "anchorite" finds all of them

Profile stress_profile(const std::string& id, int version, bool anchor) {
    Profile p;
    p.id = id;
    p.name = "Researcher " + id;
    p.headline = anchor ? "Anchorite of stable indexes" : "Visitor number " + std::to_string(version);
    p.interests = {anchor ? "anchorite" : "transient", "v" + std::to_string(version), "distributed systems"};
    Publication pub;
    pub.title = "Notes on churn, revision " + std::to_string(version);
    pub.venue = pub.venue_raw = version % 2 ? "SOSP" : "OSDI";
    pub.year = 2000 + version % 25;
    p.publications = {pub};
    p.source.content_hash = "h" + std::to_string(version);
    return p;
}

double stress_seconds() {
    const char* s = std::getenv("CVSEARCH_STRESS_SECONDS");
    double v = s && *s ? std::atof(s) : 3.0;
    return v > 0 ? v : 3.0;
}

/// A pause after each commit (CVSEARCH_STRESS_COMMIT_PAUSE_MS, default 20).
long pause_ms() {
    const char* s = std::getenv("CVSEARCH_STRESS_COMMIT_PAUSE_MS");
    return s && *s ? std::atol(s) : 20;
}

}  // namespace

TEST_CASE("stress: 8 readers search while a writer commits and swaps") {
    // CVSEARCH_STRESS_DB: write the index there instead (a new path), so that
    // another process can read it meanwhile (scripts/torture.sh serves it).
    TempDir dir;
    const char* shared_db = std::getenv("CVSEARCH_STRESS_DB");
    const fs::path db = shared_db && *shared_db ? fs::path(shared_db) : dir / "db";
    {
        IndexWriter w(db);
        for (int i = 0; i < anchors; ++i) w.put(stress_profile("anchor" + std::to_string(i), 0, true));
        w.commit();
    }
    SearcherOptions so;
    so.poll_interval = std::chrono::milliseconds(0);  // look for new commits on every request
    Searcher shared(db, so);

    const auto duration = std::chrono::duration<double>(stress_seconds());
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(duration);
    std::atomic<bool> stop{false};
    std::atomic<long> searches{0}, errors{0}, inconsistent{0}, commits{0}, swaps{0};
    std::mutex first_error_mutex;
    std::string first_error;
    auto record = [&](const std::string& what) {
        ++errors;
        std::lock_guard lock(first_error_mutex);
        if (first_error.empty()) first_error = what;
    };

    std::vector<std::vector<float>> latencies(8);  // seconds per search, for the p99
    std::vector<std::thread> readers;
    for (int t = 0; t < 8; ++t) {
        readers.emplace_back([&, t] {
            int n = 0;
            while (!stop.load()) {
                const char* op = "open";
                try {
                    std::optional<Searcher> own;
                    if (++n % 50 == 0) own.emplace(db, so);  // opening during writes must work too
                    const Searcher& s = own ? *own : shared;
                    SearchRequest req;
                    switch ((n + t) % 4) {
                        case 0: req.query = "anchorite"; break;
                        case 1: req.query = "anchorite OR transient"; req.sort = SortOrder::latest_year; break;
                        case 2: req.query = "anchorite venue:SOSP year:2000..2030"; break;
                        default: req.query = "churn* anchorite"; break;
                    }
                    req.limit = 5;
                    op = "search";
                    const auto started = std::chrono::steady_clock::now();
                    SearchResults r = s.search(req);
                    latencies[t].push_back(std::chrono::duration<float>(std::chrono::steady_clock::now() - started).count());
                    ++searches;
                    if (req.query == "anchorite" && r.total != anchors) ++inconsistent;
                    if (n % 10 == 0) {
                        op = "profile";
                        if (!s.profile("anchor" + std::to_string(n % anchors))) ++inconsistent;
                        op = "similar";
                        s.similar("anchor0", 3);
                        op = "stats";
                        s.stats(3);
                    }
                } catch (const std::exception& e) {
                    record(std::string(op) + ": " + e.what());
                }
            }
        });
    }

    // The writer: in-place commits (add, update, remove transient profiles),
    // and every fourth writer a full rebuild swapped in.
    const auto commit_pause = std::chrono::milliseconds(pause_ms());
    int version = 0, writers = 0;
    try {
        while (std::chrono::steady_clock::now() < until) {
            const bool full = ++writers % 4 == 0;
            WriterOptions wo;
            wo.overwrite = full;
            wo.lock_wait = std::chrono::seconds(30);
            wo.grace = std::chrono::seconds(0);  // delete replaced generations as soon as possible (readers must cope)
            IndexWriter w(db, wo);
            for (int round = 0; round < (full ? 1 : 5); ++round, ++version) {
                if (full)
                    for (int i = 0; i < anchors; ++i) w.put(stress_profile("anchor" + std::to_string(i), version, true));
                w.put(stress_profile("anchor" + std::to_string(version % anchors), version, true));
                for (int i = 0; i < 5; ++i) w.put(stress_profile("t" + std::to_string((version * 5 + i) % 60), version, false));
                w.remove("t" + std::to_string((version * 7) % 60));
                w.commit();
                ++commits;
                std::this_thread::sleep_for(commit_pause);
            }
            if (full) ++swaps;
        }
    } catch (const std::exception& e) {
        record(std::string("writer: ") + e.what());
    }
    stop = true;
    for (auto& r : readers) r.join();

    std::vector<float> all;
    for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
    std::sort(all.begin(), all.end());
    auto quantile = [&](double q) { return all.empty() ? 0.0 : 1000.0 * all[std::min(all.size() - 1, static_cast<std::size_t>(q * all.size()))]; };
    MESSAGE("stress " << duration.count() << " s, " << commit_pause.count() << " ms between commits: " << searches.load() << " searches, " << commits.load() << " commits, "
                      << swaps.load() << " full swaps, " << errors.load() << " errors, " << inconsistent.load()
                      << " inconsistent; search latency p50 " << quantile(0.5) << " ms, p99 " << quantile(0.99) << " ms, max "
                      << quantile(1.0) << " ms");
    CHECK_MESSAGE(errors.load() == 0, first_error);
    CHECK(inconsistent.load() == 0);
    CHECK(searches.load() > 0);
    CHECK(commits.load() > 1);

    // The final index is sound.
    const fs::path current = indexing::inspect(db).current_path();
    const char* check = "/usr/bin/xapian-check";
    if (fs::exists(check)) {
        Child c({check, current.string()});
        RunResult r = c.finish();
        CAPTURE(r.out);
        CAPTURE(r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("No errors found") != std::string::npos);
    } else {
        MESSAGE("xapian-check not installed (package xapian-tools): final check skipped");
    }
}
