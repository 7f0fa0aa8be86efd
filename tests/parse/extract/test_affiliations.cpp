// Affiliations from education and experience sections, including PDF-broken layouts.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "cvsearch/parse.hpp"
#include "parse/extract/affiliation_parts.hpp"
#include "parse/extract/affiliations.hpp"
#include "parse/extract/extract.hpp"
#include "parse/extract/lexicon.hpp"
#include "parse/readers/reader.hpp"

using cvsearch::Affiliation;
using cvsearch::AffiliationKind;

namespace {

struct Want {
    std::string institution_raw;
    std::string role;
    std::optional<int> start;
    std::optional<int> end;
    bool current;
    AffiliationKind kind;
};

std::vector<Affiliation> affiliations_of(const std::string& text) {
    cvsearch::readers::TextDocument d;
    d.text = text;
    return cvsearch::extract::extract_profile(d).affiliations;
}

void check(const std::string& text, const std::vector<Want>& want) {
    auto got = affiliations_of(text);
    CAPTURE(text);
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        CAPTURE(i);
        CHECK(got[i].institution_raw == want[i].institution_raw);
        CHECK(got[i].role == want[i].role);
        CHECK(got[i].start_year == want[i].start);
        CHECK(got[i].end_year == want[i].end);
        CHECK(got[i].current == want[i].current);
        CHECK(got[i].kind == want[i].kind);
    }
}

constexpr auto edu = AffiliationKind::education;
constexpr auto work = AffiliationKind::work;
constexpr auto visiting = AffiliationKind::visiting;

}  // namespace

TEST_CASE("one-line entries: dates, role and institution in any order") {
    check("# Appointments\n"
          "2019 \xE2\x80\x93 present     Senior Scientist, Example Institute of Technology, Department of Physics\n"
          "2015 \xE2\x80\x93 2019        Postdoctoral Fellow, Northfield University\n"
          "2014               Visiting Researcher, Lakeside National Laboratory\n",
          {{"Example Institute of Technology", "Senior Scientist", 2019, std::nullopt, true, work},
           {"Northfield University", "Postdoctoral Fellow", 2015, 2019, false, work},
           {"Lakeside National Laboratory", "Visiting Researcher", 2014, 2014, false, visiting}});
}

TEST_CASE("education entries with the degree before the institution") {
    check("# Education\n"
          "- Ph.D., Computer Science, Northfield University, 2013\xE2\x80\x93" "2018. Thesis: *Learning to Rank*.\n"
          "- B.Sc., Mathematics, University of Eastbrook, 2009 - 2013\n",
          {{"Northfield University", "Ph.D., Computer Science", 2013, 2018, false, edu},
           {"University of Eastbrook", "B.Sc., Mathematics", 2009, 2013, false, edu}});
}

TEST_CASE("a comma inside a long name: the part that goes on with a joining word stays with it") {
    check("# Education\n"
          "- B.Sc., \xC3\x89" "cole Sup\xC3\xA9rieure d'Imaginaire, d'Optique et de R\xC3\xAAverie (ESIOR), Northfield, 2001\n"
          "- M.Sc., Institute of Pretend Medicine, for Public Health, Eastbrook, 2004\n",
          {{"\xC3\x89" "cole Sup\xC3\xA9rieure d'Imaginaire, d'Optique et de R\xC3\xAAverie", "B.Sc.", 2001, 2001, false, edu},
           {"Institute of Pretend Medicine, for Public Health", "M.Sc.", 2004, 2004, false, edu}});
}
TEST_CASE("light markup cventry lines") {
    check("# Education\n- 2016 -- 2021 | Ph.D. in Physics | Westbrook University | Westbrook, UK | Thesis on lasers\n",
          {{"Westbrook University", "Ph.D. in Physics", 2016, 2021, false, edu}});
}

TEST_CASE("PDF layout: places and dates lines away from their institutions") {
    check("# EDUCATION\n\n"
          "\xE2\x80\xA2 The University of Northfield\n\nPh.D. Student in Computer Science\n\nAdvisor: Prof. Ada Byron\n\n"
          "Eastbrook Institute of Technology (EIT)\n\nMaster of Science in Computer Science\n\n"
          "Ann Arbor, MI, USA\n\nAug 2021 - Present\n\nDaejeon, Republic of Korea\n\nMar 2016 - Feb 2018\n",
          {{"The University of Northfield", "Ph.D. Student in Computer Science", 2021, std::nullopt, true, edu},
           {"Eastbrook Institute of Technology", "Master of Science in Computer Science", 2016, 2018, false, edu}});
}

TEST_CASE("PDF layout: columns glued together and a role glued to its company") {
    check("# Professional Experience\nNorthfield ResearchSeoul, South KoreaResearch EngineerFeb 2020 \xE2\x80\x93 Jun 2024\n"
          "\xE2\x80\xA2 System Software Engineer Quillsoft Inc.\tFeb 2018 \xE2\x80\x93 Jun 2019 Seongnam, Republic of Korea\n",
          {{"Northfield Research", "Research Engineer", 2020, 2024, false, work},
           {"Quillsoft", "System Software Engineer", 2018, 2019, false, work}});
}

TEST_CASE("a company without a keyword is found next to a role and a place") {
    check("# Work Experience\n- Summer 2023 **Zentrix, Software Engineer Intern, Madison, WI**\n"
          "- Developed a workload analyzer used by engineers at Example Labs, improving isolation.\n",
          {{"Zentrix", "Software Engineer Intern", 2023, 2023, false, work}});
}

TEST_CASE("several positions under one employer") {
    check("# Experience\nNorthfield Research, Mountain View, CA\n"
          "Senior Research Scientist                Aug 2021 - Present\n"
          "Research Scientist                       Sep 2018 - Jul 2021\n",
          {{"Northfield Research", "Senior Research Scientist", 2021, std::nullopt, true, work},
           {"Northfield Research", "Research Scientist", 2018, 2021, false, work}});
}

TEST_CASE("a lab yields to the university named beside it") {
    check("# Research Experience\nSoftware Platform Lab, NFU\nApr 2020 - Jun 2021\n",
          {{"NFU", "", 2020, 2021, false, work}});
}

TEST_CASE("unglue_columns splits only at column boundaries") {
    using cvsearch::extract::unglue_columns;
    CHECK(unglue_columns("Northfield UniversitySeoul, KoreaB.S. in PhysicsMar 2012") ==
          "Northfield University\tSeoul, Korea\tB.S. in Physics\tMar 2012");
    CHECK(unglue_columns("TmaxSoft and DeepMind") == "TmaxSoft and DeepMind");
}

TEST_CASE("legal forms and acronyms in parentheses are not part of the institution's name") {
    check("# Experience\n- 2019 - 2021: Research Associate, Quorvane Devices, Inc.\n- 2017 - 2019: Engineer, Northwind GmbH\n",
          {{"Quorvane Devices", "Research Associate", 2019, 2021, false, work}, {"Northwind", "Engineer", 2017, 2019, false, work}});
}

TEST_CASE("a unit line right after a complete entry belongs to it") {
    check("# Professional Experience\n2016-2019 | Graduate Research Assistant | Northfield University\nInjury Prevention Research Center\n"
          "College of Public Health\n",
          {{"Northfield University", "Graduate Research Assistant", 2016, 2019, false, work}});
}

TEST_CASE("a department glued to its university and a parent company named after 'by'") {
    check("# Academic Appointments\nAssistant Professor | 2018-2023\nUniversity of Eastbrook Department of Computer Sciences | St Paul, MN\n",
          {{"University of Eastbrook", "Assistant Professor", 2018, 2023, false, work}});
    check("# Experience\nData Scientist, Happy Parcels by Paymentco (May 2022 - Nov 2023)\n",
          {{"Happy Parcels", "Data Scientist", 2022, 2023, false, work}});
}

TEST_CASE("an employer followed by its country, and a sub-heading right under a section heading") {
    check("# Work experience\n- Zentrix, China (2022.01-2025.01)\n- Duties include: defect detection.\n",
          {{"Zentrix", "", 2022, 2025, false, work}});
    check("# Experience\n# Work-wise\n- 2019 | Web writer | Calcworks, Krakow | Writing pages\n",
          {{"Calcworks", "Web writer", 2019, 2019, false, work}});
}

TEST_CASE("a new employer after a blank line, and job titles that start like verbs") {
    check("EXPERIENCE\n\nNorthfield Research, Mountain View, CA\nSenior Research Scientist        Aug 2021 - Present\n"
          "- Designed a retrieval model that\n  shipped to production in 2023.\nResearch Scientist               Sep 2018 - Jul 2021\n\n"
          "Zentrix, Seattle, WA\nApplied Scientist Intern         Jun 2017 - Sep 2017\n",
          {{"Northfield Research", "Senior Research Scientist", 2021, std::nullopt, true, work},
           {"Northfield Research", "Research Scientist", 2018, 2021, false, work},
           {"Zentrix", "Applied Scientist Intern", 2017, 2017, false, work}});
}

TEST_CASE("a unit named after the role, a role naming a school, a centre for a field") {
    check("# Experience\n- Northfield Research Center | Northfield, Germany | Research Assistant, Institute of Climate Research | Apr 2010 - Jul 2010\n",
          {{"Northfield Research Center", "Research Assistant", 2010, 2010, false, work}});
    check("# Education\n- Example Association | Berlin, Germany | Member of the Example Research School on Energy | May 2015 - Sep 2017\n",
          {{"Example Association", "Member of the Example Research School on Energy", 2015, 2017, false, edu}});
    check("# Research experience\n- 2013 - 2018 | Northfield Centre for Biotechnology (NFU) | PhD student | Models of progression\n",
          {{"Northfield Centre for Biotechnology", "PhD student", 2013, 2018, false, work}});
}

TEST_CASE("a known employer that ends like a unit, and a role named after a university") {
    // "Ant Group" is in the institution table: the city after it is no employer.
    check("EXPERIENCE\nResearch Intern, Ant Group, Blockchain Lab, Hangzhou \u2014 Summer 2022\n",
          {{"Ant Group", "Research Intern", 2022, 2022, false, work}});
    check("EXPERIENCE\nResearch Intern, Ant Group \u2014 2021\n", {{"Ant Group", "Research Intern", 2021, 2021, false, work}});
    // "University Lecturer" is a job title, not a university.
    check("EMPLOYMENT\nUniversity Lecturer, University of Helsinki     2019 - present\n",
          {{"University of Helsinki", "University Lecturer", 2019, std::nullopt, true, work}});
}

TEST_CASE("the header's postal address and 'Last updated' date are no affiliation, an honour is no school") {
    cvsearch::readers::TextDocument d;
    d.text =
        "# Ada Byron\n\n"
        "Ph.D. Student, Computer Science Department, Example University\n"
        "Hopper Hall Center, 5000 Forbes Ave, Pittsburgh, PA 15213\n"
        "*Last updated: January 2026*\n\n"
        "## Education\n\n"
        "- **Example University**, Ph.D. in Computer Science, Aug 2021 - Present\n"
        "- **Indian Institute of Technology Bombay**, B.Tech. in Computer Science, 2017-2021\n"
        "  Institute Silver Medal\n";
    auto got = cvsearch::extract::extract_profile(d).affiliations;
    for (const auto& a : got) {
        CAPTURE(a.institution_raw);
        CHECK(a.institution_raw.find("Hopper Hall") == std::string::npos);
        CHECK(a.institution_raw.find("Medal") == std::string::npos);
    }
    CHECK(got.size() == 2);
}

TEST_CASE("a degree named in its own language, with the abbreviation in parentheses") {
    check("# Education\n* **Ingenier\xC3\xAD" "a Inform\xC3\xA1tica (B.S. + M.Eng.)**, Universidad Polit\xC3\xA9" "cnica de Madrid, 2015\xE2\x80\x93" "2021\n",
          {{"Universidad Polit\xC3\xA9" "cnica de Madrid", "Ingenier\xC3\xAD" "a Inform\xC3\xA1tica (B.S. + M.Eng.)", 2015, 2021, false, edu}});
    // An acronym in parentheses is no degree: "(BSC)" is not a B.Sc.
    check("# Experience\n* **Research Assistant**, 2020\xE2\x80\x93" "2021\n  Barcelona Supercomputing Center (BSC), Barcelona, Spain\n",
          {{"Barcelona Supercomputing Center (BSC)", "Research Assistant", 2020, 2021, false, work}});
}

TEST_CASE("a doctorate abbreviated D.Sc., and the thesis opponent's university is no affiliation") {
    check("EDUCATION\nD.Sc. (Tech.), Computer Science, Aalto University, Espoo          2017\xE2\x80\x93" "2021\n"
          "  Dissertation: Energy Accounting for Offloaded Computation on Mobile\n"
          "  Devices. Opponent: Prof. Henrik Dahlberg (KTH Royal Institute of Technology)\n",
          {{"Aalto University", "D.Sc. (Tech.), Computer Science", 2017, 2021, false, edu}});
}

TEST_CASE("role-and-date lines each followed by their employer on the next line") {
    check("# Experience\n* **Summer 2024: Research Intern**<br>\n  Example Research, Santa Clara, CA\n"
          "  * Power capping policies for clusters\n"
          "* **Summer 2023: Research Intern**<br>\n  Microsoft Azure Research \xE2\x80\x93 Systems, Redmond, WA\n",
          {{"Example Research", "Research Intern", 2024, 2024, false, work},
           {"Microsoft Azure Research", "Research Intern", 2023, 2023, false, work}});
}

TEST_CASE("an expected graduation date in parentheses leaves no half-open aside in the degree") {
    check("EDUCATION\nCarnegie Mellon University                                  2020 - present\n"
          "    Ph.D. in Computer Science (expected Summer 2026)\n",
          {{"Carnegie Mellon University", "Ph.D. in Computer Science", 2020, std::nullopt, true, edu}});
}

TEST_CASE("the place a dated role is held at, written as a name, even with a topic word in it") {
    check("# Employment\n"
          "1. Senior Staff Software Engineer at Quillon Computing (November 2018 - present)\n"
          "2. Research Engineer at Marrowby Data Systems (2015 - 2018)\n",
          {{"Quillon Computing", "Senior Staff Software Engineer", 2018, std::nullopt, true, work},
           {"Marrowby Data Systems", "Research Engineer", 2015, 2018, false, work}});
    // Not a topic written in lower case after "at": "Engineer at scale".
    CHECK(affiliations_of("# Employment\n1. Research Engineer at scale computing (2015 - 2018)\n").empty());
}

TEST_CASE("date | institution | role cells: the cell before the role names the place, without its aside") {
    check("# Research experience\n"
          "2018 – | NORCAN East (Itäinen Tutkimuskeskus, UNF) | Post-doc\n"
          "2013 – 2018 | Northfield University | PhD student\n",
          {{"NORCAN East", "Post-doc", 2018, std::nullopt, true, work},
           {"Northfield University", "PhD student", 2013, 2018, false, work}});
}

TEST_CASE("Italian, French and Dutch legal forms, and first-person prose under an entry names no place") {
    check("# Experience\n"
          "Ferrovia Italia S.p.A. | Rome, Italy | June 2022 - Ongoing as Software Engineer\n"
          "I acquired significant knowledge about several technologies like C#, SQL, Blazor, CSS, HTML and Azure DevOps\n"
          "Brisemer SARL | Lyon, France | 2019 - 2022 as Data Engineer\n"
          "Veldhaven N.V. | Zaandam, Netherlands | 2017 - 2019 as Intern\n",
          {{"Ferrovia Italia", "as Software Engineer", 2022, std::nullopt, true, work},
           {"Brisemer", "as Data Engineer", 2019, 2022, false, work},
           {"Veldhaven", "as Intern", 2017, 2019, false, work}});
}

TEST_CASE("a college affiliated to a university: the college is the school attended") {
    check("# Education\n"
          "Ranipur Institute of Technology, Kolkata Affiliated to Eastvale University of Technology 2021 - 2025 Bachelors in "
          "Computer Science and Engineering with Honors\n",
          {{"Ranipur Institute of Technology", "Bachelors in Computer Science and Engineering", 2021, 2025, false, edu}});
}

TEST_CASE("a title in another language that names a kind of school is the role, not the place") {
    check("# Experiencia\n"
          "- Febrero 2020 - Julio 2020 | Profesor universitario | Escola Nova de Tecnologies | Barcelona\n"
          "- 2018 - 2019 | Professeur des universit\u00e9s | Universit\u00e9 de Valmont | Valmont\n",
          {{"Escola Nova de Tecnologies", "Profesor universitario", 2020, 2020, false, work},
           {"Universit\u00e9 de Valmont", "Professeur des universit\u00e9s", 2018, 2019, false, work}});
}

TEST_CASE("a degree line naming a school no table knows, before its city, is that school, not the school above") {
    check("# Education\n"
          "Ph.D., Kowloon Polytechnic University, Hong Kong, China | 2019\xE2\x80\x93Present\n"
          "M.Sc., Lyon INP-ENSEIRB, Lyon, France | 2018\xE2\x80\x93" "2019\n"
          "M.Eng., Lyon INP-ENSEIRB, Lyon, France | 2016\xE2\x80\x93" "2019\n",
          {{"Kowloon Polytechnic University", "Ph.D.", 2019, std::nullopt, true, edu},
           {"Lyon INP-ENSEIRB", "M.Sc.", 2018, 2019, false, edu},
           {"Lyon INP-ENSEIRB", "M.Eng.", 2016, 2019, false, edu}});
    // A second degree at the same school, with its field only, still inherits the school.
    check("# Education\n"
          "Northfield University, Northfield\n"
          "Ph.D., Computer Science, 2019\xE2\x80\x93" "2023\n"
          "M.Sc., Mathematics, 2017\xE2\x80\x93" "2019\n",
          {{"Northfield University", "Ph.D., Computer Science", 2019, 2023, false, edu},
           {"Northfield University", "M.Sc., Mathematics", 2017, 2019, false, edu}});
}

TEST_CASE("a skills line in a qualifications section (\"Programming: Python (advanced), SAS (intermediate)\") names no school") {
    check("# Education\n"
          "MSc in Economics, University of Northfield, 2021 - 2024\n"
          "# Other Qualifications\n"
          "Languages: Danish (native), English (fluent)\n"
          "Programming: Python (advanced), Stata (advanced), SAS (intermediate)\n",
          {{"University of Northfield", "MSc in Economics", 2021, 2024, false, edu}});
}

TEST_CASE("a line that opens with its dates and names an institution is an entry, however many lower-case words its unit has") {
    check("# Experiences\n"
          "2019-\xE2\x80\xA6 Assistant professor, University of Northfield, Laboratory of Mathematics and their applications\n"
          "2015-17 Research engineer, expert in GPU technologies, Westbrook University\n",
          {{"University of Northfield", "Assistant professor", 2019, std::nullopt, true, work},
           {"Westbrook University", "Research engineer", 2015, 2017, false, work}});
}

TEST_CASE("dates on a line of their own, then a row of short comma parts naming an institution, are one entry") {
    check("# Experiences\n"
          "2019-\xE2\x80\xA6\n"
          "Assistant professor, University of Northfield, Laboratory of Mathematics and their applications, team of the fluids\n",
          {{"University of Northfield", "Assistant professor", 2019, std::nullopt, true, work}});
    // A sentence stays a description, even with commas and a university in it.
    check("# Experience\n"
          "2019 - 2021 Research Assistant, Eastbrook University\n"
          "Developed tools for the lab, the group and the department of physics, Eastbrook University, with others\n",
          {{"Eastbrook University", "Research Assistant", 2019, 2021, false, work}});
}

TEST_CASE("an office in a society, association, committee or working group is service, not an affiliation") {
    check("# Appointments\n"
          "2021 - present   Professor, Example University\n"
          "2021 - present   Member, Example Ministry Manufacturing Technical Working Group\n"
          "2020 - 2022      President, Association of Example Laser Users (AELU)\n"
          "2018 - 2020      Secretary, Example Society of Rheology\n"
          "2016 - 2019      Lecturer, Northfield University\n",
          {{"Example University", "Professor", 2021, std::nullopt, true, work},
           {"Northfield University", "Lecturer", 2016, 2019, false, work}});
}

TEST_CASE("institutions named together with slashes are each an affiliation of the entry") {
    check("# Experience\n"
          "**Research Fellow, Project Aurora** (2023\xE2\x80\x93" "2024)\n"
          "Example University / Example Turing Institute / QRTZ, Exeter, UK\n"
          "- Collaboration between the three partners to automate scheduling\n",
          {{"Example University", "Research Fellow", 2023, 2024, false, work},
           {"Example Turing Institute", "Research Fellow", 2023, 2024, false, work},
           {"QRTZ", "Research Fellow", 2023, 2024, false, work}});
    // A slash between fields of study names no institutions.
    check("# Education\n"
          "2014 - 2018   B.Sc. in Computer Science / Mathematics, Northfield University\n",
          {{"Northfield University", "B.Sc. in Computer Science / Mathematics", 2014, 2018, false, edu}});
}

TEST_CASE("a role with its place in parentheses names that place") {
    check("# Experience\n"
          "Research Assistant (Example Academy of Sciences)   Oct 2021 - Jun 2022\n"
          "Research Assistant (Geodata Lab, Northfield University)   Jan 2020 - Jun 2021\n",
          {{"Example Academy of Sciences", "Research Assistant", 2021, 2022, false, work},
           {"Northfield University", "Research Assistant", 2020, 2021, false, work}});
}

TEST_CASE("a bare department name is a unit, even one a registry lists") {
    for (const auto& a : affiliations_of("# Experience\n"
                                         "- 2019 - 2023: PhD student, Example University\n"
                                         "\t* Computer Science Department, Centre for Doctoral Training in Data.\n"))
        CHECK(a.institution_raw != "Computer Science Department");
}

TEST_CASE("a centre a table knows by its name is an institution, though a centre is often a unit") {
    check("PROFESSIONAL APPOINTMENTS\n\n"
          "Center for Advancing Innovation\n"
          "Senior Nonresident Fellow\n\n"
          "2025 - present\n\n"
          "Example Institute for Policy Research, Washington, DC\n"
          "Associate fellow\n\n"
          "2016 - present\n",
          {{"Center for Advancing Innovation", "Senior Nonresident Fellow", 2025, std::nullopt, true, work},
           {"Example Institute for Policy Research", "Associate fellow", 2016, std::nullopt, true, work}});
}

TEST_CASE("a town and a state after an organization are where it is, not a university or a degree") {
    // "Boston, MA": MA is Massachusetts, not a Master of Arts; "Berkeley, CA" after an
    // organization's name is its town, though a table knows a university by that word.
    check("# Experience\n\n"
          "Research Fellow May 2026 – September 2026\n"
          "Quillfeather Scholars Program, Berkeley, CA\n\n"
          "Research Assistant, Newsroom Lab June 2022 – October 2022\n"
          "Eastbrook University, Boston, MA\n",
          {{"Quillfeather Scholars Program", "Research Fellow", 2026, 2026, false, work},
           {"Eastbrook University", "Research Assistant", 2022, 2022, false, work}});
}

TEST_CASE("a role held for a person names no place") {
    // "TA for Prof. Ann Doe, Compilers": neither the professor nor the course is an employer,
    // and the line does not inherit the place of the entry above.
    auto got = affiliations_of("# Academic Experience\n\n"
                               "Research Assistant, Quillfeather Institute of Technology, 2011 - 2017\n\n"
                               "Teaching Assistant\n"
                               "- TA for Prof. Tsz-Wing Ode, Engineering Programming, Fall 2012\n"
                               "- TA for Prof. Young-mi Sarn, Compilers, Spring 2012\n");
    REQUIRE(!got.empty());
    CHECK(got[0].institution_raw == "Quillfeather Institute of Technology");
    for (const auto& a : got) {
        CAPTURE(a.institution_raw);
        CHECK(a.institution_raw == "Quillfeather Institute of Technology");
        CHECK(a.role.find("Prof") == std::string::npos);
    }
}

TEST_CASE("collaborators' places, course titles and topics in a role heading are no affiliation") {
    auto got = affiliations_of(
        "# Experience\n\n"
        "Project I: Progressive Pseudo Bags for Slide Classification\n"
        "Jul. 2023 – Present\n"
        "Cooperating Organization: Smart Lab, Harbourside University of Science and Technology.\n\n"
        "# Work Experience\n\n"
        "2024: Teaching Assistant for GEOS102: Our Changing Planet: Climate and Ecosystems\n"
        "Greyhaven University\n\n"
        "### Technology Consultant – Artificial Intelligence & Data Analytics\n"
        "3/2020 – 8/2020 Quillfeather Industry Solutions GmbH\n");
    std::vector<std::string> places;
    for (const auto& a : got) places.push_back(a.institution_raw);
    CAPTURE(places);
    for (const auto& p : places) {
        CHECK(p.find("Harbourside") == std::string::npos);
        CHECK(p.find("Cooperating") == std::string::npos);
        CHECK(p.find("Changing") == std::string::npos);
        CHECK(p.find("Climate") == std::string::npos);
        CHECK(p.find("Intelligence") == std::string::npos);
    }
    CHECK(std::find(places.begin(), places.end(), "Greyhaven University") != places.end());
}

TEST_CASE("a company named with a field word is an employer before its role and place, a subject alone is not") {
    auto got = affiliations_of("# Work Experience\n\n"
                               "2013 | C7 Tech and Design, Software developer, New Orleans, LA\n"
                               "- Worked as a full-stack web developer.\n\n"
                               "2012 | Quillmark Design, Intern, New York, NY\n"
                               "- Built dashboards.\n\n"
                               "2011 | Computer Science, Teaching Assistant, Boston, MA\n");
    std::vector<std::string> places;
    for (const auto& a : got) places.push_back(a.institution_raw);
    CAPTURE(places);
    CHECK(std::find(places.begin(), places.end(), "C7 Tech and Design") != places.end());
    CHECK(std::find(places.begin(), places.end(), "Quillmark Design") != places.end());
    CHECK(std::find(places.begin(), places.end(), "Computer Science") == places.end());
}

TEST_CASE("an acronym in brackets wrapped onto a line of its own is no second employer") {
    check("# Positions\n"
          "2023 -- Present\n"
          "Postdoctoral Fellow, Example Theoretical Astrophysics Center\n"
          "(ETAC)\n"
          "Supervisor: Dr. Ann Doe\n"
          "2018 -- 2023\n"
          "Graduate Research Assistant, Northfield University\n",
          {{"Example Theoretical Astrophysics Center", "Postdoctoral Fellow", 2023, std::nullopt, true, work},
           {"Northfield University", "Graduate Research Assistant", 2018, 2023, false, work}});
}

TEST_CASE("a medical specialty after a role is the role's field: the hospital on the line below is the place") {
    // "<p>dates. Role, Specialty.<br />Hospital. City, ST.</p>" as an HTML vita lays it out.
    auto affs = affiliations_of(
        "Rowan Example\n\n# Experience\n\n"
        "2021 - Present. Resident Physician, General Surgery.\nLakeview Health System. Springfield, IL.\n\n"
        "Summer 2018. Medical Research Assistant.\nRiverside University Medical Center. Springfield, IL.\n");
    REQUIRE(affs.size() == 2);
    CHECK(affs[0].institution_raw == "Lakeview Health System");
    CHECK(affs[0].role == "Resident Physician");
    CHECK(affs[0].start_year == 2021);
    CHECK(affs[0].current);
    CHECK(affs[1].institution_raw == "Riverside University Medical Center");
    CHECK(affs[1].role == "Medical Research Assistant");
    CHECK(affs[1].start_year == 2018);
    for (const auto& a : affs) CHECK(a.institution_raw != "General Surgery");
}

TEST_CASE("a PDF's vertical layout: role, dates, then the place and its city on a line of their own") {
    // "Co-Founder / 2015 - 2018 / Tidepool.ly, Taipei (startup ...)": the place line has no
    // dates and no role, a name and the city it is in.
    auto affs = affiliations_of(
        "Rowan Example\n\nPROFESSIONAL EXPERIENCE\n"
        "Co-Founder\n2015 - 2018\nTidepool.ly, Taipei (startup analytics platform)\n"
        "- Designed and implemented an analytics suite\n"
        "Public Finance Intern\nThe Larkspur Group, New Orleans\n- Drafted budget recommendations\n2007\n");
    auto has = [&](const std::string& inst) {
        return std::any_of(affs.begin(), affs.end(), [&](const Affiliation& a) { return a.institution_raw == inst; });
    };
    CHECK(has("Tidepool.ly"));
    CHECK(has("The Larkspur Group"));
    for (const auto& a : affs) CHECK(a.institution_raw.find("Taipei") == std::string::npos);
    // A label is no name ("Institution: Information Technologies"), a status no employer.
    auto labelled = affiliations_of("Rowan Example\n\nEXPERIENCE\n2015 - 2018 Research Engineer\nInstitution: Information Technologies\n");
    for (const auto& a : labelled) CHECK(a.institution_raw != "Institution");
}

TEST_CASE("emoji badges are decoration: an employer written after one keeps its own name") {
    cvsearch::readers::TextDocument d = cvsearch::readers::read_markdown(
        "# Experience\n"
        "2020 - 2022  Research Intern, \xF0\x9F\x8F\xA2 Example Robotics Inc.\n");
    auto got = cvsearch::extract::extract_profile(d).affiliations;
    REQUIRE(got.size() == 1);
    CHECK(got[0].institution_raw == "Example Robotics");
    CHECK(got[0].role == "Research Intern");
}

TEST_CASE("the UK's integrated masters (MSci, MChem, MPhys, MMath) are degrees, not places") {
    check("# Education\n"
          "- MSci, Earth Sciences, Northfield University, 2016 - 2017\n"
          "- MPhys, Physics, University of Eastbrook, 2012 - 2016\n",
          {{"Northfield University", "MSci, Earth Sciences", 2016, 2017, false, edu},
           {"University of Eastbrook", "MPhys, Physics", 2012, 2016, false, edu}});
}

TEST_CASE("an entry macro's long description in its last cell leaves the entry readable") {
    // "date | role | place | institutions | description" on one line (a \cventry whose fields
    // are each one line): the line is long, its entry is in the cells before the description.
    check("# Education\n"
          "- December 2012 \xE2\x80\x93 2016 | Machine Learning PhD Student | Lakeside | Northfield Institute \xE2\x80\x93 "
          "University of Eastbrook | In the Tide Team led by Ann Doe, working on sparse dictionary learning for the "
          "regional models of estuaries and their sediments\n",
          {{"University of Eastbrook", "Machine Learning PhD Student", 2012, 2016, false, edu}});
}

TEST_CASE("the header's personal details (home address, date of birth) give no affiliation and no entry's date") {
    // Fictional person and places.
    auto got = affiliations_of(
        "Ann Doe -- Curriculum Vitae\n"
        "Work Address | Tide Project, Harbour Building 3F, Lakeside 100-1003, Examplia\n"
        "Home Address | 1-60-22 Toro-Cho Kita-Ku, Northbay-Shi Northbay-Ken, 331-0804, Examplia\n"
        "Date of Birth | 18th August 1992 Nationality | Examplia\n"
        "# Education\n"
        "- BSc in Science, University of Eastbrook, 2012 - 2016\n");
    REQUIRE(got.size() == 1);
    CHECK(got[0].institution_raw == "University of Eastbrook");
}

TEST_CASE("one unknown word under an entry, with no role, dates or town, is no place: the tool used there") {
    // Fictional company; AutoCAD-like tool name written on a line of its own.
    check("# Experience\n"
          "Quillmark Controls, Charlotte, NC - Engineering Assistant (Summer 1999 - 2000).\n"
          "\n"
          "DraftCAD\n"
          "\n"
          "Ostrava Labs, Brno, Czechia\n",
          {{"Quillmark Controls", "Engineering Assistant", 1999, 2000, false, work},
           {"Ostrava Labs", "", std::nullopt, std::nullopt, false, work}});
}

TEST_CASE("a group or team leader is a role: the place is the line under it") {
    // A LaTeX table row "dates & \textbf{Role}" with the employer in the row below
    // ("& \textit{Place, City}"): "Bioinformatics Group Leader" names no group as a place.
    auto profiles = cvsearch::parse_bytes(
        "\\documentclass{article}\\begin{document}\n\\section*{Research Experience}\n\\begin{tabular}{ll}\n"
        "2016 -- today & \\textbf{Harbour Modelling Group Leader}\\\\\n& \\textit{Tidewater Research, Kiel, Germany}\\\\[5pt]\n"
        "& The group builds tide models.\\\\\n"
        "2012 -- 2016 & \\textbf{Team Leader}\\\\\n& \\textit{Northfield Labs, Bremen, Germany}\\\\\n"
        "\\end{tabular}\n\\end{document}\n",
        "cv.tex");
    REQUIRE(profiles.size() == 1);
    const auto& affs = profiles[0].affiliations;
    REQUIRE(affs.size() == 2);
    CHECK(affs[0].institution_raw == "Tidewater Research");
    CHECK(affs[0].role == "Harbour Modelling Group Leader");
    CHECK(affs[0].start_year == 2016);
    CHECK(affs[1].institution_raw == "Northfield Labs");
    CHECK(affs[1].role == "Team Leader");
    CHECK(affs[1].end_year == 2016);
}

TEST_CASE("degrees in the Latin order (A.M., A.B., S.M.) are degrees, never places") {
    // A res.cls education block: the school, then its degrees indented under it.
    auto profiles = cvsearch::parse_bytes(
        "\\documentclass{article}\\begin{document}\n\\section{Education}\n"
        "Lakeside University \\hfill Expected 2026\\\\\n\\hspace*{5mm} Ph.D., Government\\\\\n"
        "\\hspace*{5mm} A.M., Government \\hfill 2022\n\n"
        "Northbay College \\hfill 2019\\\\\n\\hspace*{5mm} S.B., Political Science\n\\end{document}\n",
        "cv.tex");
    REQUIRE(profiles.size() == 1);
    for (const auto& a : profiles[0].affiliations) {
        CHECK(a.institution_raw != "A.M");
        CHECK(a.institution_raw != "A.M.");
        CHECK(a.institution_raw != "S.B.");
    }
    CHECK(cvsearch::extract::starts_with_degree("A.M., Government"));
    CHECK(cvsearch::extract::starts_with_degree("Sc.B. in Physics"));
    CHECK_FALSE(cvsearch::extract::starts_with_degree("AB Volvo"));
}

TEST_CASE("two institutions joined by an ampersand are two places, a name with an ampersand is one") {
    auto affs = affiliations_of("# Ann Doe\n\n## Education\n"
                                "- Ph.D. in Physics, Tidewater Institute & Friedrich Example Universität, 2022 - present\n"
                                "- B.Sc., College of Arts & Sciences, Northbay University, 2015\n"
                                "\n## Experience\n- Analyst, Quell & Rook, 2016 - 2018\n");
    std::vector<std::string> places;
    for (const auto& a : affs) places.push_back(a.institution_raw);
    CHECK(std::find(places.begin(), places.end(), "Tidewater Institute") != places.end());
    CHECK(std::find(places.begin(), places.end(), "Friedrich Example Universität") != places.end());
    CHECK(std::find(places.begin(), places.end(), "Sciences") == places.end());
    CHECK(std::find(places.begin(), places.end(), "Rook") == places.end());
    CHECK(cvsearch::extract::institutions_named_together("Johnson & Johnson") == std::vector<std::string>{"Johnson & Johnson"});
}

TEST_CASE("a dated university under Teaching is a place the person worked at, a student's school under Supervision is not") {
    // Fictional person; the universities are real ones, for the tables to know.
    auto affs = affiliations_of("# Ann Doe\n\n## Experience\n- Assistant Professor, Kookmin University, 2022 - present\n"
                                "\n## Teaching Experience\n"
                                "2019 - 2021  Seoul National University, Korea\n"
                                "Music Analysis 2, 3; Music Theory 1\n"
                                "Yonsei University, Seoul: Seminar in Piano Literature\n"
                                "\n## Student Supervision\n"
                                "2020 - 2021  Bo Roe (undergraduate), Pusan National University\n");
    std::vector<std::string> places;
    for (const auto& a : affs) places.push_back(a.institution_raw);
    CAPTURE(places.size());
    CHECK(std::find(places.begin(), places.end(), "Kookmin University") != places.end());
    CHECK(std::find(places.begin(), places.end(), "Seoul National University") != places.end());
    // Undated: a course taught somewhere says too little.
    CHECK(std::find(places.begin(), places.end(), "Yonsei University") == places.end());
    // Where a student came from is not where the person worked.
    CHECK(std::none_of(places.begin(), places.end(), [](const std::string& p) { return p.find("Pusan") != std::string::npos; }));
}

TEST_CASE("a title after the kind of school, a programme or event, a company's R&D unit: none of them is the place") {
    // Fictional people and places.
    auto places = [](const std::string& body) {
        std::vector<std::string> out;
        for (const auto& a : affiliations_of("# Robin Vale\n\n## Experience\n" + body)) out.push_back(a.institution_raw);
        return out;
    };
    CHECK(places("- 2008 - 2009: High School Physics Teacher, Riverside High School\n") ==
          std::vector<std::string>{"Riverside High School"});
    CHECK(places("- Summer 2011: Student developer, Google Summer of Code\n"
                 "- Summer 2010: Participant, Lakeside Summer School on Robotics\n"
                 "- 2009: Student, Riverside Hackathon\n")
              .empty());
    CHECK(places("- 2008: Intern, Corporate Research and Development, Example Motors\n") == std::vector<std::string>{"Example Motors"});
    using cvsearch::extract::is_role_named_after_place;
    CHECK(is_role_named_after_place("Middle School Math Teacher"));
    CHECK(is_role_named_after_place("University Lecturer"));
    CHECK_FALSE(is_role_named_after_place("Riverside High School"));
    CHECK_FALSE(is_role_named_after_place("Graduate School of Example Staff"));  // a title ends it only as a person's
    CHECK(cvsearch::extract::names_event("Example Physics Olympiad"));
    CHECK_FALSE(cvsearch::extract::names_event("Summerfield College"));
    // An organization that does research and development is one: its kind word ends the name.
    CHECK(cvsearch::extract::institution_strength("Example Research and Development Institute") >=
          cvsearch::extract::InstitutionStrength::org);
}

TEST_CASE("a grade that ends its sentence before the university is no part of the university's name") {
    // "Masters in Computer Science, 4.9 of 5. Example State University, Russia". Fictional school.
    auto affs = affiliations_of("# Robin Vale\n\n## Education\n\n"
                                "2003 -- 2008 | Masters in Computer Science, 4.9 of 5. Northbay State University, Russia\n");
    REQUIRE(affs.size() == 1);
    CHECK(affs[0].institution_raw == "Northbay State University");
    CHECK(affs[0].start_year == 2003);
    // A dot inside a name stays: "St. Example College".
    affs = affiliations_of("# Robin Vale\n\n## Education\n\n2003 -- 2008 | B.A., St. Example College\n");
    REQUIRE(affs.size() == 1);
    CHECK(affs[0].institution_raw == "St. Example College");
}

TEST_CASE("two institutions the tables know joined by 'and' are two places, a name with 'and' in it is one") {
    // A joint degree. The universities are real; the person is fictional.
    auto affs = affiliations_of("# Robin Vale\n\n## Education\n\n"
                                "- Ph.D., University of Gothenburg and Chalmers University of Technology, 2019\n"
                                "- B.Sc., University of Science and Technology of China, 2014\n"
                                "- B.A., Hong Kong University of Science and Technology, 2012\n");
    std::vector<std::string> places;
    for (const auto& a : affs) places.push_back(a.institution_raw);
    CHECK(places == std::vector<std::string>{"University of Gothenburg", "Chalmers University of Technology",
                                             "University of Science and Technology of China",
                                             "Hong Kong University of Science and Technology"});
}

TEST_CASE("the conjunction that joined two places over a line break is no part of a name") {
    // "Coastal Processes Research Group and" / "Example Forecasting Centre": fictional units.
    auto affs = affiliations_of("# Robin Vale\n\n## Experience\n\n"
                                "- 2015 - 2019: Ph.D. Researcher, Lakeside Marine Institute and\n");
    REQUIRE_FALSE(affs.empty());
    CHECK(affs[0].institution_raw == "Lakeside Marine Institute");
}
