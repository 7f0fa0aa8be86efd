// cli/serve_connections.hpp — the connections of `cvsearch serve`: accepting them,
// reading requests, deadlines and limits, all before a worker thread sees a request.
//
// Why not cpp-httplib's own loop: cpp-httplib 0.11 gives every accepted connection a
// worker thread until it closes, so sockets that are not requests yet (2,000 idle
// ones, or 8 sending a header line every few seconds) held every worker and the
// server stopped answering; it caps each header line but not the head; it does not
// read a GET's body (so a body in a second packet was parsed as a second request);
// and after its own 400 it waited for another request on the connection. (Debian
// ships it as a compiled library, so its CPPHTTPLIB_* limits cannot be changed.)
// cpp-httplib still parses, routes and writes each request; this loop decides what
// reaches it:
//
//   - one thread waits (epoll) on the listening socket and every connection that is
//     still sending a request, and works only for those with something to read, so
//     idle connections cost nothing; a request goes to a worker only when complete
//     (cvsearch/http_framing.hpp), and the worker's parser sees exactly its bytes;
//   - a connection has request_timeout from its accept (or from the first byte of
//     a follow-up request) to deliver the whole request, and keep_alive_timeout of
//     silence between requests; then it is closed without an answer;
//   - at max_connections, the connection nearest its deadline (one lingering after
//     its answer, else the one that has waited longest for its request) is closed to
//     make room; connections whose request is being answered never are;
//   - a refused request (cvsearch/http_framing.hpp) is answered from this thread, with
//     a JSON error and Connection: close; so is every error a worker answers;
//   - closing after an answer is a half-close (the client reads the whole answer and
//     then end-of-file, at once), then up to linger_timeout / 1 MiB of what the
//     client still sends is read and dropped, so that it sees the answer rather than
//     a connection reset.
//
// Memory is bounded by max_connections * (max_head_bytes + max_body_bytes) for the
// requests being read, threads by `threads` + 1.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "cvsearch/http_framing.hpp"

namespace cvsearch::cli {

struct ConnectionLimits {
    HttpFramingLimits framing;
    std::size_t max_connections = 4096;
    std::chrono::milliseconds request_timeout{10'000};
    std::chrono::milliseconds keep_alive_timeout{5'000};
    std::chrono::milliseconds write_timeout{10'000};
    std::chrono::milliseconds linger_timeout{2'000};
    std::size_t max_requests_per_connection = 1000;
};

/// Both ends of a connection, for the worker's HTTP library and the access log.
struct Peer {
    std::string remote_ip;
    int remote_port = 0;
    std::string local_ip;
    int local_port = 0;
};

/// A worker's answer to one complete request: the response bytes and whether the
/// connection may carry another request.
struct Answer {
    std::string bytes;
    bool keep_open = false;
};

/// Answers one complete request (exactly its bytes). `last`: the connection closes
/// after this answer whatever it says (say so with Connection: close). Called on a
/// worker thread, from several at once. Must not throw.
using RequestHandler = std::function<Answer(std::string_view request, const Peer& peer, bool last)>;

/// Called (on the loop's thread) for each request refused before a worker saw it.
using RefusalLogger = std::function<void(const Peer& peer, int status, const std::string& reason)>;

/// A bound, listening TCP socket. Throws cvsearch::Error (naming host:port and what
/// to do) when the address cannot be used. port 0 picks a free port.
class Listener {
  public:
    Listener(const std::string& host, int port);
    ~Listener();
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;
    int fd() const { return fd_; }
    int port() const { return port_; }

  private:
    int fd_ = -1;
    int port_ = 0;
};

class ConnectionLoop {
  public:
    ConnectionLoop(const Listener& listener, ConnectionLimits limits, std::size_t threads, RequestHandler handler,
                   RefusalLogger log_refusal = {});
    ~ConnectionLoop();
    ConnectionLoop(const ConnectionLoop&) = delete;
    ConnectionLoop& operator=(const ConnectionLoop&) = delete;

    /// Serves until stop(); returns once the requests already received are answered
    /// and every connection is closed.
    void run();
    /// From any thread: stop accepting and make run() return.
    void stop();

  private:
    struct State;
    std::unique_ptr<State> state_;
};

/// Raises this process's soft open-files limit to its hard limit and returns the
/// number of connections that fit under it (leaving room for the index's files).
std::size_t connections_that_fit();

}  // namespace cvsearch::cli
