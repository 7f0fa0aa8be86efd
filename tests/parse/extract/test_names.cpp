// Name, emails and homepage of the person the CV is about.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cvsearch/parse.hpp"
#include "parse/extract/extract.hpp"
#include "parse/readers/reader.hpp"

using cvsearch::extract::extract_profile;
using cvsearch::readers::TextDocument;

namespace {

TextDocument doc(const char* text, const char* name_hint = "") {
    TextDocument d;
    d.text = text;
    d.name_hint = name_hint;
    return d;
}

}  // namespace

TEST_CASE("the name comes from the CV header, or stays empty") {
    struct Case {
        const char* what;
        const char* text;
        const char* name;
    };
    const std::vector<Case> cases = {
        {"markup heading", "# Avery Quinlan\n\n12 Main Street, Springfield\n\n# Education\n", "Avery Quinlan"},
        {"capitals are title-cased", "AVERY QUINLAN\nSenior Scientist, Example Labs\n", "Avery Quinlan"},
        {"curriculum vitae line first", "CURRICULUM VITAE\n\nAvery J. Quinlan, Ph.D.\nquinlan@example.org\n", "Avery J. Quinlan"},
        {"name with separator and contacts", "Avery Quinlan | quinlan@example.org | +1 555 0100\n", "Avery Quinlan"},
        {"title and credential", "Dr. Marisol Etxeberria-Lund, PhD\n", "Marisol Etxeberria-Lund"},
        {"hyphens and particles", "Jan-Willem van der Berg\n", "Jan-Willem van der Berg"},
        {"a family name in capitals with its particles", "Corentin VAN DER MOLEN\n12 rue des Lilas\n60280 Margny\nFrance\n",
         "Corentin Van Der Molen"},
        {"two family names in capitals", "Lucia Maria GARCIA LOPEZ\nlucia@example.org\n", "Lucia Maria Garcia Lopez"},
        {"a second given name in parentheses is part of the name as written", "Tomasz (Tom) Wielgus\n", "Tomasz (Tom) Wielgus"},
        {"asides after the name go", "Tomasz Wielgus (he/him) [CV]\n", "Tomasz Wielgus"},
        {"an aside that is no given name goes", "Tomasz (b. 1990) Wielgus\n", "Tomasz Wielgus"},
        {"no name anywhere", "Skip to main content\n\nTable of Contents\n\n1. [SOSP '23] A Paper Title\n", ""},
        {"an institution is not a name", "Example State University\nDepartment of Physics\n", ""},
        {"a repeated page footer", "# Education\nExample University\n\nMAY 2, 2024 AVERY QUINLAN\n\n# Skills\nC\n\nMAY 2, 2024 AVERY QUINLAN 2\n",
         "Avery Quinlan"},
        {"a statement in prose", "# About\nHello! My name is Avery Quinlan, a student of physics.\n", "Avery Quinlan"},
    };
    for (const auto& c : cases) {
        std::string captured = c.what;
        CAPTURE(captured);
        CHECK(extract_profile(doc(c.text)).name == c.name);
    }
}

TEST_CASE("a plausible name hint from metadata wins over the header") {
    CHECK(extract_profile(doc("# Curriculum Vitae\nSomething Else\n", "Avery Quinlan")).name == "Avery Quinlan");
    CHECK(extract_profile(doc("Avery Quinlan\n", "Home | Avery Quinlan")).name == "Avery Quinlan");
    CHECK(extract_profile(doc("Avery Quinlan\n", "Curriculum Vitae")).name == "Avery Quinlan");
    // A page title naming the site ("X Academy", "X Portfolio") is no name: the header's is.
    CHECK(extract_profile(doc("# Avery Quinlan\nPhD student\n", "Avery Quinlan Academy")).name == "Avery Quinlan");
    CHECK(extract_profile(doc("# Avery Quinlan\nPhD student\n", "Avery Quinlan Portfolio")).name == "Avery Quinlan");
}

TEST_CASE("emails, including obfuscated ones, and the homepage") {
    struct Case {
        const char* text;
        std::vector<std::string> emails;
        const char* homepage;
    };
    const std::vector<Case> cases = {
        {"Avery Quinlan\nquinlan@cs.example.edu | https://quinlan.example.org\n", {"quinlan@cs.example.edu"},
         "https://quinlan.example.org"},
        {"Avery Quinlan\nquinlan [at] example [dot] edu\n", {"quinlan@example.edu"}, ""},
        {"Avery Quinlan\nEmail: quinlan (at) example.org\n", {"quinlan@example.org"}, ""},
        {"Avery Quinlan\nhttps://github.com/aquinlan  https://www.linkedin.com/in/aq  Homepage: quinlan.example.net\n", {},
         "https://quinlan.example.net"},
        {"Avery Quinlan\naquinlan.github.io | https://scholar.google.com/x\n", {}, "https://aquinlan.github.io"},
        {"Avery Quinlan\n\n# References\nProf. Referee, referee@example.edu\n", {}, ""},
    };
    for (const auto& c : cases) {
        std::string captured = c.text;
        CAPTURE(captured);
        auto p = extract_profile(doc(c.text));
        CHECK(p.emails == c.emails);
        CHECK(p.homepage == c.homepage);
    }
}

TEST_CASE("interests, skills and awards come out as lists") {
    auto p = extract_profile(doc("Avery Quinlan\n\n# Research Interests\nDistributed systems, storage; fault tolerance\n\n"
                                 "# Technical Skills\n- Languages: C++, Rust, Python\n- Tools: Git\n\n"
                                 "# Awards\n- 2021  Best Paper Award, Example Conference\n- Example Fellowship (2019)\n"));
    CHECK(p.interests == std::vector<std::string>{"Distributed systems", "storage", "fault tolerance"});
    CHECK(p.skills == std::vector<std::string>{"C++", "Rust", "Python", "Git"});
    CHECK(p.awards == std::vector<std::string>{"Best Paper Award, Example Conference", "Example Fellowship"});
}

TEST_CASE("names next to their CJK spelling, with initials, and in a link text") {
    CHECK(extract_profile(doc("# Yilin Quan \xE5\x85\xA8\xE4\xB9\x89\xE6\x9E\x97\n\nPh.D. student\n")).name == "Yilin Quan");
    CHECK(extract_profile(doc("x\n", "Avery A. Quinlan")).name == "Avery A. Quinlan");
    CHECK(extract_profile(doc("# Publications\n- x\n\nYou can find my CV here: Avery Quinlan's Curriculum Vitae\n")).name == "Avery Quinlan");
}

TEST_CASE("a publication page without a name: the author on every paper, if there is one") {
    const std::string page =
        "Skip to main content\n\nTable of Contents\n\n"
        "  1. [SOSP '23] Resilient Training of Large Models with Templates\n    Avery Quinlan, Bo Ito, and Cy Roe\n"
        "  2. [NSDI '21] Offloading a File System to SmartNICs\n    Dee Kim, Avery Quinlan, and Eli Park\n"
        "  3. [ASPLOS '19] Isolated Execution for Commodity GPUs\n    Avery Quinlan, Fay Lund\n";
    CHECK(extract_profile(doc(page.c_str())).name == "Avery Quinlan");
    // Nobody on every paper: no guess.
    std::string mixed = page;
    mixed.replace(mixed.rfind("Avery Quinlan"), 13, "Gus Hale");
    mixed.replace(mixed.rfind("Avery Quinlan"), 13, "Hal Ng");
    CHECK(extract_profile(doc(mixed.c_str())).name.empty());
}

TEST_CASE("a Vancouver-style author on every paper is no name written out") {
    const std::string page =
        "# Publications\n\n"
        "1. Quinlan AB, Ito B, Roe C. Resilient training of large models. Lancet Oncol. 2021.\n"
        "2. Kim D, Quinlan AB, Park E. Offloading a file system. Ann Oncol. 2020.\n"
        "3. Quinlan AB, Lund F. Isolated execution for commodity GPUs. JAMA Oncol. 2019.\n";
    CHECK(extract_profile(doc(page.c_str())).name.empty());
}

TEST_CASE("a name in small capitals arrives in lower case on the CV's first line") {
    CHECK(extract_profile(doc("avery van quinlan, md phd\nMedical Oncologist\nExample Hospital, Springfield\n")).name ==
          "Avery Van Quinlan");
    // Lower case that is no name stays nameless.
    CHECK(extract_profile(doc("curriculum vitae\nMedical Oncologist\n")).name.empty());
}

TEST_CASE("a list of people is not the owner") {
    // A lab page: the alumni, one per bullet, are not whose page it is.
    CHECK(extract_profile(doc("Our lab studies vision.\n\n# Find us\n\n- Example link\n\n## Alumni\n\n- Gus Hale (PhD)\n- Hal Ng (post-doc)\n"
                              "- Ivy Orr (graduate RA)\n"))
              .name.empty());
    // One bullet with the owner's name still names the owner.
    CHECK(extract_profile(doc("- Avery Quinlan\n- avery@example.org\n\n# Education\nExample University\n")).name == "Avery Quinlan");
}

namespace {

TextDocument emphasized(const char* text, const char* bold_lines) {
    TextDocument d = doc(text);
    d.emphasized = bold_lines;
    return d;
}

}  // namespace

TEST_CASE("the owner is the person set in bold in author lists") {
    const char* text = "# Publications\n\nSomething\n";
    // Bold in every list, first or later in it.
    CHECK(extract_profile(emphasized(text,
                                     "- **Avery Quinlan**, Bo Ito, Cy Roe. *A Title.* Example Workshop, 2019\n"
                                     "|Dee Kim, **Avery Quinlan**, Eli Park. *Another Title.*|2018|\n"
                                     "Fay Lund and **Avery Quinlan,** Gus Hale. Third Title. 2017\n"))
              .name == "Avery Quinlan");
    // Once, beside another author.
    CHECK(extract_profile(emphasized(text, "**Avery Quinlan** and Hal Ng (2019), \"A Title\". In preparation.\n")).name == "Avery Quinlan");
    // "A. Quinlan" in the lists, "Avery Quinlan" in full once elsewhere.
    CHECK(extract_profile(emphasized(text,
                                     "**A. Quinlan**, J. Li, M. Roe, \"Detector\", 2015.\n"
                                     "**A. Quinlan**, H. Kim, and P.-Y. Kam, \"An estimator,\" J. Example, 2013.\n"
                                     "**Avery Quinlan** (2014) A thesis on optical receivers\n"))
              .name == "Avery Quinlan");
}

TEST_CASE("bold names that do not mark the owner give no name") {
    const char* text = "# Mentoring\n\nSomething\n";
    // Mentees in bold, one each: nobody is the owner.
    CHECK(extract_profile(emphasized(text,
                                     "- **Gus Hale**, Bo Ito. A Title. 2019\n"
                                     "- **Hal Ng**, Cy Roe. Another Title. 2018\n"))
              .name.empty());
    // A bold employer or heading is no person; a bold name alone is no author list.
    CHECK(extract_profile(emphasized(text, "**Example University**, Springfield, 2019\n**Research Focus**\n**Avery Quinlan**\n")).name.empty());
    // Initials only: the name is never written out.
    CHECK(extract_profile(emphasized(text, "**A. Quinlan**, J. Li. A Title. 2015\n**A. Quinlan**, H. Kim. Another. 2013\n")).name.empty());
}

TEST_CASE("the author on every paper may have a middle initial, not only initials") {
    const std::string page =
        "# Publications\n\n"
        "1. Bo Ito, Avery R. Quinlan, and Cy Roe. Resilient Training of Large Models. In Proceedings of SOSP, 2023.\n"
        "2. Avery R. Quinlan and Dee Kim. Offloading a File System to SmartNICs. In Proceedings of NSDI, 2021.\n"
        "3. Eli Park, Fay Lund, Avery R. Quinlan. Isolated Execution for Commodity GPUs. In Proceedings of ASPLOS, 2019.\n";
    CHECK(extract_profile(doc(page.c_str())).name == "Avery R. Quinlan");
    std::string initials = page;
    for (std::size_t at; (at = initials.find("Avery R. Quinlan")) != std::string::npos;) initials.replace(at, 16, "A. R. Quinlan");
    CHECK(extract_profile(doc(initials.c_str())).name.empty());
}

TEST_CASE("a JSON CV with no name field is named by the author on every paper") {
    const char* resume = R"({"basics": {"name": ""}, "publications": [
        {"name": "Resilient Training of Large Models", "authors": ["Bo Ito", "Avery R. Quinlan"], "publisher": "SOSP", "releaseDate": "2023"},
        {"name": "Offloading a File System", "authors": ["Avery R. Quinlan", "Dee Kim"], "publisher": "NSDI", "releaseDate": "2021"},
        {"name": "Isolated Execution for GPUs", "authors": ["Eli Park", "Avery R. Quinlan"], "publisher": "ASPLOS", "releaseDate": "2019"}]})";
    auto profiles = cvsearch::parse_bytes(resume, "resume.json");
    REQUIRE(profiles.size() == 1);
    CHECK(profiles[0].name == "Avery R. Quinlan");
    const char* any = R"({"publications": {"title": "Publications", "items": [
        {"title": "Resilient Training of Large Models", "authors": "Bo Ito & Avery Quinlan", "journal": "Example Letters", "date": "2023"},
        {"title": "Offloading a File System", "authors": "Avery Quinlan", "journal": "Example Letters", "date": "2021"},
        {"title": "Isolated Execution for GPUs", "authors": "Avery Quinlan & Dee Kim", "journal": "Example Review", "date": "2019"}]}})";
    profiles = cvsearch::parse_bytes(any, "cv.json");
    REQUIRE(profiles.size() == 1);
    CHECK(profiles[0].name == "Avery Quinlan");
    // Everyone on one paper each: no owner.
    const char* several = R"({"publications": [
        {"title": "Resilient Training of Large Models", "authors": "Bo Ito & Gus Hale", "journal": "Example Letters", "date": "2023"},
        {"title": "Offloading a File System", "authors": "Hal Ng", "journal": "Example Letters", "date": "2021"},
        {"title": "Isolated Execution for GPUs", "authors": "Ivy Orr & Dee Kim", "journal": "Example Review", "date": "2019"}]})";
    profiles = cvsearch::parse_bytes(several, "cv.json");
    REQUIRE(profiles.size() == 1);
    CHECK(profiles[0].name.empty());
}

TEST_CASE("a web or mail address beside the name ends a segment") {
    CHECK(extract_profile(doc("Institute of Astronomy\n12 Main St.\nSpringfield, CA 91101\nhttps://avery.example.org Avery W. Quinlan\n"
                              "avery@example.org\n"))
              .name == "Avery W. Quinlan");
    CHECK(extract_profile(doc("avery@example.org Avery Quinlan\n")).name == "Avery Quinlan");
    // A label before the address is still no name.
    CHECK(extract_profile(doc("Homepage: https://example.org Example Scholar\n")).name.empty());
}

TEST_CASE("a label before an address is no name") {
    // "邮件:" (mail) is two CJK characters like a name, but a label.
    CHECK(extract_profile(doc("\xE7\x94\xB5\xE8\xAF\x9D: | \xE9\x82\xAE\xE4\xBB\xB6: avery@example.org\n")).name.empty());
    CHECK(extract_profile(doc("\xE9\x82\xAE\xE4\xBB\xB6\xEF\xBC\x9A\n")).name.empty());
}

TEST_CASE("a mentor, a heading or a page title is never the name") {
    CHECK(extract_profile(doc("Advisor: Prof. Bo Ito\nPhD student, Example University\n")).name.empty());
    CHECK(extract_profile(doc("Supervisors:\nBo Ito, Cy Roe\n")).name.empty());
    CHECK(extract_profile(doc("Technical Strengths\nC++, Python\n")).name.empty());
    CHECK(extract_profile(doc("x\n", "Curriculum Vitae | Home")).name.empty());
}

TEST_CASE("the line under a 'Name:' or 'Curriculum Vitae:' label is the name") {
    CHECK(extract_profile(doc("# Personal information\nName:\nAvery Quinlan\nBorn: 1990\n")).name == "Avery Quinlan");
    CHECK(extract_profile(doc("Curriculum Vitae:\nAvery Quinlan\nPhD student\n")).name == "Avery Quinlan");
    CHECK(extract_profile(doc("Research advisor:\nProf. Bo Ito\n")).name.empty());
}

TEST_CASE("an HTML page names its owner by the author in <b> in its papers") {
    const char* page = "<html><head><title>Publications</title></head><body><h2>Publications</h2><ul>"
                       "<li><b>Avery Quinlan</b>, Bo Ito. Resilient Training of Large Models. In SOSP, 2023.</li>"
                       "<li>Dee Kim, <strong>Avery Quinlan</strong>. Offloading a File System. In NSDI, 2021.</li></ul></body></html>";
    auto profiles = cvsearch::parse_bytes(page, "papers.html");
    REQUIRE(profiles.size() == 1);
    CHECK(profiles[0].name == "Avery Quinlan");
}

TEST_CASE("a page's copyright line names its owner when the holder is a person") {
    CHECK(extract_profile(doc("# Publications\n\n- A paper\n\n\xC2\xA9 2024 Avery Quinlan. All rights reserved.\n")).name == "Avery Quinlan");
    CHECK(extract_profile(doc("# Teaching\n\nCourse\n\nCopyright \xC2\xA9 2019\xE2\x80\x93" "2024 Avery B. Quinlan | Powered by Jekyll\n")).name ==
          "Avery B. Quinlan");
    CHECK(extract_profile(doc("# Teaching\n\nCourse\n\nCopyright (c) Avery Quinlan 2019\n")).name == "Avery Quinlan");
    // An organization's or a theme's copyright names nobody.
    CHECK(extract_profile(doc("# Teaching\n\nCourse\n\n\xC2\xA9 2024 Example University. All rights reserved.\n")).name.empty());
    CHECK(extract_profile(doc("# Teaching\n\nCourse\n\nCopyright 2023 Example Vision Lab\n")).name.empty());
    CHECK(extract_profile(doc("# Teaching\n\nCourse\n\n\xC2\xA9 2024 Powered by Jekyll and Minimal Mistakes\n")).name.empty());
}
