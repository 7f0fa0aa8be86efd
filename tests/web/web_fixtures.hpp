// tests/web/web_fixtures.hpp — helpers for the web tests: hostile FICTIONAL
// profiles, a tiny HTTP/1.1 client, and `cvsearch serve` as a child process
// on a free loopback port. Every person and text here is invented.
#pragma once

#include <arpa/inet.h>
#include <csignal>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cvsearch/indexer.hpp"
#include "cvsearch/profile.hpp"
#include "tests/process_util.hpp"
#include "tests/test_util.hpp"

namespace cvsearch::testing {

// ---- profiles ---------------------------------------------------------------------------

inline Publication web_pub(std::string title, std::string venue, int year) {
    Publication p;
    p.title = std::move(title);
    p.venue_raw = venue;
    p.venue = std::move(venue);
    p.year = year;
    p.kind = PublicationKind::conference;
    return p;
}

inline Affiliation web_aff(std::string institution, int start) {
    Affiliation a;
    a.institution_raw = institution;
    a.institution = std::move(institution);
    a.kind = AffiliationKind::work;
    a.role = "Researcher";
    a.start_year = start;
    a.current = true;
    return a;
}

/// Plain fictional researchers, with ids that contain '/'.
inline std::vector<Profile> plain_profiles() {
    std::vector<Profile> v;
    auto make = [&](std::string id, std::string name, std::string inst, std::vector<Publication> pubs, std::vector<std::string> interests) {
        Profile p;
        p.id = std::move(id);
        p.name = std::move(name);
        p.headline = "Researcher, " + inst;
        p.affiliations = {web_aff(inst, 2015)};
        p.publications = std::move(pubs);
        p.interests = std::move(interests);
        p.homepage = "https://example.org/" + p.id;
        v.push_back(std::move(p));
    };
    make("kaist/ji-ho-seong", "Ji-Ho Seong", "KAIST",
         {web_pub("Fault Tolerance for Streaming Joins", "SOSP", 2021), web_pub("Lazy Consensus at the Edge", "OSDI", 2019)},
         {"fault tolerance", "stream processing"});
    make("eth/lina-brunner", "Lina Brunner", "ETH Zürich",
         {web_pub("Checkpointing Fault Tolerance in Exascale Solvers", "SC", 2022), web_pub("Resilient Collectives", "PPoPP", 2018)},
         {"fault tolerance", "HPC"});
    make("mit/oren-castellano", "Oren Castellano", "MIT",
         {web_pub("Verified Fault Tolerance for Replicated Logs", "SOSP", 2023), web_pub("Typed Storage Engines", "VLDB", 2020)},
         {"formal verification", "fault tolerance"});
    make("cmu/priya-venkataraman", "Priya Venkataraman", "Carnegie Mellon University",
         {web_pub("Scheduling Tail Latency", "NSDI", 2020), web_pub("Energy-Aware Clusters", "EuroSys", 2016)},
         {"scheduling", "energy"});
    {  // a postdoc at MIT before: MIT is in Priya's affiliation history, not where she is now
        Affiliation past = web_aff("MIT", 2012);
        past.role = "Postdoc";
        past.end_year = 2015;
        past.current = false;
        v.back().affiliations.push_back(past);
    }
    make("umich/tomas-ferreira-lind", "Tomás Ferreira-Lind", "University of Michigan",
         {web_pub("Fault Tolerance without Replication", "NSDI", 2017), web_pub("Cheap Snapshots", "OSDI", 2024)},
         {"fault tolerance", "storage"});
    return v;
}

/// Profiles whose text is markup and script: they must come back as data and
/// render as inert text. All share the made-up word "quasarflux".
inline std::vector<Profile> hostile_profiles() {
    std::vector<Profile> v;
    {
        Profile p;
        p.id = "xss/script-name";
        p.name = "<script>window.__xss=1</script>Eve Scriptwright";
        p.headline = "<b>Bold</b> & \"quoted\" headline";
        p.homepage = "javascript:window.__xss=2";
        p.interests = {"quasarflux", "<img src=x onerror=window.__xss=3>"};
        p.affiliations = {web_aff("KAIST", 2020)};
        p.publications = {web_pub("Quasarflux <script>window.__xss=4</script> Consensus for \"Quoted\" Systems", "SOSP", 2021)};
        v.push_back(std::move(p));
    }
    {
        Profile p;
        p.id = "xss/quote-name";
        p.name = "Bobby O'Brien \"Tables\" </mark><img src=x onerror=window.__xss=5>";
        p.headline = "Researcher' onmouseover='window.__xss=6";
        p.homepage = "https://example.org/~obrien?a=1&b=\"2\"";
        p.interests = {"quasarflux"};
        p.skills = {"<iframe src=javascript:window.__xss=7>"};
        p.affiliations = {web_aff("MIT", 2019)};
        p.publications = {web_pub("</mark><img src=x onerror=window.__xss=8> quasarflux Tables", "OSDI", 2020)};
        v.push_back(std::move(p));
    }
    {
        Profile p;
        p.id = "xss/data-homepage";
        p.name = "Mallory <svg onload=window.__xss=9> Vektor";
        p.homepage = "data:text/html,<script>window.__xss=10</script>";
        p.interests = {"quasarflux"};
        p.awards = {"<a href=\"javascript:window.__xss=11\">click me</a>"};
        p.affiliations = {web_aff("ETH Zürich", 2018)};
        p.publications = {web_pub("Quasarflux Streams", "NSDI", 2022)};
        v.push_back(std::move(p));
    }
    return v;
}

inline void build_index(const std::filesystem::path& db, const std::vector<Profile>& profiles) {
    IndexWriter w(db);
    for (const auto& p : profiles) w.put(p);
    w.commit();
}

// ---- HTTP -------------------------------------------------------------------------------

struct HttpReply {
    int status = 0;
    std::map<std::string, std::string> headers;  ///< names lower-cased
    std::string body;
    std::string header(const std::string& lower_name) const {
        auto it = headers.find(lower_name);
        return it == headers.end() ? std::string() : it->second;
    }
};

/// One request on a fresh connection to 127.0.0.1:port (Connection: close),
/// read to EOF; 30 s socket timeouts. Throws std::runtime_error on socket errors.
inline HttpReply http_request(int port, const std::string& method, const std::string& target,
                              const std::string& extra_headers = "", const std::string& body = "") {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw std::runtime_error("socket() failed");
    timeval tv{30, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd);
        throw std::runtime_error("connect to 127.0.0.1:" + std::to_string(port) + " failed");
    }
    std::string req = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                      "\r\nConnection: close\r\n" + extra_headers;
    if (!body.empty()) req += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    req += "\r\n" + body;
    for (std::size_t sent = 0; sent < req.size();) {
        ssize_t n = ::send(fd, req.data() + sent, req.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;  // the server may refuse early (413/414) and close
        sent += static_cast<std::size_t>(n);
    }
    std::string raw;
    char buf[16384];
    for (int i = 0; i < 100000; ++i) {
        ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0) break;
        raw.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    HttpReply r;
    auto head_end = raw.find("\r\n\r\n");
    if (raw.rfind("HTTP/1.", 0) != 0 || head_end == std::string::npos)
        throw std::runtime_error("no HTTP response from 127.0.0.1:" + std::to_string(port) + " for " + target);
    r.status = std::atoi(raw.c_str() + 9);
    std::size_t pos = raw.find("\r\n") + 2;
    while (pos < head_end) {
        auto eol = raw.find("\r\n", pos);
        std::string line = raw.substr(pos, eol - pos);
        auto colon = line.find(':');
        if (colon != std::string::npos) {
            std::string name = line.substr(0, colon);
            for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            std::string value = line.substr(colon + 1);
            while (!value.empty() && value.front() == ' ') value.erase(0, 1);
            r.headers[name] = value;
        }
        pos = eol + 2;
    }
    r.body = raw.substr(head_end + 4);
    return r;
}

inline HttpReply http_get(int port, const std::string& target) { return http_request(port, "GET", target); }

inline std::string url_encode(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') out += static_cast<char>(c);
        else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

// ---- child processes ----------------------------------------------------------------------

/// Runs a command to completion; returns its exit status, and its stdout then
/// stderr in `output` if given.
inline int run_command(const std::vector<std::string>& args, std::string* output = nullptr) {
    RunResult r = Child(args).finish();
    if (output) *output = r.out + r.err;
    return r.exit_code;
}

/// `cvsearch serve --port 0 ...` as a child process: it picks a free loopback
/// port and prints it; the child dies with the test process (PR_SET_PDEATHSIG)
/// and is stopped with SIGTERM when this object goes away.
class ServerProcess {
  public:
    explicit ServerProcess(const std::vector<std::string>& extra_args) {
        std::vector<std::string> args = {cli_binary(), "serve", "--host", "127.0.0.1", "--port", "0"};
        args.insert(args.end(), extra_args.begin(), extra_args.end());
        int pipefd[2];
        if (::pipe2(pipefd, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
        std::vector<char*> argv;  // built before fork(): see run_command
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        pid_ = ::fork();
        if (pid_ == 0) {
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
            ::dup2(pipefd[1], 2);
            int devnull = ::open("/dev/null", O_WRONLY);
            ::dup2(devnull, 1);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        ::close(pipefd[1]);
        fd_ = pipefd[0];
        reader_ = std::thread([this] {
            char buf[4096];
            for (;;) {
                ssize_t n = ::read(fd_, buf, sizeof buf);
                std::lock_guard lock(mutex_);
                if (n <= 0) {
                    eof_ = true;
                    cv_.notify_all();
                    return;
                }
                log_.append(buf, static_cast<std::size_t>(n));
                cv_.notify_all();
            }
        });
        const std::string marker = "listening on http://127.0.0.1:";
        std::unique_lock lock(mutex_);
        cv_.wait_for(lock, std::chrono::seconds(60), [&] { return eof_ || log_.find(marker) != std::string::npos; });
        auto at = log_.find(marker);
        if (at == std::string::npos) {
            std::string log = log_;
            lock.unlock();
            stop(SIGKILL);
            throw std::runtime_error("cvsearch serve did not start; its stderr:\n" + log);
        }
        port_ = std::atoi(log_.c_str() + at + marker.size());
    }

    ~ServerProcess() { stop(SIGTERM); }

    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    int port() const { return port_; }
    pid_t pid() const { return pid_; }

    /// A field of /proc/PID/status as a number ("VmRSS" in kB, "Threads"); -1 if absent.
    long status_field(const std::string& name) const {
        std::string status = read_file("/proc/" + std::to_string(pid_) + "/status");
        auto at = status.find("\n" + name + ":");
        return at == std::string::npos ? -1 : std::atol(status.c_str() + at + name.size() + 2);
    }

    std::string log() {
        std::lock_guard lock(mutex_);
        return log_;
    }

    /// Waits (up to 10 s) until the log contains `text`.
    bool wait_for_log(const std::string& text) {
        std::unique_lock lock(mutex_);
        return cv_.wait_for(lock, std::chrono::seconds(10), [&] { return log_.find(text) != std::string::npos; });
    }

    /// Sends `sig` and waits (up to 20 s, then SIGKILL) for the exit; returns the
    /// exit status (128+signal when killed by one).
    int stop(int sig) {
        if (pid_ > 0) {
            ::kill(pid_, sig);
            int status = 0;
            bool done = false;
            for (int i = 0; i < 400 && !done; ++i) {
                if (::waitpid(pid_, &status, WNOHANG) == pid_) done = true;
                else std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
            if (!done) {
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, &status, 0);
            }
            exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            pid_ = -1;
        }
        if (reader_.joinable()) reader_.join();
        if (fd_ >= 0) {
            ::close(fd_);
            fd_ = -1;
        }
        return exit_status_;
    }

  private:
    pid_t pid_ = -1;
    int fd_ = -1;
    int port_ = 0;
    int exit_status_ = -1;
    std::thread reader_;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::string log_;
    bool eof_ = false;
};

}  // namespace cvsearch::testing
