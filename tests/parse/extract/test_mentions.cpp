// Papers and places named in news items and biographies (home pages without lists).
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "parse/extract/extract.hpp"
#include "parse/readers/reader.hpp"

namespace {

cvsearch::Profile profile_of(const char* text) {
    cvsearch::readers::TextDocument d;
    d.text = text;
    return cvsearch::extract::extract_profile(d);
}

std::vector<std::string> venues_of(const cvsearch::Profile& p) {
    std::vector<std::string> out;
    for (const auto& pub : p.publications) out.push_back(pub.venue_raw + "/" + (pub.year ? std::to_string(*pub.year) : "-"));
    return out;
}

}  // namespace

TEST_CASE("news items name accepted papers, service, talks and prizes do not count") {
    auto p = profile_of(
        "# Recent News\n"
        "- 09/19/2025 Our work on sampling is accepted by NeurIPS 2025.\n"
        "- 08/18/2024 Our work on tissue atlases is accepted by Nature Communications.\n"
        "- 09/01/2025 I am honored to be invited to be a reviewer for ICLR.\n"
        "- Will be a Program Chair for ICCV 2025, 03/2024.\n"
        "- Code released for our CVPR 2021 paper on pose estimation.\n"
        "- Second place entry, keypoints detection challenge ECCV 2018.\n"
        "- Gave a keynote talk at SIGMOD 2019.\n");
    CHECK(venues_of(p) == std::vector<std::string>{"NeurIPS 2025/2025", "Nature Communications/2024", "CVPR 2021/2021"});
}

TEST_CASE("venues in parentheses after a project name") {
    auto p = profile_of("# Codes and datasets\n- Small networks. Interleaved convolutions (ICCV 2017): pdf code | Graph search (ACM MM 2012): pdf\n");
    CHECK(venues_of(p) == std::vector<std::string>{"ICCV 2017/2017", "ACM MM 2012/2012"});
    // Without a year and on a line about no paper, a bracket names standards or groups, not venues.
    auto q = profile_of("# About\nMy expertise is recognized by my contributions to global policy: from technical standards "
                        "(IEEE 7001, ISO/IEC JTC1/SC42) to the AI Act.\n");
    CHECK(q.publications.empty());
}

TEST_CASE("beside a publication list, news adds only papers the list does not have yet") {
    auto p = profile_of("# Publications\n- A. Byron. A Title of a Paper. VLDB 2020.\n- A. Byron. Another Paper. ICML 2024.\n\n"
                        "# News\n- Our paper is accepted by NeurIPS 2025.\n- Our paper on sorting is accepted by ICML 2024.\n"
                        "- Invited to serve as a reviewer for CVPR 2024.\n- Attended KDD 2023 in person.\n");
    CHECK(venues_of(p) == std::vector<std::string>{"VLDB 2020/2020", "ICML 2024/2024", "NeurIPS 2025/2025"});
    // other prose (a biography) still counts only without a list
    auto q = profile_of("# Publications\n- A. Byron. A Title of a Paper. VLDB 2020.\n\n# About\nOur paper is accepted by NeurIPS 2025.\n");
    CHECK(venues_of(q) == std::vector<std::string>{"VLDB 2020/2020"});
}

TEST_CASE("a biography places the person when the CV has no education or experience section") {
    auto p = profile_of(
        "# Biography\nI am a third year Ph.D. candidate at Northfield University, supervised by Prof. A. Byron. Prior to that, I "
        "obtained my master degree at Eastbrook Institute of Technology and worked with Prof. B. Hopper at the Data Systems Lab.\n");
    REQUIRE(p.affiliations.size() == 2);
    CHECK(p.affiliations[0].institution_raw == "Northfield University");
    CHECK(p.affiliations[0].kind == cvsearch::AffiliationKind::education);
    CHECK(p.affiliations[1].institution_raw == "Eastbrook Institute of Technology");
}

TEST_CASE("a news item about one paper names it: its quoted title, else the name it opens with") {
    auto p = profile_of(
        "# News\n"
        "- [Jun 2024] Our paper on \"Tidal Graphs of the Northern Shelf\" has been accepted to the ICML 2024 workshop on Ocean AI.\n"
        "- 10-23-2025: Our paper \"Sparse Flow Fields for Ocean Drift\" with Paul Dorn and Kwame Osei was accepted by NeurIPS 2025.\n"
        "- 09-18-2025: Our paper \"Drifter Arrays for Coastal Mixing\" with Paul Dorn was accepted by NeurIPS 2025.\n"
        "- Apr. 2026: SeaPano has been accepted to SIGGRAPH 2026, see you in LA!\n"
        "- 2026.04: Our work ReefLM on reward models for coral surveys has been accepted to ACL 2026!\n"
        "- 2026.01: Three first-author papers have been accepted by ICLR 2026!\n");
    REQUIRE(venues_of(p) == std::vector<std::string>{"ICML 2024 workshop/2024", "NeurIPS 2025/2025", "NeurIPS 2025/2025", "SIGGRAPH 2026/2026",
                                                     "ACL 2026/2026", "ICLR 2026/2026"});
    CHECK(p.publications[0].title == "Tidal Graphs of the Northern Shelf");
    CHECK(p.publications[1].title == "Sparse Flow Fields for Ocean Drift");
    CHECK(p.publications[2].title == "Drifter Arrays for Coastal Mixing");
    CHECK(p.publications[3].title == "SeaPano");
    CHECK(p.publications[4].title == "ReefLM on reward models for coral surveys");
    CHECK(p.publications[5].title.empty());
}

TEST_CASE("an experience section written as prose places the person through its sentences") {
    auto p = profile_of(
        "# Current and past positions\n"
        "I am currently a postdoctoral research associate at the Department of Physics at the University of Northfield.\n"
        "From 2020-2022 I was a postdoctoral research associate at the Department of Applied Math at the University of Westbrook.\n"
        "In 2020, I obtained my PhD from the Department of Physics, Lakeside University, under the supervision of Ann Roe.\n"
        "I gave a talk at the Eastbrook Institute of Technology in 2021.\n");
    std::vector<std::string> got;
    for (const auto& a : p.affiliations) got.push_back(a.institution_raw);
    CHECK(got == std::vector<std::string>{"University of Northfield", "University of Westbrook", "Lakeside University"});
    REQUIRE(p.affiliations.size() == 3);
    CHECK(p.affiliations[2].kind == cvsearch::AffiliationKind::education);
}

TEST_CASE("without an education section the biography says where its owner studies, collaborators' places do not count") {
    // An internship list is no education section: the biography still names the schools.
    auto p = profile_of(
        "I am a third-year Ph.D. student at Greyhaven University of Technology, under the supervision of "
        "Ann Doe and Bo Roe. I am also very fortunate to work closely with Prof. Cy Poe at Quillfeather College London, "
        "and Prof. Di Lo at University of California San Diego. Prior to joining, I was a master student in "
        "Harbourside University. I also obtained my bachelor's degree from Harbourside University.\n"
        "\n"
        "# Internship\n"
        "\n"
        "- Microsoft Research Asia, mentored by Dr. Eve Wu, 2024.\n");
    std::vector<std::string> places;
    for (const auto& a : p.affiliations) places.push_back(a.institution_raw);
    CAPTURE(places);
    auto has = [&](const std::string& x) { return std::find(places.begin(), places.end(), x) != places.end(); };
    CHECK(has("Microsoft Research Asia"));
    CHECK(has("Greyhaven University of Technology"));
    CHECK(has("Harbourside University"));
    CHECK_FALSE(has("Quillfeather College London"));
    CHECK_FALSE(has("University of California San Diego"));
}

TEST_CASE("a news item's venue the page marks as one (class=\"paper-venue\") is taken whole, known or not") {
    using cvsearch::readers::read_markdown;
    // A Markdown news list with inline HTML spans, as home-page templates write it.
    const cvsearch::readers::TextDocument doc = read_markdown(
        "## News\n\n<ul>\n"
        "<li><strong>10-22-2025:</strong> Our paper <span class=\"paper-title\">\"Reading Tide Tables with Sparse Sensors\"</span> with "
        "<span class=\"paper-authors\">Ann Doe and Bo Roe</span> was accepted by <span class=\"paper-venue\">Annals of Coastal "
        "Ecology</span>.</li>\n"
        "<li><strong>04-18-2024:</strong> Our paper <span class=\"paper-title\">\"Kelp Forest Census\"</span> was accepted by "
        "<span class=\"paper-venue\">ICML 2024</span>.</li>\n"
        "<li><strong>03-02-2023:</strong> Our paper <span class=\"paper-title\">\"Reef Noise\"</span> was accepted by "
        "Marine Letters of the North.</li>\n"
        "<li><em>2022.06</em>: Our work KelpNet was accepted by <strong><em>ICML 2022 Workshop on Ocean Sensing</em></strong>!</li>\n"
        "<li><em>2022.05</em>: Our work on reef acoustics was accepted by <strong><em>ICML 2022</em></strong>!</li>\n"
        "<li><em>2021.09</em>: Our work TideLM was accepted to <em>ACL 2021 Main Conference</em> and <em>NeurIPS 2021 Workshop on "
        "Tides</em>!</li>\n"
        "</ul>\n");
    CHECK(std::find(doc.venue_hints.begin(), doc.venue_hints.end(), "Annals of Coastal Ecology") != doc.venue_hints.end());
    const cvsearch::Profile p = cvsearch::extract::extract_profile(doc);
    // The unmarked, unknown "Marine Letters of the North" stays no venue: only a mark or the tables vouch for one.
    // An italic venue after "accepted by" is taken whole, the longest italic text that opens it.
    CHECK(venues_of(p) == std::vector<std::string>{"Annals of Coastal Ecology/2025", "ICML 2024/2024",
                                                   "ICML 2022 Workshop on Ocean Sensing/2022", "ICML 2022/2022",
                                                   "ACL 2021 Main Conference/2021", "NeurIPS 2021 Workshop on Tides/2021"});
    REQUIRE(!p.publications.empty());
    CHECK(p.publications[0].title == "Reading Tide Tables with Sparse Sensors");
}
