// `cvsearch serve` as a process on a free loopback port: the API over real HTTP,
// the access log, signals, limits enforced by the server, concurrent clients,
// and a re-indexed (or rebuilt) index picked up without a restart.
#include <doctest/doctest.h>

#include <atomic>
#include <nlohmann/json.hpp>

#include "tests/web/web_fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
using json = nlohmann::json;

namespace {

/// Profiles as cvsearch profile-JSON files under dir/ROOT, file names = ids.
void write_profile_files(const std::filesystem::path& root, const std::vector<Profile>& profiles) {
    for (const auto& p : profiles) write_file(root / (p.id + ".json"), to_json(p));
}

std::filesystem::path indexed_db(TempDir& dir) {
    auto db = dir / "db";
    auto profiles = plain_profiles();
    for (auto& p : hostile_profiles()) profiles.push_back(p);
    build_index(db, profiles);
    return db;
}

/// Polls `target` until `pred(json)` holds: at most 100 tries, 100 ms apart.
template <class Pred>
bool eventually(int port, const std::string& target, Pred pred) {
    for (int i = 0; i < 100; ++i) {
        HttpReply r = http_get(port, target);
        if (r.status == 200 && pred(json::parse(r.body))) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
}

}  // namespace

TEST_CASE("serve: the JSON API over HTTP equals `cvsearch search --json`, with an access log line per request") {
    REQUIRE_FALSE(cli_binary().empty());
    TempDir dir;
    auto db = indexed_db(dir);
    ServerProcess server({"--db", db.string(), "--threads", "4"});

    HttpReply health = http_get(server.port(), "/healthz");
    REQUIRE(health.status == 200);
    CHECK(json::parse(health.body)["profiles"] == 8);

    HttpReply r = http_get(server.port(), "/api/search?q=fault+tolerance&venue=SOSP&venue=NSDI");
    REQUIRE(r.status == 200);
    CHECK(r.header("content-type") == "application/json; charset=utf-8");
    CHECK(r.header("x-content-type-options") == "nosniff");
    CHECK(r.header("content-security-policy").find("default-src 'self'") != std::string::npos);
    std::string cli_out;
    REQUIRE(run_command({cli_binary(), "search", "fault", "tolerance", "--venue", "SOSP", "--venue", "NSDI", "--json", "--db",
                         db.string()},
                        &cli_out) == 0);
    json api = json::parse(r.body);
    CHECK(api["took_ms"].is_number());  // the API adds the time the search took
    api.erase("took_ms");
    CHECK(api == json::parse(cli_out));

    HttpReply page = http_get(server.port(), "/");
    CHECK(page.status == 200);
    CHECK(page.header("content-type") == "text/html; charset=utf-8");
    CHECK(page.body.find("<script src=\"app.js\"") != std::string::npos);

    // method path status bytes duration
    CHECK(server.wait_for_log("GET /api/search 200 " + std::to_string(r.body.size()) + " "));
    CHECK(server.wait_for_log("GET /healthz 200 "));
    std::string log = server.log();
    CHECK(log.find("fault+tolerance") == std::string::npos);  // what people searched for is not logged
    CHECK(log.find("ms\n") != std::string::npos);

    CHECK(server.stop(SIGTERM) == 0);
    CHECK(server.log().find("stopped (SIGTERM)") != std::string::npos);
}

TEST_CASE("serve: SIGINT stops the server cleanly") {
    TempDir dir;
    auto db = indexed_db(dir);
    ServerProcess server({"--db", db.string(), "--quiet"});
    CHECK(http_get(server.port(), "/healthz").status == 200);
    CHECK(server.stop(SIGINT) == 0);
    CHECK(server.log().find("stopped (SIGINT)") != std::string::npos);
    CHECK(server.log().find("GET /healthz") == std::string::npos);  // --quiet: no access log
}

TEST_CASE("serve: status codes through the server (HEAD, 400, 404, 405, 413, 414, ids with '/')") {
    TempDir dir;
    auto db = indexed_db(dir);
    ServerProcess server({"--db", db.string()});
    const int port = server.port();

    HttpReply head = http_request(port, "HEAD", "/api/search?q=fault");
    CHECK(head.status == 200);
    CHECK(head.body.empty());
    CHECK(std::atoi(head.header("content-length").c_str()) > 0);

    HttpReply raw = http_get(port, "/api/profiles/kaist%2Fji-ho-seong");
    CHECK(raw.status == 200);
    CHECK(json::parse(raw.body)["id"] == "kaist/ji-ho-seong");
    CHECK(http_get(port, "/api/profiles/kaist/ji-ho-seong").status == 200);

    for (std::string bad : {"/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/web/assets/", "/nope"}) {
        CAPTURE(bad);
        HttpReply r = http_get(port, bad);
        CHECK(r.status == 404);
        CHECK(r.body.find("root:") == std::string::npos);
        CHECK(json::parse(r.body)["error"]["code"] == "not_found");
    }
    HttpReply post = http_request(port, "POST", "/api/search", "", "q=x");
    CHECK(post.status == 405);
    CHECK(post.header("allow") == "GET, HEAD");
    HttpReply big = http_request(port, "POST", "/api/search", "", std::string(100000, 'x'));
    CHECK(big.status == 413);
    HttpReply limit = http_get(port, "/api/search?limit=1000");
    CHECK(limit.status == 400);
    CHECK(json::parse(limit.body)["error"]["code"] == "bad_parameter");
    HttpReply query = http_get(port, "/api/search?q=" + std::string(1200, 'a'));
    CHECK(query.status == 414);
    CHECK(json::parse(query.body)["error"]["code"] == "uri_too_long");
    HttpReply target = http_get(port, "/api/search?q=x&pad=" + std::string(10000, 'a'));
    CHECK(target.status == 414);
    CHECK(http_get(port, "/api/search?years=2024..2019").status == 400);
    CHECK(http_get(port, "/healthz").status == 200);  // still serving
}

TEST_CASE("serve: many concurrent clients all get answers") {
    TempDir dir;
    auto db = indexed_db(dir);
    ServerProcess server({"--db", db.string(), "--threads", "4", "--quiet"});
    std::atomic<int> ok{0}, failed{0};
    std::vector<std::thread> clients;
    const char* targets[] = {"/api/search?q=fault+tolerance", "/api/search?institution=KAIST", "/api/profiles/mit/oren-castellano",
                             "/healthz", "/api/search?q=quasarflux&years=2020..2022", "/app.js"};
    for (int t = 0; t < 8; ++t)
        clients.emplace_back([&, t] {
            for (int i = 0; i < 25; ++i) {
                try {
                    HttpReply r = http_get(server.port(), targets[(t + i) % 6]);
                    (r.status == 200 ? ok : failed)++;
                } catch (const std::exception&) {
                    failed++;
                }
            }
        });
    for (auto& c : clients) c.join();
    CHECK(failed == 0);
    CHECK(ok == 200);
}

TEST_CASE("serve: a re-index and a --full rebuild are picked up without a restart") {
    TempDir dir;
    auto cvs = dir / "cvs";
    auto db = dir / "db";
    write_profile_files(cvs, plain_profiles());
    REQUIRE(run_command({cli_binary(), "index", cvs.string(), "--db", db.string(), "--quiet"}) == 0);
    ServerProcess server({"--db", db.string(), "--quiet"});
    const int port = server.port();
    REQUIRE(json::parse(http_get(port, "/healthz").body)["profiles"] == 5);
    CHECK(json::parse(http_get(port, "/api/search?q=zorblatt").body)["total"] == 0);

    Profile extra = plain_profiles()[0];
    extra.id = "new/zora-zorblatt";
    extra.name = "Zora Zorblatt";
    write_profile_files(cvs, {extra});
    REQUIRE(run_command({cli_binary(), "index", cvs.string(), "--db", db.string(), "--quiet"}) == 0);
    CHECK(eventually(port, "/api/search?q=zorblatt", [](const json& j) { return j["total"] == 1; }));
    CHECK(eventually(port, "/healthz", [](const json& j) { return j["profiles"] == 6; }));

    Profile rebuilt = plain_profiles()[1];
    rebuilt.id = "new/quentin-quibbleworth";
    rebuilt.name = "Quentin Quibbleworth";
    write_profile_files(cvs, {rebuilt});
    REQUIRE(run_command({cli_binary(), "index", cvs.string(), "--db", db.string(), "--full", "--quiet"}) == 0);
    CHECK(eventually(port, "/api/search?q=quibbleworth", [](const json& j) { return j["total"] == 1; }));
    CHECK(eventually(port, "/healthz", [](const json& j) { return j["profiles"] == 7; }));
    CHECK(http_get(port, "/api/profiles/new/quentin-quibbleworth").status == 200);
}

TEST_CASE("serve: a missing index or a busy port fail with a message that says what to do") {
    TempDir dir;
    std::string out;
    CHECK(run_command({cli_binary(), "serve", "--db", (dir / "none").string(), "--port", "0"}, &out) == 2);
    CHECK(out.find("cvsearch index") != std::string::npos);

    auto db = indexed_db(dir);
    ServerProcess first({"--db", db.string(), "--quiet"});
    out.clear();
    CHECK(run_command({cli_binary(), "serve", "--db", db.string(), "--port", std::to_string(first.port())}, &out) == 2);
    CHECK(out.find("--port") != std::string::npos);
}

TEST_CASE("serve: --cors-origin sends Access-Control-Allow-Origin, and nothing without it") {
    TempDir dir;
    auto db = indexed_db(dir);
    ServerProcess plain({"--db", db.string(), "--quiet"});
    CHECK(http_get(plain.port(), "/api/search?q=fault").header("access-control-allow-origin").empty());
    ServerProcess cors({"--db", db.string(), "--quiet", "--cors-origin", "https://people.example.org"});
    HttpReply r = http_get(cors.port(), "/api/search?q=fault");
    CHECK(r.status == 200);
    CHECK(r.header("access-control-allow-origin") == "https://people.example.org");
}
