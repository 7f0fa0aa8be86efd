// tests/hardening/hardening_util.hpp — helpers for the bad-input and stress
// tests: fictional profiles, running the CLI under a resource limit or as an
// unprivileged user, and searching an index for a word.
#pragma once

#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

#include "cvsearch/searcher.hpp"
#include "tests/process_util.hpp"
#include "tests/test_util.hpp"

namespace cvsearch::testing {

/// A plain-text CV of a fictional researcher whose interest is `topic` (one word
/// that no other test profile uses, so a search for it finds this one only).
inline std::string text_cv(const std::string& name, const std::string& topic) {
    return name + "\nResearch Scientist, Northfield Institute of Technology\n\n"
                  "Research Interests\n" + topic + ", distributed systems\n\n"
                  "Publications\n- " + name + ". On " + topic + " at scale. In Proc. SOSP, 2021.\n";
}

/// Ids of the profiles a search for `query` finds in the index at `db`.
inline std::vector<std::string> ids_found(const std::filesystem::path& db, const std::string& query) {
    Searcher s(db);
    SearchRequest req;
    req.query = query;
    req.limit = 100;
    std::vector<std::string> out;
    for (const auto& h : s.search(req).hits) out.push_back(h.id);
    return out;
}

/// How to run a child process.
struct ChildLimits {
    /// RLIMIT_FSIZE in bytes: writes past this offset fail with EFBIG (a full disk, as far as the process can tell).
    std::optional<rlim_t> max_file_size;
    /// Run as this uid/gid (when the test runs as root): permissions then apply.
    std::optional<uid_t> uid;
};

/// The shared libcvsearch this process runs with (from /proc/self/maps), or empty
/// when it is linked in statically.
inline std::filesystem::path loaded_cvsearch_library() {
    std::ifstream maps("/proc/self/maps");
    static const std::regex library(R"((/\S*/libcvsearch\.so[.0-9]*)$)");
    std::smatch m;
    for (std::string line; std::getline(maps, line);)
        if (std::regex_search(line, m, library)) return m[1].str();
    return {};
}

/// The CLI as another user can run it: a checkout under a folder closed to other
/// users (root's /root is 0700) cannot be entered by the unprivileged uid, so the
/// binary and libcvsearch are linked (copied across file systems) into
/// `scratch`/cvsearch-cli. Returns that folder; the library is found there through
/// LD_LIBRARY_PATH, which comes before the binary's build RUNPATH.
inline std::filesystem::path cli_for_other_users(const std::filesystem::path& scratch) {
    namespace fs = std::filesystem;
    const fs::path dir = scratch / "cvsearch-cli";
    fs::create_directories(dir);
    fs::permissions(dir, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                             fs::perms::others_read | fs::perms::others_exec);
    auto link_or_copy = [](const fs::path& from, const fs::path& to) {
        std::error_code ec;
        fs::remove(to, ec);
        fs::create_hard_link(from, to, ec);
        if (ec) fs::copy_file(from, to);
    };
    link_or_copy(cli_binary(), dir / "cvsearch");
    if (const fs::path lib = loaded_cvsearch_library(); !lib.empty()) {
        // Under the name the binary asks for (its SONAME, libcvsearch.so.MAJOR).
        static const std::regex soname(R"(^libcvsearch\.so(\.[0-9]+)?)");
        std::smatch m;
        const std::string name = lib.filename().string();
        REQUIRE(std::regex_search(name, m, soname));
        link_or_copy(fs::canonical(lib), dir / m.str());
    }
    return dir;
}

/// Runs `cvsearch ARGS...` with limits; its stdout and stderr go to files in
/// `scratch`. Killed after 120 s. With `limits.uid`, the binary runs from a link
/// in `scratch` (cli_for_other_users).
inline RunResult run_cli_limited(const std::vector<std::string>& args, const ChildLimits& limits,
                                 const std::filesystem::path& scratch) {
    std::string binary = cli_binary();
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) env.emplace_back(*e);
    if (limits.uid) {
        const std::filesystem::path dir = cli_for_other_users(scratch);
        binary = (dir / "cvsearch").string();
        const char* before = std::getenv("LD_LIBRARY_PATH");
        std::erase_if(env, [](const std::string& e) { return e.starts_with("LD_LIBRARY_PATH="); });
        env.push_back("LD_LIBRARY_PATH=" + dir.string() + (before && *before ? ":" + std::string(before) : ""));
    }
    std::vector<char*> cenv;
    for (auto& e : env) cenv.push_back(e.data());
    cenv.push_back(nullptr);
    std::vector<std::string> argv{binary};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> cargs;
    for (auto& a : argv) cargs.push_back(a.data());
    cargs.push_back(nullptr);
    const std::string out_path = (scratch / "child.out").string(), err_path = (scratch / "child.err").string();
    pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || err < 0) ::_exit(126);
        ::dup2(out, 1);
        ::dup2(err, 2);
        if (limits.max_file_size) {
            ::signal(SIGXFSZ, SIG_IGN);  // EFBIG instead of a signal, as a full disk gives ENOSPC
            rlimit rl{*limits.max_file_size, *limits.max_file_size};
            if (::setrlimit(RLIMIT_FSIZE, &rl) != 0) ::_exit(125);
        }
        if (limits.uid) {
            if (::setgid(*limits.uid) != 0 || ::setuid(*limits.uid) != 0) ::_exit(124);
        }
        ::execve(cargs[0], cargs.data(), cenv.data());
        ::_exit(127);
    }
    int status = 0;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    RunResult r;
    if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
    r.out = read_file(out_path);
    r.err = read_file(err_path);
    return r;
}

/// An unprivileged uid for tests that need permissions to apply while running as root.
inline constexpr uid_t nobody_uid = 65534;

/// Gives every file under `dir` to `uid` (so a child running as `uid` owns them).
inline void chown_tree(const std::filesystem::path& dir, uid_t uid) {
    REQUIRE(::chown(dir.c_str(), uid, uid) == 0);
    for (auto& e : std::filesystem::recursive_directory_iterator(dir))
        REQUIRE(::lchown(e.path().c_str(), uid, uid) == 0);
}

}  // namespace cvsearch::testing
