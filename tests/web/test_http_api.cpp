// cvsearch::HttpApi without a server: routes, parameters, status codes, the
// JSON shapes, limits, ids with '/', the page's files and their headers.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "core/text.hpp"
#include "cvsearch/http_api.hpp"
#include "cvsearch/render.hpp"
#include "cvsearch/version.hpp"
#include "tests/web/web_fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
using json = nlohmann::json;

namespace {

struct ApiFixture {
    TempDir dir;
    std::filesystem::path db = dir / "db";
    std::unique_ptr<Searcher> searcher;
    std::unique_ptr<HttpApi> api;
    ApiFixture() {
        auto profiles = plain_profiles();
        for (auto& p : hostile_profiles()) profiles.push_back(p);
        build_index(db, profiles);
        searcher = std::make_unique<Searcher>(db);
        api = std::make_unique<HttpApi>(*searcher);
    }
    HttpResponse get(const std::string& target) const { return api->handle({"GET", target}); }
};

/// The body is {"error": {"code": code, "message": non-empty}} and nothing else.
void check_error(const HttpResponse& r, int status, const std::string& code) {
    CHECK(r.status == status);
    CHECK(r.content_type == "application/json; charset=utf-8");
    json j = json::parse(r.body);
    REQUIRE(j.is_object());
    CHECK(j.size() == 1);
    REQUIRE(j.contains("error"));
    CHECK(j["error"].size() == 2);
    CHECK(j["error"]["code"] == code);
    CHECK(j["error"]["message"].is_string());
    CHECK_FALSE(j["error"]["message"].get<std::string>().empty());
}

std::string header(const HttpResponse& r, const std::string& name) { return r.header(name).value_or(""); }

}  // namespace

TEST_CASE("http api: /api/search returns exactly results_to_json of the same request") {
    ApiFixture f;
    HttpResponse r = f.get("/api/search?q=fault+tolerance&venue=SOSP&venue=NSDI&years=2017..2023&sort=latest_year&limit=3&offset=1");
    REQUIRE(r.status == 200);
    CHECK(r.content_type == "application/json; charset=utf-8");
    SearchRequest req;
    req.query = "fault tolerance";
    req.filters[Facet::venue] = {"SOSP", "NSDI"};
    req.year_min = 2017;
    req.year_max = 2023;
    req.sort = SortOrder::latest_year;
    req.limit = 3;
    req.offset = 1;
    json j = json::parse(r.body);
    // The same document plus the time it took.
    REQUIRE(j.contains("took_ms"));
    CHECK(j["took_ms"].is_number());
    CHECK(j["took_ms"].get<double>() >= 0);
    json without_time = j;
    without_time.erase("took_ms");
    CHECK(without_time == json::parse(results_to_json(f.searcher->search(req))));
    CHECK(j["query"] == "fault tolerance");
    CHECK(j["offset"] == 1);
    CHECK(j["hits"].size() <= 3);
    for (const char* key : {"query", "total", "total_is_exact", "offset", "hits", "facets", "suggestion", "warnings"})
        CHECK(j.contains(key));
}

TEST_CASE("http api: venue and institution repeat (any of them), percent-encoding and '+' decode") {
    ApiFixture f;
    json one = json::parse(f.get("/api/search?venue=SOSP").body);
    json two = json::parse(f.get("/api/search?venue=SOSP&venue=NSDI").body);
    CHECK(two["total"].get<int>() > one["total"].get<int>());
    json inst = json::parse(f.get("/api/search?q=fault%20tolerance&institution=ETH+Z%C3%BCrich").body);
    REQUIRE(inst["hits"].size() == 1);
    CHECK(inst["hits"][0]["id"] == "eth/lina-brunner");
    json both = json::parse(f.get("/api/search?institution=KAIST&institution=MIT&q=fault+tolerance").body);
    std::set<std::string> ids;
    for (const auto& h : both["hits"]) ids.insert(h["id"]);
    CHECK(ids == std::set<std::string>{"kaist/ji-ho-seong", "mit/oren-castellano"});
}

TEST_CASE("http api: institution= is where people are now, affiliation= where they have ever been") {
    ApiFixture f;
    auto ids = [](const json& j) {
        std::set<std::string> out;
        for (const auto& h : j["hits"]) out.insert(h["id"]);
        return out;
    };
    const json now = json::parse(f.get("/api/search?institution=MIT&limit=50").body);
    const json ever = json::parse(f.get("/api/search?affiliation=MIT&limit=50").body);
    CHECK(ids(ever).count("cmu/priya-venkataraman") == 1);  // a postdoc there before
    CHECK(ids(now).count("cmu/priya-venkataraman") == 0);
    CHECK(ids(ever).size() == ids(now).size() + 1);
    for (const auto& h : ever["hits"])
        if (h["id"] == "cmu/priya-venkataraman") CHECK(h["institution"] == "Carnegie Mellon University");
    // Both facets in every response; each counts its own way.
    const json all = json::parse(f.get("/api/search?facet_values=50").body);
    auto count = [&](const char* facet, const std::string& value) {
        for (const auto& v : all["facets"][facet])
            if (v["value"] == value) return v["count"].get<int>();
        return 0;
    };
    // (The fixtures write "MIT"; the facet value is the ROR display name it normalizes to.)
    const std::string mit = "Massachusetts Institute of Technology";
    CHECK(count("institution", mit) >= 1);
    CHECK(count("affiliation", mit) == count("institution", mit) + 1);
    // A typo of the new parameter gets the usual 400 with a suggestion.
    auto typo = f.get("/api/search?afiliation=MIT");
    CHECK(typo.status == 400);
    CHECK(json::parse(typo.body)["error"]["message"].get<std::string>().find("did you mean \"affiliation\"?") != std::string::npos);
}

TEST_CASE("http api: facet_values, empty query, defaults") {
    ApiFixture f;
    json all = json::parse(f.get("/api/search").body);
    CHECK(all["total"] == 8);  // an empty query matches every profile
    CHECK(all["hits"].size() == 8);
    CHECK(all["facets"]["year"].size() <= 10);
    json one = json::parse(f.get("/api/search?facet_values=1").body);
    CHECK(one["facets"]["venue"].size() == 1);
    CHECK(one["facets"]["institution"].size() == 1);
    json paged = json::parse(f.get("/api/search?limit=3&offset=6").body);
    CHECK(paged["hits"].size() == 2);
    CHECK(paged["hits"][0]["rank"] == 7);
    json none = json::parse(f.get("/api/search?limit=0").body);
    CHECK(none["hits"].empty());
    CHECK(none["total"] == 8);
}

TEST_CASE("http api: 400 for bad parameters") {
    ApiFixture f;
    check_error(f.get("/api/search?limit=abc"), 400, "bad_parameter");
    check_error(f.get("/api/search?limit=-1"), 400, "bad_parameter");
    check_error(f.get("/api/search?limit=1.5"), 400, "bad_parameter");
    check_error(f.get("/api/search?offset=x"), 400, "bad_parameter");
    check_error(f.get("/api/search?offset=10001"), 400, "bad_parameter");
    check_error(f.get("/api/search?years=20x9"), 400, "bad_parameter");
    check_error(f.get("/api/search?years=2024..2019"), 400, "bad_parameter");
    check_error(f.get("/api/search?years=.."), 400, "bad_parameter");
    check_error(f.get("/api/search?years=19"), 400, "bad_parameter");
    check_error(f.get("/api/search?sort=random"), 400, "bad_parameter");
    check_error(f.get("/api/search?facet_values=0"), 400, "bad_parameter");
    check_error(f.get("/api/search?facet_values=101"), 400, "bad_parameter");
    check_error(f.get("/api/search?q=a&q=b"), 400, "bad_parameter");
    check_error(f.get("/api/search?q=%zz"), 400, "bad_parameter");
    check_error(f.get("/api/search?q=%4"), 400, "bad_parameter");
    check_error(f.get("/api/search?q=%00"), 400, "bad_parameter");
    check_error(f.get("/api/search?q=%C3%28"), 400, "bad_parameter");  // not UTF-8
    // The message names the parameter and says what to do.
    json j = json::parse(f.get("/api/search?years=2024..2019").body);
    CHECK(j["error"]["message"].get<std::string>().find("years") != std::string::npos);
    CHECK(j["error"]["message"].get<std::string>().find("FROM <= TO") != std::string::npos);
    // Good edge values pass.
    CHECK(f.get("/api/search?limit=100").status == 200);
    CHECK(f.get("/api/search?offset=10000").status == 200);
    CHECK(f.get("/api/search?years=2019").status == 200);
    CHECK(f.get("/api/search?years=..2019").status == 200);
    CHECK(f.get("/api/search?years=2019..").status == 200);
    CHECK(f.get("/api/search?years=").status == 200);
    // An unknown parameter is named (a typo must not silently give the default page).
    check_error(f.get("/api/search?unknown=1&q=x"), 400, "bad_parameter");
    json typo = json::parse(f.get("/api/search?query=fault&lmit=3").body);
    const std::string message = typo["error"]["message"];
    CHECK(message.find("\"query\"") != std::string::npos);
    json typo2 = json::parse(f.get("/api/search?q=fault&lmit=3").body);
    CHECK(typo2["error"]["message"].get<std::string>().find("unknown parameter \"lmit\"; did you mean \"limit\"?") !=
          std::string::npos);
    // limit over the maximum is a bad parameter, not a too-large body.
    check_error(f.get("/api/search?limit=101"), 400, "bad_parameter");
    check_error(f.get("/api/search?limit=100000"), 400, "bad_parameter");
    check_error(f.get("/api/search?limit=99999999999999999999999"), 400, "bad_parameter");
    CHECK(json::parse(f.get("/api/search?limit=101").body)["error"]["message"].get<std::string>().find("offset") !=
          std::string::npos);
}

TEST_CASE("http api: 413 and 414 for limits") {
    ApiFixture f;
    std::string many;
    for (int i = 0; i < 51; ++i) many += "&venue=V" + std::to_string(i);
    check_error(f.get("/api/search?q=x" + many), 413, "too_large");
    check_error(f.api->handle({"GET", "/api/search?q=x", {}, 5000}), 413, "too_large");

    check_error(f.get("/api/search?q=" + std::string(1001, 'a')), 414, "uri_too_long");
    CHECK(f.get("/api/search?q=" + std::string(1000, 'a')).status == 200);
    // Characters, not bytes: 1000 "ü" (2000 bytes, 6000 encoded) are allowed.
    std::string umlauts;
    for (int i = 0; i < 1000; ++i) umlauts += "%C3%BC";
    CHECK(f.get("/api/search?q=" + umlauts).status == 200);
    check_error(f.get("/api/search?q=" + umlauts + "%C3%BC"), 414, "uri_too_long");
    check_error(f.get("/api/search?q=x&pad=" + std::string(9000, 'a')), 414, "uri_too_long");

    HttpApiOptions small;
    small.max_limit = 5;
    small.max_query_chars = 10;
    HttpApi api(*f.searcher, small);
    check_error(api.handle({"GET", "/api/search?limit=6"}), 400, "bad_parameter");
    check_error(api.handle({"GET", "/api/search?q=abcdefghijk"}), 414, "uri_too_long");
}

TEST_CASE("http api: profiles by id, ids with '/' raw or encoded, 404 for unknown") {
    ApiFixture f;
    for (std::string target : {"/api/profiles/kaist/ji-ho-seong", "/api/profiles/kaist%2Fji-ho-seong",
                               "/api/profiles/kaist%2fji-ho-seong?x=1", "http://example.org/api/profiles/kaist/ji-ho-seong"}) {
        CAPTURE(target);
        HttpResponse r = f.get(target);
        REQUIRE(r.status == 200);
        json j = json::parse(r.body);
        CHECK(j["id"] == "kaist/ji-ho-seong");
        CHECK(j["name"] == "Ji-Ho Seong");
        CHECK(j["publications"].size() == 2);
        CHECK(j["facets"]["venue"].size() == 2);
    }
    HttpResponse accents = f.get("/api/profiles/umich/tomas-ferreira-lind");
    CHECK(json::parse(accents.body)["name"] == "Tomás Ferreira-Lind");
    check_error(f.get("/api/profiles/kaist/nobody"), 404, "not_found");
    check_error(f.get("/api/profiles/"), 404, "not_found");
    check_error(f.get("/api/profiles/kaist/ji-ho-seong/"), 404, "not_found");
    check_error(f.get("/api/profiles/%zz"), 400, "bad_parameter");
    json msg = json::parse(f.get("/api/profiles/kaist/nobody").body);
    CHECK(msg["error"]["message"].get<std::string>().find("kaist/nobody") != std::string::npos);
}

TEST_CASE("http api: the profile JSON does not expose the server's source path") {
    TempDir dir;
    Profile p = plain_profiles()[0];
    p.source.path = "/srv/private/cvs/kaist/ji-ho-seong.txt";
    build_index(dir / "db", {p});
    Searcher s(dir / "db");
    HttpApi api(s);
    HttpResponse r = api.handle({"GET", "/api/profiles/kaist/ji-ho-seong"});
    REQUIRE(r.status == 200);
    CHECK(r.body.find("/srv/private") == std::string::npos);
}

TEST_CASE("http api: /healthz reports the profile count, 503 when the index is gone") {
    ApiFixture f;
    HttpResponse r = f.get("/healthz");
    REQUIRE(r.status == 200);
    json j = json::parse(r.body);
    CHECK(j["status"] == "ok");
    CHECK(j["profiles"] == 8);
    CHECK(j["server_version"] == version());
    CHECK_FALSE(j["schema_version"].get<std::string>().empty());

    SearcherOptions now;
    now.poll_interval = std::chrono::milliseconds(0);
    Searcher s(f.db, now);
    HttpApi api(s);
    CHECK(api.handle({"GET", "/healthz"}).status == 200);
    std::filesystem::remove_all(f.db);
    HttpResponse gone = api.handle({"GET", "/healthz"});
    check_error(gone, 503, "index_unavailable");
    CHECK(gone.header("Retry-After") == "1");
    CHECK_FALSE(gone.log_detail.empty());  // the full error, for the server's log only
    CHECK(gone.body.find(f.db.string()) == std::string::npos);
    check_error(api.handle({"GET", "/api/search?q=fault"}), 503, "index_unavailable");
}

TEST_CASE("http api: unknown paths, methods, HEAD") {
    ApiFixture f;
    check_error(f.get("/api/nothing"), 404, "not_found");
    check_error(f.get("/api"), 404, "not_found");
    check_error(f.get("/api/search/extra"), 404, "not_found");
    for (std::string m : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"}) {
        HttpResponse r = f.api->handle({m, "/api/search?q=x"});
        check_error(r, 405, "method_not_allowed");
        CHECK(header(r, "Allow") == "GET, HEAD");
    }
    HttpResponse head = f.api->handle({"HEAD", "/api/search?q=fault"});
    CHECK(head.status == 200);
    CHECK(head.body.empty());
    CHECK(head.content_type == "application/json; charset=utf-8");
}

TEST_CASE("http api: every response has the security headers") {
    ApiFixture f;
    for (std::string target : {"/", "/app.js", "/api/search?q=x", "/api/profiles/none", "/healthz", "/nope"}) {
        CAPTURE(target);
        HttpResponse r = f.get(target);
        CHECK(header(r, "Content-Security-Policy").find("default-src 'self'") != std::string::npos);
        CHECK(header(r, "Content-Security-Policy").find("unsafe-inline") == std::string::npos);
        CHECK(header(r, "x-content-type-options") == "nosniff");
        CHECK(header(r, "X-Frame-Options") == "DENY");
        CHECK(header(r, "Referrer-Policy") == "no-referrer");
    }
    CHECK(header(f.get("/api/search?q=x"), "Cache-Control") == "no-store");
}

TEST_CASE("http api: the page's files, no traversal, no listing, ETag") {
    ApiFixture f;
    HttpResponse page = f.get("/");
    REQUIRE(page.status == 200);
    CHECK(page.content_type == "text/html; charset=utf-8");
    CHECK(page.body.find("<script src=\"app.js\"") != std::string::npos);
    CHECK(f.get("/index.html").body == page.body);
    CHECK(f.get("/app.js").content_type == "text/javascript; charset=utf-8");
    CHECK(f.get("/style.css").content_type == "text/css; charset=utf-8");
    CHECK(f.get("/?q=fault").status == 200);
    for (std::string bad : {"/../CMakeLists.txt", "/..%2fCMakeLists.txt", "/%2e%2e/%2e%2e/etc/passwd", "/web/assets/",
                            "/web/assets/app.js", "/assets/", "//etc/passwd", "/app.js/", "/app.js%00.html", "/.git/config",
                            "/index.html/..", "/static/"}) {
        CAPTURE(bad);
        check_error(f.get(bad), 404, "not_found");
    }
    std::string etag = header(f.get("/app.js"), "ETag");
    REQUIRE_FALSE(etag.empty());
    HttpResponse cached = f.api->handle({"GET", "/app.js", {{"if-none-match", etag}}});
    CHECK(cached.status == 304);
    CHECK(cached.body.empty());
    CHECK(f.api->handle({"GET", "/app.js", {{"If-None-Match", "\"other\""}}}).status == 200);

    HttpApiOptions api_only;
    api_only.serve_page = false;
    HttpApi api(*f.searcher, api_only);
    check_error(api.handle({"GET", "/"}), 404, "not_found");
    CHECK(api.handle({"GET", "/healthz"}).status == 200);
}

TEST_CASE("http api: hostile profiles come back as data, byte for byte") {
    ApiFixture f;
    HttpResponse r = f.get("/api/search?q=quasarflux&limit=10");
    REQUIRE(r.status == 200);
    json j = json::parse(r.body);
    REQUIRE(j["total"] == 3);
    std::map<std::string, std::string> names;
    for (const auto& h : j["hits"]) names[h["id"]] = h["name"];
    auto hostile = hostile_profiles();
    for (const auto& p : hostile) CHECK(names[p.id] == p.name);
    // Fragments carry the markup as text, and the spans point at the word.
    bool saw_script_title = false;
    for (const auto& h : j["hits"])
        for (const auto& hl : h["highlights"]) {
            std::string text = hl["text"];
            for (const auto& span : hl["spans"]) {
                std::string marked = text.substr(span[0].get<std::size_t>(), span[1].get<std::size_t>() - span[0].get<std::size_t>());
                CHECK(text::fold(marked) == "quasarflux");
            }
            if (text.find("<script>") != std::string::npos) saw_script_title = true;
        }
    CHECK(saw_script_title);
    json p = json::parse(f.get("/api/profiles/xss/script-name").body);
    CHECK(p["homepage"] == "javascript:window.__xss=2");
    CHECK(p["name"] == hostile[0].name);
    // JSON is served as JSON with nosniff, never as HTML.
    CHECK(r.content_type.rfind("application/json", 0) == 0);
}

TEST_CASE("http api: url_decode and http_error_json") {
    CHECK(url_decode("a%20b+c", true) == "a b c");
    CHECK(url_decode("a%20b+c", false) == "a b+c");
    CHECK(url_decode("%E2%80%9C", false) == "\xE2\x80\x9C");
    CHECK_FALSE(url_decode("%", true));
    CHECK_FALSE(url_decode("%4", true));
    CHECK_FALSE(url_decode("%g0", true));
    CHECK_FALSE(url_decode("%00", true));
    json j = json::parse(http_error_json("bad_parameter", "quote \" and <tag>"));
    CHECK(j["error"]["message"] == "quote \" and <tag>");
}

TEST_CASE("http api: a hit carries its card, and spans in UTF-8 bytes and UTF-16 code units") {
    ApiFixture f;
    json j = json::parse(f.get("/api/search?q=fault+tolerance&limit=5").body);
    REQUIRE(!j["hits"].empty());
    for (const auto& h : j["hits"]) {
        for (const char* key : {"position", "first_year", "last_year", "publications", "top_venues"}) CHECK(h.contains(key));
        const auto p = f.searcher->profile(h["id"].get<std::string>());
        REQUIRE(p);
        const ProfileCard card = card_of(*p);
        CHECK(h["position"] == card.position);
        CHECK(h["publications"] == card.publications);
        CHECK(h["top_venues"] == card.top_venues);
        if (card.last_year) CHECK(h["last_year"] == *card.last_year);
        else CHECK(h["last_year"].is_null());
        for (const auto& hl : h["highlights"]) {
            REQUIRE(hl["spans"].size() == hl["spans_utf16"].size());
            const std::string text = hl["text"];
            for (std::size_t i = 0; i < hl["spans"].size(); ++i) {
                // Counting UTF-16 units of the prefix gives the same offset.
                auto units = [&](std::size_t bytes) {
                    std::size_t n = 0;
                    for (std::size_t b = 0; b < bytes; ++b) {
                        const auto c = static_cast<unsigned char>(text[b]);
                        if ((c & 0xC0) != 0x80) n += c >= 0xF0 ? 2 : 1;
                    }
                    return n;
                };
                CHECK(hl["spans_utf16"][i][0] == units(hl["spans"][i][0]));
                CHECK(hl["spans_utf16"][i][1] == units(hl["spans"][i][1]));
            }
        }
    }
}

TEST_CASE("http api: UTF-16 offsets count a non-BMP character as two units and an accented one as one") {
    SearchResults r;
    SearchHit h;
    Highlight hl;
    hl.field = "title";
    hl.text = "\xC3\xA9t\xC3\xA9 \xF0\x9F\x93\x88 fault";  // "été 📈 fault": 3 + 1 + 2 + 1 UTF-16 units before "fault"
    const std::size_t begin = hl.text.find("fault");
    hl.spans.push_back({begin, begin + 5});
    h.highlights.push_back(hl);
    r.hits.push_back(h);
    json j = json::parse(results_to_json(r));
    CHECK(j["hits"][0]["highlights"][0]["spans"][0][0] == begin);
    CHECK(j["hits"][0]["highlights"][0]["spans_utf16"][0][0] == 7);
    CHECK(j["hits"][0]["highlights"][0]["spans_utf16"][0][1] == 12);
}

TEST_CASE("http api: CORS only when an origin is configured") {
    ApiFixture f;
    CHECK_FALSE(f.get("/api/search?q=x").header("Access-Control-Allow-Origin"));
    HttpApiOptions o;
    o.cors_origin = "https://people.example.org";
    HttpApi api(*f.searcher, o);
    for (const char* target : {"/api/search?q=fault", "/api/profiles/nobody", "/healthz"}) {
        HttpResponse r = api.handle({"GET", target});
        CHECK(header(r, "Access-Control-Allow-Origin") == "https://people.example.org");
        CHECK(header(r, "Vary") == "Origin");
    }
}

TEST_CASE("http api: two files of one person are one hit whose also names the other") {
    TempDir dir;
    // Fictional: a CV and a publications page of one person (same name and e-mail).
    Profile cv;
    cv.id = "cv/ada-byron";
    cv.name = "Ada Byron";
    cv.emails = {"ada@analytical.example"};
    cv.sections = {{"Research", "research", "Programs for the analytical engine."}};
    Profile page = cv;
    page.id = "pages/ada-byron";
    page.sections = {{"Publications", "publications", "Notes on the analytical engine."}};
    Profile other = cv;
    other.id = "cv/ada-other";
    other.emails = {"someone.else@example.org"};  // the same name, nothing shared: another person
    build_index(dir / "db", {cv, page, other});
    Searcher s(dir / "db");
    HttpApi api(s);
    HttpResponse r = api.handle({"GET", "/api/search?q=analytical+engine"});
    REQUIRE(r.status == 200);
    json j = json::parse(r.body);
    CHECK(j["total"] == 2);
    REQUIRE(j["hits"].size() == 2);
    std::set<std::string> also;
    for (const auto& h : j["hits"])
        for (const auto& id : h["also"]) also.insert(h["id"].get<std::string>() + " -> " + id.get<std::string>());
    CHECK(also.size() == 1);
    CHECK((also.count("cv/ada-byron -> pages/ada-byron") + also.count("pages/ada-byron -> cv/ada-byron")) == 1);
}
