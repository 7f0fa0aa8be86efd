// JSON CVs: text under keys no reader knows is still in the profile (an
// "other" section per top-level key), so a search finds it; links, pictures,
// styling and text already placed are not repeated.
#include <doctest/doctest.h>

#include <string>

#include "tests/parse/profile_lookup.hpp"

using cvsearch::Profile;
using cvsearch::Section;

using namespace cvsearch::testing;

namespace {

const Section* section_headed(const Profile& p, std::string_view heading) {
    for (const auto& s : p.sections)
        if (s.heading == heading) return &s;
    return nullptr;
}

std::string all_section_text(const Profile& p) {
    std::string out;
    for (const auto& s : p.sections) out += s.text + "\n";
    return out;
}

std::size_t count(const std::string& hay, std::string_view needle) {
    std::size_t n = 0;
    for (std::size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++n;
    return n;
}

// A schema of its author's own: "summary_RS" and "tasks" are keys no reader
// knows; an experience's prose sits in "content": [{"text": ...}] and in
// "institution-subdivision".
const char* const kOwnSchema = R"({
  "name": "Odalys Ferreira-Kwan",
  "summary_RS": "Founder of a team developing reflective seismology inversions for glacier beds.",
  "experience": {
    "items": [
      {"institution": "Northvale University", "institution-subdivision": "Senior study in synthetic reflection seismology",
       "role": "Researcher", "date": ["2021", "present"],
       "content": [{"text": "Built a waveform tomography pipeline for ice sheets."}]}
    ]
  },
  "tasks": [
    {"description": "Calibrated borehole thermistor strings", "projects": ["icecore"]},
    {"description": "Calibrated borehole thermistor strings", "projects": ["icecore"]}
  ],
  "profileImage": "https://example.org/me.png",
  "links": {"github": "https://github.com/example"},
  "theme": {"color": "darkteal", "icon": "fa-solid fa-mountain"}
})";

}  // namespace

TEST_CASE("JSON CV: text under keys of the author's own is kept as other sections, by top-level key") {
    Profile p = parse_one(kOwnSchema);
    const std::string text = all_section_text(p);
    CHECK(text.find("reflective seismology inversions") != std::string::npos);
    CHECK(text.find("synthetic reflection seismology") != std::string::npos);
    CHECK(text.find("waveform tomography pipeline") != std::string::npos);
    CHECK(text.find("borehole thermistor strings") != std::string::npos);
    const Section* tasks = section_headed(p, "Tasks");
    REQUIRE(tasks != nullptr);
    CHECK(tasks->kind == "other");
    CHECK(count(tasks->text, "borehole thermistor") == 1);  // a value repeated in the file is added once
    const Section* summary = section_headed(p, "Summary RS");
    REQUIRE(summary != nullptr);
    CHECK(summary->kind == "other");
}

TEST_CASE("JSON CV: links, pictures, styling and already placed text make no other section") {
    Profile p = parse_one(kOwnSchema);
    const std::string text = all_section_text(p);
    CHECK(text.find("me.png") == std::string::npos);
    CHECK(text.find("github.com") == std::string::npos);
    CHECK(text.find("darkteal") == std::string::npos);
    CHECK(text.find("fa-solid") == std::string::npos);
    // The institution and role are an affiliation already: not repeated as leftovers.
    for (const auto& s : p.sections)
        if (s.kind == "other") CHECK(s.text.find("Northvale University") == std::string::npos);
    // Facets are untouched: the leftovers are text only.
    CHECK(p.publications.empty());
}

TEST_CASE("JSON Resume: keys beside the schema's are kept too, the schema's own fields are not repeated") {
    Profile p = parse_one(R"({
      "basics": {"name": "Tamsin Oyelaran-Vick", "label": "Ecologist", "summary": "Studies kelp forest recovery."},
      "work": [{"name": "Coastline Institute", "position": "Postdoc", "startDate": "2020-01"}],
      "fieldwork": [{"site": "Tidewater Reach", "notes": "Mapped urchin barrens by drone transects."}]
    })");
    const std::string text = all_section_text(p);
    CHECK(text.find("urchin barrens by drone transects") != std::string::npos);
    CHECK(count(text, "kelp forest recovery") == 1);
}
