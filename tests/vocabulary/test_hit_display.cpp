// The hit_display value slot: the card round-trips, older values are refused.
#include <doctest/doctest.h>

#include "cvsearch/profile.hpp"
#include "vocabulary/hit_display.hpp"

using namespace cvsearch;

namespace {

Profile sample_profile() {
    Profile p;
    p.name = "Ines Arbeloa";
    Affiliation phd{"Universidad de Zaragoza", "Univ. Zaragoza", AffiliationKind::education, "PhD", 2012, 2016, false};
    Affiliation now{"EPFL", "EPFL, Lausanne", AffiliationKind::work, "Assistant Professor", 2021, std::nullopt, true};
    p.affiliations = {phd, now};
    auto pub = [](std::string venue, int year) {
        Publication x;
        x.title = "A paper";
        x.venue = std::move(venue);
        x.year = year;
        return x;
    };
    p.publications = {pub("OSDI", 2023), pub("SOSP", 2019), pub("OSDI", 2021), pub("EuroSys", 2015), pub("", 2024),
                      pub("ATC", 2017)};
    return p;
}

}  // namespace

TEST_CASE("card_of: the current position, publication years and count, top venues by papers") {
    const ProfileCard c = card_of(sample_profile());
    CHECK(c.institution == "EPFL");
    CHECK(c.position == "Assistant Professor");
    CHECK(c.first_year == 2015);
    CHECK(c.last_year == 2024);
    CHECK(c.publications == 6);
    REQUIRE(c.top_venues.size() == 3);
    CHECK(c.top_venues[0] == "OSDI");  // two papers
    CHECK(c.top_venues[1] == "SOSP");  // one each: the most recent first
    CHECK(c.top_venues[2] == "ATC");
    CHECK(card_of(Profile{}) == ProfileCard{});
}

TEST_CASE("hit_display: the name and card round-trip, an older two-field value is refused") {
    Profile p = sample_profile();
    auto d = schema::decode_hit_display(schema::encode_hit_display(p));
    REQUIRE(d);
    CHECK(d->name == p.name);
    CHECK(d->card == card_of(p));

    Profile empty;
    auto e = schema::decode_hit_display(schema::encode_hit_display(empty));
    REQUIRE(e);
    CHECK(e->card == ProfileCard{});

    // Separators inside CV text cannot shift the fields.
    p.name = "Odd\x1FName";
    p.affiliations[1].role = "Lead\x1E" "Engineer";
    auto odd = schema::decode_hit_display(schema::encode_hit_display(p));
    REQUIRE(odd);
    CHECK(odd->name == "Odd Name");
    CHECK(odd->card.position == "Lead Engineer");

    CHECK_FALSE(schema::decode_hit_display("Jae-Won Chung\x1FKAIST"));  // written before the card
    CHECK_FALSE(schema::decode_hit_display(""));
    CHECK_FALSE(schema::decode_hit_display("a\x1F" "b\x1F" "c\x1Fnot a year\x1F\x1F" "0\x1F"));
}
