// Reference styles that bibliography tools print and CVs paste as they are: the Nature/ACS
// style ("Doe, J. et al. Title in Venue (2022)."), numbered lists as PDF-to-text tools lay
// them out ("2." on a line of its own), and "[3]." markers. All people and papers are fictional.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "cvsearch/parse.hpp"
#include "parse/extract/pub_venue.hpp"
#include "parse/extract/publications.hpp"
#include "parse/normalize/normalize.hpp"
#include "tests/parse/profile_lookup.hpp"

using cvsearch::Publication;
using cvsearch::PublicationKind;
using cvsearch::extract::parse_publication;
using cvsearch::normalize::venue_value;
using cvsearch::testing::parse_one;
using cvsearch::testing::publication;

TEST_CASE("a title joined to its venue by a bare in is split there") {
    Publication p = parse_publication(
        "Lindqvist, M., Okafor, S. & Brandt, P.-Y. Drift Maps: A Toolkit for Watching Word Meanings Move in Proceedings "
        "of the 36th AAAI Conference on Artificial Intelligence (2022).",
        PublicationKind::other);
    CHECK(p.title == "Drift Maps: A Toolkit for Watching Word Meanings Move");
    CHECK(p.venue_raw == "Proceedings of the 36th AAAI Conference on Artificial Intelligence");
    CHECK(p.year == 2022);
    CHECK(p.authors.size() == 3);

    // An ordinal after " in " opens the venue as well.
    p = parse_publication(
        "Lindqvist, M. & Okafor, S. Demonstration of Drift Maps in 35th Conference on Neural Information Processing "
        "Systems (NeurIPS) (2021).",
        PublicationKind::other);
    CHECK(p.title == "Demonstration of Drift Maps");
    CHECK(p.venue_raw == "35th Conference on Neural Information Processing Systems (NeurIPS)");
    CHECK(p.year == 2021);

    // " in " inside a title with no venue words after it stays in the title.
    p = parse_publication("Lindqvist, M. & Okafor, S. Trust in Large Language Models. Journal of Applied Logic 12 (2020).",
                          PublicationKind::other);
    CHECK(p.title == "Trust in Large Language Models");
    CHECK(p.year == 2020);
}

TEST_CASE("et al after the initials of a surname ends the author list") {
    Publication p = parse_publication(
        "Lindqvist, M. et al. Harbour Atlas: Mapping Coastal News Outlets in International AAAI Conference on Web and "
        "Social Media 2023 (2023).",
        PublicationKind::other);
    CHECK(p.title == "Harbour Atlas: Mapping Coastal News Outlets");
    REQUIRE(p.authors.size() == 1);
    CHECK(p.authors.front() == "Lindqvist, M.");
    CHECK(p.year == 2023);
    CHECK(p.venue_raw.starts_with("International AAAI Conference on Web and Social Media"));
}

TEST_CASE("a numbered list laid out by a PDF-to-text tool keeps one entry per number") {
    // The number alone on its line, a blank line, then the entry; a year wrapped onto a
    // line of its own closes the entry above it and heads no group.
    const std::string cv =
        "Mirela Lindqvist\n"
        "\n"
        "PUBLICATIONS\n"
        "Research Papers\n"
        "1. Lindqvist, M. et al. Harbour Atlas: Mapping Coastal News Outlets in International AAAI Conference on Web and Social Media 2023\n"
        "(2023).\n"
        "2.\n"
        "\n"
        "Lindqvist, M., Okafor, S. & Brandt, P.-Y. Drift Maps: A Toolkit for Watching Word Meanings Move in Proceedings\n"
        "of the 36th AAAI Conference on Artificial Intelligence (2022).\n"
        "3.\n"
        "\n"
        "Okafor, S., Lindqvist, M. & Brandt, P.-Y. Tidal Shifts in Regional Vocabularies in Proceedings of the Fourteenth\n"
        "Workshop on Semantic Evaluation (2020), 105-111.\n";
    auto p = parse_one(cv, "cv.txt");
    REQUIRE(p.publications.size() == 3);
    const Publication* atlas = publication(p, "Harbour Atlas");
    const Publication* drift = publication(p, "Drift Maps");
    const Publication* tidal = publication(p, "Tidal Shifts");
    REQUIRE(atlas);
    REQUIRE(drift);
    REQUIRE(tidal);
    CHECK(atlas->year == 2023);
    CHECK(drift->year == 2022);
    CHECK(drift->venue == "AAAI");
    CHECK(tidal->year == 2020);
    CHECK(tidal->venue == "SemEval");
}

TEST_CASE("bracketed numbers followed by a period are list markers") {
    const std::string cv =
        "# Ilse Varga\n"
        "\n"
        "## Refereed journal papers\n"
        "[2]. ***Varga, I.***, Moreno, T., and Abe, K. (2017). A revised distance to the nebula NGC 9999. "
        "**Research in Astronomy and Astrophysics**, 17:109.\n"
        "\n"
        "[1]. Moreno, T., and ***Varga, I.*** (2013). Cold clouds around young clusters. ApJ, 775:95.\n";
    auto p = parse_one(cv, "cv.md");
    REQUIRE(p.publications.size() == 2);
    const Publication* distance = publication(p, "revised distance");
    const Publication* clouds = publication(p, "Cold clouds");
    REQUIRE(distance);
    REQUIRE(clouds);
    CHECK(distance->title == "A revised distance to the nebula NGC 9999");
    CHECK(distance->year == 2017);
    CHECK(distance->venue == "Research in Astronomy and Astrophysics");
    CHECK(clouds->year == 2013);
    CHECK(clouds->authors.size() == 2);
}

TEST_CASE("an index label in capitals before an author list is no part of the entry") {
    Publication p = parse_publication(
        "SSCI: Varga, I., Moreno, T., & Abe, K. (2022). Grazing pressure and the patchiness of alpine meadows. Land, 11(11), 2087.",
        PublicationKind::other);
    CHECK(p.authors.size() == 3);
    CHECK(p.title == "Grazing pressure and the patchiness of alpine meadows");
    CHECK(p.venue_raw == "Land");
    CHECK(p.year == 2022);
}

TEST_CASE("a title with commas runs on to the last comma part that names a known venue") {
    // No sentence end between title and journal: the title is not cut at its first comma.
    Publication p = parse_publication(
        "Varga, I., Moreno, T. (2026). Street heat, sky view, and tree cover: Evidence from a coastal city, Canada, "
        "Ecological Informatics, 103637.",
        PublicationKind::other);
    CHECK(p.title == "Street heat, sky view, and tree cover: Evidence from a coastal city, Canada");
    CHECK(p.venue_raw == "Ecological Informatics");
    CHECK(p.year == 2026);
    // Without a known venue at the end, the first comma still ends the title.
    p = parse_publication("Varga, I., Moreno, T. (2026). Street heat, sky view, Unheard-of Gazette of Things, 12.",
                          PublicationKind::other);
    CHECK(p.title == "Street heat");
}

TEST_CASE("a family name that is also an article ends an author list, an honorific alone is no author") {
    // "An" is a family name after a given name; "Dr. GRIT:" opens a title, not an author list.
    const std::string page =
        "<html><body><h2>Publications</h2>\n"
        "<div><h5>Dr. GRIT: Stable Learning for Multi-Agent Planners</h5>\n"
        "<p>Lin Qiao, Tomas Weller, <strong>Odile Brenner</strong>, Bo An<br>\n"
        "<em>ICLR Workshop on Cooperative Agents in the Wild (COAW)</em>, 2026</p></div>\n"
        "<div><h5>Nested Credit for Software Agents</h5>\n"
        "<p><strong>Odile Brenner</strong>, Lin Qiao, Bo An<br>\n"
        "<em>Advances in Neural Information Processing Systems</em>, 2025</p></div>\n"
        "</body></html>\n";
    auto p = parse_one(page, "cv.html");
    const Publication* maze = publication(p, "Stable Learning");
    const Publication* nested = publication(p, "Nested Credit");
    REQUIRE(maze);
    REQUIRE(nested);
    CHECK(maze->title == "Dr. GRIT: Stable Learning for Multi-Agent Planners");
    REQUIRE(maze->authors.size() == 4);
    CHECK(maze->authors.back() == "Bo An");
    CHECK(maze->year == 2026);
    CHECK(maze->venue_raw.starts_with("ICLR Workshop on Cooperative Agents"));
    REQUIRE(nested->authors.size() == 3);
    CHECK(nested->authors.back() == "Bo An");
    CHECK(nested->venue == "NeurIPS");
}

TEST_CASE("a title-first entry wrapped at any word is running text, not a line per field") {
    // A LaTeX \item wraps where the source does: after a given name, after an ordinal.
    Publication p = parse_publication(
        "Declarative Coordination of Graph-Based Parallel Programs. Odile\n"
        "Brenner, Piet Alvarez and Mona Ruiz.  21st ACM SIGPLAN\n"
        "Symposium on Principles and Practice of Parallel Programming (PPoPP\n"
        "2016).",
        PublicationKind::other);
    CHECK(p.title == "Declarative Coordination of Graph-Based Parallel Programs");
    REQUIRE(p.authors.size() == 3);
    CHECK(p.authors.front() == "Odile Brenner");
    CHECK(p.venue_raw == "21st ACM SIGPLAN Symposium on Principles and Practice of Parallel Programming (PPoPP 2016)");
    CHECK(p.year == 2016);

    p = parse_publication(
        "Thread-Aware Logic Programming For Data-Driven Parallel Programs.\n"
        "Odile Brenner, Piet Alvarez and Mona Ruiz. 31th\n"
        "International Conference on Logic Programming (ICLP 2015).",
        PublicationKind::other);
    CHECK(p.title == "Thread-Aware Logic Programming For Data-Driven Parallel Programs");
    CHECK(p.venue_raw == "31th International Conference on Logic Programming (ICLP 2015)");
    CHECK(p.year == 2015);
}

TEST_CASE("a degree where the venue would be makes the entry a thesis") {
    Publication p = parse_publication(
        "Call Subsumption Mechanisms for Tabled Logic Programs. Odile Brenner. MSc in Informatics and Computing "
        "Engineering, Faculty of Engineering, University of Greyhaven. June 2010.",
        PublicationKind::other);
    CHECK(p.kind == PublicationKind::thesis);
    CHECK(p.venue_raw.empty());
    CHECK(p.year == 2010);
}

TEST_CASE("a closing quote typed as the opening one still quotes the title, rankings in brackets are no venue") {
    Publication p = parse_publication(
        "Lin Qiao, Odile Brenner, et al. \xE2\x80\x9D" "An accurate prediction of the origin of bone lesions.\xE2\x80\x9D "
        "EBioMedicine (JCR Q1, IF=11.1) 87 (2023).",
        PublicationKind::other);
    CHECK(p.title == "An accurate prediction of the origin of bone lesions");
    CHECK(p.authors.size() == 2);
    CHECK(p.venue_raw.starts_with("EBioMedicine"));
    CHECK(p.venue_raw.find("IF") == std::string::npos);
    CHECK(p.year == 2023);

    // A remark in brackets inside the author list ("(Supervisor)") leaves it an author list.
    p = parse_publication(
        "Piet Alvarez (Supervisor), Odile Brenner, et al. \xE2\x80\x9D" "Memristive circuits for habituation learning.\xE2\x80\x9D "
        "IEEE Transactions on Biomedical Circuits and Systems (JCR Q1, IF=5.1) 14.5 (2020): 1036-1050.",
        PublicationKind::other);
    CHECK(p.title == "Memristive circuits for habituation learning");
    CHECK(p.authors.size() == 2);
    CHECK(p.venue_raw.starts_with("IEEE Transactions on Biomedical Circuits and Systems"));
    CHECK(p.year == 2020);

    // Words before a quoted title that name no venue are not taken for one.
    p = parse_publication("Presentation of the short paper \xE2\x80\x9D" "Encoding clinical records for event prediction\xE2\x80\x9D, 2025.",
                          PublicationKind::other);
    CHECK(p.title == "Encoding clinical records for event prediction");
    CHECK(p.venue_raw.empty());
}

TEST_CASE("editors are no venue, the series a volume belongs to is") {
    Publication p = parse_publication(
        "Varga, I., Moreno, T., and Abe, K. (2014). Kinematic distances of two remnants. In Ray, A. and McCray, R. A., "
        "editors, Supernova Environmental Impacts, volume 296 of IAU Symposium, pages 372-373.",
        PublicationKind::other);
    CHECK(p.title == "Kinematic distances of two remnants");
    CHECK(p.venue_raw == "IAU Symposium");
    CHECK(p.year == 2014);
}

TEST_CASE("family names that are function words stay in the author list") {
    // APA "For, B.-Q." and "B.-Q. For": the list goes on to the year, the title follows it.
    Publication p = parse_publication(
        "Varga, I., Moreno, T., For, B.-Q., Abe, K., and Zheng, Q. (2016). A low-frequency survey of ionized regions. PASA, 33:e020.",
        PublicationKind::other);
    CHECK(p.authors.size() == 5);
    CHECK(p.title == "A low-frequency survey of ionized regions");
    CHECK(p.year == 2016);
    p = parse_publication(
        "I. Varga, T. Moreno, B.-Q. For, and K. Abe. Radio remnants in the southern sky. MNRAS, 2018.",
        PublicationKind::other);
    CHECK(p.authors.size() == 4);
    CHECK(p.title == "Radio remnants in the southern sky");
    // "Doe, J., et al., Title": the comma after "et al." is no part of the title.
    p = parse_publication("Varga, I., et al., A catalogue of ionized regions in the survey. (in prep.)", PublicationKind::other);
    CHECK(p.title == "A catalogue of ionized regions in the survey");
}

TEST_CASE("an unmarked short line in a marked list is a sub-heading, a status one keeps its entries off the venues") {
    const std::string cv =
        "# Odile Brenner\n\n"
        "## Selected Publications\n\n"
        "**Conference Proceedings**\n"
        "* **[ICML 2024]** **Odile Brenner**, Piet Alvarez. \"Federated Sketches in the Small-Data Regime.\" *The 41st International Conference on Machine Learning*.\n\n"
        "**Under Review**\n"
        "* **[ICASSP 2026]** Mona Ruiz, **Odile Brenner**. \"Augmented Symbol Detection with In-Context Learning.\"\n";
    auto p = parse_one(cv, "cv.md");
    const Publication* sketches = publication(p, "Federated Sketches");
    const Publication* symbols = publication(p, "Symbol Detection");
    REQUIRE(sketches);
    REQUIRE(symbols);
    CHECK(sketches->venue == "ICML");
    CHECK(symbols->venue.empty());
    CHECK(symbols->year == 2026);
}

TEST_CASE("long entries with many bracketed remarks, quotes and ' in ' words are read in bounded time") {
    // A hang guard with a generous limit, not a speed target.
    std::string entry = "Varga, I., Moreno, T. (2020). A title in Proceedings of nothing. Journal of Examples ";
    for (int i = 0; i < 20000; ++i) entry += "(JCR Q1, IF=1.0) (note) in Conference ";
    entry += "12 (2020).";
    std::string cv = "# Publications\n\n- " + entry + "\n\n# Experience\n\n";
    for (int i = 0; i < 2000; ++i) cv += "Ann Doe, Bo Roe, and Cy Poe. A cited paper in a description, 2018, arXiv:1807.04575.\n";
    const auto start = std::chrono::steady_clock::now();
    Publication p = parse_publication(entry, PublicationKind::other);
    auto profile = parse_one(cv, "cv.md");
#if defined(__SANITIZE_ADDRESS__)
    const auto limit = std::chrono::seconds(40);
#else
    const auto limit = std::chrono::seconds(10);
#endif
    CHECK(std::chrono::steady_clock::now() - start < limit);
    CHECK(p.year == 2020);
    CHECK_FALSE(profile.publications.empty());
}

TEST_CASE("a paper in a conference and in the journal series of its proceedings counts at both") {
    const std::string cv =
        "# Odile Brenner\n\n"
        "## Publications\n\n"
        "1. Odile Brenner, Piet Alvarez, and Mona Ruiz, \"Waves: Mapping Interface Events to Gestures\" in "
        "Proceedings of the 11th ACM SIGCHI Symposium on Engineering Interactive Computing Systems (EICS) and "
        "Proceedings of the ACM on Human-Computer Interaction (PACM-HCI), 2019.\n";
    auto p = parse_one(cv, "cv.md");
    REQUIRE(p.publications.size() == 2);
    CHECK(p.publications[0].venue == "EICS");
    CHECK(p.publications[0].year == 2019);
    CHECK(p.publications[1].venue_raw == "Proceedings of the ACM on Human-Computer Interaction (PACM-HCI)");
    CHECK(p.publications[1].title == p.publications[0].title);
}

TEST_CASE("a math-style list: abbreviated journal titles, marks glued to authors, a stray number and a legend") {
    // Paragraphs between \smallskip, journal titles abbreviated word by word, "*" and "+"
    // glued to the first author and explained in a legend under the list, and a volume
    // number wrapped onto a line of its own ("7."), which reads like a list number.
    const std::string cv =
        "\\documentclass{article}\n"
        "\\begin{document}\n"
        "\\name{Tomasz Wielgosz}\n"
        "\\section{Publications}\n"
        "\n"
        "\\smallskip\n"
        "T. Wielgosz and K. Amari.  Braided loops of small order.  In preparation.\n"
        "\n"
        "\\smallskip\n"
        "*T. Wielgosz and L. Oduya.  Cyclic orderings of finite semigroups.  {\\em Comm. Math. Univ. Carolinae} "
        "\\textbf{61} (2020), no. 2, 101-117.\n"
        "\n"
        "\\smallskip\n"
        "T. Wielgosz.  Identities in medial groupoids.  {\\em Quasigroups and Rel. Sys.} \\textbf{28} (2019), 33-41.\n"
        "\n"
        "\\smallskip\n"
        "+T. Wielgosz and K. Amari, eds.  {\\em Loops and Their Uses}. Papers from a workshop held at Lakeside College, "
        "2016.  Lecture Notes in Loop Theory\n"
        "\\textbf{7}.\n"
        "\n"
        "\\smallskip\n"
        "T. Wielgosz, K. Amari, and L. Oduya.  Counting transversals in\n"
        "Latin squares.  {\\em Trans. of the Amer. Math. Soc.} \\textbf{362} (2015), 77-95.\n"
        "\n"
        "\\smallskip\n"
        "T. Wielgosz.  Free medial quasigroups.  {\\em J. of Algebra} \\textbf{210} (2012), no. 1, 12-30.\n"
        "\n"
        "* = joint work with students, + = conference volume\n"
        "\\end{document}\n";
    auto p = parse_one(cv, "vita.tex");
    const Publication* braided = publication(p, "Braided loops");
    const Publication* cyclic = publication(p, "Cyclic orderings");
    const Publication* medial = publication(p, "Identities in medial");
    const Publication* counting = publication(p, "Counting transversals");
    const Publication* free = publication(p, "Free medial");
    REQUIRE(braided);  // an unmarked list: its first paragraph is an entry, not prose before markers
    REQUIRE(cyclic);
    REQUIRE(medial);
    REQUIRE(counting);
    REQUIRE(free);
    CHECK(braided->venue_raw.empty());
    CHECK(cyclic->venue_raw.starts_with("Comm. Math. Univ. Carolinae"));
    CHECK(cyclic->year == 2020);
    REQUIRE(!cyclic->authors.empty());
    CHECK(cyclic->authors.front() == "T. Wielgosz");  // the "*" is no part of the name
    CHECK(medial->venue_raw.starts_with("Quasigroups and Rel. Sys"));
    CHECK(counting->title == "Counting transversals in Latin squares");
    CHECK(counting->year == 2015);
    CHECK(free->year == 2012);
    for (const auto& pub : p.publications) {
        CHECK(pub.title.find("joint work") == std::string::npos);  // the legend is no entry
        CHECK(pub.title.find("Wielgosz") == std::string::npos);    // "+T. Wielgosz ..." is an author list
    }
}

TEST_CASE("a list inside a venue's name runs to the acronym in brackets that closes it") {
    Publication p = parse_publication(
        "Odile Brenner and Piet Alvarez. Efficient Retrieval of Subsumed Subgoals. 4th International Conference on "
        "Compilers, Programming Languages, Related Technologies and Applications (CoRTA 2010). Braga, Portugal, September 2010.",
        PublicationKind::other);
    CHECK(p.venue_raw == "4th International Conference on Compilers, Programming Languages, Related Technologies and Applications (CoRTA 2010)");
    CHECK(p.year == 2010);
    // Without an acronym closing it, the name still ends at the comma before a place.
    p = parse_publication("Odile Brenner and Piet Alvarez. Retrieval of Subsumed Subgoals in Tabled Programs. "
                          "Workshop on Tabled Things, Braga, Portugal, 2010.",
                          PublicationKind::other);
    CHECK(p.venue_raw == "Workshop on Tabled Things");
}

TEST_CASE("a year as a comma part of its own between the title and the venue ends the title (ADS exports)") {
    Publication p = parse_publication(
        "Halvorsen, T. K., Mbeki, A., Okonkwo, R., Pulsating hot subdwarfs in the oldest open cluster NGC 6791, 2022, "
        "Monthly Notices of the Royal Astronomical Society, 509, 763",
        PublicationKind::other);
    CHECK(p.title == "Pulsating hot subdwarfs in the oldest open cluster NGC 6791");
    CHECK(p.venue_raw == "Monthly Notices of the Royal Astronomical Society");
    CHECK(p.year == 2022);

    // A journal no table knows, with an article number as its page.
    p = parse_publication("Halvorsen, T. K., Mbeki, A., Stellar parameters of two eclipsing binaries, 2019, Acta Borealis, 621, A93",
                          PublicationKind::other);
    CHECK(p.title == "Stellar parameters of two eclipsing binaries");
    CHECK(p.venue_raw == "Acta Borealis");
    CHECK(p.year == 2019);

    // A title with a sentence end of its own still ends at the year part.
    p = parse_publication(
        "Okonkwo, R., Halvorsen, T. K., A search for variable hot subdwarfs in survey images - II. Variable objects in "
        "the northern sky, 2021, Monthly Notices of the Royal Astronomical Society, 503, 3828",
        PublicationKind::other);
    CHECK(p.title == "A search for variable hot subdwarfs in survey images - II. Variable objects in the northern sky");
    CHECK(p.venue_raw == "Monthly Notices of the Royal Astronomical Society");
    CHECK(p.year == 2021);

    // A year inside a title, with words after the part that follows it, stays in the title.
    p = parse_publication("Halvorsen, T. K., Mbeki, A., Lessons from Tokyo, 2020, and the games that followed, Journal of Sport History, 4, 12",
                          PublicationKind::other);
    CHECK(p.title.find("Tokyo, 2020, and the games") != std::string::npos);
    CHECK(p.venue_raw != "and the games that followed");
}

TEST_CASE("a kind letter and a number before an author list number an entry without brackets") {
    // "R2" (refereed), "C1" (conference), as a PDF-to-text tool prints them, entries wrapped
    // at any word. "CO2 ..." or "B2 ..." opening a line of text number nothing.
    const std::string cv =
        "Mirela Lindqvist\n"
        "\n"
        "PUBLICATIONS\n"
        "Journals (peer-reviewed)\n"
        "R3 Okafor, S.; Lindqvist, M.. Drift maps for evolving corpora. Sensors 2025, 25, 5880.\n"
        "https://doi.org/10.3390/s25185880\n"
        "R2 Brandt, P.; Okafor, S.; Lindqvist, M. A Bayesian approach for monitoring epidemics in presence of\n"
        "undetected cases. Chaos, Solitons and Fractals 2020, 140, 110167\n"
        "R1 De Vries, A.; Lindqvist, M. Topological classifier for detecting seizures. BMC Research Notes, 2018\n"
        "Conferences\n"
        "C1 Okafor, S., Lindqvist, M. Clustering public administration event logs. BIR 2023.\n"
        "C0 Brandt P., Lindqvist M. (2019) Wavelets for tidal gauges. In: Kestrel M. (eds) Tidal Computing. TC 2019.\n"
        "\n"
        "RESEARCH INTERESTS\n"
        "CO2 emissions, carbon capture\n";
    auto p = parse_one(cv, "cv.txt");
    const Publication* drift = publication(p, "Drift maps");
    const Publication* bayes = publication(p, "Bayesian approach");
    const Publication* topo = publication(p, "Topological classifier");
    const Publication* logs = publication(p, "Clustering public administration");
    REQUIRE(drift);
    REQUIRE(bayes);
    REQUIRE(topo);
    REQUIRE(logs);
    CHECK(drift->year == 2025);
    CHECK(drift->venue_raw.starts_with("Sensors"));
    CHECK(bayes->title == "A Bayesian approach for monitoring epidemics in presence of undetected cases");
    CHECK(bayes->year == 2020);
    CHECK(topo->year == 2018);
    CHECK(topo->authors.size() == 2);
    CHECK(logs->year == 2023);
    CHECK(logs->kind == PublicationKind::conference);  // the C of its label
    const Publication* wavelets = publication(p, "Wavelets for tidal gauges");  // "Brandt P.,": a surname with its initial
    REQUIRE(wavelets);
    CHECK(wavelets->year == 2019);
    CHECK(std::any_of(p.interests.begin(), p.interests.end(), [](const std::string& i) { return i.starts_with("CO2"); }));
}

TEST_CASE("editors named before the book or journal and a book's ISBN are no part of the venue") {
    Publication p = parse_publication(
        "Okafor S, Lindqvist M. \"Tide-Atlas\", Editor: Ann Brandt and Bo Kestrel, Practical Guide to Coastal Databases "
        "(2022/01/06) ISBN: 978-981-16-5812-9",
        PublicationKind::other);
    CHECK(p.venue_raw.starts_with("Practical Guide to Coastal Databases"));
    CHECK(p.venue_raw.find("ISBN") == std::string::npos);
    CHECK(p.year == 2022);

    // AMA style names the handling editor: "Robinson P, ed. Bioinformatics."
    p = parse_publication(
        "Ikeda S, Okafor S, Lindqvist M. TideID: an exploratory ID converter for coastal datasets. Brandt P, ed. "
        "Bioinformatics. Published online July 8, 2022. doi:10.1093/bioinformatics/btac491",
        PublicationKind::other);
    CHECK(p.venue_raw.starts_with("Bioinformatics"));
    CHECK(p.year == 2022);
}

TEST_CASE("Springer's citation of a chapter: the editors before (eds) are passed over, the acronym sentence kept") {
    Publication p = parse_publication(
        "Okafor S., Lindqvist M. (2019) A persistent entropy automaton for tide tables. In: Brandt H., Kestrel M. (eds) "
        "Fundamentals of Tidal Engineering. FTE 2019. Lecture Notes in Computer Science, vol 11761. Springer, Cham",
        PublicationKind::other);
    CHECK(p.title == "A persistent entropy automaton for tide tables");
    CHECK(p.venue_raw.starts_with("Fundamentals of Tidal Engineering"));
    CHECK(p.venue_raw.find("FTE") != std::string::npos);
    CHECK(p.venue_raw.find("Brandt") == std::string::npos);
    CHECK(p.year == 2019);

    // The acronym as a comma part after the proceedings' name; a publisher there is none.
    p = parse_publication(
        "Okafor S., Lindqvist M. Survey of tidal applications. Proceedings of the 2nd International Workshop on Tidal "
        "Discovery on the Web, TDWeb, 2016",
        PublicationKind::other);
    CHECK(p.venue_raw.find("(TDWeb)") != std::string::npos);
    p = parse_publication("Okafor S., Lindqvist M. Survey of tidal applications. Proceedings of the Workshop on Pretend Tides, ACM, 2016",
                          PublicationKind::other);
    CHECK(p.venue_raw.find("(ACM)") == std::string::npos);
}

TEST_CASE("a title ending inside a closing quote ends its sentence after the quote") {
    // American style sets the period inside the quote: 'Capturing the "Whole Tale." Journal'.
    Publication p = parse_publication(
        "Brandt, A., Okafor, K., & Lindqvist, M. B. (2018). Computing environments for reproducibility: Capturing the "
        "\u201cWhole Tale.\u201d Future Generation Tidal Systems. https://doi.org/10.1016/j.future.2017.12.029",
        PublicationKind::other);
    CHECK(p.title.starts_with("Computing environments for reproducibility: Capturing the"));
    CHECK(p.venue_raw == "Future Generation Tidal Systems");
    CHECK(p.year == 2018);
    p = parse_publication("Brandt, A. (2019). On the \"Tidal Question.\" Journal of Pretend Studies, 4, 1-9.", PublicationKind::other);
    CHECK(p.venue_raw.starts_with("Journal of Pretend Studies"));
}

TEST_CASE("a title in single curly quotes, the British style, is the title and the venue follows it") {
    // ‘Title’ then the journal, no full stop between them, then the DOI. Fictional people and papers.
    Publication p = parse_publication(
        "Okafor, S., Lindqvist, M. and Brandt, P.-Y. \xE2\x80\x98Tracing estuary sediments to their sources with inverse "
        "models\xE2\x80\x99 Journal of Coastal Sediments DOI: 10.1000/jcs.2024.1234",
        PublicationKind::other);
    CHECK(p.title == "Tracing estuary sediments to their sources with inverse models");
    CHECK(p.venue_raw == "Journal of Coastal Sediments");
    CHECK(p.authors.size() == 3);

    // An apostrophe inside the title closes nothing; a full stop after the quote is fine too.
    p = parse_publication(
        "Lindqvist, M. and Okafor, S. \xE2\x80\x98Long-term stability of the Earth\xE2\x80\x99s river deltas\xE2\x80\x99. "
        "Coastal Letters 17.2 DOI: 10.1000/cl.2021.77",
        PublicationKind::other);
    CHECK(p.title == "Long-term stability of the Earth\xE2\x80\x99s river deltas");
    CHECK(p.venue_raw.starts_with("Coastal Letters"));
}

TEST_CASE("a journal whose name is a list of words between commas is taken whole when the registry knows it so") {
    // Each part ("Geochemistry", "Geophysics") may name a journal of its own; the whole name
    // wins, with the volume after it left off. Fictional people and paper.
    Publication p = parse_publication(
        "Okafor, S. and Lindqvist, M. \xE2\x80\x98Unmixing river sediments for the chemistry of their source "
        "regions\xE2\x80\x99. Geochemistry, Geophysics, Geosystems 22.10 DOI: 10.1000/g3.2021.5",
        PublicationKind::other);
    CHECK(p.venue_raw == "Geochemistry, Geophysics, Geosystems");
    // A list the registry does not know as one name stays cut at its first part.
    p = parse_publication("Okafor, S. and Lindqvist, M. Rivers and their deltas. Harbour Notes, Lakeside, 2020.",
                          PublicationKind::other);
    CHECK(p.venue_raw == "Harbour Notes");
}

TEST_CASE("marks glued to author names (students, corresponding authors) leave the APA author list readable") {
    // "+" marks a student co-author, "*" the corresponding one, "†" equal contribution. Fictional people and papers.
    Publication p = parse_publication(
        "Okafor, S. J., Lind+, Y., & Brandt+, P. (2022). From black box to open glass: Using forest intervals to "
        "see assumptions. Journal of Lake Statistics, 76(4), 414-429.",
        PublicationKind::other);
    CHECK(p.year == 2022);
    CHECK(p.title == "From black box to open glass: Using forest intervals to see assumptions");
    CHECK(p.venue_raw == "Journal of Lake Statistics");
    CHECK(p.authors.size() == 3);
    p = parse_publication("Okafor*, S., Lind\xE2\x80\xA0, Y. and Brandt\xE2\x80\xA0, P. (2021). Rivers in winter. Journal of Lake Statistics, 12.",
                          PublicationKind::other);
    CHECK(p.year == 2021);
    CHECK(p.title == "Rivers in winter");
    // A name that is no person's keeps its marks: "C++" in a title.
    p = parse_publication("Okafor, S. (2020). A C++ library for lake models. Journal of Lake Statistics, 3.", PublicationKind::other);
    CHECK(p.title == "A C++ library for lake models");
}

TEST_CASE("a title that asks a question goes on with its subtitle up to a venue the table knows") {
    // Fictional people and paper; the journal is a real one, for the venue table to know.
    Publication p = parse_publication(
        "Okafor, S., Lind, Y., & Brandt, P. (2022). Is River Noise Still Really Noise? Revisiting Doe et al.(2015) in "
        "the Delta. Physical Review E, 51(6), 3049-3062.",
        PublicationKind::other);
    CHECK(p.title == "Is River Noise Still Really Noise? Revisiting Doe et al.(2015) in the Delta");
    CHECK(p.venue_raw == "Physical Review E");
    CHECK(p.year == 2022);
}

TEST_CASE("a status and the venue in brackets of their own name the venue: (Accepted to X 2020), (Published on X 2013)") {
    // The entries of a research-experience list, converted from LaTeX. Fictional people and papers.
    Publication p = parse_publication(
        "Ines Varga, Tomas Lind, Gradient-EM Bayesian Meta-learning, (Accepted to NeurIPS 2020) https://example.org/paper.html",
        PublicationKind::other);
    CHECK(p.title == "Gradient-EM Bayesian Meta-learning");
    CHECK(p.venue_raw == "NeurIPS 2020");
    CHECK(p.year == 2020);
    REQUIRE(p.authors.size() == 2);  // a hyphenated title word is no author's name
    p = parse_publication(
        "Varga Ines, Lind Tomas, Roe Anna , Dynamic Control of Tunneling in Ferroelectric Junctions, (Published on Chinese "
        "Physics Letters 2013) https://example.org/cpl",
        PublicationKind::other);
    CHECK(p.title == "Dynamic Control of Tunneling in Ferroelectric Junctions");  // its own " in " splits nothing
    CHECK(p.venue_raw.starts_with("Chinese Physics Letters"));
    CHECK(p.year == 2013);
}

TEST_CASE("names with a non-breaking hyphen are names, and a list read in part keeps its title whole") {
    // U+2011 typeset in "González‑Santa" by a PDF. Fictional people and paper.
    Publication p = parse_publication(
        "Varga AI, Lind TD, Roe K, Gonz\xC3\xA1lez\xE2\x80\x91Santa Cruz A, Okafor JS, Castillo\xE2\x80\x91" "Brandt A, Effects of "
        "winter storms on emergency health services, The Lancet Regional Health Americas, 100082, 2021",
        PublicationKind::other);
    CHECK(p.authors.size() == 6);
    CHECK(p.title == "Effects of winter storms on emergency health services");
    CHECK(p.venue_raw.find("Okafor") == std::string::npos);
}

TEST_CASE("an ordinal after an abbreviated Proc. goes on with the venue, a volume after a journal ends it") {
    // Fictional people and papers; FORMATS is a real meeting.
    Publication p = parse_publication(
        "A. Varga, T. Lind. \"A Boyer-Moore Type Algorithm for Timed Lake Matching\", In Proc. 14th International Conference "
        "on Formal Modelling and Analysis of Timed Systems (FORMATS 2016)",
        PublicationKind::other);
    CHECK(p.venue_raw.find("Formal Modelling and Analysis of Timed Systems") != std::string::npos);
    CHECK(p.year == 2016);
    p = parse_publication("A. Varga. Rivers in winter. Journal of Lake Statistics. 26(4), 781-783, 2019.", PublicationKind::other);
    CHECK(p.venue_raw == "Journal of Lake Statistics");
}

TEST_CASE("a DOI without its label after the year is no part of the venue") {
    // ACS/RSC-style lists pasted from a reference manager: "Venue (year): 10.xxxx/...".
    for (const char* tail : {"Polyhedron ( **2011** ): [10.1016/j.poly.2011.04.002](http://dx.doi.org/10.1016/j.poly.2011.04.002).",
                             "Polyhedron (2011): 10.1016/j.poly.2011.04.002."}) {
        CAPTURE(tail);
        Publication p = parse_publication(std::string("B. Roe, D. Example, *Upconversion photochemistry of pyrenes*. ") + tail,
                                          PublicationKind::other);
        CHECK(p.venue_raw == "Polyhedron");
        CHECK(p.year == 2011);
    }
    // A number that only looks like the start of one stays: "10.5 GHz" is no DOI.
    CHECK(cvsearch::extract::strip_links_and_ids("Radio Letters 10.5/2 GHz band") == "Radio Letters 10.5/2 GHz band");
    CHECK(cvsearch::extract::strip_links_and_ids("Radio Letters (10.1109/LRL.2020.1) 12") == "Radio Letters (10.1109/LRL.2020.1) 12");
    CHECK(cvsearch::extract::strip_links_and_ids("Radio Letters 10.1109/LRL.2020.1 12") == "Radio Letters 12");
}

TEST_CASE("Copernicus style: initials and a colon close the author list, an abbreviated journal follows a comma") {
    // "Roe, B., and Poe, C. E.: Title, Atmos. Chem. Phys., 10, 4451-4467, 2010." Fictional
    // people and papers; the journals are real.
    Publication p = parse_publication(
        "Quill, D., Roe, B., and Poe, C. E.: Aerosol nucleation over boreal forests, Atmos. Chem. Phys., 10, 4451-4467, 2010.",
        PublicationKind::other);
    CHECK(p.authors == std::vector<std::string>{"Quill, D.", "Roe, B.", "Poe, C. E."});
    CHECK(p.title == "Aerosol nucleation over boreal forests");
    CHECK(venue_value(p.venue_raw) == "Atmospheric Chemistry and Physics");
    CHECK(p.year == 2010);
    p = parse_publication("Quill, D. and Moe, F.: Cloud droplet spectra from aircraft probes, Atmos. Meas. Tech., 7, 112-130, "
                          "https://doi.org/10.5194/amt-7-112-2014, 2014.",
                          PublicationKind::other);
    CHECK(p.title == "Cloud droplet spectra from aircraft probes");
    CHECK(venue_value(p.venue_raw) == "Atmospheric Measurement Techniques");
    // Pages then a DOI after the journal: the journal stays the venue.
    p = parse_publication("Quill, D. and Roe, B.: Gravity wave drag in mountain regions, J. Atmos. Sci., 73, 1255-1272. "
                          "doi:10.1175/JAS-D-15-0001.1, 2016.",
                          PublicationKind::other);
    CHECK(p.title == "Gravity wave drag in mountain regions");
    CHECK(cvsearch::text::fold_key(venue_value(p.venue_raw)) == "j atmos sci");
    CHECK(p.year == 2016);
    // Elsevier's chemistry style, the journal after the title's comma.
    p = parse_publication("D. Quill, B. Roe, Spectroscopy of organic acids, J. Mol. Struct. ( 2013 ) 55-61.", PublicationKind::other);
    CHECK(p.title == "Spectroscopy of organic acids");
    CHECK(venue_value(p.venue_raw) == "Journal of Molecular Structure");
}

TEST_CASE("a title's own sentence end is no abbreviated journal") {
    using cvsearch::extract::abbreviated_journal_name;
    CHECK(abbreviated_journal_name("Atmos. Chem. Phys., 10, 2010"));
    CHECK(abbreviated_journal_name("IEEE Trans. Inf. Theory 12"));
    CHECK(abbreviated_journal_name("J. Mol. Struct. ( 2013 )"));
    CHECK_FALSE(abbreviated_journal_name("Part Two. The long road"));         // a title's words
    CHECK_FALSE(abbreviated_journal_name("B. C. Doe"));                       // initials
    CHECK_FALSE(abbreviated_journal_name("J. Photochemistry. Next part"));    // a long word ends a sentence
    CHECK_FALSE(abbreviated_journal_name("and other stories. Lake Press"));  // not capitalized
    Publication p = parse_publication("D. Quill, B. Roe. Lakes in winter. Part Two. Bulletin of the American Meteorological Society, 2013.",
                                      PublicationKind::other);
    CHECK(venue_value(p.venue_raw) == "Bulletin of the American Meteorological Society");
}

TEST_CASE("Chicago author-date: the year a sentence of its own after the authors, a book's imprint no venue") {
    // Fictional people and works.
    Publication p = parse_publication("Vale, Robin. 2009. *Rivers and Empire in the Pacific*. Armonk, NY: M.E. Sharpe.",
                                      PublicationKind::other);
    CHECK(p.year == 2009);
    CHECK(p.title == "Rivers and Empire in the Pacific");
    CHECK(p.venue_raw.empty());
    p = parse_publication("Vale, R. and B. Roe. 2015a. \"Valuing wetlands.\" Journal of Lake Economics 12 (3): 45-67.",
                          PublicationKind::other);
    CHECK(p.year == 2015);
    CHECK(p.title == "Valuing wetlands");
    CHECK(venue_value(p.venue_raw) == "Journal of Lake Economics");
    p = parse_publication("Vale, Robin. 2018. *The Long Coast*. New York: Oxford University Press.", PublicationKind::other);
    CHECK(p.year == 2018);
    CHECK(p.venue_raw.empty());
    // A chapter names its book, whatever the imprint after it.
    p = parse_publication("Vale, Robin. 2012. \"Coastal towns after the war.\" In *Southern Histories*, edited by Ann Roe, "
                          "45-67. Athens: University of Georgia Press.",
                          PublicationKind::other);
    CHECK(p.venue_raw == "Southern Histories");
    // A colon after a word that is no place stays in the venue: "Journal of X: Special Issue".
    p = parse_publication("Vale, Robin. 2019. \"Tides of the northern lakes.\" Lake Review: Special Issue on Tides 4: 1-9.", PublicationKind::other);
    CHECK(p.venue_raw.find("Lake Review") == 0);
}

TEST_CASE("a template's cells in its own order: month/year, authors, venue with its volume, title") {
    // friggeri's \entry{09/18}{authors}{venue}{title}, as the LaTeX reader gives its cells.
    // Fictional people and papers; the journals are real.
    auto p = cvsearch::testing::parse_one(
        "Robin Vale\n\nPublications\n\n"
        "09/18 | Vale, A. D.; Dullemond, C. P.; Roe, B. | A & A, Volume 617, id.L7 | Surface waves in protoplanetary disks "
        "induced by outbursts\n\n"
        "03/22 | Roe, B.; Vale, A. D. | The Astrophysical Journal, Volume 934, Issue 1, id.74 | Interpreting the atmospheric "
        "composition of exoplanets\n",
        "cv.txt");
    REQUIRE(p.publications.size() == 2);
    CHECK(p.publications[0].year == 2018);
    CHECK(p.publications[0].title == "Surface waves in protoplanetary disks induced by outbursts");
    CHECK(p.publications[0].venue_raw == "A & A");
    CHECK(p.publications[1].year == 2022);
    CHECK(p.publications[1].title == "Interpreting the atmospheric composition of exoplanets");
    CHECK(cvsearch::extract::names_venue_with_locator("A & A, Volume 617, id.L7"));
    CHECK_FALSE(cvsearch::extract::names_venue_with_locator("Surface waves in protoplanetary disks, 2018"));
}

TEST_CASE("a series title's part number keeps its dots, initials run on to the title") {
    // Fictional people and papers.
    Publication p = parse_publication(
        "Vale, R., Roe, B. (2022). How drifting pebbles shape giant planets. III. The formation of a hot Saturn. Lake Letters, 665, "
        "A138.",
        PublicationKind::other);
    CHECK(p.title == "How drifting pebbles shape giant planets. III. The formation of a hot Saturn");
    CHECK(p.venue_raw == "Lake Letters");
    p = parse_publication("Roe, B.; Vale, A. D. Dry or wet lakes of the north. Lake Letters, 12, 2021.", PublicationKind::other);
    CHECK(p.title == "Dry or wet lakes of the north");
}

TEST_CASE("a list without markers whose entries open with their year: the year marks each entry") {
    // "2020, Title." / authors / "In: Proceedings ... (POPL)." with no blank lines between
    // entries, the author line long and ending in a period. Fictional people and papers.
    auto p = cvsearch::testing::parse_one(
        "Robin Vale\n\nPublications\n\n"
        "2020, Dependent Lakes as Macros.\n"
        "      Robin Vale, Ann Roe, Bo Poe, Cy Doe, Di Moe, Ed Loe and Flo Noe.\n"
        "      In: Proceedings of the 47th Symposium on Principles of Programming Languages (POPL).\n"
        "2013, Laziness By Need.\n"
        "      Robin Vale.\n"
        "      In: Proceedings of the 22nd European Symposium on Programming (ESOP).\n",
        "cv.txt");
    REQUIRE(p.publications.size() == 2);
    CHECK(p.publications[0].year == 2020);
    CHECK(p.publications[0].title == "Dependent Lakes as Macros");
    CHECK(p.publications[0].venue == "POPL");
    CHECK(p.publications[1].year == 2013);
    CHECK(p.publications[1].venue == "ESOP");
}
