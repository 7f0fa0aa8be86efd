// Publication entries: layouts, titles, authors, venues, years and kinds.
#include <doctest/doctest.h>

#include "cvsearch/parse.hpp"
#include "parse/extract/dates.hpp"

#include <chrono>
#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "parse/extract/extract.hpp"
#include "parse/extract/pub_venue.hpp"
#include "parse/extract/publications.hpp"
#include "tests/hang_guard.hpp"
#include "tests/parse/profile_lookup.hpp"
#include "parse/normalize/normalize.hpp"
#include "parse/readers/reader.hpp"

using cvsearch::Publication;
using cvsearch::PublicationKind;
using cvsearch::extract::parse_publication;

namespace {

struct Case {
    const char* what;
    const char* entry;
    const char* title;
    const char* venue_raw;
    std::optional<int> year;
    PublicationKind kind;
};

void check(const Case& c, PublicationKind section = PublicationKind::other) {
    std::string what = c.what;
    CAPTURE(what);
    Publication p = parse_publication(c.entry, section);
    CHECK(p.title == c.title);
    CHECK(p.venue_raw == c.venue_raw);
    CHECK(p.year == c.year);
    CHECK(p.kind == c.kind);
}

constexpr auto conf = PublicationKind::conference;
constexpr auto journal = PublicationKind::journal;
constexpr auto workshop = PublicationKind::workshop;
constexpr auto preprint = PublicationKind::preprint;
constexpr auto other = PublicationKind::other;

}  // namespace

TEST_CASE("quoted titles and venues with acronyms") {
    const std::vector<Case> cases = {
        {"acronym in parentheses",
         "1. Ada Byron, Alan Turing, and Grace Hopper. \"Resilient Training of Large Models.\" ACM Symposium on Operating "
         "Systems Principles (SOSP), October 2023.",
         "Resilient Training of Large Models", "ACM Symposium on Operating Systems Principles (SOSP)", 2023, conf},
        {"curly quotes and a location after the venue",
         "Ada Byron*, Alan Turing, \xE2\x80\x9C" "Fast Offloading of Input Pipelines\xE2\x80\x9D, USENIX Annual Technical Conference "
         "(USENIX ATC), Santa Clara, CA, USA, 2024 (* denotes co-first authors)",
         "Fast Offloading of Input Pipelines", "USENIX Annual Technical Conference (USENIX ATC)", 2024, conf},
        {"short venue with a two-digit year",
         "[C1] Ada Byron, Alan Turing. \"Parallax: Automatic Search of Parallelism Plans.\" OSDI '24, Santa Clara, July 2024.",
         "Parallax: Automatic Search of Parallelism Plans", "OSDI '24", 2024, conf},
        {"proceedings with commas inside the venue name",
         "[1] A. Byron, A. Turing. Sharded Checkpointing for Trillion-Parameter Models. In Proceedings of the International "
         "Conference for High Performance Computing, Networking, Storage and Analysis (SC '24), Atlanta, 2024.",
         "Sharded Checkpointing for Trillion-Parameter Models",
         "Proceedings of the International Conference for High Performance Computing, Networking, Storage and Analysis (SC '24)",
         2024, conf},
        {"co-authors named after the title (economics style)",
         "\xE2\x80\x9C" "Market Power in Day-Ahead Auctions,\xE2\x80\x9D with Y. Ito and S. Moreau. RAND Journal of Economics 51(3), 2020.",
         "Market Power in Day-Ahead Auctions", "RAND Journal of Economics 51(3)", 2020, journal},
        {"co-authors in parentheses after the title",
         "\xE2\x80\x9C" "Fee Markets after the Halving\xE2\x80\x9D (with Y. Ito), Review of Financial Studies, 2024.",
         "Fee Markets after the Halving", "Review of Financial Studies", 2024, journal},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("a month and two-digit year ending the entry is its year, elsewhere it is not") {
    const std::vector<Case> cases = {
        {"MM/YY at the end",
         "1. Ada Byron, Alan Turing. \"Sparse Attention for Long Documents.\" ICML, 09/18.",
         "Sparse Attention for Long Documents", "ICML", 2018, other},
        {"M/YY in brackets at the end",
         "2. Ada Byron. \"Learned Index Structures Revisited.\" VLDB (3/21)",
         "Learned Index Structures Revisited", "VLDB (3/21)", 2021, other},
    };
    for (const auto& c : cases) check(c);
    CHECK(cvsearch::normalize_venue("VLDB (3/21)") == "VLDB");  // the date is no part of the venue
    CHECK(cvsearch::extract::trailing_month_year("Scores 12/20 on the test, 2019 cohort") == std::nullopt);
    CHECK(cvsearch::extract::trailing_month_year("rated 13/20") == std::nullopt);  // no month 13
    CHECK(cvsearch::extract::trailing_month_year("version 1.2/18") == std::nullopt);
}

TEST_CASE("author-first entries without quotes, journals with volume and pages") {
    const std::vector<Case> cases = {
        {"journal with volume",
         "[4] A. Byron, G. Hopper. Algorithm-Based Fault Tolerance for Sparse Solvers. IEEE Transactions on Parallel and "
         "Distributed Systems (TPDS) 31(8), 2020.",
         "Algorithm-Based Fault Tolerance for Sparse Solvers", "IEEE Transactions on Parallel and Distributed Systems (TPDS) 31(8)",
         2020, journal},
        {"workshop co-located with a conference",
         "[6] A. Byron. Resilience Patterns for Task Runtimes. Workshop on Fault Tolerance for HPC at eXtreme Scale (FTXS), "
         "co-located with SC, 2017.",
         "Resilience Patterns for Task Runtimes", "Workshop on Fault Tolerance for HPC at eXtreme Scale (FTXS)", 2017, workshop},
        {"series and pages after the venue",
         "A. Byron, B. Hopper. Modeling the Optimal Checkpoint Interval. Euro-Par 2012, LNCS 7484, pp. 112\xE2\x80\x93" "124.",
         "Modeling the Optimal Checkpoint Interval", "Euro-Par 2012", 2012, other},
        {"APA style with the year after the authors",
         "Byron, A. D., Hopper, G., & Turing, A. (2017). Seat belt use among rural teen drivers. Journal of Road Safety, 45, "
         "12-18.",
         "Seat belt use among rural teen drivers", "Journal of Road Safety", 2017, journal},
        {"author-year style",
         "Byron, A., Hopper, G., 2019. Agent-based models of electricity markets. Energy Systems Review, 108, 1-10.",
         "Agent-based models of electricity markets", "Energy Systems Review", 2019, journal},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("arXiv ids are not years, preprints and submissions have no venue") {
    const std::vector<Case> cases = {
        {"arXiv id and month",
         "[P1] Ada Byron, Alan Turing. \"Serving Mixtures of Experts.\" arXiv:2507.11842, July 2025.",
         "Serving Mixtures of Experts", "arXiv:2507.11842", 2025, preprint},
        {"arXiv id alone gives no year",
         "Ada Byron, Alan Turing. Cluster-Less Design Space Exploration. arXiv:2012.04567.",
         "Cluster-Less Design Space Exploration", "arXiv:2012.04567", std::nullopt, preprint},
        {"a bare Preprint",
         "Toward Cross-Layer Energy Optimizations, Ada Byron and Alan Turing, Preprint, 2024",
         "Toward Cross-Layer Energy Optimizations", "", 2024, preprint},
        {"under review",
         "Ada Byron, Alan Turing. A New Programming Model for Edge Applications. Under review, 2025.",
         "A New Programming Model for Edge Applications", "", 2025, preprint},
        {"to appear keeps its year",
         "Ada Byron, Alan Turing. \"Learning Index Structures.\" To appear in SIGMOD 2026.",
         "Learning Index Structures", "SIGMOD 2026", 2026, other},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("title-first and line layouts, venue tags in front") {
    const std::vector<Case> cases = {
        {"title, authors, venue",
         "Energy Optimizations for DNN Training, Ada Byron*, Alan Turing*, Symposium on Networked Systems Design and "
         "Implementation (NSDI), 2023 (Acceptance rate = 18.38%)",
         "Energy Optimizations for DNN Training", "Symposium on Networked Systems Design and Implementation (NSDI)", 2023, conf},
        {"bracket tag, title line, author line",
         "1. [SOSP \xE2\x80\x98" "23] Resilient Distributed Training (43/229 = 18.8%)\nAda Byron, Alan Turing, and Grace Hopper\n"
         "Paper Slides Bibtex",
         "Resilient Distributed Training", "SOSP \xE2\x80\x98" "23", 2023, other},
        {"the kind of paper said after the title",
         "* **Carbon-Aware Batch Sizing for Training Jobs** (workshop)\nAda Byron, Alan Turing\n*HotCarbon '23*\n",
         "Carbon-Aware Batch Sizing for Training Jobs", "HotCarbon '23", 2023, other},
        {"star tag in front of a bold title",
         "- MLSys 2026* **Advancing Performance Benchmarking with Execution Traces**\nAda Byron, ..., Alan Turing\n",
         "Advancing Performance Benchmarking with Execution Traces", "MLSys 2026", 2026, other},
        {"title line, authors line, venue line",
         "1. Metadata Capture for Video Popularity Prediction\nAda Byron, Alan Turing, Grace Hopper\n2024 INFORMS Annual Meeting\n",
         "Metadata Capture for Video Popularity Prediction", "INFORMS Annual Meeting", 2024, other},
        {"workshop of a conference",
         "Chasing Low-Carbon Electricity for Training, Ada Byron, Alan Turing, ICLR Workshop: Tackling Climate Change with "
         "Machine Learning, 2023",
         "Chasing Low-Carbon Electricity for Training", "ICLR Workshop: Tackling Climate Change with Machine Learning", 2023,
         workshop},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("the section heading gives the kind when the venue does not") {
    check({"journal section", "Ada Byron, Alan Turing. Sea Ice Trends. Polar Science Letters, 2019.", "Sea Ice Trends",
           "Polar Science Letters", 2019, journal},
          PublicationKind::conference);
    check({"conference section", "Ada Byron. Query Planning. VLDB 2021.", "Query Planning", "VLDB 2021", 2021, conf},
          PublicationKind::conference);
    check({"patent", "Ada Byron, Alan Turing, \"Smart Offloading for Input Pipelines\", US Patent, US20240135189A1, Published: Apr 25, 2024",
           "Smart Offloading for Input Pipelines", "", 2024, PublicationKind::patent},
          PublicationKind::patent);
}

TEST_CASE("authors are split and lose their marks") {
    Publication p = parse_publication(
        "Ada Byron*, **Alan Turing**\xE2\x80\xA0, Grace B. Hopper, and Jan-Willem van der Berg. \"A Study of Things.\" VLDB 2020.");
    CHECK(p.authors == std::vector<std::string>{"Ada Byron", "Alan Turing", "Grace B. Hopper", "Jan-Willem van der Berg"});
}

TEST_CASE("a publication section with numbered, bulleted and wrapped entries") {
    cvsearch::readers::TextDocument d;
    d.text =
        "Ada Byron\n\n"
        "PUBLICATIONS\n\n"
        "  1. A. Byron, A. Turing, and G. Hopper. \"Calibrated Two-Tower Retrieval\n"
        "     with Conformal Candidate Sets.\" Proceedings of the 42nd International\n"
        "     Conference on Machine Learning (ICML), July 2025.\n"
        "  2. A. Byron, A. Turing. \"Long-Horizon User Modeling.\" KDD '24, Barcelona, August 2024.\n"
        "\n"
        "INVITED TALKS\n"
        "  - \"Recommendation at Scale\", Example Systems Seminar, Feb 2024\n";
    auto p = cvsearch::extract::extract_profile(d);
    REQUIRE(p.publications.size() == 2);
    CHECK(p.publications[0].title == "Calibrated Two-Tower Retrieval with Conformal Candidate Sets");
    CHECK(p.publications[0].venue_raw == "Proceedings of the 42nd International Conference on Machine Learning (ICML)");
    CHECK(p.publications[0].year == 2025);
    CHECK(p.publications[1].venue_raw == "KDD '24");
    CHECK(p.publications[1].year == 2024);
}

TEST_CASE("a plain list of entries without markers or blank lines") {
    cvsearch::readers::TextDocument d;
    d.text =
        "# Journal Articles\n"
        "Byron A, Turing A. Survival after surgery in a cohort. Gynecol Oncol. 2016;140(3):123-9.\n"
        "Hopper G, Byron A. Tumour growth models for trials. Sci Rep. 2018;8:1102.\n";
    auto p = cvsearch::extract::extract_profile(d);
    REQUIRE(p.publications.size() == 2);
    CHECK(p.publications[0].venue_raw == "Gynecol Oncol");
    CHECK(p.publications[0].year == 2016);
    CHECK(p.publications[1].year == 2018);
    CHECK(p.publications[1].kind == PublicationKind::journal);
}

TEST_CASE("publications listed inside an experience entry") {
    cvsearch::readers::TextDocument d;
    d.text =
        "# Experience\n"
        "2017 - 2024: Graduate Student, Northfield University\n"
        "- Built a scanning microscope.\n"
        "- Publications from this period:\n"
        "- Vortex dynamics under scanning probes, Physical Review B (2023).\n"
        "- Cryogen-free probe microscopes, Review of Scientific Instruments (2019).\n"
        "2014 - 2016: Research Assistant, Eastbrook University\n";
    auto p = cvsearch::extract::extract_profile(d);
    REQUIRE(p.publications.size() == 2);
    CHECK(p.publications[0].venue_raw == "Physical Review B");
    CHECK(p.publications[0].year == 2023);
    CHECK(p.publications[1].venue_raw == "Review of Scientific Instruments");
    CHECK(p.publications[1].year == 2019);
}

TEST_CASE("APA entries: full dates, remarks in the author list, a remark sentence before the journal") {
    const std::vector<Case> cases = {
        {"day and month with the year", "Byron, A. (24 March, 2021). Drawing data by hand: a guide (blog post). https://example.org/x",
         "Drawing data by hand: a guide (blog post)", "", 2021, other},
        {"coauthor remark in brackets",
         "Hopper, G., Turing, A., [175 additional coauthors, including Byron, A.], Lovelace, E. L. (2021). Same data, different "
         "conclusions. Decision Processes Quarterly. 165, 228-249.",
         "Same data, different conclusions", "Decision Processes Quarterly", 2021, other},
        {"remark sentence before the journal",
         "Byron, A., Hopper, G. (2017). Greater Data Science. Invited comment as part of a discussion. Journal of Graphical "
         "Statistics. 26(4), 781-783.",
         "Greater Data Science", "Journal of Graphical Statistics", 2017, journal},
        {"a short journal name part before the volume",
         "Byron, A. (2023). The impact of analysis choice. Religion, Brain & Behavior, 13(3), 324-326.",
         "The impact of analysis choice", "Religion, Brain & Behavior", 2023, other},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("venue details: lists inside names, edition numerals, a second venue, title and venue in one sentence") {
    const std::vector<Case> cases = {
        {"a list inside the venue name",
         "Ada Byron, Alan Turing, \"Enhancing Trust of Supply Chains\", IEEE International Conference on Systems, Man, and "
         "Cybernetics (SMC), Bari, Italy, 2019",
         "Enhancing Trust of Supply Chains", "IEEE International Conference on Systems, Man, and Cybernetics (SMC)", 2019, conf},
        {"an edition numeral", "A. Byron. Light Curves at Scale. Proceedings of ADASS XXV, 2016.", "Light Curves at Scale",
         "Proceedings of ADASS", 2016, conf},
        {"title and venue in one sentence", "SuperScreen: simulating the magnetic response of devices, Physical Review B (2022).",
         "SuperScreen: simulating the magnetic response of devices", "Physical Review B", 2022, journal},
        {"an apostrophe year is set apart", "SAA'25\nRedesigning Data Systems to be Agent-First!\nAccepted to appear in SAA'25",
         "Redesigning Data Systems to be Agent-First!", "SAA '25", 2025, other},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("a tag naming a second venue gives a second publication") {
    cvsearch::readers::TextDocument d;
    d.text = "# Publications\n- arXiv, also NSDI'25 Poster* **Network Testing for Machine Learning**\nAda Byron, Alan Turing\n";
    auto p = cvsearch::extract::extract_profile(d);
    REQUIRE(p.publications.size() == 2);
    CHECK(p.publications[0].venue_raw == "arXiv");
    CHECK(p.publications[1].venue_raw == "NSDI '25 Poster");
    CHECK(p.publications[1].year == 2025);
}

TEST_CASE("physics style: 'Journal Vol (Year) pages', 'X et al.', and prose before the list") {
    cvsearch::readers::TextDocument d;
    d.text =
        "PUBLICATIONS\n\n"
        "I am a member of a large collaboration (author on >500 papers). Below are papers with a\n"
        "major personal contribution.\n\n"
        "1. A. Byron, G. Hopper. Energy-flow reconstruction in the forward region.\n"
        "   Eur. Phys. J. C 79 (2019) 455.\n"
        "2. A. Byron et al. Measurement of the energy resolution of an upgraded\n"
        "   calorimeter with 2022 test-beam data. JINST 18 (2023) P08012.\n"
        "3. A. Byron. Calibrating photon energies with radiative decays.\n"
        "   Nucl. Instrum. Meth. A 936 (2019) 12-15 (proceedings of the 14th Pisa Meeting).\n";
    auto p = cvsearch::extract::extract_profile(d);
    REQUIRE(p.publications.size() == 3);
    CHECK(p.publications[0].title == "Energy-flow reconstruction in the forward region");
    CHECK(p.publications[0].year == 2019);
    CHECK(p.publications[1].title == "Measurement of the energy resolution of an upgraded calorimeter with 2022 test-beam data");
    CHECK(p.publications[1].year == 2023);  // the venue's year, not the one in the title
    CHECK(p.publications[2].title == "Calibrating photon energies with radiative decays");
    cvsearch::normalize::normalize_profile(p);
    CHECK(p.publications[0].venue == "European Physical Journal C");
    CHECK(p.publications[1].venue == "Journal of Instrumentation");
    CHECK(p.publications[2].venue == "Nuclear Instruments and Methods in Physics Research Section A");
}

TEST_CASE("a long publications paragraph without entry ends is read in bounded time") {
    // 100 long lines and 20,000 short ones, no markers, no blank line: once took 40 s.
    std::string text = "# Publications\n";
    std::string words;
    for (int i = 0; i < 2000; ++i) words += "word ";
    for (int i = 0; i < 100; ++i) text += "A. Author. " + words + "\n";
    for (int i = 0; i < 20000; ++i) text += "a\n";
    text += "B. Author. A closing title. Journal of Examples, 2020.\n";
    cvsearch::readers::TextDocument doc;
    doc.text = text;
    // A hang guard with a generous limit, not a speed target; CPU time, which a loaded
    // machine (two suites at once) does not stretch as it stretches the wall clock.
    const std::clock_t start = std::clock();
    auto profile = cvsearch::extract::extract_profile(doc);
    const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    CHECK_MESSAGE(seconds < cvsearch::testing::hang_limit, "took " << seconds << " s of CPU");
    CHECK_FALSE(profile.publications.empty());
}

TEST_CASE("a BibTeX copy under a citation adds nothing, a BibTeX entry alone is read from its fields") {
    // A home page's publication list: each citation with its BibTeX behind a toggle,
    // and one paper given only as BibTeX.
    const std::string page =
        "# Ilsa Marchetti\n\n"
        "## Publications\n\n"
        "> Ilsa Marchetti, Paul Dorn. \"Sparse Flow Fields for Ocean Drift.\" International Conference on Learning "
        "Representations (ICLR), 2021.<br>\n"
        "> (<a href=\"/p.pdf\">.pdf</a>) (<a onclick=\"toggle('b1');\">bibtex</a>)\n\n"
        "<div id=\"b1\" style=\"display:none;\"><pre><code>@inproceedings{marchetti2021,\n"
        "  title={Sparse Flow Fields for Ocean Drift},\n"
        "  author={Marchetti, Ilsa and Dorn, Paul},\n"
        "  booktitle={ICLR},\n"
        "  year={2021}\n"
        "}\n"
        "</code></pre></div>\n\n"
        "> Paul Dorn, Ilsa Marchetti. \"Tidal Graphs of the Northern Shelf.\" Journal of Marine Systems, 2020.\n\n"
        "<pre><code>@article{marchetti2019,\n"
        "  title={Drifter Arrays for Coastal Mixing},\n"
        "  author={Marchetti, Ilsa and Osei, Kwame},\n"
        "  journal={Ocean Modelling},\n"
        "  year={2019}\n"
        "}\n"
        "</code></pre>\n";
    auto p = cvsearch::testing::parse_one(page, "publications.md");
    REQUIRE(p.publications.size() == 3);
    CHECK(p.publications[0].title == "Sparse Flow Fields for Ocean Drift");
    CHECK(p.publications[0].venue_raw == "International Conference on Learning Representations (ICLR)");
    CHECK(p.publications[1].venue_raw == "Journal of Marine Systems");
    CHECK(p.publications[2].title == "Drifter Arrays for Coastal Mixing");
    CHECK(p.publications[2].venue_raw == "Ocean Modelling");
    CHECK(p.publications[2].year == 2019);
    CHECK(p.publications[2].authors == std::vector<std::string>{"Ilsa Marchetti", "Kwame Osei"});
    for (const auto& v : cvsearch::facets_of(p).venue) CHECK(v.find('{') == std::string::npos);
}

TEST_CASE("a BibTeX entry over several lines is one entry, and a year heading beside a thesis heading ends the thesis") {
    // Light markup as a reader gives it: the BibTeX behind each citation on lines of
    // its own, no blank line between; "## 2020" groups papers after "## PhD Thesis".
    cvsearch::readers::TextDocument d;
    d.text =
        "# Ilsa Marchetti\n\n"
        "## PhD Thesis\n"
        "Ilsa Marchetti. Ocean Drift from Sparse Floats. PhD Thesis, Northgate University, 2019.\n"
        "@phdthesis{marchetti2019,\n"
        "title={Ocean Drift from Sparse Floats},\n"
        "author={Marchetti, Ilsa},\n"
        "year={2019},\n"
        "school={Northgate University}\n"
        "}\n"
        "## 2020\n"
        "Paul Dorn, Ilsa Marchetti. \"Tidal Graphs of the Northern Shelf.\" Journal of Marine Systems (2020).\n"
        "@article{dorn2020,\n"
        "title={Tidal Graphs of the Northern Shelf},\n"
        "author={Dorn, Paul and Marchetti, Ilsa},\n"
        "journal={Journal of Marine Systems},\n"
        "year={2020}\n"
        "}\n"
        "Ilsa Marchetti, Kwame Osei. \"Drifter Arrays for Coastal Mixing.\" Ocean Modelling (2020).\n";
    auto p = cvsearch::extract::extract_profile(d);
    REQUIRE(p.publications.size() == 3);
    CHECK(p.publications[0].kind == PublicationKind::thesis);
    CHECK(p.publications[0].venue_raw.empty());
    CHECK(p.publications[1].title == "Tidal Graphs of the Northern Shelf");
    CHECK(p.publications[1].venue_raw == "Journal of Marine Systems");
    CHECK(p.publications[1].kind != PublicationKind::thesis);
    CHECK(p.publications[2].venue_raw == "Ocean Modelling");
    CHECK(p.publications[2].year == 2020);
}

TEST_CASE("title-first entries: a title sentence, then an author list sentence, then the venue") {
    const std::vector<Case> cases = {
        {"journal and a second venue", "A Typed Calculus for Streaming Graph Rewrites. Ilsa Marchetti, Paul Dorn, Kwame Osei and Tove Lind. "
                                       "Journal of Functional Programming, 12th International Symposium on Graph Rewriting (ISGR 2014), Special Issue. "
                                       "Vienna, Austria. (BEST PAPER AWARD)",
         "A Typed Calculus for Streaming Graph Rewrites",
         "Journal of Functional Programming, 12th International Symposium on Graph Rewriting (ISGR 2014)", 2014, PublicationKind::journal},
        {"an initial inside the list", "Bottom-Up Rewriting for Multicore Machines. Ilsa Marchetti, Paul Q. Dorn-Ashby and Tove Lind. "
                                       "Declarative Aspects of Multicore Programming (DAMP 2012). Philadelphia, PA, USA.",
         "Bottom-Up Rewriting for Multicore Machines", "Declarative Aspects of Multicore Programming (DAMP 2012)", 2012,
         PublicationKind::other},
    };
    for (const auto& c : cases) check(c);
    // An author list cut at a stray dot ("M. j.") is no title.
    Publication cut = parse_publication("D. Garcia, M. j. L. Yang, E. Schmidt, W. Lindqvist. Towards Low-Latency Operating Systems. Science 72(10):2538-2565, 2007.");
    CHECK(cut.venue_raw.find("Towards") == std::string::npos);
    // A place after the title is no author list.
    Publication p = parse_publication("Writing in Two Languages at School. Northgate, Iceland. Journal of Second Language Writing, 2019.");
    CHECK(p.authors.empty());
}

TEST_CASE("publication cards: title, author and venue lines, a venue line with its year is no author") {
    // A home page's publication cards (<div> per title, author list and venue line), as light markup.
    cvsearch::readers::TextDocument d;
    d.text =
        "# Ilsa Marchetti\n\n"
        "## Publications\n"
        "SeaPano: Panoramic Ocean Scene Understanding via Label-Free Priors\n"
        "Ilsa Marchetti, Paul Dorn, Kwame Osei\n"
        "SIGGRAPH, 2026 [arxiv] [project]\n"
        "Abstract: We propose a panoramic model that predicts many dense tasks at once.\n\n"
        "Tidal Graphs of the Northern Shelf\n"
        "Paul Dorn, Ilsa Marchetti\n"
        "Nature, 2025 [pdf]\n\n"
        "Drifter Arrays for Coastal Mixing\n"
        "Ilsa Marchetti, Kwame Osei\n"
        "SIGGRAPH Asia, 2024 [pdf]\n";
    auto p = cvsearch::extract::extract_profile(d);
    REQUIRE(p.publications.size() == 3);
    CHECK(p.publications[2].venue_raw == "SIGGRAPH Asia");
    CHECK(p.publications[2].title == "Drifter Arrays for Coastal Mixing");
    CHECK(p.publications[0].title == "SeaPano: Panoramic Ocean Scene Understanding via Label-Free Priors");
    CHECK(p.publications[0].venue_raw == "SIGGRAPH");
    CHECK(p.publications[0].year == 2026);
    CHECK(p.publications[1].venue_raw == "Nature");
    CHECK(p.publications[1].year == 2025);
    for (const auto& pub : p.publications)
        for (const auto& a : pub.authors) CHECK((a != "SIGGRAPH" && a != "Nature" && a != "SIGGRAPH Asia"));
}

TEST_CASE("a Research section of paper cards, one paragraph per field, is the publication list") {
    // A home page without a Publications heading: each card is a title paragraph, an
    // author paragraph (wrapped after a comma), a "Venue, Year" paragraph and a row of links.
    cvsearch::readers::TextDocument d;
    d.text =
        "# Ilsa Marchetti\n\n"
        "## Research\n\n"
        "SeaPano: Panoramic Ocean Scene Understanding via Label-Free Priors\n\n"
        "Ilsa Marchetti, Paul Dorn,\nKwame Osei, Tove Lind\n\n"
        "ACM SIGGRAPH (Conference Track), 2026\n\n"
        "Paper / Project Page / Code\n\n"
        "Tidal Graphs of the Northern Shelf\n\n"
        "Paul Dorn, Ilsa Marchetti\n\n"
        "CVPR, 2024\n\n"
        "[pdf] [code] [project page]\n\n"
        "Drifter Arrays for Coastal Mixing\n\n"
        "Kwame Osei, Ilsa Marchetti, Tove Lind\n\n"
        "ACM Transactions on Graphics (SIGGRAPH Asia), 2023\n\n"
        "[pdf] [bibtex]\n";
    auto p = cvsearch::extract::extract_profile(d);
    REQUIRE(p.publications.size() == 3);
    CHECK(p.publications[0].title == "SeaPano: Panoramic Ocean Scene Understanding via Label-Free Priors");
    CHECK(p.publications[0].authors == std::vector<std::string>{"Ilsa Marchetti", "Paul Dorn", "Kwame Osei", "Tove Lind"});
    CHECK(p.publications[0].venue_raw == "ACM SIGGRAPH (Conference Track)");
    CHECK(p.publications[0].year == 2026);
    CHECK(p.publications[1].venue_raw == "CVPR");
    CHECK(p.publications[2].venue_raw == "ACM Transactions on Graphics (SIGGRAPH Asia)");
    CHECK(p.publications[2].year == 2023);
}

TEST_CASE("a research section of project prose stays no publication list") {
    cvsearch::readers::TextDocument d;
    d.text =
        "# Ilsa Marchetti\n\n"
        "## Research\n\n"
        "Ocean drift: we model how floats spread in coastal water, with Paul Dorn and Kwame Osei.\n\n"
        "Tidal graphs: a graph view of tides, funded since 2021.\n";
    auto p = cvsearch::extract::extract_profile(d);
    CHECK(p.publications.empty());
}

TEST_CASE("a status before the venue (\"Conditionally accepted, Journal of X\") is no part of it") {
    Publication p = parse_publication("Roe, B. and A. Doe. \"Wages and Weather.\" Conditionally accepted, Journal of Northfield Economics.",
                                      PublicationKind::other);
    CHECK(p.title == "Wages and Weather");
    CHECK(p.venue_raw == "Journal of Northfield Economics");
    Publication q = parse_publication("Doe, A. (2023). Rents and Rain. Provisionally accepted: Review of Eastbrook Studies.",
                                      PublicationKind::other);
    CHECK(q.venue_raw == "Review of Eastbrook Studies");
    CHECK(q.year == 2023);
}

TEST_CASE("a published state after the venue (\"Journal of X. In press.\") keeps the venue, a submission status does not") {
    struct Row { const char* entry; const char* venue; };
    const Row rows[] = {
        {"Hale, M. D., Roe, E. H., and Wynn, W. K. (2021). Sampling Designs for Tide Pool Surveys. Journal of Marine Systems. In press.",
         "Journal of Marine Systems"},
        {"Hale, M. D., Roe, E. H., Hyun, S. W and Wynn, W. K. (2021). Sampling Designs for Tide Pool Surveys using Sea Stars. "
         "Journal of Marine Systems. In press. ([Click here](https://example.org/app) for the R Shiny App).",
         "Journal of Marine Systems"},
        {"Roe, E. H. (2020). Sampling Designs for Kelp Surveys. Journal of Marine Systems. Forthcoming.", "Journal of Marine Systems"},
        {"Roe, E. H. (2020). Sampling Designs for Kelp Surveys. Journal of Marine Systems. Accepted.", "Journal of Marine Systems"},
        {"Roe, E. H. (2020). Sampling Designs for Kelp Surveys. Journal of Marine Systems, in press, 2020.", "Journal of Marine Systems"},
        {"Roe, E. H. (2020). Sampling Designs for Kelp Surveys. Journal of Marine Systems. Under review.", ""},
    };
    for (const auto& r : rows) {
        CAPTURE(r.entry);
        Publication p = parse_publication(r.entry, PublicationKind::other);
        CHECK(p.venue_raw == r.venue);
        CHECK(p.year.has_value());
    }
}

TEST_CASE("HTML comma citations: the italic part after the title is the venue, the year ends the entry") {
    const cvsearch::readers::TextDocument doc = cvsearch::readers::read_html(
        "<html><body><h1>Mira Quell</h1><h2>Publications</h2><ol>\n"
        "<li><strong>Quell, M.</strong>, Hale, K., Density of Liquid Tin under Lunar Core Conditions: Constraint on Core "
        "Profiles, <i>Journal of Lunar Interiors: Cores</i>, 131, e2025JE00123. <a href=\"https://doi.org/10.1/x\">[DOI]</a></li>\n"
        "<li>Hale, K., <strong>Quell, M.</strong>, Changes in the coordination of tin, lead, and zinc in basaltic glasses, "
        "<i>Annals of Lunar Geochemistry</i>, 421, 54-65, 2026. <a href=\"https://doi.org/10.1/y\">[DOI]</a></li>\n"
        "<li><strong>Quell, M.</strong>, Hale, K., Melting relations in Sn-SnS under lunar pressures: an inner core?, "
        "<em>Lunar and Planetary Letters</em>, 675, 119785, 2025. <a href=\"https://doi.org/10.1/z\">[DOI]</a></li>\n"
        "<li>Hale, K., <strong>Quell, M.</strong>, Tin in the Outer Core from Densities up to 102 GPa and 4,100 K. "
        "<i>Journal of Lunar Interiors: Mantles</i>, 130(10), e2025JB0042, 2024.</li>\n"
        "<li>Hale, K., <strong>Quell, M.</strong>, (Title TBA), <i>(Journal TBA)</i>, under review.</li>\n"
        "</ol></body></html>");
    const cvsearch::Profile p = cvsearch::extract::extract_profile(doc);
    using cvsearch::testing::publication;
    const Publication* a = publication(p, "Density of Liquid Tin");
    REQUIRE(a);
    CHECK(a->title == "Density of Liquid Tin under Lunar Core Conditions: Constraint on Core Profiles");
    CHECK(a->venue_raw == "Journal of Lunar Interiors: Cores");
    const Publication* b = publication(p, "coordination of tin");
    REQUIRE(b);
    CHECK(b->title == "Changes in the coordination of tin, lead, and zinc in basaltic glasses");
    CHECK(b->venue_raw == "Annals of Lunar Geochemistry");
    CHECK(b->year == 2026);
    const Publication* c = publication(p, "Melting relations");
    REQUIRE(c);
    CHECK(c->venue_raw == "Lunar and Planetary Letters");
    CHECK(c->year == 2025);
    const Publication* d = publication(p, "Tin in the Outer Core");
    REQUIRE(d);
    CHECK(d->venue_raw == "Journal of Lunar Interiors: Mantles");
    CHECK(d->year == 2024);
    const Publication* e = publication(p, "Title TBA");
    if (e) CHECK(e->venue_raw.empty());  // an italic placeholder of an entry under review is no venue
}

TEST_CASE("a year that ends an entry as a comma part of its own is its year, even when the title ran on over it") {
    Publication p = parse_publication("Hale, K., Quell, M., Changes in the coordination of tin, lead, and zinc, Annals of Lunar Things, 421, 54-65, 2026.",
                                      PublicationKind::other);
    CHECK(p.year == 2026);
}

TEST_CASE("a venue's name ends at a semicolon that opens a theme, outside brackets") {
    Publication p = parse_publication("Quell, M., Hale, K. (2016). Reading tide tables aloud. Third National Conference on Tidal "
                                      "Linguistics; The perspective of tide research in the 21st century. Mashhad, Iran.",
                                      PublicationKind::other);
    CHECK(p.venue_raw == "Third National Conference on Tidal Linguistics");
    CHECK(p.year == 2016);
    // (A semicolon inside brackets is no end.)
    Publication q = parse_publication("Quell, M. (2025). Reading tide tables aloud. International Tide Speech Conference "
                                      "(ITSC; Tidespeech 2025).",
                                      PublicationKind::other);
    CHECK(q.venue_raw == "International Tide Speech Conference (ITSC; Tidespeech 2025)");
}

TEST_CASE("a title that ran on over its venue, volume, year and pages ends at the venue") {
    // IEEE-like comma entries without quotes or italics, a DOI (a link's text) after them.
    Publication a = parse_publication("K. Hale, M. Quell, & R. Stone, Tide Gauge Drift in Cold Harbours, Journal of Harbour "
                                      "Studies, vol. 9, 2021, pp. 101-109. 10.5555/jhs.2021.0042",
                                      PublicationKind::other);
    CHECK(a.title == "Tide Gauge Drift in Cold Harbours");
    CHECK(a.venue_raw == "Journal of Harbour Studies");
    CHECK(a.year == 2021);
    Publication b = parse_publication("M. Quell & K. Hale, Routing Ferries by Tide, 15th International Conference on Harbour "
                                      "Management, 2019. 10.5555/ichm.2019.7",
                                      PublicationKind::other);
    CHECK(b.title == "Routing Ferries by Tide");
    CHECK(b.venue_raw == "15th International Conference on Harbour Management");
    CHECK(b.year == 2019);
}

TEST_CASE("the name after the last \"and\" or \"&\" closes the author list") {
    // "J. Doe, D. Roe, & J. Poe, Combined Convolutional and ...": the title's first words
    // are no further author.
    Publication a = parse_publication("M. Quell, D. Roe, & J. Poe, Combined Tidal and Wind Models for Harbours, IEEE "
                                      "International Conference on Big Data, 2020, pp. 1354-1361.",
                                      PublicationKind::other);
    CHECK(a.title == "Combined Tidal and Wind Models for Harbours");
    CHECK(a.authors == std::vector<std::string>{"M. Quell", "D. Roe", "J. Poe"});
    CHECK(a.year == 2020);
    // APA keeps reading the initials after the last surname, and the year after them.
    Publication b = parse_publication("Quell, M., Roe, D., & Poe, J. (2019). Combined Tidal and Wind Models. Journal of Harbour "
                                      "Studies, 12(3), 4-9.",
                                      PublicationKind::other);
    CHECK(b.authors.size() == 3);
    CHECK(b.year == 2019);
    CHECK(b.title == "Combined Tidal and Wind Models");
}

TEST_CASE("HTML vita without authors: the italic part names the venue over a publisher, a town or a cut-off guess") {
    // A one-person page lists "Title, with co-authors, <i>Journal</i>, vol, year": abbreviated
    // journal names hold "and", proceedings are followed by editors, a publisher and a town.
    const cvsearch::readers::TextDocument doc = cvsearch::readers::read_html(
        "<html><body><h1>Vita - Mira Q Quell</h1><h2>Journal Articles</h2><ul>\n"
        "<li><a href=\"a.pdf\">On the Support of Tidal Vectors</a>, with\n<a href=\"r\">P. Roe</a> and <a href=\"s\">D. Poe</a>,\n"
        "<i>J. App. and Comp. Tidal Anal.</i>, <strong>3</strong>(1996), 229-238.<p></p>\n"
        "<li><a href=\"b.pdf\">Moments of Harbour Splines</a>, with D. Roe and J. Wang, <i>J. App. Math. and\nStoch. Tides</i>, "
        "<strong>11</strong>, No. 4, 1998, 465-479.<p></p>\n"
        "<li><a href=\"c.pdf\">Positive Tide Vectors</a>, with <a href=\"r\">D. Roe</a>, <i>Proceedings of Tidal Analysis and "
        "Harbour Methods </i>, T.X. He, ed., Marcel Dekker, New York, 2000, 317-339.<p></p>\n"
        "<li><span class=\"o\">Recursion Formulas for Tide Tables</span>, in: <i> Proceedings of Advances in Harbour Computing </i>, "
        "S.K. Dey and J. Ziebarth, eds., Eastern Harbour University, 1996, 143-149.<p></p>\n"
        "<li><a href=\"d.pdf\">Multitides and Integer Transforms</a>, <i>J. Comp. Tide and Appl.</i>, <strong>5</strong>, No. 1, "
        "January 2003, 161-\t\t178.<p></p>\n"
        "</ul></body></html>");
    const cvsearch::Profile p = cvsearch::extract::extract_profile(doc);
    using cvsearch::testing::publication;
    const Publication* a = publication(p, "Support of Tidal");
    REQUIRE(a);
    CHECK(a->venue_raw == "J. App. and Comp. Tidal Anal.");
    CHECK(a->year == 1996);
    const Publication* b = publication(p, "Harbour Splines");
    REQUIRE(b);
    CHECK(b->venue_raw == "J. App. Math. and Stoch. Tides");
    const Publication* c = publication(p, "Positive Tide");
    REQUIRE(c);
    CHECK(c->venue_raw == "Proceedings of Tidal Analysis and Harbour Methods");
    CHECK(c->year == 2000);
    const Publication* d = publication(p, "Recursion Formulas");
    REQUIRE(d);
    CHECK(d->title == "Recursion Formulas for Tide Tables");
    CHECK(d->venue_raw == "Proceedings of Advances in Harbour Computing");
    const Publication* e = publication(p, "Multitides");
    REQUIRE(e);
    CHECK(e->title == "Multitides and Integer Transforms");
    CHECK(e->venue_raw == "J. Comp. Tide and Appl.");
    CHECK(e->year == 2003);
    CHECK(e->authors.empty());
}

TEST_CASE("a role and its employer with dates in experience prose cite no paper") {
    // "Consultant, Example Detectors Inc. (2009-2010): Played a key role ...": an APA author
    // list to a reader of citations, a job to anyone. Fictional person and firm.
    auto p = cvsearch::testing::parse_one(
        "# Robin Vale\n\n## Research Experience\n\n"
        "Consultant, Example Detectors Inc. (2009-2010): Played a key role in the development of an innovative "
        "lithium-6-based detector for homeland security, with models of the detector designs.\n\n"
        "Vale, R., & Roe, B. (2019). Tides of the northern lakes and their models. Journal of Lake Science, 3(1), 1-9.\n",
        "cv.md");
    REQUIRE(p.publications.size() == 1);
    CHECK(p.publications[0].title == "Tides of the northern lakes and their models");
}

TEST_CASE("a publisher, a numbered report and a refereeing remark are no venues") {
    using cvsearch::extract::is_placeholder_venue;
    CHECK(is_placeholder_venue("John J. Wiley & Sons"));
    CHECK(is_placeholder_venue("Oxford University Press"));
    CHECK(is_placeholder_venue("Independently published"));
    CHECK(is_placeholder_venue("Technical Report TR-CS-98-112"));
    CHECK(is_placeholder_venue("Tech Report TR CS98112"));
    CHECK(is_placeholder_venue("Unrefereed"));
    CHECK_FALSE(is_placeholder_venue("Journal of Lake Press Studies"));
    CHECK_FALSE(is_placeholder_venue("Technical Report of the Lake Science Institute on Tidal Models"));
    CHECK_FALSE(is_placeholder_venue("Proceedings of the Example Conference"));
}

TEST_CASE("a page set wholly in headings: a dated citation in a heading is an entry") {
    // Every line an <h3>, the section heading and each paper. Fictional person and papers.
    auto p = cvsearch::testing::parse_one(
        "<html><body><h3>Robin Vale</h3><h3>PUBLICATIONS</h3>\n"
        "<h3>&quot;The Virtues of Lakes and the Common Good,&quot; In <u>Journal of Lake Ethics</u> 21, no. 2 (Fall 2018): 395-405.</h3>\n"
        "<h3>&quot;Playing to Win on the Water,&quot; (With Ann Roe and Bo Poe) in Journal of the Philosophy of Sport, Volume 4, "
        "Issue 2 (2017), 174-182</h3>\n"
        "<h3>UNIVERSITY SERVICE</h3><h3>Director, Honors Program, 2008-2018</h3></body></html>",
        "cv.html");
    REQUIRE(p.publications.size() == 2);
    CHECK(p.publications[0].title == "The Virtues of Lakes and the Common Good");
    CHECK(p.publications[0].venue == "Journal of Lake Ethics");
    CHECK(p.publications[0].year == 2018);
    CHECK(p.publications[1].venue_raw.find("Journal of the Philosophy of Sport") == 0);  // "(With ...)" names co-authors
    CHECK(p.publications[1].year == 2017);
}

TEST_CASE("a list of paper cards: the year box, the title heading, a 'with' line, the venue, tags and link labels") {
    // <li><div>2025</div><h4>Title</h4><p>with ...</p><p><em>Venue</em>, 2025</p><div>tags</div>
    // <div><a>Journal</a> <a>Working paper</a></div></li>. Fictional people and papers.
    const std::string card = R"(<li class="paper"><div class="year">%Y</div><div class="body"><h4>%T</h4>
<p class="authors">with Ann Roe &amp; Bo Poe</p><p class="venue"><em>%V</em>, %Y</p>
<div class="tags"><span>Lakes</span><span>Tides</span></div>
<div class="links"><a href="https://example.org/a">Journal</a> <a href="https://example.org/b">Working paper</a></div></div></li>
)";
    auto fill = [&](std::string y, std::string t, std::string v) {
        std::string c = card;
        for (auto [k, val] : {std::pair<std::string, std::string>{"%Y", y}, {"%T", t}, {"%V", v}})
            for (std::size_t at = c.find(k); at != std::string::npos; at = c.find(k)) c.replace(at, k.size(), val);
        return c;
    };
    auto p = cvsearch::testing::parse_one("<html><body><h1>Robin Vale</h1><h2>Publications</h2><h3>Peer-reviewed articles</h3><ol>" +
                                              fill("2025", "Estimating Lake Inattention", "Journal of Lake Economics") +
                                              fill("2023", "Optimal Tides Under Bounded Rationality", "Journal of Tidal Stability") +
                                              "</ol><h2>Teaching</h2><p>Tides, 2020</p></body></html>",
                                          "cv.html");
    REQUIRE(p.publications.size() == 2);
    CHECK(p.publications[0].title == "Estimating Lake Inattention");
    CHECK(p.publications[0].authors == std::vector<std::string>{"Ann Roe", "Bo Poe"});
    CHECK(p.publications[0].venue == "Journal of Lake Economics");
    CHECK(p.publications[0].year == 2025);
    CHECK(p.publications[1].title == "Optimal Tides Under Bounded Rationality");
    CHECK(p.publications[1].year == 2023);
    // The link labels ("Journal Working paper") read as a plain sub-heading: the card title
    // below them is still a title under the articles' heading, no section of its own.
    CHECK(std::none_of(p.sections.begin(), p.sections.end(),
                       [](const cvsearch::Section& s) { return s.heading == "Optimal Tides Under Bounded Rationality"; }));
}

TEST_CASE("Spanish sections after the papers (courses and certificates, volunteering) are no papers") {
    // Fictional person, courses and paper.
    auto p = cvsearch::testing::parse_one(
        "Robin Vale\n\nPublicaciones\n\n- Vale, R. (2017). Lagos y mareas del norte. _Revista de Lagos_, 91, 36-37.\n\n"
        "Cursos y certificados\n\n2016\n\n    _Taller de cartografía básica de lagos_\n\n    Escuela Lago\n\n"
        "Voluntariado\n\n2020\n    Miembro de un proyecto de documentación de lagos\n",
        "cv.txt");
    REQUIRE(p.publications.size() == 1);
    CHECK(p.publications[0].year == 2017);
}
