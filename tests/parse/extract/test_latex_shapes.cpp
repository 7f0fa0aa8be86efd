// Whole-pipeline extraction from LaTeX CVs in the shapes real ones come in:
// a CV built on its own macros, a moderncv CV and an awesome-cv CV. The
// people, places and papers are fictional.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "cvsearch/parse.hpp"

namespace {

cvsearch::Profile parse_tex(const std::string& tex) {
    auto profiles = cvsearch::parse_bytes(tex, "cv.tex");
    REQUIRE(profiles.size() == 1);
    return profiles[0];
}

std::vector<std::string> section_kinds(const cvsearch::Profile& p) {
    std::vector<std::string> kinds;
    for (const auto& s : p.sections) kinds.push_back(s.kind);
    return kinds;
}

bool has_section(const cvsearch::Profile& p, const std::string& heading, const std::string& kind) {
    return std::any_of(p.sections.begin(), p.sections.end(),
                       [&](const cvsearch::Section& s) { return s.heading == heading && s.kind == kind; });
}

const cvsearch::Affiliation* affiliation(const cvsearch::Profile& p, const std::string& institution) {
    for (const auto& a : p.affiliations)
        if (a.institution_raw == institution) return &a;  // as written: normalization is not tested here
    return nullptr;
}

const cvsearch::Publication* publication(const cvsearch::Profile& p, const std::string& title_word) {
    for (const auto& pub : p.publications)
        if (pub.title.find(title_word) != std::string::npos) return &pub;
    return nullptr;
}

void check_affiliation(const cvsearch::Profile& p, const std::string& institution, int start, std::optional<int> end,
                       bool current = false) {
    CAPTURE(institution);
    const auto* a = affiliation(p, institution);
    REQUIRE(a != nullptr);
    CHECK(a->start_year == start);
    CHECK(a->end_year == end);
    CHECK(a->current == current);
}

void check_publication(const cvsearch::Profile& p, const std::string& title_word, const std::string& venue, int year) {
    CAPTURE(title_word);
    const auto* pub = publication(p, title_word);
    REQUIRE(pub != nullptr);
    CHECK(pub->venue_raw.find(venue) != std::string::npos);  // as written: normalization is not tested here
    CHECK(pub->year == year);
}

// Headings, entries and the name all come from the author's own macros; none
// of their names is known to the reader.
const char* kCustomMacroCv = R"TEX(\documentclass[11pt]{article}
\def\myauthor{Ottilie Brannigan}
\hypersetup{pdfauthor={\myauthor}, pdftitle={CV}}
\newcommand{\mhead}[1]{\vspace{6pt}\noindent{\large\textsc{#1}}\par}
\newcommand{\chapterhead}[2][0pt]{\vspace{#1}\section*{#2}}
\def\works#1{\subsection{#1}}
\newcommand{\memberships}{\section{Memberships}}
\def\loopy{\loopy}
\def\twice#1{\twice{#1}\twice{#1}}
\begin{document}
{\huge \myauthor}\\
Department of Oceanography, University of Michigan

\chapterhead{Education}
Ph.D. in Oceanography, University of Washington, 2012--2017\\
B.Sc. in Biology, University of Oregon, 2008--2012

\mhead{Experience}
Assistant Professor, University of Michigan, 2019--present\\
Postdoctoral Fellow, Stanford University, 2017--2019

\mhead{Field Campaigns}
Arctic shelf survey aboard a research vessel.

\works{Publications}
\begin{enumerate}
\item O. Brannigan and K. Lutz. Tidal mixing in glacial fjords. \textit{Nature Geoscience}, 2021.
\item O. Brannigan. Internal waves over rough slopes. \textit{Journal of Physical Oceanography}, 2019.
\end{enumerate}

\mhead{Awards}
Early Career Award, 2020

\memberships
American Geophysical Union
\loopy\twice{x}
\end{document}
)TEX";

}  // namespace

TEST_CASE("LaTeX CV built on its own macros: \\newcommand and \\def headings, a \\def name") {
    auto start = std::chrono::steady_clock::now();
    auto p = parse_tex(kCustomMacroCv);
    // A hang guard, not a speed target: self-recursive macros must stop at once.
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));

    CHECK(p.name == "Ottilie Brannigan");
    CHECK(has_section(p, "Education", "education"));          // \newcommand with an optional argument around \section*
    CHECK(has_section(p, "Experience", "experience"));        // a formatting-only macro whose argument is a heading
    CHECK(has_section(p, "Field Campaigns", "other"));        // the same macro, a heading nobody lists
    CHECK(has_section(p, "Publications", "publications"));    // \def\works#1{\subsection{#1}}
    CHECK(has_section(p, "Memberships", "service"));          // a zero-argument macro holding a \section
    check_affiliation(p, "University of Washington", 2012, 2017);
    check_affiliation(p, "University of Michigan", 2019, std::nullopt, true);
    check_affiliation(p, "Stanford University", 2017, 2019);
    check_publication(p, "Tidal mixing", "Nature Geoscience", 2021);
    check_publication(p, "Internal waves", "Journal of Physical Oceanography", 2019);
}

TEST_CASE("moderncv CV: \\name{First}{Last}, \\cventry and \\cvitem") {
    auto p = parse_tex(R"TEX(\documentclass[11pt,a4paper,sans]{moderncv}
\moderncvstyle{classic}
\moderncvcolor{blue}
\name{Henrike}{Vossberg}
\title{Curriculum Vitae}
\email{h.vossberg@example.org}
\begin{document}
\makecvtitle
\section{Education}
\cventry{2010--2015}{Ph.D. in Computer Science}{ETH Zurich}{Zurich}{}{Thesis on distributed consensus.}
\cventry{2006--2010}{B.Sc. in Mathematics}{University of Vienna}{Vienna}{}{}
\section{Experience}
\cventry{2018--present}{Senior Researcher}{Microsoft Research}{Cambridge, UK}{}{}
\cventry{2015--2018}{Postdoctoral Researcher}{EPFL}{Lausanne}{}{}
\section{Publications}
\cvitem{2020}{H. Vossberg and P. Laine. Consensus under heavy churn. In \emph{Proceedings of OSDI}, 2020.}
\cvitem{2017}{H. Vossberg. Byzantine clocks revisited. \emph{Distributed Computing}, 2017.}
\end{document}
)TEX");
    CHECK(p.name == "Henrike Vossberg");
    CHECK(section_kinds(p) == std::vector<std::string>{"header", "education", "experience", "publications"});
    check_affiliation(p, "ETH Zurich", 2010, 2015);
    check_affiliation(p, "University of Vienna", 2006, 2010);
    check_affiliation(p, "Microsoft Research", 2018, std::nullopt, true);
    check_affiliation(p, "EPFL", 2015, 2018);
    check_publication(p, "churn", "OSDI", 2020);
    check_publication(p, "Byzantine clocks", "Distributed Computing", 2017);
}

TEST_CASE("awesome-cv CV: five-argument \\cventry, \\cvsection, a \\name the class defines") {
    auto p = parse_tex(R"TEX(\documentclass[11pt, a4paper]{awesome-cv}
\name{Tobias}{Rindqvist}
\position{Research Scientist{\enskip\cdotp\enskip}Roboticist}
\email{tobias@example.com}
\begin{document}
\makecvheader
\cvsection{Experience}
\begin{cventries}
  \cventry
    {Research Scientist} % Job title
    {Boston Dynamics} % Organization
    {Waltham, MA} % Location
    {Jan. 2020 - Present} % Date(s)
    {
      \begin{cvitems}
        \item {Designed locomotion controllers for legged robots.}
      \end{cvitems}
    }
  \cventry{Graduate Researcher}{Carnegie Mellon University}{Pittsburgh, PA}{Sep. 2014 - Dec. 2019}{}
\end{cventries}
\cvsection{Education}
\begin{cventries}
  \cventry{Ph.D. in Robotics}{Massachusetts Institute of Technology}{Cambridge, MA}{2009 - 2014}{}
\end{cventries}
\cvsection{Publications}
\begin{itemize}
  \item T. Rindqvist and M. Okafor. Learning to step over gaps. \textit{IEEE Transactions on Robotics}, 2022.
\end{itemize}
\end{document}
)TEX");
    CHECK(p.name == "Tobias Rindqvist");
    CHECK(section_kinds(p) == std::vector<std::string>{"header", "experience", "education", "publications"});
    check_affiliation(p, "Boston Dynamics", 2020, std::nullopt, true);
    check_affiliation(p, "Carnegie Mellon University", 2014, 2019);
    check_affiliation(p, "Massachusetts Institute of Technology", 2009, 2014);
    check_publication(p, "step over gaps", "IEEE Transactions on Robotics", 2022);
}

TEST_CASE("a stated name with the family name in capitals") {
    auto p = parse_tex("\\documentclass{moderncv}\\firstname{Maelle}\\familyname{DURAND-LEROUX}\\begin{document}\\makecvtitle\n"
                       "\\section{Education}\\cventry{2014--2018}{PhD}{Sorbonne University}{Paris}{}{}\\end{document}");
    CHECK(p.name == "Maelle Durand-Leroux");
    // in running text the same shape is an acronym beside a word, not a name
    auto q = parse_tex("\\begin{document}Research at KAIST\\\\Daejeon\\end{document}");
    CHECK(q.name.empty());
}

TEST_CASE("a title line in a size command: the family name in capitals, the name beside it in CJK script") {
    // "\Huge{Given Given FAMILY}" as the CV's first line: a name (French style), not an acronym.
    auto p = parse_tex("\\documentclass{article}\\begin{document}\\begin{center}\n\\Huge{Ines Marguerite DELACROIX} \\\\[7pt]\n"
                       "\\href{mailto:ines@example.org}{ines@example.org}\n\\end{center}\n\\section{Education}\nPhD, Example University, 2020\n"
                       "\\end{document}");
    CHECK(p.name == "Ines Marguerite Delacroix");
    // "\LARGE{\textbf{Given FAMILY}, <the name in Hangul>}"
    auto q = parse_tex("\\begin{document}\\noindent \\LARGE{\\textbf{Dohyun SEO}, \xEC\x84\x9C\xEB\x8F\x84\xED\x98\x84} \\\\\n"
                       "dohyun@example.org\n\\section{Education}\nPhD, Example University, 2020\n\\end{document}");
    CHECK(q.name == "Dohyun Seo");
    // moderncv with the family name in Latin and Han script
    auto r = parse_tex("\\documentclass{moderncv}\\firstname{Tingyu}\\familyname{Lo \xE7\xBE\x85\xE5\xBA\xAD\xE5\xAE\x87}\\begin{document}\\makecvtitle\n"
                       "\\section{Education}\\cventry{2016--2020}{PhD}{Example University}{}{}{}\\end{document}");
    CHECK(r.name == "Tingyu Lo");
    // Only the first line is a title: capitals further down stay acronyms.
    auto s = parse_tex("\\begin{document}Curriculum Vitae\\\\\nResearch Engineer NVIDIA\\\\\n\\section{Education}\nPhD, Example University\n\\end{document}");
    CHECK(s.name.empty());
}

TEST_CASE("name fields of a class the file does not define, read by their shape") {
    // \setname{..}{} (a macro named like a name field)
    auto p = parse_tex("\\documentclass{mycv}\\setname{Odile Marchetti}{}\\setmail{odile@example.org}\n\\begin{document}\\headerview\n"
                       "\\section{Education}\nPhD, Example University, 2020\n\\end{document}");
    CHECK(p.name == "Odile Marchetti");
    // \header{Given}{Family}{Headline} first in the body (the Twenty Seconds shape), in Latin and in Han script
    auto q = parse_tex("\\documentclass{twentysecondcv}\\begin{document}\n\\header{Odile}{Marchetti}{Software Engineer}\n"
                       "\\section{Education}\nPhD, Example University, 2020\n\\end{document}");
    CHECK(q.name == "Odile Marchetti");
    auto r = parse_tex("\\documentclass{twentysecondcv}\\begin{document}\n\\header{\xE6\x9E\x97}{\xE6\x80\x9D\xE8\xBF\x9C}{\xE5\x8D\x9A\xE5\xA3\xAB}\n"
                       "\\section{Education}\nPhD, Example University, 2020\n\\end{document}");
    CHECK(r.name == "\xE6\x9E\x97\xE6\x80\x9D\xE8\xBF\x9C");
    // a two-argument macro after the first heading is an entry, never the name
    auto s = parse_tex("\\begin{document}\\section{Teaching}\n\\course{Operating Systems}{Fall 2020}\n\\mentor{Ada}{Lovelace}\n\\end{document}");
    CHECK(s.name.empty());
    // moderncv's \name with a title before the given names
    auto t = parse_tex("\\documentclass{moderncv}\\name{Dr Odile}{Marchetti}\\begin{document}\\makecvtitle\n"
                       "\\section{Education}\\cventry{2016--2020}{PhD}{Example University}{}{}{}\\end{document}");
    CHECK(t.name == "Odile Marchetti");
}

TEST_CASE("a \\subsection is a title inside its section unless it names a section") {
    auto p = parse_tex(R"TEX(\documentclass{article}
\begin{document}
\section*{Rowan Vance}
\section{Experience}
\subsection{University of Toronto}
Assistant Professor, 2018--2021
\section{Publications}
\subsection{Submitted}
\begin{itemize}
\item R. Vance and T. Ng. Learning under drift. \textit{Machine Learning}, 2024.
\end{itemize}
\subsection{Journal Articles}
\begin{itemize}
\item R. Vance. Sparse drift detection. \textit{Journal of Machine Learning Research}, 2020.
\end{itemize}
\end{document}
)TEX");
    CHECK(section_kinds(p) == std::vector<std::string>{"header", "experience", "publications", "publications"});
    check_affiliation(p, "University of Toronto", 2018, 2021);
    REQUIRE(publication(p, "Learning under drift") != nullptr);
    check_publication(p, "Sparse drift", "Journal of Machine Learning Research", 2020);
}

TEST_CASE("a class's own section, entry and date macros with their arguments on lines of their own") {
    // \Section takes the title twice and a bookmark name; dates are macros of month and
    // two-digit year; a university named by its campus town has "at" in its name.
    const std::string tex = R"(\documentclass{simpleresumecv}
\newcommand{\CVAuthor}{Odile Brenner}
\begin{document}
\Title{\CVAuthor}
\begin{Body}
\Section
{Education}
{Education}
{PDF:Education}

\Entry
\textbf{University at Greyhaven}, The State University of Nowhere

\Gap
\BulletItem
Ph.D. in Computer Science and Engineering
\hfill
\DatestampYD{Aug}{ `17} --
\DatestampY{Present}

\Section
{Publications}
{Publications}
{PDF:Publications}

\Gap
\NumberedItem{[1]}
{\underline{Odile Brenner}, Piet Alvarez, and Mona Ruiz,
``Quarry: Securely Showing Images on Shared Screens'' in
\textit{Proceedings of the 19th Annual International Conference on Mobile Systems \textbf{(MobiSys)}
, \DatestampYM{2021}}.}
\end{Body}
\end{document}
)";
    auto p = parse_tex(tex);
    CHECK(p.name == "Odile Brenner");
    CHECK(has_section(p, "Education", "education"));
    const auto* phd = affiliation(p, "University at Greyhaven");
    REQUIRE(phd);
    CHECK(phd->start_year == 2017);
    CHECK(phd->current);
    for (const auto& a : p.affiliations) CHECK(a.institution_raw.find("PDF:") == std::string::npos);
    const auto* quarry = publication(p, "Quarry");
    REQUIRE(quarry);
    CHECK(quarry->year == 2021);
    CHECK(quarry->venue == "MobiSys");
}

TEST_CASE("years in the margin through a CV's own macro are a cell of their own") {
    // The Taraborelli template: \newcommand{\years}[1]{\marginnote{#1}} before each entry.
    const std::string tex = R"(\documentclass{article}
\usepackage{marginnote}
\newcommand{\years}[1]{\marginnote{\normalsize #1}}
\begin{document}
{\LARGE Odile Brenner}\\[.2cm]
\section*{Education}
\years{2014}\textsc{M.S.} in Computer Science, University of Greyhaven \\
\section*{Work Experience}
\years{2019}\textbf{Quillpress}, Data science intern, New York, NY \\
- Built an internal API. \\
\years{2014-2015}\textbf{The Harbour Ledger}, Software developer and data journalist, New Orleans, LA \\
- Produced interactive web stories. \\
\end{document}
)";
    auto p = parse_tex(tex);
    const auto* ms = affiliation(p, "University of Greyhaven");
    REQUIRE(ms);
    CHECK(ms->start_year == 2014);
    const auto* intern = affiliation(p, "Quillpress");
    REQUIRE(intern);
    CHECK(intern->role == "Data science intern");
    CHECK(intern->start_year == 2019);
    const auto* ledger = affiliation(p, "The Harbour Ledger");
    REQUIRE(ledger);
    CHECK(ledger->start_year == 2014);
    CHECK(ledger->end_year == 2015);
}

// Parts written with the subfiles package and flattened into one file; the
// heading of the papers chosen with \ifthenelse on a flag set in a file the
// reader never sees (\input{flags}); the name in a large font in a \parbox
// beside the address column.
TEST_CASE("a heading chosen by \\ifthenelse on a flag set elsewhere, the name in a \\parbox column") {
    auto p = parse_tex(R"TEX(\documentclass[11pt]{article}
\usepackage{ifthen}
\newcommand\category[1]{%
	\noindent
	{\fontsize{20}{25}\selectfont\textbf{\sc #1}}
	\par\noindent
	\rule[0.3\baselineskip]{\textwidth}{0.4pt}
}
\input{flags.tex}
\begin{document}
\documentclass[cv.tex]{subfiles}
\begin{document}
\begin{center}
\parbox{.40\textwidth}{%
	\raggedleft%
	Harbor Institute of Astronomy \par
	12 Pier Road \par
	\url{https://example.org/quill}%
}%
\hspace{4mm}%
\vrule height 2.0cm width 0.4pt%
\hspace{4mm}%
\parbox{.54\textwidth}{%
	{%
	\fontsize{30}{36} \selectfont Marit K. Quillon \par
	\fontsize{20}{25} \selectfont \ifthenelse{\boolean{purepubslist}}{%
		Publications List
	}{%
		Curriculum Vitae
	} \par
	}%
}%
\end{center}
\end{document}

\documentclass[cv.tex]{subfiles}
\begin{document}
\category{Academic Positions}
Harbor Institute of Astronomy \hfill 2023 -- Present \par
Postdoctoral Fellow
\category{Awards}
Harbor Prize for Young Astronomers, 2022
\end{document}

\documentclass[cv.tex]{subfiles}
\begin{document}
\ifthenelse{\boolean{includepubs}}{%
	\category{Journal Publications}
}{%
	\category{Publications in Peer Reviewed Journals}%
}%
\begin{enumerate}
	\item \textit{Tidal streams of the outer halo}
	\\
	\textbf{Quillon M.K.}, Berry T.A.
	\\
	2024, ApJ, 985, 221 -- 233 \hfill arxiv:2410.21580

	\item \textit{Chemical clocks in dwarf galaxies}
	\\
	\textbf{Quillon M.K.}
	\\
	2021, MNRAS, 508, 4484 -- 4511 \hfill arxiv:2103.09838

	\item \textit{Ages of red giants across the outer disk}
	\\
	Otto J.M., et al., incl.~\textbf{Quillon M.K.}
	\\
	2020, AJ, 171, 52 -- 97 \hfill arxiv:2007.06989
\end{enumerate}
\end{document}
)TEX");
    CHECK(p.name == "Marit K. Quillon");
    CHECK(has_section(p, "Journal Publications", "publications"));
    CHECK_FALSE(has_section(p, "Publications in Peer Reviewed Journals", "publications"));  // the branch not taken
    check_publication(p, "Tidal streams", "ApJ", 2024);
    check_publication(p, "Chemical clocks", "MNRAS", 2021);
    // "et al., incl. X": the list goes on after "et al." with the CV's owner
    check_publication(p, "Ages of red giants", "AJ", 2020);
    if (const auto* pub = publication(p, "Ages of red giants")) {
        CHECK(pub->title == "Ages of red giants across the outer disk");
        CHECK(std::find(pub->authors.begin(), pub->authors.end(), "Quillon M.K.") != pub->authors.end());
    }
    for (const auto& pub : p.publications) CHECK(pub.title.find("Harbor Prize") == std::string::npos);
}

// moderncv entries as people type them: the employer wrapped over lines with a
// legal form after a comma, a duration beside the year.
TEST_CASE("a two-column table of labelled fields: the labels name nothing, the values are the entry") {
    // "Degree: & ...", "Period: & ...", "Employer: & ...": one field per row, the label in
    // the left column; a label wrapped onto the row below loses its colon ("Main activities").
    const std::string tex =
        "\\documentclass[a4paper]{scrartcl}\n"
        "\\usepackage{tabularx,colortbl}\n"
        "\\newcommand{\\gray}{\\rowcolor[gray]{.90}}\n"
        "\\begin{document}\n"
        "\\begin{center}\n"
        "{\\Large \\textsc{Ilaria Pellegrini}}\n"
        "\\end{center}\n"
        "\\section{Education}\n"
        "\\begin{tabularx}{\\linewidth}{>{\\raggedright\\scshape}p{4.4cm}|X}\n"
        "\\gray Degree:       & \\textbf{Ph.D. in Physical Oceanography}\\\\\n"
        "\\gray Period:       & \\textbf{2014 --- 2018}\\\\[6pt]\n"
        "\\gray University:   & \\textsc{University of Example Bay}, Bayport, United Kingdom\\\\\n"
        "\\gray Thesis Title: & \\textit{Waves over shelves}\\\\[3pt]\n"
        "\\gray Supervisors:  & \\textbf{1st}: Prof. Ann Doe (University of Example Bay)\\\\\n"
        "\\end{tabularx}\n"
        "\\section{Professional Experience}\n"
        "\\begin{tabularx}{0.97\\linewidth}{>{\\raggedright\\scshape}p{4.4cm}|X}\n"
        "\\gray \\textsc{Research Title:} & \\textbf{Shelf Seas Scientist}\\\\\n"
        "\\gray \\textsc{Period:}         & \\textbf{Aug 2019 - present}\\\\\n"
        "\\textsc{Employer:}             & \\textsc{Northwind Forecasting Agency}  \\\\\n"
        "                               & \\textsc{Ocean Forecasting Group}, Exeter, United Kingdom \\\\\n"
        "\\textsc{Main activities}       & \\textbf{Ocean Modelling - R{\\&}D} \\\\\n"
        "\\textsc{and responsibilities:} & \\\\\n"
        "\\end{tabularx}\n"
        "\\end{document}\n";
    auto p = parse_tex(tex);
    const auto* school = affiliation(p, "University of Example Bay");
    REQUIRE(school);
    CHECK(school->kind == cvsearch::AffiliationKind::education);
    CHECK(school->role == "Ph.D. in Physical Oceanography");
    CHECK(school->start_year == 2014);
    CHECK(school->end_year == 2018);
    const auto* agency = affiliation(p, "Northwind Forecasting Agency");
    REQUIRE(agency);
    CHECK(agency->kind == cvsearch::AffiliationKind::work);
    CHECK(agency->role == "Shelf Seas Scientist");
    CHECK(agency->start_year == 2019);
    CHECK(agency->current);
    for (const auto& a : p.affiliations) {
        CHECK(a.institution_raw != "Research Title");  // a label
        CHECK(a.institution_raw != "R&D");             // a value under a label that is no place
        CHECK(a.institution_raw.find("Main activities") == std::string::npos);
    }
}

TEST_CASE("a partner or a second supervisor named with their place is no entry, a lone supervisor's place is") {
    // Table rows listing a project's partners, "University of X (Prof. Y)", and a second
    // supervisor, "2nd: Prof. Y (University of X)", name other people's places.
    auto p = parse_tex(
        "\\documentclass[a4paper]{scrartcl}\n"
        "\\usepackage{tabularx,colortbl}\n"
        "\\newcommand{\\gray}{\\rowcolor[gray]{.90}}\n"
        "\\begin{document}\n"
        "\\section{Education}\n"
        "\\begin{tabularx}{\\linewidth}{>{\\raggedright\\scshape}p{4.4cm}|X}\n"
        "\\gray Degree:       & \\textbf{Ph.D. in Physical Oceanography}\\\\\n"
        "\\gray Period:       & \\textbf{2014 --- 2018}\\\\\n"
        "\\gray University:   & \\textsc{University of Example Bay}, Bayport, United Kingdom\\\\\n"
        "\\gray Supervisors:  & \\textbf{1st}: Prof. Ann Doe (University of Example Bay)\\\\\n"
        "\\gray              & \\textbf{2nd}: Prof. Bo Roe (Westfield State University)\\\\\n"
        "\\end{tabularx}\n"
        "\\section{Professional Experience}\n"
        "\\begin{tabularx}{0.97\\linewidth}{>{\\raggedright\\scshape}p{4.4cm}|X}\n"
        "\\gray \\textsc{Research Title:}  & \\textbf{Senior Ocean Modeller}\\\\\n"
        "\\gray \\textsc{Period:}          & \\textbf{Sep 2017 - Mar 2018}\\\\\n"
        "\\textsc{Employer:}        & \\textsc{University of Example Bay} \\\\\n"
        "                                 & Partners of the project are \\\\\n"
        "                                 & \\ \\ $\\ast$ \\textsc{University of Example Bay} (Prof. Ann Doe is P.I.) \\\\\n"
        "                                 & \\ \\ $\\ast$ \\textsc{University of Northgate} (Prof. Cy Poe) \\\\\n"
        "\\end{tabularx}\n"
        "\\end{document}\n");
    CHECK(affiliation(p, "University of Example Bay"));
    CHECK_FALSE(affiliation(p, "University of Northgate"));
    // The one place an internship names through its guide is where it was held.
    auto q = parse_tex(
        "\\documentclass{article}\n\\begin{document}\n\\section{Research Experience}\n"
        "Research Internship (Summer 2023)\n\n"
        "Guide : Prof. Cy Poe, Institute of Physics, Southbridge University\n\\end{document}\n");
    CHECK(std::any_of(q.affiliations.begin(), q.affiliations.end(),
                      [](const auto& a) { return a.institution_raw.find("Southbridge University") != std::string::npos; }));
}

TEST_CASE("moderncv \\cventry: an employer wrapped over lines with its legal form, a duration beside the year") {
    auto p = parse_tex(R"TEX(\documentclass[11pt,a4paper]{moderncv}
\firstname{Ilse}
\familyname{Marwood}
\begin{document}
\makecvtitle
\section{Experience}
\cventry{2012--Present}{Young Researcher}{Inria}{Lyon, France}{}{Trace analysis.}
\cventry{2011 (6 months)}{Engineering Intern}{Westmark Systems, 
S.A.}{Paris Area, France}{}{Addition of new features in ORB 
benchmarks.}
\end{document}
)TEX");
    CHECK(p.name == "Ilse Marwood");
    check_affiliation(p, "Inria", 2012, std::nullopt, true);
    const auto* a = affiliation(p, "Westmark Systems");  // the legal form is no part of the name
    REQUIRE(a != nullptr);
    CHECK(a->start_year == 2011);
    CHECK(a->role == "Engineering Intern");
}

TEST_CASE("a res-class CV: the name in a moved centred line, headings broken across two lines, ADS-style entries") {
    auto p = parse_tex(R"(\documentclass[margin, 10pt]{res}
\begin{document}
\moveleft.5\hoffset\centerline{\huge\bf Dr. Ingrid Solveig Haugland}
\moveleft\hoffset\vbox{\hrule width\resumewidth height 1pt}\smallskip
\moveleft.5\hoffset\centerline{Tromsø, Norway}
\begin{resume}
\section{RESEARCH \\ EXPERIENCE}
{\bf Post-doctoral Researcher}  \hfill Sep. 2018 - Aug. 2022 \\
{\sl Northcape Astronomical Centre, Tromsø, Norway}
\section{REFEREED \\ PUBLICATIONS}
\begin{enumerate}
    \item Lund, K., \textbf{Haugland, I. S.}, Berg, T., {\textit{Pulsations of blue supergiants before core helium ignition}}, 2021, Monthly Notices of the Royal Astronomical Society, 503, 4646
    \item \textbf{Haugland, I. S.}, Lund, K., {\textit{Excitation of pulsation modes in B-type supergiants}}, 2012, Acta Borealis, 333, 946
\end{enumerate}
\end{resume}
\end{document}
)");
    CHECK(p.name == "Ingrid Solveig Haugland");
    CHECK(has_section(p, "REFEREED PUBLICATIONS", "publications"));
    REQUIRE(p.publications.size() == 2);
    CHECK(p.publications[0].title == "Pulsations of blue supergiants before core helium ignition");
    CHECK(p.publications[0].year == 2021);
    CHECK(p.publications[0].venue == "MNRAS");
    CHECK(p.publications[1].venue_raw == "Acta Borealis");
    CHECK(p.publications[1].year == 2012);
}

TEST_CASE("a tabular of dated rows: each row an entry, its lines wrapped by hand one text") {
    // "2020 & Title wrapped \\ & over rows. Venue \\ & \href{...}{doi}\\": the first cell the
    // year, the next rows' first cells empty. Fictional person and papers; the venues are real.
    auto p = parse_tex(R"TEX(\documentclass{article}
\begin{document}
{\Large Robin Vale}
\section{Notable Publications}
\begin{tabular}{rl}
2020 & What does open plant sensing data offer \\
     & the Vision Community? Proc. IEEE/CVF  International Conference on
Computer Vision \\ & \href{https://example.org/x}{doi: 10.1109/iccvw54120.2021.00162}\\
2017 & Lakedb: a yield database applied to bioenergy \\
     &  feedstock production. Global Change Biology-Bioenergy \href{https://doi.org/10.1111/x}{doi: 10.1111/x}\\
2013 & Feedbacks between field measurements and models. Ecological Monographs \\ & \href{https://doi.org/10.1890/x}{doi: 10.1890/x}\\
2008 & Nitrogen limitation is globally distributed. Ecology \href{https://doi.org/10.1890/y}{doi: 10.1890/y}%: 1600 citations \\
\end{tabular}
\end{document}
)TEX");
    REQUIRE(p.publications.size() == 4);
    CHECK(p.publications[0].title == "What does open plant sensing data offer the Vision Community?");
    CHECK(p.publications[0].venue == "ICCV");
    CHECK(p.publications[1].title == "Lakedb: a yield database applied to bioenergy feedstock production");
    CHECK(p.publications[1].year == 2017);
    CHECK(p.publications[2].title == "Feedbacks between field measurements and models");
    CHECK(p.publications[2].venue_raw == "Ecological Monographs");
    CHECK(p.publications[3].venue_raw == "Ecology");
    CHECK(p.publications[3].year == 2008);
}
