// `cvsearch serve`: the search website (cvsearch::HttpApi) behind cpp-httplib.
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
    HttpApi api(searcher, api_options);

    // SIGINT/SIGTERM go to one thread that stops the server; every other thread
    // (httplib's workers are created later and inherit the mask) ignores them.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    std::signal(SIGPIPE, SIG_IGN);  // a client that hangs up must not kill the server

    httplib::Server server;
    const std::size_t threads = a.threads ? a.threads : default_threads();
    server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    // httplib's default also sets SO_REUSEPORT, which lets a second server bind
    // a port that is in use and silently share its traffic; refuse that instead.
    server.set_socket_options([](socket_t sock) {
        int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    server.set_payload_max_length(api_options.max_body_bytes);
    server.set_keep_alive_max_count(1000);
    server.set_keep_alive_timeout(5);
    server.set_read_timeout(10, 0);
    server.set_write_timeout(10, 0);

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

    int port = a.port;
    if (a.port == 0) {
        port = server.bind_to_any_port(a.host);
        if (port < 0) throw Error(ErrorCode::io, a.host, "cannot listen on this address; check --host");
    } else if (!server.bind_to_port(a.host, a.port)) {
        throw Error(ErrorCode::io, a.host + ":" + std::to_string(a.port),
                    "cannot listen here: the port is in use or needs privileges; pick another with --port (0 picks a free one)");
    }
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
                server.stop();
                return;
            }
        }
    });
    bool ok = server.listen_after_bind();  // returns after stop(), once in-flight requests are done
    finished = true;
    waiter.join();
    if (got_signal) {
        std::fprintf(stderr, "cvsearch serve: stopped (%s)\n", got_signal == SIGINT ? "SIGINT" : "SIGTERM");
        return exit_ok;
    }
    if (!ok) throw Error(ErrorCode::io, shown_host + ":" + std::to_string(port), "the server stopped unexpectedly");
    return exit_ok;
}

}  // namespace

Action add_serve_command(CLI::App& app) {
    auto a = std::make_shared<ServeArgs>();
    CLI::App* cmd = app.add_subcommand("serve", "Serve the search page and the JSON API over HTTP");
    cmd->footer(
        "Routes: / (the search page), /api/search?q=&venue=&institution=&years=&sort=&offset=&limit=,\n"
        "/api/profiles/ID, /healthz. One access-log line per request on stderr\n"
        "(time, client, method, path, status, bytes, duration). Stops cleanly on SIGINT/SIGTERM.\n"
        "A re-indexed or rebuilt index (`cvsearch index`) is picked up without a restart.\n\n"
        "Examples:\n"
        "  cvsearch serve --db cvs.db                      (http://127.0.0.1:8080/)\n"
        "  cvsearch serve --db cvs.db --port 0             (any free port; the address is printed)\n"
        "  cvsearch serve --db cvs.db --host 0.0.0.0       (all interfaces: put a reverse proxy in front)");
    add_db_option(*cmd, a->db);
    cmd->add_option("--host", a->host, "Address to listen on (loopback by default)")->capture_default_str();
    cmd->add_option("--port", a->port, "TCP port; 0 picks a free one")->capture_default_str()->check(CLI::Range(0, 65535));
    cmd->add_option("--threads", a->threads, "Worker threads (default: max(8, CPU count)); each keep-alive connection holds one")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--query-threads", a->query_threads,
                    "Threads one request may use on a large index (25,000+ profiles per thread): lower latency "
                    "while cores are idle, nothing gained under full load")
        ->capture_default_str()
        ->check(CLI::Range(1, 256));
    cmd->add_flag("--api-only", a->api_only, "Serve the JSON API and /healthz only, not the page");
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
