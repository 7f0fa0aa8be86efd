// cvsearch/http_api.hpp — the search website's HTTP API, without an HTTP server.
//
// HttpApi turns a request (method + request-target) into a response (status,
// content type, headers, body). It does no networking and depends on no server
// library, so an application can mount it in whatever server it already runs:
//
//   cvsearch::Searcher searcher("cvs.db");
//   cvsearch::HttpApi api(searcher);                       // keeps a reference
//   cvsearch::HttpResponse r = api.handle({"GET", "/api/search?q=fault+tolerance"});
//   // copy r.status, r.content_type, r.headers and r.body into your server's reply
//
// `cvsearch serve` is exactly this behind cpp-httplib, with its own connection
// handling, timeouts and limits in front (see examples/web/README.md).
//
// ROUTES (GET; HEAD gives the same status and headers without a body)
//   /api/search        the `cvsearch search --json` document (cvsearch::results_to_json)
//                      plus "took_ms", the search's time in milliseconds
//       q=TEXT               the query (query syntax: cvsearch/searcher.hpp); may be empty
//       venue=V              repeatable: any of these venues
//       institution=I        repeatable: people at any of these institutions now
//       affiliation=I        repeatable: people who studied or worked at any of
//                            these institutions, now or before
//       years=2019..2024     also 2019.., ..2024, 2019
//       sort=relevance|latest_year|publication_count
//       offset=N             0..max_offset (default 0)
//       limit=N              0..max_limit (default 10)
//       facet_values=N       values per facet, 1..max_facet_values (default 10)
//   /api/profiles/ID   the stored profile as JSON (cvsearch::to_json, with an empty
//                      "source"."path": the server's file paths stay private). IDs contain
//                      '/': everything after "/api/profiles/" is the id, percent-decoded
//                      ("/api/profiles/kaist/jae-won-ryu").
//   /healthz           {"status": "ok", "profiles": N, "built_at", "schema_version",
//                      "library_version", "server_version"}; 503 when the index cannot be read
//   /  /index.html  /app.js  /style.css     the search page, compiled into the library
//                      (no files are read from disk: no traversal, no listings)
//
// ERRORS are JSON with a stable code:  {"error": {"code": "...", "message": "..."}}
//   400 bad_parameter       an unknown parameter (named, with the nearest known one),
//                           a parameter that is not a number, out of range (limit
//                           over max_limit too), a bad year range, an unknown sort,
//                           bad percent-encoding or UTF-8, a parameter given twice
//   404 not_found           unknown path or profile id
//   405 method_not_allowed  anything but GET and HEAD (header Allow: GET, HEAD)
//   413 too_large           more than max_filter_values filter values, a request
//                           body over max_body_bytes
//   414 uri_too_long        a request-target over max_target_bytes, q over
//                           max_query_chars characters
//   503 index_unavailable   the index is missing, locked for a rebuild, corrupt or
//                           changing too fast; header Retry-After: 1
//   500 internal            a bug (HttpResponse::log_detail says more)
//
// Every response carries Content-Security-Policy (default-src 'self', no inline
// script or style), X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer
// and X-Frame-Options: DENY. API responses are Cache-Control: no-store; the page's
// files are no-cache with an ETag (If-None-Match gives 304).
//
// THREADS: handle() is const and may be called from any number of threads at
// once (the Searcher is shared the same way; see cvsearch/searcher.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cvsearch/searcher.hpp"

namespace cvsearch {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

struct HttpRequest {
    std::string method = "GET";
    /// The request-target as received, still percent-encoded: path and optional
    /// "?query" ("/api/profiles/kaist%2Fjae-won-ryu?x=1"). Absolute-form targets
    /// ("http://host/path") are accepted too.
    std::string target;
    /// Request headers (names case-insensitive); only If-None-Match is used.
    HttpHeaders headers = {};
    /// Size of the request body in bytes (no route reads a body).
    std::size_t body_bytes = 0;
};

struct HttpResponse {
    int status = 200;
    std::string content_type;
    /// Extra headers (security headers, Cache-Control, ETag, Allow, Retry-After).
    /// Content-Type and Content-Length are left to the server.
    HttpHeaders headers;
    /// Empty for HEAD and 304.
    std::string body;
    /// For the server's log, never sent: the full library error behind a 5xx
    /// (it may name files on the server).
    std::string log_detail;

    /// The value of header `name` (case-insensitive), or std::nullopt.
    std::optional<std::string> header(std::string_view name) const;
};

struct HttpApiOptions {
    std::size_t max_query_chars = 1000;   ///< q longer than this (Unicode characters): 414
    std::size_t max_target_bytes = 8192;  ///< request-target longer than this: 414
    std::size_t max_limit = 100;          ///< page size; more: 400
    std::size_t max_offset = 10000;       ///< deeper paging: 400
    std::size_t max_filter_values = 50;   ///< venue + institution + affiliation values together; more: 413
    std::size_t max_facet_values = 100;   ///< facet_values over this: 400
    std::size_t max_body_bytes = 1024;    ///< request bodies over this: 413
    bool serve_page = true;               ///< serve the search page at / (false: API only)
    /// An origin allowed to call the API from a page of its own
    /// ("https://example.org", or "*"): sent as Access-Control-Allow-Origin on
    /// every response. Empty (the default): no CORS header, same-origin only.
    std::string cors_origin;
};

class HttpApi {
  public:
    /// `searcher` must outlive the HttpApi.
    explicit HttpApi(const Searcher& searcher, HttpApiOptions options = {});
    /// Never throws: every failure is an HttpResponse with an error status.
    HttpResponse handle(const HttpRequest& request) const;
    const HttpApiOptions& options() const noexcept { return options_; }

  private:
    using Params = std::vector<std::pair<std::string, std::string>>;
    HttpResponse route(std::string_view raw_path, std::string_view query, const HttpRequest& request) const;
    HttpResponse search(const Params& params) const;
    HttpResponse profile(const std::string& id) const;
    HttpResponse health() const;

    const Searcher* searcher_;
    HttpApiOptions options_;
};

/// Decodes %XX escapes (and '+' as a space when `plus_is_space`). std::nullopt
/// for a malformed escape or an encoded NUL.
std::optional<std::string> url_decode(std::string_view text, bool plus_is_space);

/// The JSON error body {"error": {"code": code, "message": message}}.
std::string http_error_json(std::string_view code, std::string_view message);

}  // namespace cvsearch
