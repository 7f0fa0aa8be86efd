// LaTeX CVs whose publications live in a .bib file next to them (\nocite{*} +
// \addbibresource / \bibliography, \bibentry, a lone \cite in a CV macro). The
// people, venues and papers are fictional.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "../profile_lookup.hpp"
#include "../../test_util.hpp"
#include "cvsearch/parse.hpp"
#include "parse/readers/bibtex.hpp"

using namespace cvsearch;
using cvsearch::testing::publication;

namespace {

const char* kBib = R"(@string{jfg = "Journal of Fictional Graphs"}
@comment{ an @ inside a comment is no entry }
@article{example2021graphs,
  author = {Example, Ann and Writer, Bo and others},
  title = {{Frobnitz} Graphs for Everyone and Their Friends},
  journal = jfg,
  volume = 3,
  year = 2021,
}
@InProceedings{example2019,
  author = "Ann Example and Cy Person",
  title = "A Study of Imaginary Gradients in Depth",
  booktitle = {Proceedings of the 12th ACM Symposium on Operating Systems Principles (SOSP '19)},
  date = {2019-10-27},
}
@misc{example2024pre,
  author = {Example, Ann},
  title = {Pretend Computing at Scale Without Any Tears},
  eprint = {2401.00001}, archivePrefix = {arXiv},
  year = {2024}
}
@article{other2010,
  author = {Nobody, Noel},
  title = {Never Cited by Anyone in This Curriculum},
  journal = {Annals of Unread Things},
  year = {2010}
}
)";

Profile parse_in(const cvsearch::testing::TempDir& dir, const std::string& tex) {
    cvsearch::testing::write_file(dir / "cv.tex", tex);
    auto profiles = parse_file(dir / "cv.tex");
    REQUIRE(profiles.size() == 1);
    return profiles.front();
}

}  // namespace

TEST_CASE("parse/readers: BibTeX entries, @string abbreviations and name order") {
    auto entries = readers::parse_bibtex(kBib);
    REQUIRE(entries.size() == 4);
    CHECK(entries[0].key == "example2021graphs");
    CHECK(entries[0].field("journal") == "Journal of Fictional Graphs");
    CHECK(entries[1].type == "inproceedings");
    CHECK(readers::bib_entry_as_latex(entries[0]) ==
          "Ann Example, Bo Writer. \xE2\x80\x9C{Frobnitz} Graphs for Everyone and Their Friends.\xE2\x80\x9D Journal of Fictional Graphs, 2021.");
    CHECK(readers::bib_entry_as_latex(entries[2]).find("arXiv:2401.00001, 2024.") != std::string::npos);
    CHECK(readers::parse_bibtex(kBib, 1).size() == 1);
}

TEST_CASE("parse/readers: \\nocite{*} with biblatex prints every entry of the .bib next to the CV") {
    cvsearch::testing::TempDir dir;
    cvsearch::testing::write_file(dir / "refs" / "mypubs.bib", kBib);
    Profile p = parse_in(dir, R"(\documentclass{article}
\usepackage{biblatex}
\addbibresource{refs/mypubs.bib}
\begin{document}
{\Large Ann Example}
\section{Publications}
\nocite{*}
\printbibliography[type=article,heading=none]
\printbibliography[type=inproceedings,heading=none]
\section{Teaching}
Intro to Things, 2020
\end{document}
)");
    REQUIRE(p.publications.size() == 4);
    const Publication* graphs = publication(p, "Frobnitz Graphs");
    REQUIRE(graphs);
    CHECK(graphs->venue == "Journal of Fictional Graphs");
    CHECK(graphs->year == 2021);
    const Publication* gradients = publication(p, "Imaginary Gradients");
    REQUIRE(gradients);
    CHECK(gradients->venue == "SOSP");
    CHECK(gradients->year == 2019);
    const Publication* pre = publication(p, "Pretend Computing");
    REQUIRE(pre);
    CHECK(pre->venue == "arXiv");
}

TEST_CASE("parse/readers: BibTeX \\bibliography{} prints the cited keys only, a lone \\cite is written in place") {
    cvsearch::testing::TempDir dir;
    cvsearch::testing::write_file(dir / "mypubs.bib", kBib);
    Profile p = parse_in(dir, R"(\documentclass{article}
\begin{document}
Ann Example
\section{Selected Papers}
\begin{itemize}
\item \cite{example2019}
\end{itemize}
\section{Other}
As argued in \cite{example2024pre}, things are hard.
\nocite{example2021graphs}
\bibliographystyle{plain}
\bibliography{mypubs}
\end{document}
)");
    CHECK_FALSE(publication(p, "Never Cited"));
    CHECK(p.publications.size() == 3);  // each once: the one written in place is not listed again
    CHECK(publication(p, "Frobnitz Graphs"));      // \nocite
    CHECK(publication(p, "Pretend Computing"));    // cited in a sentence: BibTeX lists it too
    const Publication* in_place = publication(p, "Imaginary Gradients");
    REQUIRE(in_place);
    CHECK(in_place->venue == "SOSP");
}

TEST_CASE("parse/readers: no .bib file, a commented-out bibliography, or parse_bytes: the CV is read as written") {
    cvsearch::testing::TempDir dir;
    const std::string tex = R"(\documentclass{article}
\begin{document}
Ann Example
\section{Publications}
% \addbibresource{mypubs.bib}
\nocite{*}
\bibliography{missing}
\end{document}
)";
    cvsearch::testing::write_file(dir / "mypubs.bib", kBib);
    CHECK(parse_in(dir, tex).publications.empty());
    const std::string uses = "\\documentclass{article}\n\\begin{document}\nAnn Example\n\\section{Publications}\n\\nocite{*}\n"
                             "\\bibliography{mypubs}\n\\end{document}\n";
    CHECK(parse_bytes(uses, (dir / "cv.tex").string()).front().publications.empty());  // bytes alone read no other file
    CHECK(parse_in(dir, uses).publications.size() == 4);
}

TEST_CASE("parse/readers: malformed BibTeX ends in linear time and keeps the entries it can read") {
    std::string bib = "@article{good, title = {A Fine Title}, year = 2020}\n";
    for (int i = 0; i < 20000; ++i) bib += "@misc{k" + std::to_string(i) + ", title = {{{ unclosed @ @ = \"";
    bib += std::string(200000, '{') + std::string(100000, '@');
    const auto start = std::chrono::steady_clock::now();
    auto entries = readers::parse_bibtex(bib);
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds < 5.0);  // a guard against a quadratic scan, not a speed target
    REQUIRE_FALSE(entries.empty());
    CHECK(entries.front().field("title") == "A Fine Title");
    CHECK(entries.size() <= readers::kMaxBibEntries);
}

TEST_CASE("parse/readers: a .bib outside the CV's folder is not read") {
    cvsearch::testing::TempDir dir;
    cvsearch::testing::write_file(dir / "outside.bib", kBib);
    cvsearch::testing::write_file(dir / "cv" / "placeholder.txt", "");
    auto cv_with = [&](const std::string& name) {
        cvsearch::testing::write_file(dir / "cv" / "cv.tex", "\\documentclass{article}\n\\begin{document}\nAnn Example\n"
                                                                "\\section{Publications}\n\\nocite{*}\n\\bibliography{" + name +
                                                                "}\n\\end{document}\n");
        auto profiles = parse_file(dir / "cv" / "cv.tex");
        REQUIRE(profiles.size() == 1);
        return profiles.front().publications.size();
    };
    CHECK(cv_with("../outside") == 0);
    CHECK(cv_with((dir / "outside").string()) == 0);  // absolute
    std::error_code ec;
    std::filesystem::create_symlink(dir / "outside.bib", dir / "cv" / "linked.bib", ec);
    if (!ec) CHECK(cv_with("linked") == 0);  // a link that leads out of the folder
    cvsearch::testing::write_file(dir / "cv" / "refs" / "mine.bib", kBib);
    CHECK(cv_with("refs/mine") == 4);
}
