// read_profile_json: one object, an array of objects, or JSON Lines.
#include <doctest/doctest.h>

#include <string>

#include "cvsearch/errors.hpp"
#include "parse/readers/reader.hpp"

using cvsearch::Error;
using cvsearch::ErrorCode;
using cvsearch::readers::read_profile_json;

namespace {

std::string error_of(const std::string& json, const std::string& name = "people.json") {
    try {
        read_profile_json(json, name);
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::parse);
        CHECK(e.input() == name);
        return e.message();
    }
    return "no error";
}

}  // namespace

TEST_CASE("read_profile_json: the three shapes") {
    struct Row { std::string what; std::string json; std::string name; std::vector<std::string> names; };
    const Row rows[] = {
        {"one object", R"({"id": "ada", "name": "Ada Lovelace"})", "ada.json", {"Ada Lovelace"}},
        {"an array", R"([{"name": "Ada Lovelace"}, {"name": "Grace Hopper"}])", "people.json", {"Ada Lovelace", "Grace Hopper"}},
        {"JSON Lines", "{\"name\": \"Ada Lovelace\"}\n\n{\"name\": \"Grace Hopper\"}\n", "people.json",
         {"Ada Lovelace", "Grace Hopper"}},
        {"JSON Lines by extension, even with one line", "{\"name\": \"Ada Lovelace\"}", "people.jsonl", {"Ada Lovelace"}},
        {"an empty array", "[]", "none.json", {}},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        std::vector<std::string> names;
        for (const auto& p : read_profile_json(r.json, r.name)) names.push_back(p.name);
        CHECK(names == r.names);
    }
}

TEST_CASE("read_profile_json: errors name the file and the entry or line") {
    CHECK(error_of("{\"name\": \"Ada\"}\n{\"name\": \"Grace\"}\n{\"name\": \"Emmy\",}\n").find("line 3: malformed JSON") !=
          std::string::npos);
    CHECK(error_of("{\"name\": \"Ada\"}\n{\"name\": [1]}\n").find("line 2: ") != std::string::npos);
    CHECK(error_of("{\"name\": \"Ada\"}\n[1]\n").find("line 2: expected a profile object") != std::string::npos);
    CHECK(error_of(R"([{"name": "Ada"}, 7])").find("$[1]: expected a profile object") != std::string::npos);
    CHECK(error_of(R"([{"name": "Ada"}, {"emails": "x", "affiliations": {}}])").find("$[1]: ") != std::string::npos);
    CHECK(error_of("{\n  \"name\": \"Ada\"\n  \"id\": 1\n}").find("malformed JSON at line 3") != std::string::npos);
    CHECK(error_of("   \n").find("empty file") != std::string::npos);
    CHECK(error_of(std::string(100000, '[')).find("nested deeper than 512 levels") != std::string::npos);
    CHECK(error_of("{\"a\": \"" + std::string(1000, '[') + "\"}") == "no error");  // brackets inside strings do not count
}

TEST_CASE("read_profile_json: profiles without sections get sections from their fields") {
    auto profiles = read_profile_json(R"({
        "name": "Ada Lovelace", "headline": "Analyst",
        "interests": ["analytical engines", "poetry"],
        "affiliations": [
            {"institution_raw": "University of London", "kind": "education", "role": "PhD", "start_year": 2014, "end_year": 2019},
            {"institution": "Analytical Engine Society", "kind": "work", "role": "Scientist", "start_year": 2019, "current": true}],
        "publications": [{"title": "Notes", "authors": ["A. Lovelace", "C. Babbage"], "venue_raw": "Memoirs", "year": 1843}],
        "skills": ["loops"], "awards": ["Medal of Engines"]})",
                                      "ada.json");
    REQUIRE(profiles.size() == 1);
    std::vector<std::string> got;
    for (const auto& s : profiles[0].sections) got.push_back(s.heading + "/" + s.kind + ": " + s.text);
    CHECK(got == std::vector<std::string>{
                     "/header: Ada Lovelace\nAnalyst",
                     "Research Interests/interests: analytical engines, poetry",
                     "Experience/experience: - Scientist, Analytical Engine Society, 2019 – present",
                     "Education/education: - PhD, University of London, 2014 – 2019",
                     "Publications/publications: - A. Lovelace, C. Babbage. Notes. Memoirs, 1843",
                     "Skills/skills: loops",
                     "Awards/awards: - Medal of Engines",
                 });
    auto with = read_profile_json(R"({"name": "X", "interests": ["y"], "sections": [{"heading": "H", "kind": "other", "text": "t"}]})",
                                  "x.json");
    CHECK(with[0].sections.size() == 1);  // sections given are kept as they are
}
