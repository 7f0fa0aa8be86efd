// The connections of `cvsearch serve`: see serve_connections.hpp.
#include "serve_connections.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>  // send_all
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>
#include <vector>

#include "cvsearch/errors.hpp"
#include "cvsearch/http_api.hpp"

namespace cvsearch::cli {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t linger_max_bytes = 1024 * 1024;  // read and dropped after an answer, before closing
constexpr int max_accepts_per_wakeup = 64;           // then the connections already open get their turn
constexpr auto accept_pause = std::chrono::milliseconds(100);  // after running out of file descriptors

std::string address_text(const sockaddr_storage& a, int& port) {
    char text[INET6_ADDRSTRLEN] = "";
    if (a.ss_family == AF_INET) {
        const auto& in = reinterpret_cast<const sockaddr_in&>(a);
        ::inet_ntop(AF_INET, &in.sin_addr, text, sizeof text);
        port = ntohs(in.sin_port);
    } else if (a.ss_family == AF_INET6) {
        const auto& in6 = reinterpret_cast<const sockaddr_in6&>(a);
        ::inet_ntop(AF_INET6, &in6.sin6_addr, text, sizeof text);
        port = ntohs(in6.sin6_port);
    }
    return text;
}

Peer peer_of(int fd, const sockaddr_storage& remote) {
    Peer p;
    p.remote_ip = address_text(remote, p.remote_port);
    sockaddr_storage local{};
    socklen_t len = sizeof local;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&local), &len) == 0) p.local_ip = address_text(local, p.local_port);
    return p;
}

/// A complete HTTP/1.1 error response that closes the connection.
std::string refusal(int status, const std::string& reason) {
    const char* text = "Bad Request";
    const char* code = "bad_request";
    switch (status) {
        case 411: text = "Length Required", code = "length_required"; break;
        case 413: text = "Payload Too Large", code = "too_large"; break;
        case 414: text = "URI Too Long", code = "uri_too_long"; break;
        case 431: text = "Request Header Fields Too Large", code = "headers_too_large"; break;
        case 501: text = "Not Implemented", code = "not_implemented"; break;
        case 503: text = "Service Unavailable", code = "busy"; break;
        case 505: text = "HTTP Version Not Supported", code = "version_not_supported"; break;
        default: break;
    }
    std::string body = http_error_json(code, reason);
    std::string out = "HTTP/1.1 " + std::to_string(status) + " " + text +
                      "\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: " + std::to_string(body.size()) +
                      "\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n";
    if (status == 501) out += "Allow: GET, HEAD\r\n";
    if (status == 503) out += "Retry-After: 1\r\n";
    return out + "\r\n" + body;
}

/// Sends all of `data` on non-blocking socket `fd` before `deadline`.
bool send_all(int fd, std::string_view data, Clock::time_point deadline) {
    while (!data.empty()) {
        ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
        if (n > 0) {
            data.remove_prefix(static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return false;
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return false;
        pollfd p{fd, POLLOUT, 0};
        if (::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000))) < 0 && errno != EINTR) return false;
    }
    return true;
}

struct Connection {
    enum class Phase { reading, working, lingering };
    int fd = -1;
    Peer peer;
    std::string buffer;  ///< received bytes not yet handed to a worker
    Phase phase = Phase::reading;
    Clock::time_point deadline;      ///< meaningful while timed
    bool timed = false;              ///< in State::deadlines (reading or lingering)
    bool between_requests = false;   ///< keep-alive silence: the next byte starts request_timeout
    bool client_done = false;        ///< the client half-closed: answer what is buffered, then close
    std::size_t answered = 0;
    std::size_t lingered = 0;
};

struct Job {
    Connection* conn;
    std::string request;
    bool last;
};

struct Finished {
    Connection* conn;
    bool keep_open;
    bool sent;
};

}  // namespace

// The loop's work per wake-up is proportional to the connections that have
// something to say (epoll), not to all of them: 2,000 idle connections cost
// nothing between their accept and their deadline.
struct ConnectionLoop::State {
    int listen_fd;
    ConnectionLimits limits;
    std::size_t threads;
    RequestHandler handler;
    RefusalLogger log_refusal;
    int wake_fd = -1;
    int epoll_fd = -1;
    std::atomic<bool> stopping{false};

    // The loop's thread only.
    std::unordered_map<int, std::unique_ptr<Connection>> connections;
    std::set<std::pair<Clock::time_point, int>> deadlines;  ///< (deadline, fd) of reading and lingering connections
    Clock::time_point accept_paused_until{};
    bool accepting = true;
    std::vector<char> scratch = std::vector<char>(64 * 1024);

    // Shared with the workers, under `mutex`.
    std::mutex mutex;
    std::condition_variable work_ready;
    std::deque<Job> jobs;
    std::vector<Finished> finished;
    bool workers_exit = false;
    std::vector<std::thread> workers;

    void wake() {
        std::uint64_t one = 1;
        [[maybe_unused]] auto n = ::write(wake_fd, &one, sizeof one);
    }

    void watch(int fd, bool on) {
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.fd = fd;
        ::epoll_ctl(epoll_fd, on ? EPOLL_CTL_ADD : EPOLL_CTL_DEL, fd, &ev);
    }

    void set_deadline(Connection& c, Clock::time_point when) {
        if (c.timed) deadlines.erase({c.deadline, c.fd});
        c.deadline = when;
        c.timed = true;
        deadlines.insert({when, c.fd});
    }

    void clear_deadline(Connection& c) {
        if (c.timed) deadlines.erase({c.deadline, c.fd});
        c.timed = false;
    }

    void work() {
        for (;;) {
            Job job;
            {
                std::unique_lock lock(mutex);
                work_ready.wait(lock, [&] { return !jobs.empty() || workers_exit; });
                if (jobs.empty()) return;
                job = std::move(jobs.front());
                jobs.pop_front();
            }
            Answer answer = handler(job.request, job.conn->peer, job.last);
            bool sent = send_all(job.conn->fd, answer.bytes, Clock::now() + limits.write_timeout);
            {
                std::lock_guard lock(mutex);
                finished.push_back({job.conn, answer.keep_open && !job.last && sent, sent});
            }
            wake();
        }
    }

    void close_connection(Connection& c) {
        const int fd = c.fd;
        clear_deadline(c);
        ::close(fd);  // also leaves the epoll set
        connections.erase(fd);  // destroys c
    }

    /// Half-close after an answer; read and drop what the client still sends for a while.
    void begin_linger(Connection& c, Clock::time_point now) {
        if (c.client_done) {
            close_connection(c);
            return;
        }
        ::shutdown(c.fd, SHUT_WR);
        if (c.phase == Connection::Phase::working) watch(c.fd, true);
        c.phase = Connection::Phase::lingering;
        set_deadline(c, now + limits.linger_timeout);
        c.lingered = 0;
        std::string().swap(c.buffer);
    }

    void refuse(Connection& c, int status, const std::string& reason, Clock::time_point now) {
        if (log_refusal) log_refusal(c.peer, status, reason);
        send_all(c.fd, refusal(status, reason), now);  // a small answer to an idle socket: one send
        begin_linger(c, now);
    }

    /// Hands the buffered request to a worker if it is complete; refuses it if it is bad.
    void dispatch_if_complete(Connection& c, Clock::time_point now) {
        HttpRequestFrame frame = frame_http_request(c.buffer, limits.framing);
        switch (frame.state) {
            case HttpRequestFrame::State::incomplete:
                if (c.client_done) close_connection(c);
                return;
            case HttpRequestFrame::State::rejected:
                refuse(c, frame.status, frame.reason, now);
                return;
            case HttpRequestFrame::State::complete: break;
        }
        Job job{&c, c.buffer.substr(0, frame.size), false};
        c.buffer.erase(0, frame.size);
        if (c.buffer.empty()) std::string().swap(c.buffer);
        c.phase = Connection::Phase::working;  // not read, not timed, not evicted until answered
        watch(c.fd, false);
        clear_deadline(c);
        job.last = ++c.answered >= limits.max_requests_per_connection || c.client_done || stopping.load();
        {
            std::lock_guard lock(mutex);
            jobs.push_back(std::move(job));
        }
        work_ready.notify_one();
    }

    void on_readable(Connection& c, Clock::time_point now) {
        if (c.phase == Connection::Phase::lingering) {
            ssize_t n = ::recv(c.fd, scratch.data(), scratch.size(), 0);
            if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
            if (n <= 0 || (c.lingered += static_cast<std::size_t>(n)) > linger_max_bytes) close_connection(c);
            return;
        }
        const std::size_t cap = limits.framing.max_head_bytes + limits.framing.max_body_bytes;
        if (c.buffer.size() > cap) {  // cannot happen: a frame over the cap is complete or refused
            refuse(c, 431, "the request is longer than the server accepts", now);
            return;
        }
        std::size_t want = std::min(scratch.size(), cap + 1 - c.buffer.size());
        ssize_t n = ::recv(c.fd, scratch.data(), want, 0);
        if (n < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) close_connection(c);
            return;
        }
        if (n == 0) {
            c.client_done = true;
            if (c.buffer.empty()) close_connection(c);
            else dispatch_if_complete(c, now);
            return;
        }
        if (c.between_requests) {
            c.between_requests = false;
            set_deadline(c, now + limits.request_timeout);
        }
        c.buffer.append(scratch.data(), static_cast<std::size_t>(n));
        dispatch_if_complete(c, now);
    }

    void accept_connections(Clock::time_point now) {
        for (int i = 0; i < max_accepts_per_wakeup; ++i) {
            sockaddr_storage remote{};
            socklen_t len = sizeof remote;
            int fd = ::accept4(listen_fd, reinterpret_cast<sockaddr*>(&remote), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) {
                if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
                    accept_paused_until = now + accept_pause;  // or the listener would wake us at once, again and again
                    accepting = false;
                    watch(listen_fd, false);
                }
                return;  // EAGAIN: no more waiting; others (ECONNABORTED...) concern that one connection
            }
            int yes = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
            if (connections.size() >= limits.max_connections && !make_room()) {
                send_all(fd, refusal(503, "the server is answering its maximum number of connections; retry shortly"), now);
                ::close(fd);
                continue;
            }
            auto owned = std::make_unique<Connection>();
            Connection& c = *owned;
            c.fd = fd;
            c.peer = peer_of(fd, remote);
            connections.emplace(fd, std::move(owned));
            set_deadline(c, now + limits.request_timeout);
            watch(fd, true);
        }
    }

    /// At max_connections: closes the connection nearest its deadline (lingering
    /// ones, then those that have waited longest for their request). False when
    /// every connection is being answered.
    bool make_room() {
        if (deadlines.empty()) return false;
        close_connection(*connections.at(deadlines.begin()->second));
        return true;
    }

    void collect_finished(Clock::time_point now) {
        std::vector<Finished> done;
        {
            std::lock_guard lock(mutex);
            done.swap(finished);
        }
        for (const Finished& f : done) {
            Connection& c = *f.conn;
            if (!f.sent) {
                close_connection(c);
            } else if (!f.keep_open || stopping.load()) {
                begin_linger(c, now);
            } else {
                c.phase = Connection::Phase::reading;
                watch(c.fd, true);
                c.between_requests = c.buffer.empty();
                set_deadline(c, now + (c.between_requests ? limits.keep_alive_timeout : limits.request_timeout));
                if (!c.buffer.empty()) dispatch_if_complete(c, now);  // a pipelined request
            }
        }
    }

    void close_expired(Clock::time_point now) {
        while (!deadlines.empty() && deadlines.begin()->first <= now)
            close_connection(*connections.at(deadlines.begin()->second));
    }

    void run() {
        for (std::size_t i = 0; i < threads; ++i) workers.emplace_back([this] { work(); });
        watch(wake_fd, true);
        watch(listen_fd, true);
        std::vector<epoll_event> events(256);
        while (!stopping.load()) {
            Clock::time_point now = Clock::now();
            collect_finished(now);
            close_expired(now);
            if (!accepting && now >= accept_paused_until) {
                accepting = true;
                watch(listen_fd, true);
            }
            Clock::time_point next = now + std::chrono::seconds(1);
            if (!deadlines.empty()) next = std::min(next, deadlines.begin()->first);
            if (!accepting) next = std::min(next, accept_paused_until);
            auto wait_ms = std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1;
            int ready = ::epoll_wait(epoll_fd, events.data(), static_cast<int>(events.size()),
                                     static_cast<int>(std::max<long long>(wait_ms, 0)));
            if (ready < 0) continue;  // EINTR
            now = Clock::now();
            bool listener_ready = false;
            for (int i = 0; i < ready; ++i) {
                const int fd = events[i].data.fd;
                if (fd == wake_fd) {
                    std::uint64_t count;
                    [[maybe_unused]] auto n = ::read(wake_fd, &count, sizeof count);
                } else if (fd == listen_fd) {
                    listener_ready = true;  // after the connections already open
                } else if (auto it = connections.find(fd); it != connections.end() && it->second->phase != Connection::Phase::working) {
                    on_readable(*it->second, now);
                }
            }
            if (listener_ready && accepting) accept_connections(now);
        }

        // Stopping: drop connections that are not being answered, answer the requests
        // already received, then close the rest.
        while (!deadlines.empty()) close_connection(*connections.at(deadlines.begin()->second));
        {
            std::lock_guard lock(mutex);
            workers_exit = true;
        }
        work_ready.notify_all();
        for (auto& w : workers) w.join();
        workers.clear();
        for (auto& [fd, c] : connections) ::close(fd);
        connections.clear();
        finished.clear();
    }
};

ConnectionLoop::ConnectionLoop(const Listener& listener, ConnectionLimits limits, std::size_t threads, RequestHandler handler,
                               RefusalLogger log_refusal)
    : state_(std::make_unique<State>()) {
    state_->listen_fd = listener.fd();
    state_->limits = limits;
    state_->threads = std::max<std::size_t>(1, threads);
    state_->handler = std::move(handler);
    state_->log_refusal = std::move(log_refusal);
    state_->wake_fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    state_->epoll_fd = ::epoll_create1(EPOLL_CLOEXEC);
    if (state_->wake_fd < 0 || state_->epoll_fd < 0)
        throw Error(ErrorCode::io, "cvsearch serve", std::string("cannot create the connection loop: ") + std::strerror(errno));
}

ConnectionLoop::~ConnectionLoop() {
    if (state_->wake_fd >= 0) ::close(state_->wake_fd);
    if (state_->epoll_fd >= 0) ::close(state_->epoll_fd);
}

void ConnectionLoop::run() { state_->run(); }

void ConnectionLoop::stop() {
    state_->stopping = true;
    state_->wake();
}

Listener::Listener(const std::string& host, int port) {
    const std::string where = (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + std::to_string(port);
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0 || !found)
        throw Error(ErrorCode::io, host, "cannot resolve this address; check --host");
    int last_errno = 0;
    for (addrinfo* a = found; a && fd_ < 0; a = a->ai_next) {
        int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0) continue;
        // SO_REUSEADDR only: SO_REUSEPORT would let a second server bind a port in
        // use and silently share its traffic.
        int yes = 1;
        ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0) {
            fd_ = fd;
        } else {
            last_errno = errno;
            ::close(fd);
        }
    }
    ::freeaddrinfo(found);
    if (fd_ < 0)
        throw Error(ErrorCode::io, where,
                    std::string("cannot listen here (") + std::strerror(last_errno) +
                        "): the port is in use or needs privileges; pick another with --port (0 picks a free one)");
    sockaddr_storage bound{};
    socklen_t len = sizeof bound;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&bound), &len);
    address_text(bound, port_);
}

Listener::~Listener() {
    if (fd_ >= 0) ::close(fd_);
}

std::size_t connections_that_fit() {
    rlimit lim{};
    if (::getrlimit(RLIMIT_NOFILE, &lim) != 0) return 512;
    if (lim.rlim_cur < lim.rlim_max) {
        rlimit raised = lim;
        raised.rlim_cur = lim.rlim_max == RLIM_INFINITY ? 1 << 20 : lim.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) lim = raised;
    }
    constexpr rlim_t reserved = 256;  // the index's files (per shard and searcher), logs, the listener
    if (lim.rlim_cur == RLIM_INFINITY) return 1 << 20;
    return static_cast<std::size_t>(lim.rlim_cur > 2 * reserved ? lim.rlim_cur - reserved : lim.rlim_cur / 2);
}

}  // namespace cvsearch::cli
