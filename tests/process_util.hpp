// tests/process_util.hpp — running the cvsearch CLI (or any program) in a child
// process from a test, with its stdout and stderr captured.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <thread>
#include <string>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cvsearch::testing {

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
        // Everything the child needs is prepared before fork(): other threads
        // may hold the allocator's lock, so the child only makes system calls.
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        pid_ = ::fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive a crashed test
            ::dup2(out[1], 1);
            ::dup2(err[1], 2);
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

    /// Collects output for at most `limit`; true as soon as the child closed
    /// both pipes (it has exited, or is exiting), false when the time is up.
    bool closed_within(std::chrono::duration<double> limit) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(limit);
        for (;;) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
            if (left.count() <= 0) return out_ < 0 && err_ < 0;
            if (!pump(static_cast<int>(std::min<long long>(left.count(), 50)))) return true;
        }
    }

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

/// Runs `work` in a forked child and waits at most `limit` for it: true when it
/// returned (and did not crash) in time, false when it had to be killed. A guard
/// against hangs: a hang in the test process itself would stall the whole test
/// program instead of failing one check. Call it while the test runs no other
/// threads (the child runs ordinary code after fork()).
inline bool finishes_within(std::chrono::milliseconds limit, const std::function<void()>& work) {
    pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        work();
        ::_exit(0);
    }
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace cvsearch::testing
