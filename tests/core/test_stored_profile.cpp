// The fast stored-profile reader must agree with profile_from_json on every
// input: the same profile where both succeed, the same error where the JSON is
// not what to_json writes.
#include <doctest/doctest.h>

#include <filesystem>
#include <optional>

#include "core/stored_profile.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/parse.hpp"
#include "cvsearch/profile.hpp"
#include "tests/test_util.hpp"

using namespace cvsearch;

namespace {

/// The outcome of a reader: the profile, or the error's text.
struct Outcome {
    std::optional<Profile> profile;
    std::string error;
};

template <class F>
Outcome run(F&& read) {
    Outcome o;
    try {
        o.profile = read();
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::parse);
        o.error = e.what();
    }
    return o;
}

void check_same(const std::string& json) {
    CAPTURE(json);
    Outcome slow = run([&] { return profile_from_json(json, "doc 7"); });
    Outcome fast = run([&] { return profile_from_stored_json(json, "doc 7"); });
    CHECK(fast.error == slow.error);
    REQUIRE(fast.profile.has_value() == slow.profile.has_value());
    if (slow.profile) CHECK(*fast.profile == *slow.profile);
}

}  // namespace

TEST_CASE("stored profiles: every bundled sample decodes as profile_from_json decodes it") {
    std::size_t profiles = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(testing::source_dir() / "data" / "profiles")) {
        if (!entry.is_regular_file()) continue;
        for (const Profile& p : parse_file(entry.path())) {
            const std::string stored = to_json(p, -1);
            CAPTURE(entry.path());
            CHECK(profile_from_stored_json(stored) == p);
            check_same(stored);
            ++profiles;
        }
    }
    CHECK(profiles >= 30);
}

TEST_CASE("stored profiles: escapes, non-ASCII text, null and missing fields") {
    Profile p;
    p.id = "x/ana";
    p.name = "Ana Kostić \"AK\"";
    p.headline = "line one\nline two\ttab \\ slash \x01 control";
    p.interests = {"Zürich", "日本語", ""};
    p.affiliations.push_back({"ETH Zürich", "", AffiliationKind::visiting, "", std::nullopt, 2024, false});
    p.publications.push_back({"A \u2014 dash", {}, "", "", -500, PublicationKind::patent});
    p.sections.push_back({"", "", std::string(5000, 'w')});
    check_same(to_json(p, -1));
    CHECK(profile_from_stored_json(to_json(p, 2)) == p);
    check_same("{}");
    check_same(R"({"name": null, "emails": null, "affiliations": null, "publications": [{"year": null, "kind": null}]})");
    check_same(R"({"emails": "one@example.org", "interests": "systems"})");
    check_same(R"({"affiliations": [{"kind": "", "current": null}], "source": {"format": "nonsense"}})");
    check_same(R"({"publications": [{"year": 123456789}, {"year": -123456789}]})");
}

TEST_CASE("stored profiles: what to_json never writes goes through profile_from_json") {
    const char* inputs[] = {
        "",                                                      // empty data
        "{",                                                     // truncated
        "[]",                                                    // not an object
        "{} trailing",                                           // trailing content
        R"({"name": "a"} {"name": "b"})",                        // two documents
        R"({"name": 42, "homepage": 1.5})",                      // numbers where strings are expected
        R"({"name": "\ud800"})",                                 // lone surrogate
        "{\"name\": \"\xff\xfe\"}",                              // invalid UTF-8
        R"({"publications": [{"year": "2019"}]})",               // a year as text
        R"({"publications": [{"year": "soon"}]})",               // ... and not a year
        R"({"publications": [{"year": 2019.0}]})",               // a year as a float
        R"({"publications": [{"year": 1e400}]})",                // out of range
        R"({"publications": [{"year": 18446744073709551615}]})", // unsigned 64-bit
        R"({"publications": [{"kind": "blog"}]})",               // unknown kind
        R"({"affiliations": [{"kind": "hobby"}]})",
        R"({"affiliations": [{"current": "yes"}]})",
        R"({"affiliations": ["KAIST"]})",                        // not an object
        R"({"publications": "none"})",                           // not an array
        R"({"emails": {"a": 1}})",
        R"({"emails": ["a", null]})",
        R"({"skills": [1, 2]})",
        R"({"sections": [{"text": ["a"]}]})",
        R"({"source": "file.md"})",                              // not an object: ignored
        R"({"source": {"path": 7}})",
        R"({"name": "first", "name": "second"})",                // duplicate keys: the last wins
        R"({"source": {"path": "a"}, "source": null})",
        R"({"publications": [{"title": "a"}], "publications": []})",
        R"({"name": "a", /* comment */ "id": "b"})",
    };
    for (const char* in : inputs) check_same(in);
}

TEST_CASE("stored profiles: errors name the document") {
    try {
        profile_from_stored_json(R"({"publications": [{"kind": "blog"}]})", "profile doc 42");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("profile doc 42") == 0);
        CHECK(std::string(e.what()).find("$.publications[0].kind") != std::string::npos);
    }
}
