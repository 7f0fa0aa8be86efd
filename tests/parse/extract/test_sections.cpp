// Section splitting and heading classification.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "cvsearch/parse.hpp"
#include "parse/extract/extract.hpp"
#include "tests/parse/profile_lookup.hpp"

using cvsearch::extract::heading_kind;
using cvsearch::extract::split_sections;

TEST_CASE("heading_kind classifies CV headings in any case and markup") {
    struct Case {
        const char* heading;
        const char* kind;
    };
    const std::vector<Case> cases = {
        {"Education", "education"},
        {"EDUCATION", "education"},
        {"**Education**", "education"},
        {"Education:", "education"},
        {"Academic Background", "education"},
        {"Awards of our team", "awards"},
        {"Experience", "experience"},
        {"Research Experience", "experience"},
        {"Work Experience", "experience"},
        {"PROFESSIONAL EXPERIENCE", "experience"},
        {"Employment", "experience"},
        {"Positions", "experience"},
        {"Academic Appointments", "experience"},
        {"Research and Consulting", "experience"},
        {"Consultancy", "experience"},
        {"INTERNATIONAL MOBILITY", "experience"},  // research stays abroad
        {"Publications", "publications"},
        {"Selected Papers", "publications"},
        {"Selected Publications", "publications"},
        {"Conference Papers", "publications"},
        {"Journal Papers", "publications"},
        {"Refereed Publications", "publications"},
        {"Peer-Reviewed Journal Articles", "publications"},
        {"Preprints", "publications"},
        {"Manuscripts", "publications"},
        {"Patents", "publications"},
        {"PUBLICATIONS (selected, reverse chronological)", "publications"},
        {"Awards", "awards"},
        {"Honors & Awards", "awards"},
        {"Honours and Awards", "awards"},
        {"Fellowships", "awards"},
        {"Grants & Funding", "awards"},
        {"Skills", "skills"},
        {"Technical Skills", "skills"},
        {"Programming Languages", "skills"},
        {"Languages", "languages"},
        {"Research Interests", "interests"},
        {"Research Areas", "interests"},
        {"Teaching", "teaching"},
        {"Teaching Experience", "teaching"},
        {"Service", "service"},
        {"CONFERENCE SPEAKER", "talks"},
        {"Invited Speaker", "talks"},
        {"Professional Activities", "service"},
        {"Reviewing", "service"},
        {"Journal Reviewing", "service"},
        {"Community Service", "service"},
        {"Talks", "talks"},
        {"Invited Talks", "talks"},
        {"Presentations", "talks"},
        {"Conference Presentations", "talks"},
        {"Invited Talks_____", "talks"},
        {"Projects", "projects"},
        {"Open Source Contributions", "projects"},
        {"Summary", "summary"},
        {"References", "references"},
        {"\xE5\xAD\xA6\xE6\x9C\xAF\xE6\x9C\x8D\xE5\x8A\xA1", "service"},  // 学术服务
        {"\xE6\x95\x99\xE8\x82\xB2\xE8\x83\x8C\xE6\x99\xAF", "education"},  // 教育背景
    };
    for (const auto& c : cases) {
        std::string captured = c.heading;
        CAPTURE(captured);
        auto kind = heading_kind(c.heading);
        REQUIRE(kind.has_value());
        CHECK(*kind == c.kind);
    }
}

TEST_CASE("civilian and military service are posts held, professional service is not") {
    for (const char* h : {"Civilian Service", "CIVILIAN SERVICE", "Military Service", "Zivildienst", "Wehrdienst"}) {
        auto kind = heading_kind(h);
        REQUIRE_MESSAGE(kind, h);
        CHECK_MESSAGE(*kind == "experience", h);
    }
    REQUIRE(heading_kind("Professional Service"));
    CHECK(*heading_kind("Professional Service") == "service");
}

TEST_CASE("professional affiliations are the societies one belongs to, affiliations alone may be employers") {
    for (const char* h : {"Professional Affiliations", "PROFESSIONAL AFFILIATIONS", "Professional Affiliation"}) {
        auto kind = heading_kind(h);
        REQUIRE_MESSAGE(kind, h);
        CHECK_MESSAGE(*kind == "service", h);
    }
    REQUIRE(heading_kind("Affiliations"));
    CHECK(*heading_kind("Affiliations") == "experience");
    // Whole pipeline: the societies listed under it are no institutions.
    auto profiles = cvsearch::parse_bytes(
        "Ingrid Haugland\n\nPROFESSIONAL EXPERIENCE\nAssociate Professor, Northcape University, 2019 - present\n\n"
        "PROFESSIONAL AFFILIATIONS\nInternational Musicological Society\nSociety for Music Theory\n",
        "cv.txt");
    REQUIRE(profiles.size() == 1);
    const auto& affs = profiles[0].affiliations;
    CHECK(std::any_of(affs.begin(), affs.end(), [](const cvsearch::Affiliation& a) { return a.institution_raw == "Northcape University"; }));
    CHECK(std::none_of(affs.begin(), affs.end(), [](const cvsearch::Affiliation& a) {
        return a.institution_raw.find("Society") != std::string::npos;
    }));
}

TEST_CASE("a degree or thesis heading marked as supervised lists the students' work: teaching") {
    for (const char* h : {"MASTER DEGREES (Supervisor)", "PhD Theses (co-supervisor)", "Theses (advisor)"}) {
        auto kind = heading_kind(h);
        REQUIRE_MESSAGE(kind, h);
        CHECK_MESSAGE(*kind == "teaching", h);
    }
    CHECK(*heading_kind("MASTER DEGREES") == "education");
    CHECK(*heading_kind("Education (selected)") == "education");
    // Whole pipeline: the students' theses under such a heading name no place of the CV's owner.
    auto profiles = cvsearch::parse_bytes(
        "Ines Marlow\n\nEDUCATION\nPh.D. in Computer Science, Example University, 2017\n\n"
        "Master Degree (Supervisor)\n2022 Tomas Velarde - Title: MOTIONHUNT - A motion detection system\n"
        "2021 Ana Ruiz - Title: CIAS - Clinical Intelligent & Adaptive System\n",
        "cv.txt");
    REQUIRE(profiles.size() == 1);
    const auto& affs = profiles[0].affiliations;
    CHECK(std::any_of(affs.begin(), affs.end(), [](const cvsearch::Affiliation& a) { return a.institution_raw == "Example University"; }));
    CHECK(std::none_of(affs.begin(), affs.end(), [](const cvsearch::Affiliation& a) {
        return a.institution_raw.find("MOTIONHUNT") != std::string::npos || a.institution_raw.find("CIAS") != std::string::npos;
    }));
}

TEST_CASE("heading_kind rejects lines that only contain a heading word") {
    for (const char* s : {"Best Paper Award", "Senior Research Scientist", "Curriculum Vitae", "Jane Doe",
                          "Program Committee: SC 2022", "Distributed Systems for Machine Learning", "2019 - 2021",
                          "Award for Top 1% Students in the College of Engineering"}) {
        std::string captured = s;
        CAPTURE(captured);
        CHECK_FALSE(heading_kind(s).has_value());
    }
}

namespace {

std::vector<std::string> kinds_of(const std::vector<cvsearch::Section>& sections) {
    std::vector<std::string> out;
    for (const auto& s : sections) out.push_back(s.kind);
    return out;
}

}  // namespace

TEST_CASE("split_sections finds headings in light markup and in plain text") {
    struct Case {
        const char* name;
        const char* text;
        std::vector<std::string> kinds;
    };
    const std::vector<Case> cases = {
        {"markup headings",
         "# Avery Quinlan\nquinlan@example.org\n\n# Education\n- 2015 | Ph.D. | Example University\n\n# Publications\n- A. Quinlan. "
         "A Title. SOSP 2019.\n",
         {"header", "education", "publications"}},
        {"capitals, bold and colons in plain text",
         "AVERY QUINLAN\n\nEDUCATION\nExample University 2015\n\n**Selected Papers**\n1. A. Quinlan. Title. 2019.\n\nInvited "
         "Talks:\n- Keynote, 2020\n",
         {"header", "education", "publications", "talks"}},
        {"talks, service and reviewing are not publications",
         "# Publications\n- x\n# Invited Talks\n- y\n# Service\n- z\n# Reviewing\n- w\n",
         {"publications", "talks", "service", "service"}},
        {"an entry title under a section stays in it",
         "# Research Experience\n### Scheduling for Multimodal Models\nExample University 2024 - Present\n",
         {"experience"}},
        {"an unknown heading in capitals starts a section of its own",
         "# Skills\n- C++\n# OPEN SOURCE WORK\n- lib\n",
         {"skills", "other"}},
        {"venue types in plain lines divide publications; elsewhere, as a section, and as talks, they are talks",
         "# Publications\nConferences\n- A. Quinlan. A Title. SOSP 2019.\nJournals\n- x\n# Invited Talks\n- y\nWorkshops\n- z\n"
         "# Papers\nConference Talks\n- w\n# Papers\n- v\n# Conferences\n- u\n",
         {"publications", "publications", "talks", "talks", "publications", "talks", "publications", "talks"}},
        {"a heading-like line with text after its colon is content",
         "# Service\nProgram Committee: SC 2022, HPDC 2021\n",
         {"service"}},
        {"papers named by where they stand; a qualifier before a modified core word, in capitals",
         "AVERY QUINLAN\n\nPUBLISHED & FORTHCOMING\n[1] Quinlan, A. (2019) Title. Journal of X, 3(1): 1-9.\n\n"
         "ENTREPRENEURIAL & PROFESSIONAL EXPERIENCE\nCo-Founder\n2015 - 2018\nExample Labs, Taipei\n\nForthcoming\n- x\n",
         {"header", "publications", "experience", "publications"}},
        {"a bold role ending in a comma goes on with the next line: no heading",
         "# Work Experience\n**TA,**\n*Example University*\n2019 - 2020\n**Competition,**\nsecond place\n",
         {"experience"}},
    };
    for (const auto& c : cases) {
        std::string captured = c.name;
        CAPTURE(captured);
        CHECK(kinds_of(split_sections(c.text)) == c.kinds);
    }
}

TEST_CASE("split_sections keeps the heading as written and the cleaned section text") {
    auto sections = split_sections("# **RESEARCH EXPERIENCE**\n\nBuilt a fault-toler-\nant scheduler.\n\n- Item one\n- Item two\n");
    REQUIRE(sections.size() == 1);
    CHECK(sections[0].heading == "RESEARCH EXPERIENCE");
    CHECK(sections[0].kind == "experience");
    CHECK(sections[0].text == "Built a fault-tolerant scheduler.\nItem one\nItem two");
}

// Headings in small capitals as PDF text tools give them: the capital of each
// word apart from the rest ("E MPLOYMENT", "P UBLISHED PAPERS").
TEST_CASE("split_sections rejoins headings in small capitals split after their first letter") {
    auto sections = split_sections(
        "SELMA VARGO\nLakeside School of Economics\n\nE MPLOYMENT\n2024-\nAssistant Professor, Lakeside School of Economics\n\n"
        "R ESEARCH VISITS\n2022\nNorthbay University\n\nP UBLISHED PAPERS\nPrices on the pier\nwith Tomas Ek (published at "
        "Journal of Harbor Economics)\n\nW ORK IN P ROGRESS\nFerries and fares\n\nC ONFERENCE & S EMINAR P RESENTATIONS\n"
        "2023 Nordic Port Meeting\n\nG RANTS AWARDED\n2021 Young Scholar Grant\n\nA NEW METHOD\nI AM\n");
    std::vector<std::string> headings;
    for (const auto& s : sections) headings.push_back(s.kind + ":" + s.heading);
    CHECK(headings == std::vector<std::string>{"header:", "experience:EMPLOYMENT", "experience:RESEARCH VISITS",
                                               "publications:PUBLISHED PAPERS", "talks:CONFERENCE & SEMINAR PRESENTATIONS",
                                               "awards:GRANTS AWARDED"});
    // "W ORK IN P ROGRESS" names no section kind: it stays in the papers, as written
    CHECK(sections[3].text.find("W ORK IN P ROGRESS") != std::string::npos);
    // prose in capitals is no small-caps heading and is not rejoined
    CHECK(sections.back().text.find("A NEW METHOD") != std::string::npos);
    CHECK(sections.back().text.find("I AM") != std::string::npos);
}

TEST_CASE("a CV from a PDF with small-capitals headings: employers and papers land in their sections") {
    auto profiles = cvsearch::parse_bytes(
        "SELMA VARGO\nselma.vargo@example.org\n\nE MPLOYMENT\n2024-\nAssistant Professor, Department of Economics, Lakeside "
        "University\n\nE DUCATION\n2019\nPh.D. in Economics, Northbay School of Economics\n\nC ONFERENCE & S EMINAR P RESENTATIONS\n"
        "2023\nEuropean Meeting of Port Economists (Oslo, Norway), University of Westholm\n",
        "cv.txt");
    REQUIRE(profiles.size() == 1);
    const auto& p = profiles[0];
    std::vector<std::string> kinds;
    for (const auto& s : p.sections) kinds.push_back(s.kind);
    CHECK(kinds == std::vector<std::string>{"header", "experience", "education", "talks"});
    std::vector<std::string> places;
    for (const auto& a : p.affiliations) places.push_back(a.institution_raw);
    CHECK(std::find(places.begin(), places.end(), "Lakeside University") != places.end());
    CHECK(std::find(places.begin(), places.end(), "Northbay School of Economics") != places.end());
    // a talk's host is no employer
    CHECK(std::find(places.begin(), places.end(), "University of Westholm") == places.end());
}

TEST_CASE("sub-headings under Experience stay in it: Research lists positions, a sibling sub-heading is no section of its own") {
    // The markdown-cv layout: "## Experience", then "### Research", "### Professional", each with
    // `dates` and "__Employer |__ Role" entries. Fictional people and places.
    auto profiles = cvsearch::parse_bytes(
        "# Ines Varga\n\n## Experience\n\n### Research\n\n`2018 - Present`\n__University of Lorien |__ PhD Candidate\n"
        "- Funded by a fellowship.\n\n### Professional\n\n`2016 - 2017`\n__OpenPaper |__ Information Officer\n"
        "- Helped expand the editorial board.\n\n`2014 - 2016`\n__Glasswork Collective |__ Committee member\n"
        "- Co-organised monthly discussions.\n\n## Skills\n\nPython, R\n",
        "cv.md");
    REQUIRE(profiles.size() == 1);
    const auto& p = profiles[0];
    std::vector<std::string> places;
    for (const auto& a : p.affiliations) places.push_back(a.institution_raw);
    CHECK(std::find(places.begin(), places.end(), "University of Lorien") != places.end());
    CHECK(std::find(places.begin(), places.end(), "OpenPaper") != places.end());
    CHECK(std::find(places.begin(), places.end(), "Glasswork Collective") != places.end());
    std::vector<std::string> kinds;
    for (const auto& s : p.sections) kinds.push_back(s.kind);
    CHECK(std::count(kinds.begin(), kinds.end(), "other") == 0);
    CHECK(std::count(kinds.begin(), kinds.end(), "research") == 0);

    // Beside a classified sub-heading under Experience, one of no known kind stays in Experience too.
    auto sections = split_sections("## Experience\n\n### Teaching\n\n- Tutor, 2019\n\n### Industry Roles\n\n- Analyst, 2020\n");
    REQUIRE(sections.size() == 3);
    CHECK(sections[1].kind == "teaching");
    CHECK(sections[2].kind == "experience");
}

TEST_CASE("a plain \"PhD student\" line under a school is the degree studied there, \"PhD Students\" heads a list") {
    // Fictional people and places.
    auto profiles = cvsearch::parse_bytes(
        "# Ann Doe\n\n## Education\n\n**Lakeside University**\n\nPhD student\n\n**Northbay University**\n\nBachelor of Science\n", "cv.md");
    REQUIRE(profiles.size() == 1);
    std::vector<std::string> places;
    for (const auto& a : profiles[0].affiliations) places.push_back(a.institution_raw);
    CHECK(places == std::vector<std::string>{"Lakeside University", "Northbay University"});

    auto sections = split_sections("Ann Doe\n\nPhD Students\n\nBo Roe (Economics), 2023 -> PhD student, Lakeside University\n");
    REQUIRE(sections.size() == 2);
    CHECK(sections[1].kind == "teaching");
}

TEST_CASE("a colon inside a heading's remark does not make it a line of content") {
    // "### Refereed Journal Articles (†: corresponding author)": the legend in brackets
    // holds a colon, yet the line is the heading of the journal papers under it.
    const cvsearch::Profile p = cvsearch::testing::parse_one(
        "# Corin Vale\n\n## Publications\n\n### Working Papers\n- Tide Tables for Small Harbours (with A. Rook)\n\n"
        "### Refereed Journal Articles <font size=\"3\">(\xE2\x80\xA0: corresponding author)</font>\n"
        "- C. Vale\xE2\x80\xA0 & A. Rook, Reading Tides from Harbour Logs, Journal of Harbour Studies, vol. 12, 2024.\n",
        "cv.md");
    const cvsearch::Publication* a = cvsearch::testing::publication(p, "Reading Tides");
    REQUIRE(a);
    CHECK(a->kind == cvsearch::PublicationKind::journal);
    CHECK(a->venue_raw == "Journal of Harbour Studies");
    CHECK(a->year == 2024);
}

TEST_CASE("\"Computational Skills\" heads skills: the languages listed under it are no places") {
    // A PDF's text: the heading is a plain line, "C/C++, OpenMP, ..." under it.
    const cvsearch::Profile p = cvsearch::testing::parse_one(
        "Ann Doe\nCurriculum Vitae\n\nEmployment\n2017–present\n\nBioinformatics Specialist\nNorthfield University, Worcester, MA\n\n"
        "Computational Skills\nPython scripting (NumPy, pandas)\nC/C++, OpenMP, GPGPU programming: CUDA, Thrust\n",
        "cv.txt");
    CHECK(heading_kind("Computational Skills") == std::optional<std::string>("skills"));
    for (const auto& a : p.affiliations) CHECK(a.institution_raw != "C/C++");
    CHECK(cvsearch::testing::affiliation(p, "Northfield University"));
}

TEST_CASE("a heading set as one is named by its last word, a word or two of its own before it") {
    // "## Fist-Author Refereed Publications" (a typo), "## Andere Refereed Publications": the
    // head noun names the section. Fictional person and paper.
    const std::string entry = "\n\n- Vale, R. (2019). Tides of the northern lakes and models. Lake Letters, 3, 1-9.\n";
    for (const char* heading : {"## Fist-Author Refereed Publications", "## Andere Refereed Publications"}) {
        CAPTURE(heading);
        auto p = cvsearch::testing::parse_one("# Robin Vale\n\n" + std::string(heading) + entry, "cv.md");
        REQUIRE(p.publications.size() == 1);
        CHECK(p.publications[0].venue_raw == "Lake Letters");
    }
    // More words of its own than that is a line of text that happens to be a heading.
    auto p = cvsearch::testing::parse_one("# Robin Vale\n\n## We wrote three lovely things\n\n- A walk by the lake in 2019.\n", "cv.md");
    CHECK(p.publications.empty());
    CHECK_FALSE(cvsearch::extract::heading_kind("Fist-Author Refereed Publications"));  // not set as a heading
}
