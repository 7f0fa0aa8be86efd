// read_json_resume: JSON Resume documents become profiles directly.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "cvsearch/errors.hpp"
#include "parse/readers/reader.hpp"
#include "tests/parse/profile_lookup.hpp"

using cvsearch::AffiliationKind;
using cvsearch::Error;
using cvsearch::ErrorCode;
using cvsearch::readers::read_json_resume;

namespace {

const char* const kResume = R"({
  "$schema": "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json",
  "basics": {
    "name": "Ada Lovelace",
    "label": "Analyst of Engines",
    "email": "ada@example.org",
    "url": "https://ada.example.org",
    "summary": "I write programs for machines that do not exist yet.",
    "location": {"city": "London", "countryCode": "GB"},
    "profiles": [{"network": "GitHub", "username": "ada", "url": "https://github.com/ada"}]
  },
  "work": [
    {"name": "Analytical Engine Society", "position": "Research Scientist", "startDate": "2019-09-01",
     "highlights": ["Wrote the first program", "Explained loops"]},
    {"company": "Difference Ltd", "position": "Intern", "startDate": "2017-06", "endDate": "2018-08"}
  ],
  "education": [
    {"institution": "University of London", "area": "Computer Science", "studyType": "PhD",
     "startDate": "2014", "endDate": "2019"},
    {"institution": "King's College", "studyType": "BSc", "startDate": "'10", "endDate": "'14"}
  ],
  "publications": [
    {"name": "Notes on the Analytical Engine", "publisher": "Scientific Memoirs", "releaseDate": "2018-10-01"}
  ],
  "awards": [{"title": "Best Paper Award", "awarder": "SOSP", "date": "2021-10-26"}],
  "skills": [{"name": "Programming", "level": "Master", "keywords": ["Loops", "Bernoulli numbers"]}],
  "interests": [{"name": "Poetical science", "keywords": ["music"]}],
  "languages": [{"language": "English", "fluency": "Native"}],
  "Technical skills": [{"name": "Mathematics"}],
  "references": [{"name": "Charles Babbage", "reference": "Enchantress of numbers"}]
})";

struct AffiliationRow {
    std::string institution;
    AffiliationKind kind;
    std::string role;
    std::optional<int> start, end;
    bool current;
};

// The profile's affiliations are `rows`, in order (the caller REQUIREs the count).
template <std::size_t N>
void check_affiliations(const cvsearch::Profile& p, const AffiliationRow (&rows)[N]) {
    for (std::size_t i = 0; i < N; ++i) {
        CAPTURE(i);
        const auto& a = p.affiliations[i];
        CHECK(a.institution_raw == rows[i].institution);
        CHECK(a.kind == rows[i].kind);
        CHECK(a.role == rows[i].role);
        CHECK(a.start_year == rows[i].start);
        CHECK(a.end_year == rows[i].end);
        CHECK(a.current == rows[i].current);
    }
}

}  // namespace

TEST_CASE("read_json_resume: basics") {
    auto p = read_json_resume(kResume, "ada.json");
    CHECK(p.name == "Ada Lovelace");
    CHECK(p.headline == "Analyst of Engines");
    CHECK(p.emails == std::vector<std::string>{"ada@example.org"});
    CHECK(p.homepage == "https://ada.example.org");
}

TEST_CASE("read_json_resume: work and education are affiliations") {
    auto p = read_json_resume(kResume, "ada.json");
    REQUIRE(p.affiliations.size() == 4);
    const AffiliationRow rows[] = {
        {"Analytical Engine Society", AffiliationKind::work, "Research Scientist", 2019, std::nullopt, true},
        {"Difference Ltd", AffiliationKind::work, "Intern", 2017, 2018, false},
        {"University of London", AffiliationKind::education, "PhD in Computer Science", 2014, 2019, false},
        {"King's College", AffiliationKind::education, "BSc", 2010, 2014, false},
    };
    check_affiliations(p, rows);
}

TEST_CASE("read_json_resume: publications, awards, skills, interests") {
    auto p = read_json_resume(kResume, "ada.json");
    REQUIRE(p.publications.size() == 1);
    CHECK(p.publications[0].title == "Notes on the Analytical Engine");
    CHECK(p.publications[0].venue_raw == "Scientific Memoirs");
    CHECK(p.publications[0].year == 2018);
    CHECK(p.awards == std::vector<std::string>{"Best Paper Award, SOSP, 2021"});
    CHECK(p.skills == std::vector<std::string>{"Programming", "Loops", "Bernoulli numbers", "Mathematics"});
    CHECK(p.interests == std::vector<std::string>{"Poetical science", "music"});
}

TEST_CASE("read_json_resume: every part is a section, in file order, references left out") {
    auto p = read_json_resume(kResume, "ada.json");
    std::vector<std::string> headings;
    for (const auto& s : p.sections) headings.push_back(s.heading + "/" + s.kind);
    CHECK(headings == std::vector<std::string>{"/header", "Summary/summary", "Work/experience", "Education/education",
                                               "Publications/publications", "Awards/awards", "Skills/skills",
                                               "Interests/interests", "Languages/languages", "Technical skills/skills"});
    CHECK(p.sections[0].text ==
          "Ada Lovelace\nAnalyst of Engines\nLondon, GB\nada@example.org\nhttps://ada.example.org\nGitHub: https://github.com/ada");
    CHECK(p.sections[2].text ==
          "- Research Scientist | Analytical Engine Society | 2019 – present\n- Wrote the first program\n- Explained loops\n"
          "- Intern | Difference Ltd | 2017 – 2018");
}

TEST_CASE("read_json_resume: drift that real files show is read") {
    auto p = read_json_resume(R"({"basics": {"name": "Grace Hopper", "email": "grace at navy dot mil"},
        "work": [{"name": "Navy", "startDate": 1943, "endDate": "Present", "highlights": "COBOL"}],
        "research experience": [{"institution": "Harvard", "position": "Researcher", "startDate": "1944-01", "endDate": ""}]})",
                              "grace.json");
    CHECK(p.emails.empty());  // an obfuscated address is no address
    REQUIRE(p.affiliations.size() == 2);
    CHECK(p.affiliations[0].start_year == 1943);
    CHECK(p.affiliations[0].current);
    CHECK(p.affiliations[1].institution_raw == "Harvard");
    CHECK(p.affiliations[1].current);
}

TEST_CASE("read_json_resume: an author's own entry keys (org, period) beside basics") {
    // A CV with JSON Resume's "basics" whose entries use keys of the author's own:
    // "org" for the place, one "period" string for the dates. (A remark in brackets
    // after the place is no part of its name.)
    auto p = read_json_resume(R"J({"basics": {"name": "Mira Quell"},
        "experience": [
          {"period": "Sept 2024 – present", "role": "Visiting Professor", "org": "Lakeside Institute of Optics"},
          {"period": "Oct 2021 – Aug 2024", "role": "Research Scientist", "organisation": "Tidewater Labs (acquired by Bigco in 2024, now Bigco Tides)"}],
        "education": [
          {"period": "2016 – 2021", "degree": "PhD in Applied Mathematics", "org": "University of Northmoor"},
          {"dates": "2014 – 2016", "degree": "MSc", "college": "Fenwick College"}]})J",
                              "mira.json");
    REQUIRE(p.affiliations.size() == 4);
    const AffiliationRow rows[] = {
        {"Lakeside Institute of Optics", AffiliationKind::work, "Visiting Professor", 2024, std::nullopt, true},
        {"Tidewater Labs", AffiliationKind::work, "Research Scientist", 2021, 2024, false},
        {"University of Northmoor", AffiliationKind::education, "PhD in Applied Mathematics", 2016, 2021, false},
        {"Fenwick College", AffiliationKind::education, "MSc", 2014, 2016, false},
    };
    check_affiliations(p, rows);
    // The section text keeps the entry as written: the remark and the months.
    REQUIRE(p.sections.size() >= 3);
    CHECK(p.sections[1].text ==
          "- Visiting Professor | Lakeside Institute of Optics | Sept 2024 – present\n"
          "- Research Scientist | Tidewater Labs (acquired by Bigco in 2024, now Bigco Tides) | Oct 2021 – Aug 2024");
}

TEST_CASE("read_json_resume: wrongly typed fields are errors naming the file and the JSON path") {
    struct Row { std::string json; std::string path; };
    const Row rows[] = {
        {R"([1, 2])", "$: expected an object"},
        {R"({"basics": "Ada"})", "$.basics: expected an object"},
        {R"({"basics": {"name": {"first": "Ada"}}})", "$.basics.name: expected a string"},
        {R"({"work": "Analytical Engine Society"})", "$.work: expected an array"},
        {R"({"work": [{"name": "A"}, "B"]})", "$.work[1]: expected an object"},
        {R"({"work": [{"startDate": {"year": 2019}}]})", "$.work[0].startDate: expected a string"},
        {R"({"skills": [{"keywords": [["nested"]]}]})", "$.skills[0].keywords[0]: expected a string"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.json);
        try {
            read_json_resume(r.json, "bad.json");
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.code() == ErrorCode::parse);
            CHECK(e.input() == "bad.json");
            CHECK_MESSAGE(e.message().find(r.path) != std::string::npos, e.message());
        }
    }
}

TEST_CASE("read_json_resume: malformed and deeply nested JSON") {
    auto message_of = [](const std::string& json) {
        try {
            read_json_resume(json, "bad.json");
        } catch (const Error& e) {
            CHECK(e.code() == ErrorCode::parse);
            return e.message();
        }
        return std::string("no error");
    };
    CHECK(message_of("{\n  \"basics\": {\n    \"name\": \"Ada\",\n  }\n}").find("line 4") != std::string::npos);
    CHECK(message_of("{\"basics\": " + std::string(100000, '[')).find("nested deeper than 512") != std::string::npos);
    CHECK(message_of("").find("malformed JSON") != std::string::npos);
}

TEST_CASE("JSON Resume: an office in a society among work entries is no affiliation") {
    cvsearch::Profile p = cvsearch::testing::parse_one(R"({
  "basics": {"name": "Odile Brennan-Sato"},
  "work": [
    {"name": "Example University", "position": "Associate Professor", "startDate": "2019-09"},
    {"name": "Example Society for Computational Rheology", "position": "Treasurer", "startDate": "2020-01", "endDate": "2022-12"}
  ]
})", "resume.json");
    CHECK(cvsearch::testing::affiliation(p, "Example University") != nullptr);
    CHECK(cvsearch::testing::affiliation(p, "Example Society for Computational Rheology") == nullptr);
}

TEST_CASE("read_json_resume: entries that name their place under a key of its own, and a name at the top") {
    auto p = read_json_resume(R"({
  "fullname": "Ines Varga-Holm",
  "education": [
    {"name": "PhD in Glaciology", "school": "Example Polytechnic Institute", "start": "2017", "end": "ongoing"},
    {"name": "Summer Course in Field Methods", "school": "Example Institute of Technology", "start": "2012", "end": "2013"}
  ],
  "work": [
    {"name": "Frontend Developer", "school": "Example Polytechnic Institute", "start": "2019", "end": "2019"},
    {"name": "Example Instruments Ltd", "position": "Intern", "startDate": "2016", "endDate": "2016"}
  ]
})", "cv.json");
    CHECK(p.name == "Ines Varga-Holm");
    REQUIRE(p.affiliations.size() == 4);
    const AffiliationRow rows[] = {
        {"Example Polytechnic Institute", AffiliationKind::education, "PhD in Glaciology", 2017, std::nullopt, true},
        {"Example Institute of Technology", AffiliationKind::education, "Summer Course in Field Methods", 2012, 2013, false},
        {"Example Polytechnic Institute", AffiliationKind::work, "Frontend Developer", 2019, 2019, false},
        {"Example Instruments Ltd", AffiliationKind::work, "Intern", 2016, 2016, false},
    };
    check_affiliations(p, rows);
}
