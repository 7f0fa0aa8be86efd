#include "indexer/index_lock.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "core/clock.hpp"
#include "cvsearch/errors.hpp"

namespace cvsearch::indexing {
namespace fs = std::filesystem;

namespace {

std::string host_name() {
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0) return "unknown";
    return buf;
}

/// This process's command line, arguments separated by spaces, cut to 300 bytes.
std::string command_line() {
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    while (!raw.empty() && raw.back() == '\0') raw.pop_back();
    for (char& c : raw)
        if (c == '\0' || c == '\n') c = ' ';
    if (raw.size() > 300) raw = raw.substr(0, 297) + "...";
    return raw;
}

std::string read_all(int fd) {
    std::string out;
    char buf[1024];
    off_t off = 0;
    for (;;) {
        ssize_t n = pread(fd, buf, sizeof buf, off);
        if (n <= 0) break;
        out.append(buf, static_cast<std::size_t>(n));
        off += n;
        if (out.size() > 8192) break;
    }
    return out;
}

std::string describe(const std::string& content) {
    std::string pid, host, started, command;
    std::istringstream in(content);
    std::string line;
    while (std::getline(in, line)) {
        auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        std::string key = line.substr(0, eq), value = line.substr(eq + 1);
        if (key == "pid") pid = value;
        else if (key == "host") host = value;
        else if (key == "started") started = value;
        else if (key == "command") command = value;
    }
    if (pid.empty()) return "another process";
    std::string out = "pid " + pid;
    if (!host.empty()) out += " on host " + host;
    if (!started.empty()) out += ", since " + started;
    if (!command.empty()) out += " (" + command + ")";
    return out;
}

}  // namespace

IndexLock::IndexLock(const fs::path& dir, std::chrono::milliseconds wait,
                     const std::function<void(const std::string&)>& on_wait) {
    const fs::path file = dir / lock_file_name;
    int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        int err = errno;
        throw Error(ErrorCode::io, dir.string(),
                    "cannot create the lock file " + file.string() + ": " + std::strerror(err) +
                        "; check that this user may write the index directory");
    }
    const auto start = std::chrono::steady_clock::now();
    const auto deadline = start + wait;
    bool told = false;
    for (;;) {
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) break;
        int err = errno;
        if (err == EINTR) continue;
        if (err != EWOULDBLOCK) {
            ::close(fd);
            throw Error(ErrorCode::io, dir.string(),
                        "cannot lock " + file.string() + ": " + std::strerror(err) +
                            "; the file system may not support locks (use a local disk for the index)");
        }
        const std::string holder = describe(read_all(fd));
        if (std::chrono::steady_clock::now() >= deadline) {
            ::close(fd);
            std::string msg = "the index is being written by another cvsearch process: " + holder + "; ";
            msg += wait.count() > 0 ? "it did not finish within the --wait time; try again later or wait longer"
                                    : "wait for it to finish, or pass --wait SECONDS to wait for it";
            throw Error(ErrorCode::index_locked, dir.string(), msg);
        }
        if (!told && on_wait) on_wait(holder);
        told = true;
        auto left = deadline - std::chrono::steady_clock::now();
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(left, std::chrono::milliseconds(100)));
    }
    waited_ = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    // We hold it: say who we are (best effort; the lock works without it).
    std::string content = "pid=" + std::to_string(::getpid()) + "\nhost=" + host_name() + "\nstarted=" + clock::iso8601_utc() +
                          "\ncommand=" + command_line() + "\n";
    if (::ftruncate(fd, 0) == 0) {
        ssize_t ignored = ::pwrite(fd, content.data(), content.size(), 0);
        (void)ignored;
    }
    fd_ = fd;
}

IndexLock::~IndexLock() {
    if (fd_ >= 0) {
        // Leave the content: it is only read while the lock is held by someone.
        ::flock(fd_, LOCK_UN);
        ::close(fd_);
    }
}

IndexLock::IndexLock(IndexLock&& other) noexcept : fd_(other.fd_), waited_(other.waited_) { other.fd_ = -1; }

IndexLock& IndexLock::operator=(IndexLock&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) {
            ::flock(fd_, LOCK_UN);
            ::close(fd_);
        }
        fd_ = other.fd_;
        waited_ = other.waited_;
        other.fd_ = -1;
    }
    return *this;
}

std::string IndexLock::describe_holder(const fs::path& dir) {
    int fd = ::open((dir / lock_file_name).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return "another process";
    std::string d = describe(read_all(fd));
    ::close(fd);
    return d;
}

}  // namespace cvsearch::indexing
