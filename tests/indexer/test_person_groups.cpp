// indexer/person_groups: which files are one person (fictional people only).
#include <doctest/doctest.h>

#include "indexer/person_groups.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
using indexing::evidence_of;
using indexing::group_persons;
using indexing::PersonEvidence;

namespace {

Profile person(std::string id, std::string name) {
    Profile p;
    p.id = std::move(id);
    p.name = std::move(name);
    return p;
}

std::vector<PersonEvidence> evidence(const std::vector<Profile>& profiles) {
    std::vector<PersonEvidence> out;
    for (const auto& p : profiles) out.push_back(evidence_of(p));
    return out;
}

}  // namespace

TEST_CASE("the name key folds case, accents and punctuation, and needs two words") {
    CHECK(indexing::person_name_key("Ada  BYRON") == "ada byron");
    CHECK(indexing::person_name_key("Jaé-Won Chung") == "jae won chung");
    CHECK(indexing::person_name_key("Ada") == "");
    CHECK(indexing::person_name_key("") == "");
}

TEST_CASE("two files of one name sharing an e-mail address are one person, the more complete first") {
    Profile cv = person("cv/ada", "Ada Byron");
    cv.emails = {"Ada@Analytical.example"};
    cv.affiliations = {aff("University of Nowhere", AffiliationKind::work, "Professor", 2020, true)};
    Profile page = person("pages/ada-home", "ada byron");
    page.emails = {"ada@analytical.example"};
    const auto groups = group_persons(evidence({page, cv}));
    REQUIRE(groups.size() == 1);
    CHECK(groups[0] == std::vector<std::size_t>{1, 0});  // the CV (index 1) represents the person
}

TEST_CASE("a shared homepage joins two files whatever its scheme and trailing slash") {
    Profile a = person("a", "Ada Byron");
    a.homepage = "https://www.ada.example/";
    Profile b = person("b", "Ada Byron");
    b.homepage = "http://ada.example";
    CHECK(group_persons(evidence({a, b})).size() == 1);
}

TEST_CASE("two files of one name with nothing shared stay two people") {
    Profile a = person("a/john-smith", "John Smith");
    a.emails = {"john@one.example"};
    a.publications = {pub("Ranking Widgets by Their Colour and Shape", "SIGIR", 2020)};
    Profile b = person("b/john-smith", "John Smith");
    b.emails = {"jsmith@two.example"};
    b.publications = {pub("Soil Moisture Under Alpine Meadows", "Ecology", 2019)};
    CHECK(group_persons(evidence({a, b})).empty());
}

TEST_CASE("shared publications join files: two titles, or one when a file lists few") {
    const auto t1 = pub("Cheap Consensus for Clusters at the Edge", "OSDI", 2021);
    const auto t2 = pub("Fault Tolerant Training of Very Large Models", "SOSP", 2023);
    const auto t3 = pub("Three More Words Make a Title", "NSDI", 2022);
    const auto t4 = pub("Yet Another Systems Paper Title Here", "ATC", 2020);
    Profile cv = person("cv", "Grace Hopper");
    cv.publications = {t1, t2, t3, t4};
    Profile page = person("page", "Grace Hopper");
    page.publications = {t1, t2};
    CHECK(group_persons(evidence({cv, page})).size() == 1);  // two in common

    Profile one = person("one", "Grace Hopper");
    one.publications = {t1};
    CHECK(group_persons(evidence({cv, one})).size() == 1);  // one in common, and `one` lists one

    Profile many = person("many", "Grace Hopper");
    many.publications = {t1, t3, pub("A Different Paper About Other Things", "X", 2010), pub("And Another One Entirely Unrelated", "Y", 2011)};
    Profile other = person("other", "Grace Hopper");
    other.publications = {t1, t2, t4, pub("Something Else With Four Words", "Z", 2012)};
    CHECK(group_persons(evidence({many, other})).empty());  // one in common among many: not enough

    Profile short_titles = person("short", "Grace Hopper");
    short_titles.publications = {pub("Introduction", "", 2010)};
    Profile short_too = person("short2", "Grace Hopper");
    short_too.publications = {pub("Introduction", "", 2012)};
    CHECK(group_persons(evidence({short_titles, short_too})).empty());  // too generic to identify anyone
}

TEST_CASE("different names never join, whatever they share") {
    Profile a = person("a", "Ada Byron");
    a.emails = {"shared@lab.example"};
    Profile b = person("b", "Charles Babbage");
    b.emails = {"shared@lab.example"};
    CHECK(group_persons(evidence({a, b})).empty());
}

TEST_CASE("the relation is transitive and the representative does not depend on the order") {
    Profile cv = person("x/cv", "Ada Byron");
    cv.emails = {"ada@lab.example"};
    cv.homepage = "https://ada.example";
    cv.affiliations = {aff("University of Nowhere", AffiliationKind::work, "Professor", 2020, true)};
    Profile mail = person("x/mail", "Ada Byron");
    mail.emails = {"ada@lab.example"};
    Profile home = person("a/home", "Ada Byron");
    home.homepage = "ada.example";
    for (const auto& order : {std::vector<Profile>{cv, mail, home}, std::vector<Profile>{home, mail, cv}}) {
        const auto files = evidence(order);
        const auto groups = group_persons(files);
        REQUIRE(groups.size() == 1);
        CHECK(groups[0].size() == 3);
        CHECK(files[groups[0].front()].id == "x/cv");
    }
    // Equally complete: the smallest id.
    Profile twin = person("a/twin", "Ada Byron");
    twin.emails = {"ada@lab.example"};
    const auto files = evidence({mail, twin});
    const auto groups = group_persons(files);
    REQUIRE(groups.size() == 1);
    CHECK(files[groups[0].front()].id == "a/twin");
}
