// Guards against values in a facet's place that are something else: months,
// places, advisors and tools as institutions; author lists, abstracts and notes
// as venues; headings as names. Fictional CV snippets in the shapes real CVs have.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "parse/extract/extract.hpp"
#include "parse/extract/guards.hpp"
#include "parse/readers/reader.hpp"

using namespace cvsearch;
using namespace cvsearch::extract;

namespace {

Profile extract_text(const char* text) {
    readers::TextDocument d = readers::read_text(text);
    return extract_profile(d);
}

Profile extract_markdown(const char* text) { return extract_profile(readers::read_markdown(text)); }

std::vector<std::string> institutions(const Profile& p) {
    std::vector<std::string> out;
    for (const auto& a : p.affiliations) out.push_back(a.institution_raw);
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

}  // namespace

TEST_CASE("an institution is never a month, a place, a person, a field, a tool, a label, a degree or a bare word") {
    struct Case {
        const char* value;
        const char* why;
    };
    const std::vector<Case> rejected = {
        {"Apr", "month"},           {"Sep.-Oct", "month"},          {"July", "month"},
        {"Sunnyvale", "place"},     {"Paris", "place"},             {"Austin TX", "place"},
        {"Machine Learning", "field"}, {"Industrial Organization", "field"},
        {"TypeScript", "tool"},     {"GitHub", "link"},
        {"LinkedIn", "link"},       {"PDF:Research Experience", "link"},
        {"WeChat", "link"},         {"WeChat: example_handle", "link"}, {"Skype: jane.doe", "link"},
        {"\xF0\x9F\x92\xAC WeChat", "link"},  // a speech-balloon emoji before the label
        // Social networks that are employers too ("Facebook", "YouTube") are no labels alone.
        {"LEADERSHIP", "heading"},  {"Role", "heading"},            {"Other Experience", "heading"},
        {"Participant", "heading"}, {"Full Time", "heading"},
        {"Winter School e-EGC", "event"}, {"CEMRACS Summer School", "event"},
        {"High School Diploma", "degree"}, {"A-Levels", "degree"},
        {"University", "generic"},  {"University of", "generic"},   {"School", "generic"},
        {"College", "generic"},
        {"supervised by Prof. Nadia Okonkwo", "person"}, {"Instructor: Bo Lindqvist", "person"},
        {"P.I. Rafael Quintero", "person"},
    };
    for (const auto& c : rejected) {
        std::string value = c.value;
        CAPTURE(value);
        CHECK(std::string(institution_rejection(value)) == c.why);
    }
    for (const char* ok : {"Example State University", "Quillsoft", "INRIA", "University of Washington", "Hospital for Sick Children",
                           "Tesla", "Paris Lodron University of Salzburg", "Example Labs", "WeChat AI", "Facebook", "YouTube"}) {
        std::string value = ok;
        CAPTURE(value);
        CHECK(std::string(institution_rejection(value)) == "");
    }
}

TEST_CASE("a city some registry organization is in is a place, not an institution") {
    // Neither is in the guard word list; the institution registry knows them as cities.
    CHECK(institution_rejection("Santander") == "place");
    CHECK(institution_rejection("Tampere") == "place");
    // An organization named after its city is still an organization.
    CHECK(institution_rejection("Tampere University") == "");
    CHECK(institution_rejection("Santander Imaginary Robotics Lab") == "");
}

TEST_CASE("a venue the tables know by that very name is no institution") {
    CHECK(institution_rejection("SOSP") == "venue");
    CHECK(institution_rejection("NeurIPS") == "venue");
    CHECK(institution_rejection("Imaginary Workshop Institute") == "");
}

TEST_CASE("a co-author's name in the institution slot is a person") {
    Profile p;
    p.name = "Ada Byron";
    Publication pub;
    pub.title = "A Paper";
    pub.authors = {"Ada Byron", "Tomas Velarde"};
    p.publications.push_back(pub);
    PeopleInCv people = people_in(p);
    CHECK(institution_rejection("Tomas Velarde", people) == "person");
    CHECK(institution_rejection("Tomas Velarde") == "");  // without the CV, a plain two-word name may be an employer
}

TEST_CASE("institutions are repaired: glued months and headings, places in parentheses, small caps") {
    CHECK(repair_institution("KAISTMar") == "KAIST");
    CHECK(repair_institution("EducationUniversity of Maryland") == "University of Maryland");
    CHECK(repair_institution("Hospital for Sick Children (Toronto") == "Hospital for Sick Children");
    CHECK(repair_institution("Hospital for Sick Children (Toronto, Ontario, Canada)") == "Hospital for Sick Children");
    CHECK(repair_institution("Econometric Summer School (Barcelona") == "Econometric Summer School");
    CHECK(repair_institution("Example Language School (Pelotas, Brazil)") == "Example Language School");
    CHECK(repair_institution("Scientific engineer at I NRIA") == "Scientific engineer at INRIA");
    // An acronym in parentheses is no place and stays.
    CHECK(repair_institution("Example Institute of Technology (EIT)") == "Example Institute of Technology (EIT)");
    CHECK(repair_institution("McGill University") == "McGill University");
}

TEST_CASE("an experience section with city lines, month columns and advisors yields only the employers") {
    Profile p = extract_text(
        "Avery Quinlan\n\nEXPERIENCE\n"
        "Quillsoft Inc.\nSunnyvale\nSoftware Engineer  Jun 2019 - Aug 2021\n\n"
        "Example State University\nParis\nResearch Assistant  2016 - 2019\nsupervised by Prof. Nadia Okonkwo\n\n"
        "EDUCATION\nExample Institute of Technology  2012 - 2016\nB.S. in Physics\n");
    auto inst = institutions(p);
    CAPTURE(inst.size());
    CHECK(has(inst, "Example State University"));
    CHECK(has(inst, "Example Institute of Technology"));
    for (const char* junk : {"Sunnyvale", "Paris", "Nadia Okonkwo", "Jun", "Aug"}) {
        std::string value = junk;
        CAPTURE(value);
        CHECK_FALSE(has(inst, junk));
    }
}

TEST_CASE("a venue is never an author list, a person, a sentence, a note or a link") {
    struct Case {
        const char* value;
        const char* why;
    };
    const std::vector<Case> rejected = {
        {"Tomas Velarde, Ines Marlow and Bo Lindqvist", "names"},
        {"Kelly Armitage and Staffan I Lindqvist", "names"},
        {"We propose a method that learns to align shapes across views with little supervision.", "sentence"},
        {"Using records from one of the largest example universities, I study how grades change.", "sentence"},
        {"Presented at Example Annual Conference", "status"},
        {"acceptance rate 17%", "status"},
        {"IF=11.1", "status"},
        {"Click here for the demo app", "status"},
        {"equal contribution", "status"},
        {"Last updated", "status"},
        // A talk listed among the papers.
        {"Online talk given to the Northfield Geophysical Society (NGS)", "talk"},
        {"Invited talk at the Example Institute", "talk"},
        {"DOI", "link"},
        {"http://dx.doi.org/10.12345/example.2019-0001", "link"},
        {"10.1016/j.example.2022.07.047", "link"},
        {"On Local Limits of Sparse Random Graphs", "title"},
        {"Advisor Rafael Quintero", "status"},
        {"Spring", "date"},
        {"2023", "date"},
        // Pieces of a sentence: only joining words, a last word that joins to more, lower-case words first.
        {"OF", "fragment"},
        {"1 OF 2", "fragment"},
        {"Workshop held at Northfield Institute in", "fragment"},
        {"Workshop held at Northfield Institute in May 2025)", "fragment"},
        {"years of age", "fragment"},
        {"29 years of age", "fragment"},
        // A heading word alone, or with only numbers and months around it (a template's placeholder).
        {"Journal", "heading"},
        {"Journal 1", "heading"},
        {"Conference 2023", "heading"},
        {"Publications", "heading"},
        // The school of a thesis or a report series in the venue's place.
        {"Example State University", "institution"},
        {"Universidade Federal de Exemplo", "institution"},
    };
    for (const auto& c : rejected) {
        std::string value = c.value;
        CAPTURE(value);
        CHECK(std::string(venue_rejection(value)) == c.why);
    }
    for (const char* ok : {"ICML", "NeurIPS 2023", "Journal of Example Studies", "Proceedings of the ACM on Example Systems",
                           "Physical Review Letters", "Neural Networks", "IEEE Transactions on Example Engineering",
                           "Advances in Neural Information Processing Systems", "Annals of Statistics", "3DV 2024",
                           "J. Mod. Phys. A", "arXiv preprint", "bioRxiv", "Workshop on Example Systems in the Wild",
                           "Example Conference, June 2024", "Talking Heads Workshop", "Example University Press",
                           "Journal of the Example University Society"}) {
        std::string value = ok;
        CAPTURE(value);
        CHECK(std::string(venue_rejection(value)) == "");
    }
    Profile p;
    p.name = "Ines Marlow";
    PeopleInCv people = people_in(p);
    CHECK(venue_rejection("Ines Marlow", people) == "person");
    CHECK(venue_rejection("Marlow", people) == "person");
    // Two capitalized pairs are names when the CV names one of them, or an initial shows it.
    CHECK(std::string(venue_rejection("Tomas Velarde and Ines Marlow", people)) == "names");
    CHECK(std::string(venue_rejection("Organizational Behavior and Human Decision Processes", people)) == "");
}

TEST_CASE("citations left whole in the title are split into title and venue") {
    struct Case {
        const char* title;
        const char* want_title;
        const char* want_venue;
    };
    const std::vector<Case> cases = {
        {", \xE2\x80\x9DTowards Robust Example Networks under Shift\xE2\x80\x9D, in International Conference on Machine Learning (ICML), 2020",
         "Towards Robust Example Networks under Shift", "International Conference on Machine Learning (ICML)"},
        {"Velarde, T., Marlow, I., & Byron, A. (2022). Spaceborne observations of example gases over cities. Journal of Example "
         "Atmospheres, 12(3), 45-67.",
         "Spaceborne observations of example gases over cities", "Journal of Example Atmospheres"},
        {"Learning at a distance in rural schools Journal/Conference: Example Journal of Distance Education",
         "Learning at a distance in rural schools", "Example Journal of Distance Education"},
    };
    for (const auto& c : cases) {
        std::string title = c.title;
        CAPTURE(title);
        Publication pub;
        pub.title = c.title;
        REQUIRE(split_citation(pub));
        CHECK(pub.title == c.want_title);
        CHECK(pub.venue_raw == c.want_venue);
    }
    // A venue already found, or nothing that looks like one: left alone.
    Publication keep;
    keep.title = "A Plain Title Without Any Venue";
    CHECK_FALSE(split_citation(keep));
    CHECK(keep.title == "A Plain Title Without Any Venue");
    Publication has_venue;
    has_venue.title = "\"Quoted Title Of A Paper\", in ICML, 2020";
    has_venue.venue_raw = "ICML";
    CHECK_FALSE(split_citation(has_venue));
    // Whatever follows the quotes must be a venue, not the authors.
    Publication authors_after;
    authors_after.title = "\"A Quoted Paper Title\", Tomas Velarde, Ines Marlow and Bo Lindqvist";
    CHECK_FALSE(split_citation(authors_after));
}

TEST_CASE("pdftotext small caps are joined, initials are not") {
    CHECK(join_small_caps("Scientific engineer at I NRIA (RMoD)") == "Scientific engineer at INRIA (RMoD)");
    CHECK(join_small_caps("F \xC3\x96RETAGSPLATSEN") == "F\xC3\x96RETAGSPLATSEN");
    CHECK(join_small_caps("J. SMITH") == "J. SMITH");
    CHECK(join_small_caps("A Survey of Example Methods") == "A Survey of Example Methods");
    CHECK(guard_name("Z HIWEI S HAO") == "Zhiwei Shao");
    CHECK(guard_name("Z Hiwei S Hao") == "Zhiwei Shao");
    CHECK(guard_name("J Smith") == "J Smith");
}

TEST_CASE("a name is never a heading or a nationality line, honorifics and post-nominals go") {
    CHECK(guard_name("Technical Strengths") == "");
    CHECK(guard_name("Media Assets") == "");
    CHECK(guard_name("About") == "");
    CHECK(guard_name("Ciudadano Portugu\xC3\xA9s y Venezolano") == "");
    CHECK(guard_name("Dr. Jaylen L. Mackie-Corden") == "Jaylen L. Mackie-Corden");
    CHECK(guard_name("Prof. Adam Thomas Clarewood FREng") == "Adam Thomas Clarewood");
    CHECK(guard_name("Marisol Etxeberria, PhD") == "Marisol Etxeberria");
    CHECK(guard_name("Stefano UBERTI") == "Stefano UBERTI");  // capitals surname kept as written
    CHECK(guard_name("Yi Ma") == "Yi Ma");                      // a surname that spells a degree stays
}

TEST_CASE("the name is found past a heading above it, and in an introduction sentence") {
    Profile p = extract_text("Technical Strengths\nAvery Quinlan\nquinlan@example.org\n\nEDUCATION\nExample University  2010 - 2014\n");
    CHECK(p.name == "Avery Quinlan");
    Profile md = extract_markdown("---\nlayout: about\npermalink: /\n---\n\nHi! I'm Corvin EL MAHDI, a PhD student at Example University.\n");
    CHECK(md.name == "Corvin EL MAHDI");
    CHECK(name_from_introduction("I am Interested in many things.") == "");
    CHECK(name_from_introduction("I am Assistant Professor at Example University.") == "");
    CHECK(name_from_introduction("Hello, I am Priya Raman.") == "Priya Raman");
    // A biography in the third person that opens the page.
    CHECK(name_from_introduction("Corvin Aldane is a postdoctoral fellow at Example University, where he studies markets.") ==
          "Corvin Aldane");
    CHECK(name_from_introduction("Selected work\nMira Okonjo is currently a PhD student in the Example Lab at Northfield.") ==
          "Mira Okonjo");
    // Not the first line of prose, not the name first, or not a person.
    CHECK(name_from_introduction("I study how markets clear under frictions and delays.\nJane Roe is my advisor and a great mentor.") == "");
    CHECK(name_from_introduction("My advisor Jane Roe is a professor of economics at Example University.") == "");
    CHECK(name_from_introduction("Example University is a public research university in the north.") == "");
    CHECK(name_from_introduction("Machine Learning is a field I have worked in for many years.") == "");
}

TEST_CASE("a venue slot holding authors or a title before the venue keeps the venue only") {
    Profile p;
    p.name = "Ines Marlow";
    Publication pub;
    pub.title = "Sentence Compression in Linear Time";
    pub.venue_raw = "Ines Marlow and Tomas Velarde. EMNLP";
    p.publications.push_back(pub);
    Publication abstract;
    abstract.title = "A Paper";
    abstract.venue_raw = "We propose a method that learns to align shapes across views with little supervision";
    p.publications.push_back(abstract);
    Publication season;
    season.title = "Another Paper";
    season.venue_raw = "Spring";
    p.publications.push_back(season);
    guard_profile(p);
    CHECK(p.publications[0].venue_raw == "EMNLP");
    CHECK(p.publications[1].venue_raw == "");
    CHECK(p.publications[2].venue_raw == "");
}

TEST_CASE("an author list before a venue whose name has a period of its own leaves the venue") {
    Profile p;
    p.name = "Ines Marlow";
    Publication pub;
    pub.title = "Sentence Compression in Linear Time";
    pub.venue_raw = "T. Velarde, I. Marlow. Proc. of the Example Conference on Language Systems";
    p.publications.push_back(pub);
    Publication names_only;
    names_only.title = "Another Paper";
    names_only.venue_raw = "T. Velarde, I. Marlow and B. Lindqvist";
    p.publications.push_back(names_only);
    guard_profile(p);
    CHECK(p.publications[0].venue_raw == "Proc. of the Example Conference on Language Systems");
    CHECK(p.publications[1].venue_raw == "");
    // No stop between the names and the venue: the venue starts at a word venue names have.
    Profile q;
    q.name = "Ines Marlow";
    Publication glued;
    glued.title = "Sentence Compression in Linear Time";
    glued.venue_raw = "Tomas Velarde and Ines Marlow Journal of Example Language Studies";
    q.publications.push_back(glued);
    guard_profile(q);
    CHECK(q.publications[0].venue_raw == "Journal of Example Language Studies");
}

TEST_CASE("a venue named in a biography paragraph is no publication, a news item's is") {
    Profile bio = extract_text(
        "Avery Quinlan\n\nAvery is a researcher with experience in model interpretability and in the evaluation of "
        "language models for scientific text, with publications at ACL and NeurIPS 2025 and spotlights at several workshops.\n\n"
        "EDUCATION\nExample University  2019 - 2023\n");
    CHECK(bio.publications.empty());
    Profile news = extract_text(
        "Avery Quinlan\n\nNEWS\n2025: Our paper on sparse probes got a spotlight at NeurIPS 2025!\n\n"
        "EDUCATION\nExample University  2019 - 2023\n");
    REQUIRE(news.publications.size() == 1);
    CHECK(news.publications[0].venue_raw == "NeurIPS 2025");
}
