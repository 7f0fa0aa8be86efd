#include <doctest/doctest.h>

#include "cvsearch/errors.hpp"
#include "cvsearch/profile.hpp"

using namespace cvsearch;

namespace {
Profile sample() {
    Profile p;
    p.id = "kaist/jae-won-chung";
    p.name = "Jae-Won Chung";
    p.emails = {"jae-won.chung@example.edu"};
    p.homepage = "https://example.edu/~jwc";
    p.headline = "Ph.D. student";
    p.interests = {"Distributed systems", "Energy-efficient ML"};
    p.affiliations.push_back({"KAIST", "Korea Advanced Institute of Science and Technology", AffiliationKind::education,
                              "Ph.D. in Computer Science", 2019, std::nullopt, true});
    p.affiliations.push_back({"Google", "Google LLC", AffiliationKind::work, "Intern", 2021, 2021, false});
    p.publications.push_back({"Zeus: Energy-aware training", {"Jae-Won Chung", "Ana Kostić"}, "NSDI",
                              "USENIX NSDI 2023", 2023, PublicationKind::conference});
    p.publications.push_back({"A preprint", {}, "arXiv", "arXiv:2504.20854", std::nullopt, PublicationKind::preprint});
    p.skills = {"C++", "PyTorch"};
    p.awards = {"Best Paper Award"};
    p.sections.push_back({"EDUCATION", "education", "KAIST, Ph.D. 2019 - present"});
    p.source = {"data/profiles/kaist/jae-won-chung.md", Format::markdown, "0123456789abcdef0123456789abcdef"};
    return p;
}
}  // namespace

TEST_CASE("profile JSON round-trips every field") {
    Profile p = sample();
    CHECK(profile_from_json(to_json(p)) == p);
    CHECK(profile_from_json(to_json(p, -1)) == p);
}

TEST_CASE("to_json includes the facets the index stores") {
    std::string j = to_json(sample(), -1);
    CHECK(j.find(R"("facets":{"affiliation":["KAIST","Google"],"current_institution":["KAIST"],"venue":["NSDI","arXiv"],"year":[2023]})") !=
          std::string::npos);
}

TEST_CASE("facets_of: the institution facet is where the person is now, the affiliation facet the whole history") {
    Profile p = sample();
    p.publications.push_back({"Older", {}, "SOSP", "", 2019, PublicationKind::conference});
    p.publications.push_back({"Same venue", {}, "NSDI", "", 2019, PublicationKind::conference});
    Facets f = facets_of(p);
    CHECK(f.institution == std::vector<std::string>{"KAIST"});
    CHECK(f.affiliation == std::vector<std::string>{"KAIST", "Google"});
    CHECK(f.venue == std::vector<std::string>{"NSDI", "arXiv", "SOSP"});
    CHECK(f.year == std::vector<int>{2019, 2023});
}

TEST_CASE("current_institutions: every current affiliation (joint appointments), else the latest one") {
    Profile p;
    p.affiliations.push_back({"Old University", "", AffiliationKind::education, "PhD", 2005, 2010, false});
    p.affiliations.push_back({"Lab One", "", AffiliationKind::work, "Scientist", 2012, 2016, false});
    CHECK(current_institutions(p) == std::vector<std::string>{"Lab One"});  // nothing current: the latest
    p.affiliations.push_back({"North University", "", AffiliationKind::work, "Professor", 2016, std::nullopt, true});
    p.affiliations.push_back({"South Institute", "", AffiliationKind::work, "Adjunct", 2018, std::nullopt, true});
    // current_institution() (the latest of the current ones) first, then the others in CV order.
    CHECK(current_institutions(p) == std::vector<std::string>{"South Institute", "North University"});
    CHECK(facets_of(p).affiliation ==
          std::vector<std::string>{"South Institute", "North University", "Old University", "Lab One"});
    CHECK(current_institutions(Profile{}).empty());
}

TEST_CASE("current_institution prefers a current job over current study") {
    Profile p;
    p.affiliations.push_back({"KAIST", "", AffiliationKind::education, "PhD", 2019, std::nullopt, true});
    p.affiliations.push_back({"Samsung", "", AffiliationKind::work, "Engineer", 2020, std::nullopt, true});
    CHECK(current_institution(p) == "Samsung");
    p.affiliations.pop_back();
    p.affiliations.push_back({"Google", "", AffiliationKind::work, "Intern", 2018, 2018, false});
    CHECK(current_institution(p) == "KAIST");
    CHECK(current_institution(Profile{}) == "");
}

TEST_CASE("profile_from_json rejects malformed input with the origin and the field") {
    struct Row { const char* json; const char* expect; };
    const Row rows[] = {
        {"{", "malformed JSON"},
        {"[]", "expected an object"},
        {R"({"name": 42})", ""},  // numbers are accepted as strings
        {R"({"emails": {"a": 1}})", "$.emails"},
        {R"({"affiliations": [{"kind": "hobby"}]})", "$.affiliations[0].kind"},
        {R"({"publications": [{"year": "soon"}]})", "$.publications[0].year"},
        {R"({"publications": "none"})", "$.publications"},
    };
    for (const auto& r : rows) {
        if (std::string(r.expect).empty()) {
            CHECK_NOTHROW(profile_from_json(r.json, "x.json"));
            continue;
        }
        try {
            profile_from_json(r.json, "x.json");
            FAIL("no error for " << r.json);
        } catch (const Error& e) {
            CHECK(e.code() == ErrorCode::parse);
            CHECK(std::string(e.what()).find("x.json") == 0);
            CHECK_MESSAGE(std::string(e.what()).find(r.expect) != std::string::npos, e.what());
        }
    }
}

#include <nlohmann/json.hpp>

#include "tests/test_util.hpp"

namespace {
// Every key of `value` (recursively, through arrays) must be declared in `schema`.
void check_declared(const nlohmann::json& value, const nlohmann::json& schema, const std::string& path) {
    if (value.is_object()) {
        REQUIRE_MESSAGE(schema.contains("properties"), path);
        for (const auto& [key, child] : value.items()) {
            const std::string where = path + "." + key;
            CHECK_MESSAGE(schema["properties"].contains(key), where << " is not in docs/profile-schema.json");
            if (schema["properties"].contains(key)) check_declared(child, schema["properties"][key], where);
        }
    } else if (value.is_array() && schema.contains("items")) {
        for (const auto& child : value) check_declared(child, schema["items"], path + "[]");
    }
}
}  // namespace

TEST_CASE("docs/profile-schema.json declares every key to_json writes") {
    auto schema = nlohmann::json::parse(cvsearch::testing::read_file(cvsearch::testing::source_dir() / "docs/profile-schema.json"));
    check_declared(nlohmann::json::parse(to_json(sample())), schema, "$");
}
