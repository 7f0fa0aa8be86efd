// HttpApi: the website's routes over a shared Searcher, with no server library.
#include "cvsearch/http_api.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/profile.hpp"
#include "cvsearch/render.hpp"
#include "cvsearch/version.hpp"

// The page's files, compiled in by cmake/embed_data.cmake (see CMakeLists.txt).
namespace cvsearch::web_assets {
std::string_view index_html();
std::string_view app_js();
std::string_view style_css();
}  // namespace cvsearch::web_assets

namespace cvsearch {
namespace {

using json = nlohmann::json;

constexpr std::string_view csp =
    "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

bool iequals(std::string_view a, std::string_view b) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
}

void add_common_headers(HttpResponse& r) {
    r.headers.emplace_back("Content-Security-Policy", std::string(csp));
    r.headers.emplace_back("X-Content-Type-Options", "nosniff");
    r.headers.emplace_back("Referrer-Policy", "no-referrer");
    r.headers.emplace_back("X-Frame-Options", "DENY");
}

HttpResponse json_response(int status, std::string body) {
    HttpResponse r;
    r.status = status;
    r.content_type = "application/json; charset=utf-8";
    r.body = std::move(body);
    add_common_headers(r);
    r.headers.emplace_back("Cache-Control", "no-store");
    return r;
}

HttpResponse error_response(int status, std::string_view code, std::string_view message, std::string detail = {}) {
    HttpResponse r = json_response(status, http_error_json(code, message));
    r.log_detail = std::move(detail);
    if (status == 503) r.headers.emplace_back("Retry-After", "1");
    if (status == 405) r.headers.emplace_back("Allow", "GET, HEAD");
    return r;
}

/// A client mistake, carried to the top of handle().
struct BadRequest {
    int status;
    std::string code;
    std::string message;
};

[[noreturn]] void bad(std::string message) { throw BadRequest{400, "bad_parameter", std::move(message)}; }

std::size_t utf8_chars(std::string_view s) {
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

/// The decoded query parameters, in order.
using Params = std::vector<std::pair<std::string, std::string>>;

Params parse_params(std::string_view query) {
    Params params;
    for (std::string_view part : text::split(query, '&')) {
        if (part.empty()) continue;
        auto eq = part.find('=');
        std::string_view k = part.substr(0, eq), v = eq == std::string_view::npos ? std::string_view() : part.substr(eq + 1);
        auto key = url_decode(k, true), value = url_decode(v, true);
        if (!key || !value)
            bad("the query string has a malformed %-escape near \"" + std::string(part.substr(0, 60)) +
                "\"; encode '%' as %25");
        if (!text::is_valid_utf8(*key) || !text::is_valid_utf8(*value))
            bad("parameter \"" + text::sanitize_utf8(*key) + "\" is not valid UTF-8; send UTF-8 percent-encoded");
        params.emplace_back(std::move(*key), std::move(*value));
    }
    return params;
}

/// The single value of `name`, or std::nullopt; 400 when it is given twice.
std::optional<std::string> single(const Params& params, std::string_view name) {
    std::optional<std::string> out;
    for (const auto& [k, v] : params) {
        if (k != name) continue;
        if (out) bad("parameter \"" + std::string(name) + "\" is given more than once; give it once");
        out = v;
    }
    return out;
}

std::vector<std::string> all(const Params& params, std::string_view name) {
    std::vector<std::string> out;
    for (const auto& [k, v] : params)
        if (k == name && !text::trim(v).empty()) out.push_back(v);
    return out;
}

std::size_t number(const Params& params, std::string_view name, std::size_t fallback, std::size_t min, std::size_t max) {
    auto v = single(params, name);
    if (!v) return fallback;
    std::string_view s = text::trim(*v);
    std::uint64_t n = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (s.empty() || ec == std::errc::invalid_argument || p != s.data() + s.size())
        bad("parameter \"" + std::string(name) + "\" must be a whole number, got \"" + text::sanitize_utf8(v->substr(0, 40)) + "\"");
    if (ec == std::errc::result_out_of_range || n > max) {
        std::string msg = "parameter \"" + std::string(name) + "\" is " + std::string(s.substr(0, 40)) +
                          ", over the maximum " + std::to_string(max);
        if (name == "limit") msg += "; page through results with offset instead";
        bad(msg);
    }
    if (n < min) bad("parameter \"" + std::string(name) + "\" must be at least " + std::to_string(min));
    return static_cast<std::size_t>(n);
}

std::optional<int> year_part(std::string_view s, std::string_view whole) {
    if (s.empty()) return std::nullopt;
    int y = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), y);
    if (s.size() != 4 || ec != std::errc() || p != s.data() + s.size())
        bad("parameter \"years\" is \"" + std::string(whole.substr(0, 40)) +
            "\"; expected YEAR, FROM..TO, FROM.. or ..TO with four-digit years (e.g. 2019..2024)");
    return y;
}

void parse_years(std::string_view v, SearchRequest& req) {
    std::string_view s = text::trim(v);
    if (s.empty()) return;
    auto dots = s.find("..");
    if (dots == std::string_view::npos) {
        req.year_min = req.year_max = year_part(s, s);
        return;
    }
    req.year_min = year_part(s.substr(0, dots), s);
    req.year_max = year_part(s.substr(dots + 2), s);
    if (!req.year_min && !req.year_max) bad("parameter \"years\" is \"..\"; give at least one year (e.g. 2019..)");
    if (req.year_min && req.year_max && *req.year_min > *req.year_max)
        bad("parameter \"years\" is \"" + std::string(s) + "\", a backwards range; write FROM..TO with FROM <= TO");
}

struct Asset {
    std::string_view body;
    std::string_view content_type;
    std::string etag;
};

std::string etag_of(std::string_view bytes) {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a
    for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
    char buf[24];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, h, 16);
    (void)ec;
    return "\"" + std::string(buf, p) + "\"";
}

const std::map<std::string, Asset, std::less<>>& assets() {
    static const std::map<std::string, Asset, std::less<>> table = [] {
        std::map<std::string, Asset, std::less<>> t;
        auto add = [&](std::string path, std::string_view body, std::string_view type) {
            t.emplace(std::move(path), Asset{body, type, etag_of(body)});
        };
        add("/", web_assets::index_html(), "text/html; charset=utf-8");
        add("/index.html", web_assets::index_html(), "text/html; charset=utf-8");
        add("/app.js", web_assets::app_js(), "text/javascript; charset=utf-8");
        add("/style.css", web_assets::style_css(), "text/css; charset=utf-8");
        return t;
    }();
    return table;
}

HttpResponse library_error(const Error& e) {
    switch (e.code()) {
        case ErrorCode::usage:
        case ErrorCode::query: return error_response(400, "bad_parameter", e.what());
        case ErrorCode::not_found: return error_response(404, "not_found", e.what());
        case ErrorCode::too_large: return error_response(413, "too_large", e.what());
        case ErrorCode::index_missing:
        case ErrorCode::index_locked:
        case ErrorCode::index_incompatible:
        case ErrorCode::index_corrupt:
        case ErrorCode::unavailable:
        case ErrorCode::io:
            return error_response(503, "index_unavailable",
                                  "the search index cannot be read right now (" + std::string(error_code_name(e.code())) +
                                      "); try again shortly",
                                  e.what());
        default: return error_response(500, "internal", "internal error; the server log has the details", e.what());
    }
}

}  // namespace

// ---- public helpers --------------------------------------------------------------------

std::optional<std::string> HttpResponse::header(std::string_view name) const {
    for (const auto& [k, v] : headers)
        if (iequals(k, name)) return v;
    return std::nullopt;
}

std::optional<std::string> url_decode(std::string_view s, bool plus_is_space) {
    auto hex = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c == '%') {
            if (i + 2 >= s.size()) return std::nullopt;
            int hi = hex(s[i + 1]), lo = hex(s[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            char decoded = static_cast<char>(hi * 16 + lo);
            if (decoded == '\0') return std::nullopt;
            out += decoded;
            i += 2;
        } else if (c == '+' && plus_is_space) {
            out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

std::string http_error_json(std::string_view code, std::string_view message) {
    json j = {{"error", {{"code", code}, {"message", message}}}};
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// ---- routes ---------------------------------------------------------------------------

HttpApi::HttpApi(const Searcher& searcher, HttpApiOptions options) : searcher_(&searcher), options_(options) {
    (void)assets();  // build the table (and ETags) now, not on the first request
}

HttpResponse HttpApi::handle(const HttpRequest& request) const {
    const bool head = request.method == "HEAD";
    HttpResponse response;
    try {
        if (request.method != "GET" && !head) {
            response = error_response(405, "method_not_allowed",
                                      "method " + text::sanitize_utf8(request.method.substr(0, 20)) + " is not allowed; use GET");
        } else if (request.target.size() > options_.max_target_bytes) {
            response = error_response(414, "uri_too_long",
                                      "the request-target is " + std::to_string(request.target.size()) +
                                          " bytes, over the limit of " + std::to_string(options_.max_target_bytes));
        } else if (request.body_bytes > options_.max_body_bytes) {
            response = error_response(413, "too_large", "this API takes no request body; send GET without one");
        } else {
            std::string_view target = request.target;
            if (auto scheme = target.find("://"); scheme != std::string_view::npos && scheme < target.find('/')) {
                auto slash = target.find('/', scheme + 3);  // absolute-form: drop scheme://host
                target = slash == std::string_view::npos ? std::string_view("/") : target.substr(slash);
            }
            if (auto hash = target.find('#'); hash != std::string_view::npos) target = target.substr(0, hash);
            auto qmark = target.find('?');
            std::string_view raw_path = target.substr(0, qmark);
            std::string_view query = qmark == std::string_view::npos ? std::string_view() : target.substr(qmark + 1);
            response = route(raw_path, query, request);
        }
    } catch (const BadRequest& b) {
        response = error_response(b.status, b.code, b.message);
    } catch (const Error& e) {
        response = library_error(e);
    } catch (const std::exception& e) {
        response = error_response(500, "internal", "internal error; the server log has the details", e.what());
    } catch (...) {
        response = error_response(500, "internal", "internal error; the server log has the details", "unknown exception");
    }
    if (!options_.cors_origin.empty()) {
        // Opt-in CORS for a page on another origin; the API is GET-only, so no preflight is needed.
        response.headers.emplace_back("Access-Control-Allow-Origin", options_.cors_origin);
        response.headers.emplace_back("Vary", "Origin");
    }
    if (head) response.body.clear();
    return response;
}

HttpResponse HttpApi::route(std::string_view raw_path, std::string_view query, const HttpRequest& request) const {
    constexpr std::string_view profiles_prefix = "/api/profiles/";
    if (raw_path == "/api/search") return search(parse_params(query));
    if (raw_path.substr(0, profiles_prefix.size()) == profiles_prefix) {
        auto id = url_decode(raw_path.substr(profiles_prefix.size()), false);
        if (!id || !text::is_valid_utf8(*id)) bad("the profile id in the path is not valid percent-encoded UTF-8");
        return profile(*id);
    }
    if (raw_path == "/healthz") return health();
    if (options_.serve_page) {
        auto it = assets().find(raw_path);
        if (it != assets().end()) {
            const Asset& a = it->second;
            HttpResponse r;
            r.content_type = std::string(a.content_type);
            add_common_headers(r);
            r.headers.emplace_back("Cache-Control", "no-cache");
            r.headers.emplace_back("ETag", a.etag);
            bool fresh = false;
            for (const auto& [k, v] : request.headers)
                if (iequals(k, "If-None-Match") && (v == a.etag || v == "*" || v.find(a.etag) != std::string::npos)) fresh = true;
            if (fresh) r.status = 304;
            else r.body = std::string(a.body);
            return r;
        }
    }
    return error_response(404, "not_found",
                          "no such path: " + text::sanitize_utf8(std::string(raw_path.substr(0, 200))) +
                              " (the API is /api/search, /api/profiles/ID and /healthz)");
}

/// The parameters /api/search takes; any other is a 400 naming it (a typo such
/// as "lmit" must not silently return the default page).
constexpr std::string_view search_params[] = {"q",    "venue",  "institution", "affiliation", "years",
                                              "sort", "offset", "limit",       "facet_values"};

void reject_unknown(const Params& params) {
    for (const auto& [k, v] : params) {
        if (std::find(std::begin(search_params), std::end(search_params), k) != std::end(search_params)) continue;
        std::string msg = "unknown parameter \"" + text::sanitize_utf8(k.substr(0, 40)) + "\"";
        for (std::string_view known : search_params)  // the nearest known one, for a typo
            if (k.size() >= 3 && text::edit_distance(k, known) <= (k.size() <= 4 ? 1u : 2u)) {
                msg += "; did you mean \"" + std::string(known) + "\"?";
                break;
            }
        bad(msg + " (the parameters are q, venue, institution, affiliation, years, sort, offset, limit, facet_values)");
    }
}

HttpResponse HttpApi::search(const Params& params) const {
    reject_unknown(params);
    SearchRequest req;
    if (auto q = single(params, "q")) {
        if (utf8_chars(*q) > options_.max_query_chars)
            throw BadRequest{414, "uri_too_long",
                             "parameter \"q\" has " + std::to_string(utf8_chars(*q)) + " characters, over the limit of " +
                                 std::to_string(options_.max_query_chars) + "; shorten the query"};
        req.query = std::string(text::trim(*q));
    }
    auto venues = all(params, "venue"), institutions = all(params, "institution"), affiliations = all(params, "affiliation");
    const std::size_t filter_values = venues.size() + institutions.size() + affiliations.size();
    if (filter_values > options_.max_filter_values)
        throw BadRequest{413, "too_large",
                         std::to_string(filter_values) + " venue/institution/affiliation values, over the limit of " +
                             std::to_string(options_.max_filter_values)};
    if (!venues.empty()) req.filters[Facet::venue] = std::move(venues);
    if (!institutions.empty()) req.filters[Facet::institution] = std::move(institutions);
    if (!affiliations.empty()) req.filters[Facet::affiliation] = std::move(affiliations);
    if (auto years = single(params, "years")) parse_years(*years, req);
    if (auto sort = single(params, "sort"); sort && !sort->empty()) {
        auto order = sort_order_from_name(*sort);
        if (!order)
            bad("parameter \"sort\" is \"" + sort->substr(0, 40) + "\"; use relevance, latest_year or publication_count");
        req.sort = *order;
    }
    req.offset = number(params, "offset", 0, 0, options_.max_offset);
    req.limit = number(params, "limit", 10, 0, options_.max_limit);
    req.facet_values = number(params, "facet_values", 10, 1, options_.max_facet_values);
    const auto started = std::chrono::steady_clock::now();
    SearchResults results = searcher_->search(req);
    results.took_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    return json_response(200, results_to_json(results));
}

HttpResponse HttpApi::profile(const std::string& id) const {
    if (id.empty()) throw BadRequest{404, "not_found", "no profile id given; use /api/profiles/ID"};
    if (id.size() > 1000) throw BadRequest{414, "uri_too_long", "the profile id is over 1000 bytes"};
    std::optional<Profile> p = searcher_->profile(id);
    if (!p) throw BadRequest{404, "not_found", "no profile with id \"" + id + "\" in the index"};
    p->source.path.clear();  // where the CV file lives on the server is not the public's business
    return json_response(200, to_json(*p, -1));
}

HttpResponse HttpApi::health() const {
    IndexStats s = searcher_->stats(1);
    json j = {{"status", "ok"},
              {"profiles", s.profiles},
              {"built_at", s.built_at},
              {"schema_version", s.schema_version},
              {"library_version", s.library_version},
              {"server_version", version()}};
    return json_response(200, j.dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace cvsearch
