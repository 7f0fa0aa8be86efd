// tests/shards/cluster.hpp — stock Xapian servers (xapian-tcpsrv,
// xapian-replicate-server) on loopback ports, for the scale-out tests.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tests/process_util.hpp"
#include "tests/test_util.hpp"

namespace cvsearch::testing {

/// The full path of a program on $PATH, or empty.
inline std::string find_program(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        std::filesystem::path p = std::filesystem::path(dirs.substr(start, end - start)) / name;
        if (::access(p.c_str(), X_OK) == 0) return p.string();
        start = end + 1;
    }
    return {};
}

/// A loopback port nobody listens on right now (bind to port 0, read it back).
inline int free_port() {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    socklen_t len = sizeof a;
    REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0);
    ::close(fd);
    return ntohs(a.sin_port);
}

/// True once something accepts connections on 127.0.0.1:port (waits up to `wait`).
inline bool port_open(int port, std::chrono::milliseconds wait = std::chrono::milliseconds(5000)) {
    const auto until = std::chrono::steady_clock::now() + wait;
    for (;;) {
        int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(static_cast<uint16_t>(port));
        bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
        ::close(fd);
        if (ok) return true;
        if (std::chrono::steady_clock::now() >= until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

/// `xapian-tcpsrv` serving one database on 127.0.0.1; killed (SIGKILL) with the object.
class TcpServer {
  public:
    TcpServer(const std::string& program, const std::filesystem::path& db, int port = 0,
              std::vector<std::string> extra = {}) {
        port_ = port ? port : free_port();
        std::vector<std::string> argv = {program, "--interface", "127.0.0.1", "--port", std::to_string(port_), "--quiet"};
        for (auto& e : extra) argv.push_back(std::move(e));
        argv.push_back(db.string());
        child_ = std::make_unique<Child>(argv);
        REQUIRE_MESSAGE(port_open(port_), "xapian-tcpsrv did not start on port " << port_);
    }
    int port() const { return port_; }
    std::string stub_line() const { return "remote 127.0.0.1:" + std::to_string(port_); }
    /// Stops the server at once, with the children it forked for open
    /// connections (like a crashed machine: established connections die too).
    void kill() {
        if (!child_) return;
        const pid_t server = child_->pid();
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
            const std::string name = e.path().filename().string();
            if (name.find_first_not_of("0123456789") != std::string::npos) continue;
            std::string stat = read_file(e.path() / "stat");
            auto close = stat.rfind(')');
            if (close == std::string::npos) continue;
            int ppid = 0;
            char state = 0;
            if (std::sscanf(stat.c_str() + close + 1, " %c %d", &state, &ppid) == 2 && ppid == server)
                ::kill(std::stoi(name), SIGKILL);
        }
        child_.reset();
    }
    ~TcpServer() { kill(); }

  private:
    int port_ = 0;
    std::unique_ptr<Child> child_;
};

}  // namespace cvsearch::testing
