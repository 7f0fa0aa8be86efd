// tests/hardening/hardening_util.hpp — helpers for the bad-input and stress
// tests: fictional profiles, running the CLI under a resource limit or as an
// unprivileged user, and searching an index for a word.
#pragma once

#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

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

/// Runs `cvsearch ARGS...` with limits; its stdout and stderr go to files in
/// `scratch`. Killed after 120 s.
inline RunResult run_cli_limited(const std::vector<std::string>& args, const ChildLimits& limits,
                                 const std::filesystem::path& scratch) {
    std::vector<std::string> argv{cli_binary()};
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
        ::execv(cargs[0], cargs.data());
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
