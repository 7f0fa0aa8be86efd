// Renderers: the JSON shape, terminal output, and similar/profile lookups.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cvsearch/errors.hpp"
#include "cvsearch/render.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

TEST_CASE("results_to_json has the documented shape") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    SearchRequest req;
    req.query = "fault tolerance";
    auto j = nlohmann::json::parse(results_to_json(s.search(req)));
    CHECK(j["query"] == "fault tolerance");
    CHECK(j["total"] == 3);
    CHECK(j["total_is_exact"] == true);
    CHECK(j["suggestion"].is_null());
    CHECK(j["warnings"].is_array());
    REQUIRE(j["hits"].size() == 3);
    const auto& h = j["hits"][0];
    for (const char* key : {"id", "name", "institution", "score", "rank", "highlights"}) CHECK_MESSAGE(h.contains(key), key);
    CHECK(h["rank"] == 1);
    const auto& hl = h["highlights"][0];
    CHECK(hl["field"].is_string());
    std::string text = hl["text"];
    for (const auto& span : hl["spans"]) {
        REQUIRE(span.size() == 2);
        CHECK(span[0].get<std::size_t>() < span[1].get<std::size_t>());
        CHECK(span[1].get<std::size_t>() <= text.size());
    }
    for (const char* f : {"institution", "venue", "year"}) {
        REQUIRE(j["facets"].contains(f));
        for (const auto& v : j["facets"][f]) CHECK((v.contains("value") && v.contains("count")));
    }
    req.query = "checkpointng";
    CHECK(nlohmann::json::parse(results_to_json(s.search(req)))["suggestion"] == "checkpointing");
    req.query = "\"fualt\" <b>";
    std::string html = results_to_html(s.search(req));
    CHECK(html.find("href=\"?q=%22fault%22%20%3Cb%3E\"") != std::string::npos);  // URL-encoded in the link
    CHECK(html.find("&quot;fault&quot; &lt;b&gt;</a>") != std::string::npos);      // escaped as text
    CHECK(nlohmann::json::parse(stats_to_json(s.stats()))["profiles"] == 6);
}

TEST_CASE("terminal rendering: plain without colour, ANSI with") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    SearchRequest req;
    req.query = "consensus";
    auto res = s.search(req);
    std::string plain = results_to_terminal(res);
    CHECK(plain.find("1 profile") != std::string::npos);
    CHECK(plain.find("Jae-Won Chung") != std::string::npos);
    CHECK(plain.find("Consensus") != std::string::npos);
    CHECK(plain.find('\x1b') == std::string::npos);
    std::string color = results_to_terminal(res, TerminalStyle{true, true, true});
    CHECK(color.find("\x1b[1;33mConsensus\x1b[0m") != std::string::npos);
    CHECK(color.find("score") != std::string::npos);
}

TEST_CASE("profile(id) and similar(id)") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    auto p = s.profile("eth/marta-kostic");
    REQUIRE(p);
    CHECK(p->name == "Marta Kostić");
    CHECK_FALSE(s.profile("no/such"));

    auto sim = s.similar("eth/marta-kostic", 3);
    REQUIRE_FALSE(sim.hits.empty());
    CHECK(rank_of(sim, "eth/marta-kostic") == sim.hits.size());  // never itself
    CHECK(sim.hits.size() <= 3);
    CHECK(sim.hits[0].id == "kaist/jae-won-chung");  // the other fault-tolerance person
    try {
        s.similar("no/such");
        FAIL("unknown id");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::not_found);
    }
}
