// `cvsearch serve`: the search website (cvsearch::HttpApi) behind cpp-httplib, with
// the connections handled by ConnectionLoop (serve_connections.hpp).
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <thread>

#include "commands.hpp"
#include "print.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/http_api.hpp"
#include "options.hpp"
#include "serve_connections.hpp"

namespace cvsearch::cli {
namespace {

struct ServeArgs {
    std::string db;
    std::string host = "127.0.0.1";
    int port = 8080;
    std::size_t threads = 0;
    std::size_t query_threads = 1;
    bool api_only = false;
    bool quiet = false;
    bool allow_partial = false;
    std::size_t max_connections = 0;  // 0: ConnectionLimits' default, within the open-files limit
    int request_timeout = 10;
    int keep_alive_timeout = 5;
    int write_timeout = 10;
    std::size_t max_header_bytes = HttpFramingLimits{}.max_head_bytes;
    std::size_t max_body_bytes = HttpApiOptions{}.max_body_bytes;
    std::string cors_origin;
};

std::size_t default_threads() { return std::max<std::size_t>(8, std::thread::hardware_concurrency()); }

bool is_loopback(const std::string& host) {
    return host == "127.0.0.1" || host == "::1" || host == "localhost" || host.rfind("127.", 0) == 0;
}

/// The raw path for the log: no query string (it holds what people searched for),
/// control characters and non-ASCII bytes as \xNN so a request cannot forge log lines.
std::string loggable_path(const std::string& target) {
    std::string out;
    for (char c : target.substr(0, target.find('?')).substr(0, 300)) {
        unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7F || c == '"' || c == '\\') {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", u);
            out += buf;
        } else {
            out += c;
        }
    }
    return out.empty() ? "-" : out;
}

// Set by the pre-routing handler, read by the logger: both run on the thread
// that serves the request.
thread_local std::chrono::steady_clock::time_point request_start{};

// Set by the post-routing handler for an error answer (4xx, 5xx): the connection
// closes after it, so nothing the client sent after a bad request is read as a
// request of its own.
thread_local bool close_after_answer = false;

/// One complete request for cpp-httplib to read (exactly its bytes, then end of
/// stream), and the answer it writes, kept to be sent in one piece.
class RequestStream final : public httplib::Stream {
  public:
    RequestStream(std::string_view request, const Peer& peer) : request_(request), peer_(peer) {}
    bool is_readable() const override { return !request_.empty(); }
    bool is_writable() const override { return true; }
    ssize_t read(char* ptr, size_t size) override {
        size = std::min(size, request_.size());
        std::copy_n(request_.data(), size, ptr);
        request_.remove_prefix(size);
        return static_cast<ssize_t>(size);
    }
    ssize_t write(const char* ptr, size_t size) override {
        answer_.append(ptr, size);
        return static_cast<ssize_t>(size);
    }
    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        ip = peer_.remote_ip;
        port = peer_.remote_port;
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        ip = peer_.local_ip;
        port = peer_.local_port;
    }
    socket_t socket() const override { return INVALID_SOCKET; }  // not a socket: nothing may poll it
    std::string take_answer() { return std::move(answer_); }

  private:
    std::string_view request_;
    const Peer& peer_;
    std::string answer_;
};

/// cpp-httplib's Server with its request processing reachable from ConnectionLoop's
/// workers (its own accept loop is not used).
class RoutingServer : public httplib::Server {
  public:
    Answer answer(std::string_view request, const Peer& peer, bool last) {
        RequestStream stream(request, peer);
        bool client_closes = false;
        close_after_answer = false;
        try {
            process_request(stream, last, client_closes, nullptr);
        } catch (const std::exception&) {  // routing errors are caught inside; this is memory running out
            return {};
        }
        return {stream.take_answer(), !last && !client_closes && !close_after_answer};
    }
};

std::mutex log_mutex;

int serve(const ServeArgs& a) {
    const auto db = resolve_db(a.db);
    SearcherOptions options;
    options.allow_partial = a.allow_partial;
    options.query_threads = a.query_threads;
    Searcher searcher = open_searcher(db, options);
    const std::size_t profiles = searcher.stats(1).profiles;
    HttpApiOptions api_options;
    api_options.serve_page = !a.api_only;
    api_options.max_body_bytes = a.max_body_bytes;
    api_options.cors_origin = a.cors_origin;
    HttpApi api(searcher, api_options);

    // SIGINT/SIGTERM go to one thread that stops the server; every other thread
    // (httplib's workers are created later and inherit the mask) ignores them.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    std::signal(SIGPIPE, SIG_IGN);  // a client that hangs up must not kill the server

    // cpp-httplib parses, routes and writes each request; ConnectionLoop owns the
    // connections (serve_connections.hpp says why).
    RoutingServer server;
    ConnectionLimits limits;
    limits.framing.max_head_bytes = a.max_header_bytes;
    limits.framing.max_body_bytes = a.max_body_bytes;
    limits.request_timeout = std::chrono::seconds(a.request_timeout);
    limits.keep_alive_timeout = std::chrono::seconds(a.keep_alive_timeout);
    limits.write_timeout = std::chrono::seconds(a.write_timeout);
    const std::size_t fit = connections_that_fit();
    if (a.max_connections > fit)
        std::fprintf(stderr, "cvsearch serve: warning: --max-connections %zu does not fit the open-files limit (ulimit -n); "
                             "using %zu\n", a.max_connections, fit);
    limits.max_connections = std::min(a.max_connections ? a.max_connections : limits.max_connections, fit);
    server.set_payload_max_length(a.max_body_bytes);
    server.set_keep_alive_max_count(limits.max_requests_per_connection);  // for its Keep-Alive header
    server.set_keep_alive_timeout(a.keep_alive_timeout);

    auto handler = [&api](const httplib::Request& req, httplib::Response& res) {
        HttpRequest request;
        // httplib answers HEAD from the GET route and drops the body itself,
        // keeping Content-Length right.
        request.method = req.method == "HEAD" ? "GET" : req.method;
        request.target = req.target;
        request.body_bytes = req.body.size();
        if (req.has_header("If-None-Match")) request.headers.emplace_back("If-None-Match", req.get_header_value("If-None-Match"));
        HttpResponse r = api.handle(request);
        res.status = r.status;
        for (const auto& [name, value] : r.headers) res.set_header(name, value);
        if (r.status != 304) res.set_content(std::move(r.body), r.content_type.c_str());
        if (!r.log_detail.empty()) {
            std::lock_guard lock(log_mutex);
            std::fprintf(stderr, "%s error %d on %s: %s\n", iso8601_utc().c_str(), r.status, loggable_path(req.target).c_str(),
                         r.log_detail.c_str());
        }
    };
    server.Get(".*", handler);
    server.Post(".*", handler);
    server.Put(".*", handler);
    server.Patch(".*", handler);
    server.Delete(".*", handler);
    server.Options(".*", handler);
    server.set_pre_routing_handler([](const httplib::Request&, httplib::Response&) {
        request_start = std::chrono::steady_clock::now();
        return httplib::Server::HandlerResponse::Unhandled;
    });
    server.set_post_routing_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.status < 400) return;
        close_after_answer = true;
        res.headers.erase("Keep-Alive");
        if (!res.has_header("Connection")) res.set_header("Connection", "close");
    });
    // httplib's own refusals (bad request line, URI over 8 KiB, big body) come out as JSON too.
    server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (!res.body.empty()) return;
        std::string code = res.status == 413 ? "too_large" : res.status == 414 ? "uri_too_long" : res.status == 404 ? "not_found" : "bad_request";
        res.set_content(http_error_json(code, "the server could not handle this request (HTTP " + std::to_string(res.status) + ")"),
                        "application/json; charset=utf-8");
        res.set_header("X-Content-Type-Options", "nosniff");
    });
    if (!a.quiet) {
        server.set_logger([](const httplib::Request& req, const httplib::Response& res) {
            std::string duration = "-";
            if (request_start != std::chrono::steady_clock::time_point{}) {
                double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - request_start).count();
                char buf[32];
                std::snprintf(buf, sizeof buf, "%.2fms", ms);
                duration = buf;
                request_start = {};
            }
            std::lock_guard lock(log_mutex);
            std::fprintf(stderr, "%s %s %s %s %d %zu %s\n", iso8601_utc().c_str(), req.remote_addr.c_str(), req.method.c_str(),
                         loggable_path(req.target).c_str(), res.status, res.body.size(), duration.c_str());
        });
    }

    const std::size_t threads = a.threads ? a.threads : default_threads();
    Listener listener(a.host, a.port);
    ConnectionLoop loop(
        listener, limits, threads,
        [&server](std::string_view request, const Peer& peer, bool last) { return server.answer(request, peer, last); },
        [quiet = a.quiet](const Peer& peer, int status, const std::string& reason) {
            if (quiet) return;
            std::lock_guard lock(log_mutex);
            std::fprintf(stderr, "%s %s - - %d - - refused: %s\n", iso8601_utc().c_str(), peer.remote_ip.c_str(), status,
                         reason.c_str());
        });
    const int port = listener.port();
    if (!is_loopback(a.host))
        std::fprintf(stderr, "cvsearch serve: warning: listening on %s, not loopback; there is no authentication or TLS, "
                             "put a reverse proxy in front (see examples/web/README.md)\n", a.host.c_str());
    const std::string shown_host = a.host.find(':') != std::string::npos ? "[" + a.host + "]" : a.host;
    std::fprintf(stderr, "cvsearch serve: listening on http://%s:%d/ (index %s, %zu profiles, %zu threads)\n", shown_host.c_str(),
                 port, db.string().c_str(), profiles, threads);
    std::fflush(stderr);

    std::atomic<bool> finished{false};
    std::atomic<int> got_signal{0};
    std::thread waiter([&] {
        const timespec tick{0, 200 * 1000 * 1000};
        while (!finished.load()) {
            int sig = sigtimedwait(&stop_signals, nullptr, &tick);
            if (sig == SIGINT || sig == SIGTERM) {
                got_signal = sig;
                loop.stop();
                return;
            }
        }
    });
    loop.run();  // returns after stop(), once the requests already received are answered
    finished = true;
    waiter.join();
    std::fprintf(stderr, "cvsearch serve: stopped (%s)\n", got_signal == SIGINT ? "SIGINT" : "SIGTERM");
    return exit_ok;
}

}  // namespace

Action add_serve_command(CLI::App& app) {
    auto a = std::make_shared<ServeArgs>();
    CLI::App* cmd = app.add_subcommand("serve", "Serve the search page and the JSON API over HTTP");
    cmd->footer(
        "Routes: / (the search page), /api/search?q=&venue=&institution=&affiliation=&years=&sort=&offset=&limit=,\n"
        "/api/profiles/ID, /healthz. One access-log line per request on stderr\n"
        "(time, client, method, path, status, bytes, duration). Stops cleanly on SIGINT/SIGTERM.\n"
        "A re-indexed or rebuilt index (`cvsearch index`) is picked up without a restart.\n\n"
        "Limits: a connection is a worker's only once its whole request has arrived, so idle\n"
        "or slow connections cannot hold the workers; each must deliver its request within\n"
        "--request-timeout and stay silent at most --keep-alive-timeout between requests.\n"
        "A refused request (head over --max-header-bytes: 431, body over --max-body-bytes:\n"
        "413, Content-Length with Transfer-Encoding: 400, ...) and every error answer close\n"
        "the connection. Public deployments: a reverse proxy in front (examples/web/).\n\n"
        "Examples:\n"
        "  cvsearch serve --db cvs.db                      (http://127.0.0.1:8080/)\n"
        "  cvsearch serve --db cvs.db --port 0             (any free port; the address is printed)\n"
        "  cvsearch serve --db cvs.db --host 0.0.0.0       (all interfaces: put a reverse proxy in front)");
    add_db_option(*cmd, a->db);
    cmd->add_option("--host", a->host, "Address to listen on (loopback by default)")->capture_default_str();
    cmd->add_option("--port", a->port, "TCP port; 0 picks a free one")->capture_default_str()->check(CLI::Range(0, 65535));
    cmd->add_option("--threads", a->threads,
                    "Worker threads answering complete requests (default: max(8, CPU count)); connections "
                    "still sending their request hold none")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--max-connections", a->max_connections,
                    "Open connections at most (default: 4096, or what the open-files limit allows); beyond it "
                    "the connection nearest its deadline (the one that has waited longest for its request) is closed "
                    "to make room")
        ->check(CLI::Range(1, 1 << 20));
    cmd->add_option("--request-timeout", a->request_timeout,
                    "Seconds a connection has to deliver a whole request (head and body), from its accept or "
                    "its first byte after a previous answer; then it is closed")
        ->capture_default_str()
        ->check(CLI::Range(1, 3600));
    cmd->add_option("--keep-alive-timeout", a->keep_alive_timeout, "Seconds of silence allowed between two requests on a connection")
        ->capture_default_str()
        ->check(CLI::Range(1, 3600));
    cmd->add_option("--write-timeout", a->write_timeout,
                    "Seconds to send an answer to a client that reads slowly; then the connection is closed")
        ->capture_default_str()
        ->check(CLI::Range(1, 3600));
    cmd->add_option("--max-header-bytes", a->max_header_bytes,
                    "Bytes of request line and headers together at most, 8 KiB a line; more: 431 (414 for the request line)")
        ->capture_default_str()
        ->check(CLI::Range(1024, 1 << 20));
    cmd->add_option("--max-body-bytes", a->max_body_bytes,
                    "Bytes of request body at most (no route reads one; a GET's body is dropped); more: 413")
        ->capture_default_str()
        ->check(CLI::Range(0, 1 << 20));
    cmd->add_option("--query-threads", a->query_threads,
                    "Threads one request may use on a large index (25,000+ profiles per thread): lower latency "
                    "while cores are idle, nothing gained under full load")
        ->capture_default_str()
        ->check(CLI::Range(1, 256));
    cmd->add_flag("--api-only", a->api_only, "Serve the JSON API and /healthz only, not the page");
    cmd->add_option("--cors-origin", a->cors_origin,
                    "Let pages from this origin call the API (e.g. https://people.example.org, or *): sent as "
                    "Access-Control-Allow-Origin; off by default (same origin only)");
    cmd->add_flag("--quiet,-q", a->quiet, "No access log");
    cmd->add_flag("--allow-partial", a->allow_partial,
                  "Sharded index: when a shard does not answer, answer from the others (\"partial\": true) "
                  "instead of 503; see docs/scale-out.md");
    return [a, cmd]() -> int {
        if (!cmd->parsed()) return -1;
        return serve(*a);
    };
}

}  // namespace cvsearch::cli
