// tests/sync/sync_util.hpp — helpers for the nightly-reindex tests: fictional
// profile files, running the cvsearch CLI in a child process, reading back the
// set of indexed ids.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <xapian.h>

#include "indexer/generations.hpp"
#include "indexer/schema.hpp"
#include "tests/test_util.hpp"

namespace cvsearch::testing {

/// A small cvsearch profile JSON (fictional person).
inline std::string profile_json(const std::string& name, const std::string& interest = "consensus protocols",
                                const std::string& extra = "") {
    return "{\"name\": \"" + name + "\", \"headline\": \"Researcher in " + interest + "\", \"interests\": [\"" + interest +
           "\"]" + (extra.empty() ? "" : ", " + extra) + "}";
}

/// The ids in the index at `db` as a reader opening it now sees them.
inline std::set<std::string> ids_in(const std::filesystem::path& db) {
    std::set<std::string> out;
    Xapian::Database xdb(db.string());
    for (auto it = xdb.postlist_begin(""); it != xdb.postlist_end(""); ++it)
        out.insert(xdb.get_document(*it).get_value(schema::profile_id_slot));
    return out;
}

inline std::set<std::string> ids_of(const Xapian::Database& xdb) {
    std::set<std::string> out;
    for (auto it = xdb.postlist_begin(""); it != xdb.postlist_end(""); ++it)
        out.insert(xdb.get_document(*it).get_value(schema::profile_id_slot));
    return out;
}

/// The database directory the stub of `db` names (or `db` itself for the plain layout).
inline std::filesystem::path current_db_dir(const std::filesystem::path& db) {
    return indexing::inspect(db).current_path();
}

/// gen-* directories present in `db`.
inline std::vector<std::string> generations_in(const std::filesystem::path& db) {
    std::vector<std::string> out;
    for (auto& e : std::filesystem::directory_iterator(db))
        if (indexing::parse_generation_name(e.path().filename().string())) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

/// The cvsearch binary under test (set by ctest), or empty.
inline std::string cli_binary() {
    const char* b = std::getenv("CVSEARCH_BINARY");
    return b && *b ? b : "";
}

struct RunResult {
    int exit_code = -1;  ///< -1 when killed by a signal
    int signal = 0;
    std::string out, err;
};

/// A child process with its stdout and stderr on pipes.
class Child {
  public:
    explicit Child(const std::vector<std::string>& argv) {
        int out[2], err[2];
        REQUIRE(::pipe2(out, O_CLOEXEC) == 0);
        REQUIRE(::pipe2(err, O_CLOEXEC) == 0);
        pid_ = ::fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            ::dup2(out[1], 1);
            ::dup2(err[1], 2);
            std::vector<char*> args;
            for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
            args.push_back(nullptr);
            ::execv(args[0], args.data());
            ::_exit(127);
        }
        ::close(out[1]);
        ::close(err[1]);
        out_ = out[0];
        err_ = err[0];
    }
    ~Child() {
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
        if (out_ >= 0) ::close(out_);
        if (err_ >= 0) ::close(err_);
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    pid_t pid() const { return pid_; }

    /// Reads stderr until it contains `needle` (or EOF); true if found.
    bool wait_for_stderr(const std::string& needle) {
        while (result_.err.find(needle) == std::string::npos) {
            if (!pump(-1)) return result_.err.find(needle) != std::string::npos;
        }
        return true;
    }

    void kill(int sig) { ::kill(pid_, sig); }

    /// Waits for the exit, collecting the rest of the output.
    RunResult finish() {
        while (pump(-1)) {
        }
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
        if (WIFEXITED(status)) result_.exit_code = WEXITSTATUS(status);
        if (WIFSIGNALED(status)) result_.signal = WTERMSIG(status);
        return result_;
    }

  private:
    /// One poll round; false once both pipes are at EOF.
    bool pump(int timeout_ms) {
        pollfd fds[2];
        int n = 0;
        if (out_ >= 0) fds[n++] = {out_, POLLIN, 0};
        if (err_ >= 0) fds[n++] = {err_, POLLIN, 0};
        if (n == 0) return false;
        int r = ::poll(fds, n, timeout_ms);
        if (r < 0 && errno == EINTR) return true;
        for (int i = 0; i < n; ++i) {
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char buf[4096];
            ssize_t got = ::read(fds[i].fd, buf, sizeof buf);
            std::string& into = fds[i].fd == out_ ? result_.out : result_.err;
            if (got > 0) {
                into.append(buf, static_cast<std::size_t>(got));
            } else {
                ::close(fds[i].fd);
                (fds[i].fd == out_ ? out_ : err_) = -1;
            }
        }
        return true;
    }

    pid_t pid_ = -1;
    int out_ = -1, err_ = -1;
    RunResult result_;
};

/// Runs `cvsearch ARGS...` to completion.
inline RunResult run_cli(std::vector<std::string> args) {
    args.insert(args.begin(), cli_binary());
    Child c(args);
    return c.finish();
}

inline bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

}  // namespace cvsearch::testing
