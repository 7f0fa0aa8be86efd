// What a hit shows does not depend on whether highlights were asked for: without
// them the searcher reads name and card from the hit_display value slot,
// with them it decodes the stored profile (searcher.cpp, make_hit).
#include <doctest/doctest.h>

#include "cvsearch/searcher.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

TEST_CASE("hits: name, institution and card are the same with and without highlights") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    std::size_t compared = 0;
    for (const std::string q : {"fault tolerance", "chung", "kostic", "consensus OR checkpointing", "systems"}) {
        SearchRequest plain;
        plain.query = q;
        plain.limit = 100;
        plain.highlight.enabled = false;
        SearchRequest highlighted = plain;
        highlighted.highlight.enabled = true;
        auto a = s.search(plain), b = s.search(highlighted);
        REQUIRE(a.hits.size() == b.hits.size());
        for (std::size_t i = 0; i < a.hits.size(); ++i) {
            CAPTURE(q);
            CHECK(a.hits[i].id == b.hits[i].id);
            CHECK(a.hits[i].name == b.hits[i].name);
            CHECK(a.hits[i].institution == b.hits[i].institution);
            CHECK(a.hits[i].card == b.hits[i].card);
            CHECK(a.hits[i].highlights.empty());
            ++compared;
        }
    }
    CHECK(compared >= 6);

    SearchRequest req;
    req.query = "tessera";
    req.highlight.enabled = false;
    auto res = s.search(req);
    REQUIRE(res.hits.size() == 1);
    CHECK(res.hits[0].id == "kaist/jae-won-chung");
    CHECK(res.hits[0].name == "Jae-Won Chung");
    CHECK(res.hits[0].institution == "KAIST");
    // The card: what the profile says, as card_of() reads it from the stored profile.
    const auto profile = s.profile("kaist/jae-won-chung");
    REQUIRE(profile);
    CHECK(res.hits[0].card == card_of(*profile));
    CHECK(res.hits[0].card.institution == "KAIST");
    CHECK(res.hits[0].card.publications == profile->publications.size());
    CHECK(res.hits[0].card.publications > 0);
    CHECK(!res.hits[0].card.top_venues.empty());
    CHECK(res.hits[0].card.first_year <= res.hits[0].card.last_year);
}
