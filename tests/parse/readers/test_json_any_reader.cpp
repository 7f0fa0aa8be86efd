// JSON CVs in schemas of their authors' own: read by key names and value
// shapes through the whole pipeline (parse_bytes), never rejected for their shape.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "tests/parse/profile_lookup.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/parse.hpp"
#include "parse/readers/reader.hpp"

using cvsearch::AffiliationKind;
using cvsearch::Format;
using cvsearch::Profile;
using cvsearch::Publication;

using namespace cvsearch::testing;

namespace {

// A top-level "profile" key, "employment" with "employer", "schools" with
// "school", "papers" with "booktitle"/"journal", skills grouped by category.
const char* const kProfileKeyed = R"({
  "profile": {
    "firstName": "Marisol",
    "lastName": "Quintero",
    "contact": {"email": "marisol@example.edu", "website": "https://marisol.example.edu"},
    "title": "Assistant Professor of Computer Science"
  },
  "employment": [
    {"employer": "Riverbend University", "role": "Assistant Professor", "start": "2021-08", "end": "present"},
    {"employer": "Lumen Analytics Inc.", "role": "Research Scientist", "dates": "2018 - 2021"}
  ],
  "schools": [
    {"school": "Northfield Institute of Technology", "degree": "Ph.D.", "subject": "Computer Science", "year": "2012–2018"}
  ],
  "papers": [
    {"title": "Sparse Sketches for Streaming Graphs", "authors": "Marisol Quintero; Ike Adebayo",
     "booktitle": "Proceedings of the ACM SIGMOD International Conference on Management of Data", "year": 2022},
    {"title": "Learned Index Repair", "authors": ["Marisol Quintero", {"name": "Tove Lind"}],
     "journal": "The VLDB Journal", "date": "2020-05-01"},
    {"title": "Adaptive Join Ordering under Drift", "authors": "M. Quintero", "venue": "NeurIPS", "year": "2024",
     "status": "under review"}
  ],
  "skills": {"Programming": ["Rust", "C++"], "Data": ["SQL"]},
  "researchInterests": "data systems; streaming; learned indexes"
})";

}  // namespace

TEST_CASE("generic JSON: a top-level profile key and odd key names give name, affiliations and publications") {
    Profile p = parse_one(kProfileKeyed);
    CHECK(p.source.format == Format::json);
    CHECK(p.name == "Marisol Quintero");
    CHECK(p.emails == std::vector<std::string>{"marisol@example.edu"});
    CHECK(p.homepage == "https://marisol.example.edu");

    const auto* riverbend = affiliation(p, "Riverbend University");
    REQUIRE(riverbend);
    CHECK(riverbend->kind == AffiliationKind::work);
    CHECK(riverbend->role == "Assistant Professor");
    CHECK(riverbend->start_year == 2021);
    CHECK(riverbend->current);
    const auto* lumen = affiliation(p, "Lumen Analytics Inc.");
    REQUIRE(lumen);
    CHECK(lumen->start_year == 2018);
    CHECK(lumen->end_year == 2021);
    const auto* school = affiliation(p, "Northfield Institute of Technology");
    REQUIRE(school);
    CHECK(school->kind == AffiliationKind::education);
    CHECK(school->role == "Ph.D. in Computer Science");
    CHECK(school->start_year == 2012);
    CHECK(school->end_year == 2018);

    const auto* sketches = publication(p, "Sparse Sketches");
    REQUIRE(sketches);
    CHECK(sketches->venue == "SIGMOD");
    CHECK(sketches->year == 2022);
    CHECK(sketches->authors == std::vector<std::string>{"Marisol Quintero", "Ike Adebayo"});
    const auto* repair = publication(p, "Learned Index Repair");
    REQUIRE(repair);
    CHECK(repair->venue_raw == "The VLDB Journal");
    CHECK(repair->year == 2020);
    CHECK(repair->authors == std::vector<std::string>{"Marisol Quintero", "Tove Lind"});
    const auto* drift = publication(p, "Adaptive Join Ordering");
    REQUIRE(drift);  // kept, but a paper under review has no venue
    CHECK(drift->venue.empty());
    CHECK(drift->year == 2024);

    for (const char* s : {"Rust", "C++", "SQL"}) CHECK(std::count(p.skills.begin(), p.skills.end(), s) == 1);
    CHECK(std::count(p.interests.begin(), p.interests.end(), "streaming") == 1);
    auto facets = cvsearch::facets_of(p);
    CHECK(std::count(facets.venue.begin(), facets.venue.end(), "NeurIPS") == 0);
}

TEST_CASE("generic JSON: a {\"cv\": ...} wrapper, personal_info, wrapped sections and free-text entries") {
    Profile p = parse_one(R"({"cv": {
      "personal_info": {"name": "Teodor Vasquez-Lund", "email": ["teodor@example.org"]},
      "positions": {"title": "Appointments", "items": [
        {"organization": "Halden Research Institute", "position": "Postdoctoral Fellow", "startDate": "2019", "endDate": "2022"}]},
      "experience": {
        "acme": {"head": {"title": "Robot Perception", "subtitle": "Research Intern", "location": "Pellham Robotics Lab", "date": "2017"}}},
      "publications": [
        "T. Vasquez-Lund and A. Moreau. Contact-Rich Grasping with Tactile Priors. In IEEE International Conference on Robotics and Automation (ICRA), 2021."
      ],
      "education": [{"institution": {"name_en": "University of Tarrow", "acronym": "UT"}, "start_date": "2013-09-01", "end_date": "2018-06-30", "degree": "PhD"}]
    }})");
    CHECK(p.source.format == Format::json);
    CHECK(p.name == "Teodor Vasquez-Lund");
    CHECK(p.emails == std::vector<std::string>{"teodor@example.org"});
    const auto* halden = affiliation(p, "Halden Research Institute");
    REQUIRE(halden);
    CHECK(halden->start_year == 2019);
    CHECK(halden->end_year == 2022);
    const auto* lab = affiliation(p, "Pellham Robotics Lab");
    REQUIRE(lab);
    CHECK(lab->role == "Research Intern");
    CHECK(lab->start_year == 2017);
    const auto* tarrow = affiliation(p, "University of Tarrow");
    REQUIRE(tarrow);
    CHECK(tarrow->kind == AffiliationKind::education);
    CHECK(tarrow->start_year == 2013);
    CHECK(tarrow->end_year == 2018);
    const auto* grasp = publication(p, "Contact-Rich Grasping");  // a free-text entry, read by the text extractor
    REQUIRE(grasp);
    CHECK(grasp->venue == "ICRA");
    CHECK(grasp->year == 2021);
}

TEST_CASE("generic JSON: values of unexpected types are passed over, not fatal") {
    // JSON Resume keys whose values do not follow its schema, and JSON5-isms.
    Profile p = parse_one(R"({
      "basics": {"name": "Ilse Brandvold"},
      // written by a generator that allows comments
      "work": [{"name": "Fjordline Systems AS", "position": "Engineer", "startDate": "2016", "endDate": "2019",
                "highlights": [{"text": "an object where a string belongs"}]},],
      "publications": [{"name": "Quiet Consensus", "publisher": "USENIX ATC", "releaseDate": "2019",
                        "authors": [{"name": "Ilse Brandvold"}]}],
      "awards": 3
    })");
    CHECK(p.name == "Ilse Brandvold");
    const auto* fjord = affiliation(p, "Fjordline Systems AS");
    REQUIRE(fjord);
    CHECK(fjord->start_year == 2016);
    CHECK(fjord->end_year == 2019);
    const auto* quiet = publication(p, "Quiet Consensus");
    REQUIRE(quiet);
    CHECK(quiet->year == 2019);
    CHECK(quiet->authors == std::vector<std::string>{"Ilse Brandvold"});
}

TEST_CASE("generic JSON: JSON Resume and cvsearch profile JSON still go to their own readers") {
    Profile resume = parse_one(R"({"basics": {"name": "Ada Example"}, "work": [{"name": "Acme Corp", "position": "Engineer", "startDate": "2020"}],
                                  "myExtraKey": {"anything": 1}})");
    CHECK(resume.source.format == Format::json_resume);
    CHECK(resume.name == "Ada Example");
    Profile own = parse_one(R"({"id": "x", "name": "Bea Example", "affiliations": [{"institution": "Example University", "kind": "work"}]})");
    CHECK(own.source.format == Format::profile_json);
    CHECK(own.name == "Bea Example");
    CHECK_THROWS_AS(parse_one(R"({"name": "broken",)"), cvsearch::Error);  // malformed JSON is still an error
}

TEST_CASE("JSON: a whole CV wrapped in one key is read as the CV inside, a one-section CV is not unwrapped") {
    Profile wrapped = parse_one(R"({"resume": {"basics": {"name": "Ada Example", "email": "ada@example.org"},
                                   "work": [{"name": "Acme Corp", "position": "Engineer", "startDate": "2020"}]}})");
    CHECK(wrapped.source.format == Format::json_resume);
    CHECK(wrapped.name == "Ada Example");
    CHECK(wrapped.emails == std::vector<std::string>{"ada@example.org"});
    REQUIRE(wrapped.affiliations.size() == 1);
    CHECK(wrapped.affiliations[0].institution_raw == "Acme Corp");
    // two levels: {"data": {"cv": {...}}}
    Profile deeper = parse_one(R"({"data": {"cv": {"name": "Bea Example", "email": "bea@example.org", "phone": "+1 555 0100"}}})");
    CHECK(deeper.name == "Bea Example");
    // {"education": {"title": "Education", "items": [...]}} is a one-section CV, read as it is
    Profile section = parse_one(R"({"education": {"title": "Education", "items": [{"institution": "Example University", "degree": "PhD", "year": "2020"}]}})");
    CHECK(section.name.empty());
    CHECK(affiliation(section, "Example University") != nullptr);
    // a key that is a part of a CV is no wrapper: {"basics": {...}} is JSON Resume
    Profile basics = parse_one(R"({"basics": {"name": "Cy Example", "email": "cy@example.org", "summary": "Glaciology."}})");
    CHECK(basics.source.format == Format::json_resume);
    CHECK(basics.name == "Cy Example");
}

TEST_CASE("one vocabulary says which JSON keys are parts of a CV and which wrap one") {
    using cvsearch::readers::is_cv_part_key;
    // The person, in the spellings the any-JSON reader reads.
    for (const char* k : {"basics", "profile", "personal_info", "personalInformation", "Personal Details", "contact", "about", "bio"})
        CHECK_MESSAGE(is_cv_part_key(k), k);
    // Sections, by the heading lexicon and the short forms of JSON keys.
    for (const char* k : {"work", "education", "publications", "Publications", "papers", "experience", "summary", "jobs", "awards"})
        CHECK_MESSAGE(is_cv_part_key(k), k);
    // Wrappers: a key that names no part ("data" is an item list only inside a section object).
    for (const char* k : {"cv", "resume", "data", "curriculum_vitae", "document"}) CHECK_MESSAGE(!is_cv_part_key(k), k);
    // The wrapper rule follows the vocabulary: {"bio": {...}} is the person, read in place;
    // {"document": {...}} wraps a whole CV.
    Profile bio = parse_one(R"({"bio": {"name": "Dee Example", "email": "dee@example.org", "phone": "+1 555 0101"}})");
    CHECK(bio.name == "Dee Example");
    CHECK(bio.source.format == Format::json);
    Profile doc = parse_one(R"({"document": {"basics": {"name": "Eve Example", "email": "eve@example.org"},
                                "work": [{"name": "Acme Corp", "position": "Engineer", "startDate": "2020"}]}})");
    CHECK(doc.source.format == Format::json_resume);
    CHECK(doc.name == "Eve Example");
}

// A JSON CV goes through the same guards as a text CV: a template's placeholder
// ("Journal 1") and a submitted paper give no venue, a title before the name is
// not the name.
TEST_CASE("JSON CVs pass the guards a text CV passes") {
    const char* const resume = R"({
  "basics": {"name": "Dr. Ines Marlow", "email": "ines@example.org"},
  "work": [{"name": "Riverbend University", "position": "Lecturer", "startDate": "2021-01-01"}],
  "publications": [
    {"name": "Paper Title Number 1", "publisher": "Journal 1", "releaseDate": "2009-10-01"},
    {"name": "Tidal Sketches of Streaming Graphs", "publisher": "Submitted: ICML'25", "releaseDate": "2025-01-30"},
    {"name": "Learned Index Repair", "publisher": "Published: EuroSys'24", "releaseDate": "2024-04-22"}
  ]
})";
    Profile p = parse_one(resume, "cv.json");
    CHECK(p.name == "Ines Marlow");
    REQUIRE(p.publications.size() == 3);
    const Publication* placeholder = publication(p, "Paper Title Number 1");
    const Publication* submitted = publication(p, "Tidal Sketches");
    const Publication* published = publication(p, "Learned Index Repair");
    REQUIRE(placeholder);
    REQUIRE(submitted);
    REQUIRE(published);
    CHECK(placeholder->venue.empty());
    CHECK(submitted->venue.empty());
    CHECK(published->venue == "EuroSys");
}

TEST_CASE("generic JSON: a citation beside the title gives venue and year, an APA author string gives its authors") {
    const char* const cv = R"({
  "summary_research": "Inverse design of photonic devices.",
  "pubs": [
    {"authors": "Quintero, M., Adebayo, I. K., Lind, T.", "title": "Annealed Surrogates for Metasurface Design",
     "citation": "Advanced Photonics, Vol. 6, Issue 5, 056002 (July 2024).", "link": "https://doi.org/10.0000/ap.6.5"},
    {"authors": "Lind, T., Quintero, M.", "title": "Residual Attention for Tampered Optical Responses",
     "citation": "arXiv:2412.01234", "link": "https://arxiv.org/abs/2412.01234"},
    {"authors": "Quintero, M.", "title": "Coupled Ring Resonators at Scale", "citation": "In Peer-Review, arXiv:2206.01234"},
    {"authors": "Quintero, M.", "title": "Lossless Waveguide Bends", "citation": "Preprint Available"}
  ]
})";
    Profile p = parse_one(cv);
    const auto* first = publication(p, "Annealed Surrogates");
    REQUIRE(first);
    CHECK(first->venue_raw == "Advanced Photonics");
    CHECK(first->year == 2024);
    CHECK(first->authors == std::vector<std::string>{"Quintero, M.", "Adebayo, I. K.", "Lind, T."});
    const auto* second = publication(p, "Residual Attention");
    REQUIRE(second);
    CHECK(second->venue_raw == "arXiv");
    // A status or a placeholder is no venue.
    const auto* reviewed = publication(p, "Coupled Ring");
    REQUIRE(reviewed);
    CHECK(reviewed->venue_raw.empty());
    const auto* placeholder = publication(p, "Lossless Waveguide");
    REQUIRE(placeholder);
    CHECK(placeholder->venue_raw.empty());
}

TEST_CASE("generic JSON: publications grouped by kind ({type, papers: [...]}) are read entry by entry") {
    const char* const cv = R"({
  "profile": {"name": "Ilse Marquardt", "email": "ilse@example.edu"},
  "publications": [
    {"type": "Conference and Journal Papers", "papers": [
      {"id": "tidal", "title": "Tidal Sketching for Interactive Maps", "year": 2025,
       "authors": ["Ilse Marquardt", "Oren Paz"], "venue": "UIST 2025: Proceedings of the ACM Symposium on User Interface Software and Technology",
       "status": "published"},
      {"id": "fold", "title": "Folding Timelines", "year": 2026, "authors": ["Ilse Marquardt"], "venue": "", "status": "Under Review"}
    ]},
    {"type": "Posters and Demos", "papers": [
      {"id": "demo", "title": "Demonstration of Tidal Sketching", "year": 2024, "authors": ["Ilse Marquardt", "Oren Paz"],
       "venue": "CHI 2024 Extended Abstracts", "award": ""}
    ]}
  ],
  "research_experience": [
    {"organization": "Harbor Lab, Eastlake University", "role": "Researcher", "start": "2023", "end": "Present",
     "publications": ["tidal", "demo"]}
  ]
})";
    Profile p = parse_one(cv);
    CHECK(p.name == "Ilse Marquardt");
    const auto* tidal = publication(p, "Tidal Sketching for Interactive Maps");
    REQUIRE(tidal);
    CHECK(tidal->venue == "UIST");
    CHECK(tidal->year == 2025);
    CHECK(tidal->authors == std::vector<std::string>{"Ilse Marquardt", "Oren Paz"});
    const auto* fold = publication(p, "Folding Timelines");
    REQUIRE(fold);  // under review: kept with its year, no venue
    CHECK(fold->venue.empty());
    CHECK(fold->year == 2026);
    const auto* demo = publication(p, "Demonstration of Tidal");
    REQUIRE(demo);
    CHECK(demo->year == 2024);
    CHECK_FALSE(demo->venue.empty());
    CHECK(p.publications.size() == 3);
    // An entry with a list of ids beside its fields is no group: the place stays a place.
    CHECK(affiliation(p, "Harbor Lab, Eastlake University"));
}

TEST_CASE("generic JSON: a paper whose authors are objects is a paper, not a group of entries") {
    Profile p = parse_one(R"({"papers": [
      {"title": "Quiet Gradients", "authors": [{"name": "Ilse Marquardt"}, {"name": "Oren Paz"}], "journal": "Neural Computation", "year": 2021}
    ]})");
    const auto* quiet = publication(p, "Quiet Gradients");
    REQUIRE(quiet);
    CHECK(quiet->venue_raw == "Neural Computation");
    CHECK(quiet->authors == std::vector<std::string>{"Ilse Marquardt", "Oren Paz"});
}

TEST_CASE("generic JSON: offices in societies and named chairs among appointments are no affiliations") {
    Profile p = parse_one(R"json({
  "name": "Tamsin Okafor-Reyes",
  "professional_appointments": [
    {"title": "Professor", "organization": "Example University", "years": "2022 - Present"},
    {"title": "Member", "organization": "Example Ministry Technical Working Group", "years": "2021 - Present"},
    {"title": "President", "organization": "Association of Example Laser Users (AELU)", "years": "2021 - 2023"},
    {"title": "Research Chair", "organization": "Example Foundation Research Chair", "years": "2019 - Present"},
    {"title": "Assistant Professor", "organization": "Northfield University", "years": "2010 - 2015"}
  ]
})json");
    CHECK(affiliation(p, "Example University") != nullptr);
    CHECK(affiliation(p, "Northfield University") != nullptr);
    CHECK(affiliation(p, "Example Ministry Technical Working Group") == nullptr);
    CHECK(affiliation(p, "Association of Example Laser Users") == nullptr);
    CHECK(affiliation(p, "Example Foundation Research Chair") == nullptr);
    CHECK(p.affiliations.size() == 2);
}

TEST_CASE("a JSON CV made for a LaTeX template: the role says where, and a description may cite a paper") {
    // No institution key: "position" is "<role> at <place>" with LaTeX markup inside, and a
    // description that is a full citation names a paper written during the stay.
    const std::string json = R"({
  "profile": {"firstName": "Odile", "lastName": "Brenner"},
  "education": [
    {"years": "2023--pursuing", "name": "PhD in Computer Science", "place": "Doe Lab", "location": "Harbourside University"}
  ],
  "experience": [
    {"years": "2021", "position": "Internship at Greyhaven University \\textbf{Lyon, France}, supervised by Ann Doe (2 months).",
     "description": "Worked on kernel approximations."},
    {"years": "2018", "position": "Internship at Quillfeather Institute, \\textbf{Tokyo, Japan}, supervised by Bo Roe (5 months).",
     "description": "Cy Poe, Bo Roe, and Odile Brenner. Meta-theorems for monotone submodular maximization, 2018, arXiv:1807.04575."}
  ]
})";
    Profile p = parse_one(json);
    CHECK(p.name == "Odile Brenner");
    // (The bold town runs on after the name: only the name is asserted.)
    auto first_it = std::find_if(p.affiliations.begin(), p.affiliations.end(),
                                 [](const auto& a) { return a.institution_raw.starts_with("Greyhaven University"); });
    const auto* first = first_it == p.affiliations.end() ? nullptr : &*first_it;
    const auto* second = affiliation(p, "Quillfeather Institute");
    REQUIRE(first);
    REQUIRE(second);
    CHECK(first->role == "Internship");
    CHECK(first->start_year == 2021);
    CHECK(second->start_year == 2018);
    for (const auto& a : p.affiliations) CHECK(a.institution_raw.find('\\') == std::string::npos);
    // "2023--pursuing": begun in 2023 and going on.
    const auto* phd = affiliation(p, "Harbourside University");
    REQUIRE(phd);
    CHECK(phd->start_year == 2023);
    CHECK(phd->current);
    CHECK_FALSE(phd->end_year);
    const Publication* paper = publication(p, "Meta-theorems");
    REQUIRE(paper);
    CHECK(paper->year == 2018);
    CHECK(paper->venue == "arXiv");
    CHECK(paper->authors.size() == 3);
}

TEST_CASE("generic JSON: a list of titled sections with blocks, positions nested under one organization, HTML in values") {
    // A site generator's schema: "sections" of {"title", "blocks", "subsections"}; an
    // entry names its organization once ("org") and the positions held there in "roles",
    // each with its own dates; values carry the HTML the page shows.
    Profile p = parse_one(R"({
      "name": "Oyelaran Backstrom",
      "sections": [
        {"title": "Research Experience", "blocks": [
          {"type": "entry", "org": "Halvard Labs", "lines": ["Speech Group"],
           "roles": [{"date": "Since Mar.&nbsp;2025", "title": "Research Scientist", "bullets": ["Built things."]},
                     {"date": "2022 – 2024", "title": "Research Intern", "bullets": []}]},
          {"type": "entry", "org": "Texas A&amp;M University <span class=\"small\">(robotics lab)</span>",
           "roles": [{"date": "2019 – 2021", "title": "Research Assistant"}]}
        ], "subsections": []},
        {"title": "Publications", "blocks": [
          {"type": "publication", "authors": "<strong>Oyelaran Backstrom</strong>, Ines Maalouf", "year": "2024",
           "title": "Listening to tidal gauges", "venue": "Proceedings of Interspeech", "acronym": "Interspeech",
           "notes": ["<em>Oral</em>"]}
        ], "subsections": []},
        {"title": "Education", "blocks": [
          {"type": "entry", "org": "Kestrel University", "roles": [{"date": "2015 – 2019", "title": "B.Sc."}]}
        ], "subsections": []},
        {"title": "Teaching Experience", "blocks": [], "subsections": [
          {"title": "Lectures", "blocks": [{"type": "teaching", "role": "Guest lecturer", "org": "Kestrel University"}]}
        ]}
      ]
    })");
    CHECK(p.name == "Oyelaran Backstrom");
    const auto* scientist = affiliation(p, "Halvard Labs");
    REQUIRE(scientist);
    CHECK(scientist->kind == AffiliationKind::work);
    CHECK(scientist->role == "Research Scientist");
    CHECK(scientist->start_year == 2025);
    CHECK(scientist->current);
    CHECK(std::count_if(p.affiliations.begin(), p.affiliations.end(),
                        [](const auto& a) { return a.institution_raw == "Halvard Labs"; }) == 2);  // one per role
    const auto texas = std::find_if(p.affiliations.begin(), p.affiliations.end(),
                                  [](const auto& a) { return a.institution_raw.starts_with("Texas A&M University"); });
    REQUIRE(texas != p.affiliations.end());  // entities decoded, tags gone
    CHECK(texas->institution_raw.find('<') == std::string::npos);
    CHECK(texas->start_year == 2019);
    const auto* kestrel = affiliation(p, "Kestrel University");
    REQUIRE(kestrel);
    CHECK(kestrel->kind == AffiliationKind::education);
    CHECK(kestrel->role == "B.Sc.");
    const auto* tidal = publication(p, "Listening to tidal gauges");
    REQUIRE(tidal);
    CHECK(tidal->year == 2024);
    CHECK(tidal->authors.size() == 2);
    CHECK(p.publications.size() == 1);  // the notes of a paper are no papers
}

TEST_CASE("a JSON CV whose school names two institutions joined by an ampersand gives both") {
    // A JSON Resume-like file with a key of its own ("teaching"): read generically.
    const Profile p = parse_one(R"({"basics": {"name": "Ann Doe"},
        "education": [{"institution": "Tidewater Institute & Friedrich Example Universität", "area": "Ph.D. in Physics",
                       "studyType": "Doctorate", "startDate": "2022-04-01", "endDate": "Present"}],
        "work": [{"name": "Quell & Rook", "position": "Analyst", "startDate": "2016", "endDate": "2018"}],
        "teaching": [{"course": "Quantum Theory", "institution": "Friedrich Example Universität", "date": "2023-10-01"}]})");
    CHECK(affiliation(p, "Tidewater Institute"));
    CHECK(affiliation(p, "Friedrich Example Universität"));
    CHECK(affiliation(p, "Tidewater Institute & Friedrich Example Universität") == nullptr);
    CHECK(affiliation(p, "Quell & Rook"));
}
