// Crash safety: the indexer (the CLI binary) is killed with SIGKILL at random
// moments during runs over a few hundred profile files, incremental and --full.
// After every kill the index opens, xapian-check passes on the current
// generation, and it holds exactly the old or the new set of profile ids.
//
// The default suite does 5 kills over 300 files. scripts/crash-test.sh runs the
// long version (CVSEARCH_CRASH_KILLS, CVSEARCH_CRASH_FILES, CVSEARCH_CRASH_SEED).
#include <doctest/doctest.h>

#include <chrono>
#include <map>
#include <random>
#include <sstream>
#include <thread>

#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/indexer/sync/sync_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

long env_number(const char* name, long fallback) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    return std::strtol(v, nullptr, 10);
}

std::string find_xapian_check() {
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "/usr/bin:/bin");
    for (std::string d; std::getline(dirs, d, ':');) {
        fs::path p = fs::path(d) / "xapian-check";
        if (::access(p.c_str(), X_OK) == 0) return p.string();
    }
    return "";
}

/// xapian-check on a database directory (the library's Database::check when
/// the tool is not installed: xapian-check is a thin wrapper around it).
bool xapian_check_passes(const fs::path& db_dir, std::string& output) {
    static const std::string tool = find_xapian_check();
    if (!tool.empty()) {
        Child c({tool, db_dir.string()});
        RunResult r = c.finish();
        output = r.out + r.err;
        return r.exit_code == 0;
    }
    try {
        std::ostringstream out;
        bool ok = Xapian::Database::check(db_dir.string(), 0, &out) == 0;
        output = out.str();
        return ok;
    } catch (const Xapian::Error& e) {
        output = e.get_description();
        return false;
    }
}

std::string describe(const std::set<std::string>& ids) {
    return std::to_string(ids.size()) + " ids";
}

const char* const kTopics[] = {"consensus protocols", "program synthesis", "computational biology", "robot learning",
                               "information retrieval", "compilers", "quantum error correction", "databases"};

}  // namespace

TEST_CASE("crash: SIGKILL at random moments of incremental, compacting and full runs leaves the old or the new index, never a mix") {
    REQUIRE_FALSE(cli_binary().empty());  // ctest sets CVSEARCH_BINARY
    const long kills = env_number("CVSEARCH_CRASH_KILLS", 5);
    const long nfiles = env_number("CVSEARCH_CRASH_FILES", 300);
    const unsigned seed = static_cast<unsigned>(env_number("CVSEARCH_CRASH_SEED", static_cast<long>(std::random_device{}() & 0x7fffffff)));
    MESSAGE("crash test: " << kills << " kills, " << nfiles << " files, seed " << seed
                           << " (rerun with CVSEARCH_CRASH_SEED=" << seed << ")");
    std::mt19937 rng(seed);
    auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };

    TempDir dir;
    const fs::path root = dir / "cvs";
    const fs::path db = dir / "index";
    std::map<std::string, fs::path> live;  // id -> file
    long next = 0, version = 0;
    auto write_profile = [&](long n) {
        const std::string group = "g" + std::to_string(n % 10);
        const std::string stem = "p" + std::to_string(n);
        fs::path file = root / group / (stem + ".json");
        std::string topic = kTopics[(n + version) % std::size(kTopics)];
        std::string pubs = "\"publications\": [";
        for (int i = 0; i < 6; ++i)
            pubs += std::string(i ? "," : "") + "{\"title\": \"Notes on " + topic + " part " + std::to_string(i) + " rev " +
                    std::to_string(version) + "\", \"venue\": \"SOSP\", \"year\": " + std::to_string(2010 + (n + i) % 15) + "}";
        pubs += "]";
        write_file(file, profile_json("Person " + std::to_string(n) + " Example", topic, pubs));
        live[group + "/" + stem] = file;
    };
    auto keys = [&] {
        std::set<std::string> s;
        for (const auto& [id, f] : live) s.insert(id);
        return s;
    };
    for (long i = 0; i < nfiles; ++i) write_profile(next++);

    const std::vector<std::string> base = {cli_binary(), "index", root.string(), "--db", db.string(), "--quiet", "--grace", "0"};
    auto t0 = std::chrono::steady_clock::now();
    RunResult first = run_cli({"index", root.string(), "--db", db.string(), "--quiet"});
    const double full_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    REQUIRE(first.exit_code == 0);
    REQUIRE(ids_in(db) == keys());

    // Three kinds of run in turn: an update in place, an update that compacts
    // into a new generation (--compact-growth 1: after every update), and a
    // full rebuild swapped in.
    enum Kind { update, compacting, full_rebuild };
    const char* const kind_names[] = {"incremental", "compacting", "--full"};
    long mid_run = 0, saw_old = 0, saw_new = 0, check_failures = 0, mixes = 0;
    long mid_run_of[3] = {0, 0, 0};
    double expected_of[3] = {full_seconds / 2, full_seconds, full_seconds};
    for (long k = 0; k < kills; ++k) {
        const std::set<std::string> old_ids = ids_in(db);
        // Change a random share of the files: delete, modify, add.
        const double share = uniform(0.1, 0.6);
        const long n = std::max<long>(1, static_cast<long>(share * static_cast<double>(live.size()) / 3));
        ++version;
        for (long i = 0; i < n && live.size() > 1; ++i) {
            auto it = std::next(live.begin(), static_cast<long>(rng() % live.size()));
            fs::remove(it->second);
            live.erase(it);
        }
        for (long i = 0; i < n; ++i) {
            auto it = std::next(live.begin(), static_cast<long>(rng() % live.size()));
            long number = std::stol(it->first.substr(it->first.find("/p") + 2));
            write_profile(number);
        }
        for (long i = 0; i < n; ++i) write_profile(next++);
        const std::set<std::string> new_ids = keys();

        const Kind kind = static_cast<Kind>(k % 3);
        const bool full = kind == full_rebuild;
        std::vector<std::string> args = base;
        if (full) args.push_back("--full");
        if (kind == compacting) args.insert(args.end(), {"--compact-growth", "1"});
        // Kill somewhere in [0, 1.3 x the expected run time], so that some kills
        // land before the commit, some during it and some after the run.
        double& expected = expected_of[kind];
        const auto delay = std::chrono::duration<double>(uniform(0.0, expected * 1.3));

        const auto spawned = std::chrono::steady_clock::now();
        Child c(args);
        // Kill at the chosen moment unless the run ended before it (then the
        // run's own time, not the delay, is the next estimate).
        const bool ended = c.closed_within(delay);
        const double ran = std::chrono::duration<double>(std::chrono::steady_clock::now() - spawned).count();
        if (!ended) c.kill(SIGKILL);
        RunResult r = c.finish();
        if (r.signal == SIGKILL) {
            ++mid_run;
            ++mid_run_of[kind];
            expected = std::max(expected, delay.count() * 1.2);  // it needed longer than that
        } else {
            CHECK_MESSAGE(r.exit_code == 0, r.err);
            expected = ran;
        }

        INFO("kill " << k + 1 << " (" << kind_names[kind] << ") after " << delay.count() << " s (ran " << ran << " s); old "
                     << describe(old_ids) << ", new " << describe(new_ids));
        const fs::path current = current_db_dir(db);
        std::string check_output;
        const bool check_passed = xapian_check_passes(current, check_output);
        check_failures += !check_passed;
        CHECK_MESSAGE(check_passed, check_output);
        const std::set<std::string> now = ids_in(db);
        mixes += now != old_ids && now != new_ids;
        CHECK_MESSAGE((now == old_ids || now == new_ids), "the index holds " << describe(now) << ", a mix");
        saw_old += now == old_ids && now != new_ids;
        saw_new += now == new_ids && now != old_ids;
        CHECK_NOTHROW(Searcher{db});
    }
    MESSAGE(mid_run << " of " << kills << " kills landed while the indexer was running (incremental " << mid_run_of[update]
                    << ", compacting " << mid_run_of[compacting] << ", --full " << mid_run_of[full_rebuild]
                    << "); the index then held the old ids " << saw_old << " times, the new ids " << saw_new
                    << " times (first build " << full_seconds << " s; last estimates: update " << expected_of[update]
                    << " s, compacting " << expected_of[compacting] << " s, full " << expected_of[full_rebuild] << " s)");
    // One line for scripts/torture.sh.
    MESSAGE("crash summary: kills=" << kills << " mid_run=" << mid_run << " incremental=" << mid_run_of[update]
                                    << " compacting=" << mid_run_of[compacting] << " full=" << mid_run_of[full_rebuild]
                                    << " check_failures=" << check_failures << " mixes=" << mixes << " seed=" << seed);

    // Recovery: the next run completes, and only the current generation is left.
    RunResult last = run_cli({"index", root.string(), "--db", db.string(), "--quiet", "--grace", "0"});
    CHECK(last.exit_code == 0);
    CHECK(ids_in(db) == keys());
    CHECK(generations_in(db) == std::vector<std::string>{index_generation(db)});
    std::string check_output;
    CHECK_MESSAGE(xapian_check_passes(current_db_dir(db), check_output), check_output);
}
