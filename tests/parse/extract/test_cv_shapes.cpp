// CV shapes that no one file teaches: employers as sub-headings, venues in HTML
// spans, section headings in other languages, publication status words, dates
// at the start of an entry. Whole pipeline (parse_bytes), fictional CVs.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "tests/parse/profile_lookup.hpp"
#include "cvsearch/parse.hpp"

using cvsearch::AffiliationKind;
using cvsearch::Profile;

using namespace cvsearch::testing;

namespace {

bool has_section(const Profile& p, std::string_view kind) {
    return std::any_of(p.sections.begin(), p.sections.end(), [&](const cvsearch::Section& s) { return s.kind == kind; });
}

}  // namespace

TEST_CASE("Markdown: ### employer sub-headings under Experience are the affiliations, dated by the lines below") {
    Profile p = parse_one(R"(# Oriane Delacroix-Han

## Experience

### Quillmark Dynamics
Senior Research Engineer, 2021 – present

Built the perception stack.

### Tessera Labs Inc.
Machine Learning Engineer, 2018 – 2021

### Project Aurora
Research Assistant, Halvorsen University, 2016 – 2018

## Education

### Halvorsen University
Ph.D. in Computer Science, 2013 – 2018
)",
                          "cv.md");
    CHECK(p.name == "Oriane Delacroix-Han");
    const auto* quill = affiliation(p, "Quillmark Dynamics");
    REQUIRE(quill);
    CHECK(quill->kind == AffiliationKind::work);
    CHECK(quill->role == "Senior Research Engineer");
    CHECK(quill->start_year == 2021);
    CHECK(quill->current);
    const auto* tessera = affiliation(p, "Tessera Labs");
    REQUIRE(tessera);
    CHECK(tessera->start_year == 2018);
    CHECK(tessera->end_year == 2021);
    // A sub-heading followed by a line that names its own place is a project title.
    CHECK(affiliation(p, "Project Aurora") == nullptr);
    bool halvorsen_education = std::any_of(p.affiliations.begin(), p.affiliations.end(), [](const cvsearch::Affiliation& a) {
        return a.institution_raw == "Halvorsen University" && a.kind == AffiliationKind::education && a.start_year == 2013;
    });
    CHECK(halvorsen_education);
}

TEST_CASE("a one-word sub-heading no table knows heads a kind of work, a name-shaped one an employer") {
    Profile p = parse_one(R"(# Tomasz Erlingsen-Vale

## Experience

### Journalism
Blog Journalist, 2012 – 2016

### QuillStack
Software Engineer, 2018 – 2020

### Translation
Freelance Translator, 2010 – 2012

### Marrowby Dataworks
Data Scientist, 2020 – present

### Quorra.io
Intern, 2009 – 2010
)",
                          "cv.md");
    CHECK(affiliation(p, "Journalism") == nullptr);
    CHECK(affiliation(p, "Translation") == nullptr);
    const auto* quill = affiliation(p, "QuillStack");
    REQUIRE(quill);
    CHECK(quill->start_year == 2018);
    // The translator's position is under its own heading: it takes no place from the entry above.
    CHECK(std::none_of(p.affiliations.begin(), p.affiliations.end(), [](const cvsearch::Affiliation& a) { return a.role == "Freelance Translator"; }));
    CHECK(affiliation(p, "Quorra.io") != nullptr);
    const auto* marrowby = affiliation(p, "Marrowby Dataworks");
    REQUIRE(marrowby);
    CHECK(marrowby->current);
}

TEST_CASE("stays told in the prose of an entry are visiting affiliations, a place it is affiliated with a workplace") {
    Profile p = parse_one(R"(# Lioba Fenwick-Arado

## Education

### PhD, Northfield University, 2021 – 2024
During my PhD I did two 3-month secondments: one at the University of Eastbrook and the other at the Westmarch Institute of Technology.

### MSc, Northfield University, 2016 – 2021
In my exchange year I gave a talk at the University of Southport.

## Experience

### Research Assistant, Northfield University, 2024 – present
Most recently, I am additionally affiliated with the Northfield Center for Data Science (NCDS).
)",
                          "cv.md");
    for (const char* name : {"University of Eastbrook", "Westmarch Institute of Technology"}) {
        const auto* stay = affiliation(p, name);
        REQUIRE_MESSAGE(stay, name);
        CHECK(stay->kind == AffiliationKind::visiting);
    }
    const auto* center = affiliation(p, "Northfield Center for Data Science");
    REQUIRE(center);
    CHECK(center->kind == AffiliationKind::work);
    // A talk is no stay; a place the entries name already is not added twice.
    CHECK(affiliation(p, "University of Southport") == nullptr);
    CHECK(std::count_if(p.affiliations.begin(), p.affiliations.end(),
                        [](const cvsearch::Affiliation& a) { return a.institution_raw == "Northfield University"; }) == 3);
}

TEST_CASE("HTML: <h3> employers under an <h2> section, venues in spans of news and publication items") {
    Profile p = parse_one(R"(<!doctype html><html><head><title>Kwame Adjei-Brandt</title></head><body>
<h1>Kwame Adjei-Brandt</h1>
<h2>News</h2>
<ul><li>Mar 2024: our paper on sparse attention was accepted at <span class="venue">ICML 2024</span>!</li></ul>
<h2>Employment</h2>
<h3>Vantablue Systems</h3>
<p>Staff Scientist, 2020 &ndash; present</p>
<h3>Orchard Street Analytics</h3>
<p>Data Scientist, 2017 &ndash; 2020</p>
<h2>Publications</h2>
<ul>
<li><b>Sparse Attention without Tears.</b> Kwame Adjei-Brandt, Lin Oyelaran. <span class="venue">ICML 2024</span></li>
<li><b>Calibrated Retrieval for Long Documents.</b> Kwame Adjei-Brandt. <span class="venue">EMNLP 2022</span></li>
</ul>
</body></html>)",
                          "index.html");
    CHECK(p.name == "Kwame Adjei-Brandt");
    const auto* vanta = affiliation(p, "Vantablue Systems");
    REQUIRE(vanta);
    CHECK(vanta->role == "Staff Scientist");
    CHECK(vanta->start_year == 2020);
    CHECK(vanta->current);
    const auto* orchard = affiliation(p, "Orchard Street Analytics");
    REQUIRE(orchard);
    CHECK(orchard->start_year == 2017);
    CHECK(orchard->end_year == 2020);
    const auto* sparse = publication(p, "Sparse Attention without Tears");
    REQUIRE(sparse);
    CHECK(sparse->venue == "ICML");
    CHECK(sparse->year == 2024);
    const auto* retrieval = publication(p, "Calibrated Retrieval");
    REQUIRE(retrieval);
    CHECK(retrieval->venue == "EMNLP");
    CHECK(retrieval->year == 2022);
}

TEST_CASE("German headings, a mixed heading, and 'eingereicht' entries without a venue") {
    Profile p = parse_one(R"(Friederike Albrecht-Nowak
friederike.albrecht@example.de

BERUFSERFAHRUNG
Wissenschaftliche Mitarbeiterin, Universität Lindenhain, 2019 – heute
Softwareentwicklerin, Kranich Datentechnik GmbH, 2016 – 2019

AUSBILDUNG
Promotion (Dr. rer. nat.) in Informatik, Universität Lindenhain, 2019 – 2023
M.Sc. Informatik, Technische Universität Ostheim, 2014 – 2016

VERÖFFENTLICHUNGEN
- F. Albrecht-Nowak, J. Meier. Robuste Graphpartitionierung für verteilte Systeme. In Proceedings of the VLDB Endowment, 2022.
- F. Albrecht-Nowak. Lernbasierte Indexstrukturen im Vergleich. Eingereicht bei SIGMOD, 2024.

Andere Refereed Publications
- F. Albrecht-Nowak, P. Ruiz. Streaming Joins Revisited. In Proceedings of the IEEE International Conference on Data Engineering (ICDE), 2021.

Auszeichnungen
- Promotionsstipendium der Studienstiftung, 2019
)",
                          "lebenslauf.txt");
    CHECK(p.name == "Friederike Albrecht-Nowak");
    CHECK(has_section(p, "experience"));
    CHECK(has_section(p, "education"));
    CHECK(has_section(p, "publications"));
    CHECK(has_section(p, "awards"));
    const auto* lind = affiliation(p, "Universität Lindenhain");
    REQUIRE(lind);
    CHECK(lind->start_year == 2019);
    const auto* kranich = affiliation(p, "Kranich Datentechnik");
    REQUIRE(kranich);
    CHECK(kranich->start_year == 2016);
    CHECK(kranich->end_year == 2019);
    CHECK(affiliation(p, "Technische Universität Ostheim"));
    const auto* graph = publication(p, "Robuste Graphpartitionierung");
    REQUIRE(graph);
    CHECK(graph->venue == "VLDB");
    CHECK(graph->year == 2022);
    const auto* submitted = publication(p, "Lernbasierte Indexstrukturen");
    REQUIRE(submitted);  // kept, without the venue it was sent to
    CHECK(submitted->venue.empty());
    const auto* joins = publication(p, "Streaming Joins Revisited");
    REQUIRE(joins);
    CHECK(joins->venue == "ICDE");
    CHECK(joins->year == 2021);
}

TEST_CASE("French headings and 'soumis' / 'en préparation' entries") {
    Profile p = parse_one(R"(# Amandine Roussel-Kader

## Expérience professionnelle
- Chargée de recherche, Institut Vauclair, 2020 – présent
- Post-doctorante, Université de Montbrison, 2018 – 2020
- Ingénieure stagiaire, Belvaux Informatique SA, juillet 2016 – février 2017

## Formation
- Doctorat en informatique, Université de Montbrison, 2015 – 2018

## Publications scientifiques
- A. Roussel-Kader, L. Petit. Apprentissage frugal de graphes. In Advances in Neural Information Processing Systems (NeurIPS), 2021.
- A. Roussel-Kader. Causalité et séries temporelles. Soumis à ICML, 2024.
- A. Roussel-Kader, M. Diallo. Réseaux épars. En préparation, 2025.
)",
                          "cv.md");
    CHECK(p.name == "Amandine Roussel-Kader");
    bool month_free = std::none_of(p.affiliations.begin(), p.affiliations.end(), [](const cvsearch::Affiliation& a) {
        return a.institution_raw == "juillet" || a.institution_raw == "Juillet";
    });
    CHECK(month_free);
    auto belvaux = std::find_if(p.affiliations.begin(), p.affiliations.end(), [](const cvsearch::Affiliation& a) {
        return a.institution_raw.rfind("Belvaux Informatique", 0) == 0;
    });
    REQUIRE(belvaux != p.affiliations.end());
    CHECK(belvaux->start_year == 2016);  // "juillet 2016 – février 2017"
    CHECK(belvaux->end_year == 2017);
    const auto* vauclair = affiliation(p, "Institut Vauclair");
    REQUIRE(vauclair);
    CHECK(vauclair->start_year == 2020);
    auto phd = std::find_if(p.affiliations.begin(), p.affiliations.end(),
                                   [](const cvsearch::Affiliation& a) { return a.kind == AffiliationKind::education; });
    REQUIRE(phd != p.affiliations.end());
    CHECK(phd->institution_raw == "Université de Montbrison");
    CHECK(phd->start_year == 2015);
    CHECK(phd->end_year == 2018);
    const auto* frugal = publication(p, "Apprentissage frugal");
    REQUIRE(frugal);
    CHECK(frugal->venue == "NeurIPS");
    CHECK(frugal->year == 2021);
    for (const char* pending : {"Causalité et séries", "Réseaux épars"}) {
        const auto* pub = publication(p, pending);
        REQUIRE(pub);
        CHECK(pub->venue.empty());
    }
}

TEST_CASE("Headings in Spanish, Italian, Portuguese, Chinese, Japanese and Korean are classified") {
    for (auto [heading, kind] : std::initializer_list<std::pair<const char*, const char*>>{
             {"Publicaciones", "publications"}, {"Formación", "education"}, {"Experiencia profesional", "experience"},
             {"Pubblicazioni scientifiche", "publications"}, {"Esperienze lavorative", "experience"},
             {"Publicações", "publications"}, {"Formação acadêmica", "education"}, {"Prémios", "awards"},
             {"论文", "publications"}, {"教育背景", "education"}, {"工作经历", "experience"}, {"業績", "publications"},
             {"学歴", "education"}, {"職歴", "experience"}, {"논문", "publications"}, {"학력", "education"},
             {"경력", "experience"}, {"Lehrtätigkeit", "teaching"}, {"Enseignement", "teaching"}, {"Compétences", "skills"}}) {
        CAPTURE(heading);
        Profile p = parse_one(std::string("Ana Example\n\n# ") + heading + "\n- something 2020\n", "cv.md");
        CHECK(has_section(p, kind));
    }
}

TEST_CASE("Dates at the start of publication entries and month/two-digit-year ranges keep their years") {
    Profile p = parse_one(R"(Jonah Example

Publications
- 2025 — J. Example, R. Roe. Tiny Models that Count. In International Conference on Learning Representations (ICLR).
- 2023 - J. Example. Sharper Bounds for Sketches. In ACM Symposium on Theory of Computing (STOC).
- [2021] J. Example, K. Moe. Faster Flows. In Symposium on Discrete Algorithms (SODA).

Experience
Research Scientist, Larchmont Institute, 09/18 – 06/21
)",
                          "cv.txt");
    const auto* tiny = publication(p, "Tiny Models");
    REQUIRE(tiny);
    CHECK(tiny->year == 2025);
    CHECK(tiny->venue == "ICLR");
    const auto* sharper = publication(p, "Sharper Bounds");
    REQUIRE(sharper);
    CHECK(sharper->year == 2023);
    const auto* flows = publication(p, "Faster Flows");
    REQUIRE(flows);
    CHECK(flows->year == 2021);
    const auto* larch = affiliation(p, "Larchmont Institute");
    REQUIRE(larch);
    CHECK(larch->start_year == 2018);
    CHECK(larch->end_year == 2021);
}

TEST_CASE("Markdown: a definition list of papers under dates with a month and a mark of the entry's kind") {
    Profile p = parse_one(R"(# Jonah Example

Publications
------------

2023/06 [C]
:    **Jonah Example**, Rita Roe: *Sharper Sketches for Streams*. In: Proceedings of the 9th Example Conference on Data Streams (ECDS '23), pp. 1–9.

2021/12 [J]
:    Kai Moe, **Jonah Example**: *Faster Flows on Sparse Graphs*. In: Journal of Example Algorithms 23, pp. 179–195.
)",
                          "cv.md");
    const auto* sketches = publication(p, "Sharper Sketches");
    REQUIRE(sketches);
    CHECK(sketches->year == 2023);
    CHECK(sketches->authors == std::vector<std::string>{"Jonah Example", "Rita Roe"});
    const auto* flows = publication(p, "Faster Flows");
    REQUIRE(flows);
    CHECK(flows->year == 2021);
    CHECK(flows->venue == "Journal of Example Algorithms");
}

TEST_CASE("HTML: a heading per paper is the title of the entry below it, not a section") {
    Profile p = parse_one(R"(<html><body><h1>Ines Okonkwo-Berg</h1>
<h2>Publications</h2>
<h3>Conference Papers</h3>
<div class="publication-item">
  <h5>Gradient Sketching for Federated Fine-Tuning</h5>
  <p><strong>Ines Okonkwo-Berg</strong>, Paulo Reyes<br>
  <em>International Conference on Machine Learning (ICML)</em>, 2024</p>
</div>
<div class="publication-item">
  <h5>Private Retrieval with Learned Codebooks</h5>
  <p>Tarek Almasi, <strong>Ines Okonkwo-Berg</strong><br>
  <em>Annual Meeting of the Association for Computational Linguistics (ACL)</em>, 2023</p>
</div>
</body></html>)",
                          "pubs.html");
    CHECK(p.publications.size() == 2);
    const auto* sketch = publication(p, "Gradient Sketching for Federated Fine-Tuning");
    REQUIRE(sketch);
    CHECK(sketch->year == 2024);
    const auto* retrieval = publication(p, "Private Retrieval with Learned Codebooks");
    REQUIRE(retrieval);
    CHECK(retrieval->year == 2023);
    CHECK(std::none_of(p.sections.begin(), p.sections.end(),
                       [](const cvsearch::Section& s) { return s.heading.find("Gradient Sketching") != std::string::npos; }));
}

TEST_CASE("PDF text: an institution hyphenated across a line is joined, a hyphenated name keeps its hyphen") {
    Profile p = parse_one("Mira Example\n\nEducation\nPh.D. in Physics, University of Edin-\nburgh, 2015 - 2019\n\n"
                          "Experience\nResearch Scientist, Jae-\nWon Robotics Institute, 2019 - 2022\n",
                          "cv.txt");
    const auto* edinburgh = affiliation(p, "University of Edinburgh");
    REQUIRE(edinburgh);
    CHECK(edinburgh->start_year == 2015);
    CHECK(edinburgh->end_year == 2019);
    CHECK(std::any_of(p.affiliations.begin(), p.affiliations.end(), [](const cvsearch::Affiliation& a) {
        return a.institution_raw.rfind("Jae-Won", 0) == 0;
    }));
}

TEST_CASE("Markdown: internships and theses under a Students heading are the students', not the CV owner's") {
    Profile p = parse_one(R"(# Noor Vasquez-Lindahl

## Experience

- **2021-2024:** Postdoctoral researcher, Example University

## Students

### Internships

- **2025-26:** [Aldo Brightwater](https://example.org/aldo), Lakeside School of Engineering - Northfield Institute of Technology
- **2024:** Mira Castellane, Example Polytechnic Institute

### Master theses

- **2023:** Tobias Renk, Eastbrook University

## Education

- **2016-2020:** PhD in Applied Mathematics, Westmoor University
)",
                          "cv.md");
    CHECK(affiliation(p, "Example University") != nullptr);
    CHECK(affiliation(p, "Westmoor University") != nullptr);
    CHECK(affiliation(p, "Lakeside School of Engineering") == nullptr);
    CHECK(affiliation(p, "Northfield Institute of Technology") == nullptr);
    CHECK(affiliation(p, "Example Polytechnic Institute") == nullptr);
    CHECK(affiliation(p, "Eastbrook University") == nullptr);
}

TEST_CASE("Markdown: ATX headings without their space are headings, a status sub-heading keeps its papers off the venues") {
    // "##education", "###in prep": older Markdown engines took these for headings, and
    // CVs written for them still are.
    Profile p = parse_one(
        "---\nlayout: page\ntitle: vita\n---\n\n"
        "##education\n\n"
        "- 2012 M.S. in Geology,\n  Lakeshore State University, Duluth\n\n"
        "##publications\n\n"
        "###in prep\n\n"
        "- **Marrow, T.O.**, and Pike, R.D., Ice streams over soft beds. Journal of Glaciers.\n\n"
        "###maps and reports\n\n"
        "- **Marrow, T.O.**, Pike, R.D., 2013, Benthic habitats of the West Inlet: Lakeshore Geological Survey Map 12, "
        "2 sheets.\n",
        "vita.md");
    const auto* school = affiliation(p, "Lakeshore State University");
    REQUIRE(school);
    CHECK(school->kind == AffiliationKind::education);
    const auto* streams = publication(p, "Ice streams over soft beds");
    REQUIRE(streams);
    CHECK(streams->venue.empty());  // in preparation
    const auto* habitats = publication(p, "Benthic habitats");
    REQUIRE(habitats);
    CHECK(habitats->year == 2013);
    for (const auto& pub : p.publications) CHECK(pub.venue.find('#') == std::string::npos);
    for (const auto& s : p.sections) CHECK(s.heading.find('#') == std::string::npos);
}

TEST_CASE("HTML: the software written in a position is no employer and takes no dates") {
    Profile p = parse_one(R"(<html><body><h1>Elodie Marchetti-Vos</h1>
<h2>Experiences</h2>
<dl>
<dt>2019-…</dt>
<dd><strong>Assistant professor</strong>, Example University, Laboratory of Applied Mathematics
</dd>
</dl>
<ul>
<li><strong>Software development</strong>: FluxKit : Fluid Simulation with Particles</li>
</ul>
<dl>
<dt>2015-17</dt>
<dd><strong>Research engineer, expert in GPU computing</strong>, Northfield HPC Center, Northfield University
</dd>
</dl>
</body></html>
)",
                          "cv.html");
    CHECK(affiliation(p, "FluxKit") == nullptr);
    const auto* engineer = affiliation(p, "Northfield University");
    REQUIRE(engineer != nullptr);
    CHECK(engineer->start_year == 2015);
    CHECK(engineer->end_year == 2017);
}

TEST_CASE("Markdown definition lists: a dated term over a bold title and an italic venue, authors below") {
    Profile p = parse_one(R"(---
title: Marisol Quenby-Arrieta
---

## Education

2012 - 2017
: **PhD in Geophysics**,
_Faculty of Earth Sciences, Universidad Nacional de Valdeluz, Argentina_

## Professional Appointments

2018 - March 2023
: **Postdoctoral Researcher**,
[Instituto Sismológico del Sur](http://iss.example.org/)

## Publications

### Peer-reviewed papers

2022
: **A finite element code for mantle convection in parallel**,
_Journal of Tidal Software_, 7(71), 4070

    Orlov, V; Quenby-Arrieta, M; Dasilva, R

    [https://example.org/paper.pdf](https://example.org/paper.pdf)

2021
: **Crustal sections across a retroarc trough**,
_Revista Geológica del Sur 78 (2), 333-337_

    Quenby-Arrieta, M; Gimeno, M; Bianchi, C; Gallo, G; Ferrer, A;
    Ortega, P

2020
: **Shallow subduction beneath a southern plateau**,
_Tectonic Letters_

    Gallo, G. M; Garcia, H; Quenby-Arrieta, M

    doi: [10.1016/j.tl.2020.228402](https://doi.org/10.1016/j.tl.2020.228402)

### Book Chapters

2019
: **Retroarc extension in a foreland basin**,
_Opening and Closure of the Valdeluz Basin, Springer_

    Quenby-Arrieta, M; Gallo, G
)",
                          "cv.md");
    const auto* code = publication(p, "finite element code");
    REQUIRE(code);
    CHECK(code->venue_raw == "Journal of Tidal Software");
    CHECK(code->year == 2022);
    CHECK(code->title == "A finite element code for mantle convection in parallel");
    const auto* sections = publication(p, "Crustal sections");
    REQUIRE(sections);
    CHECK(sections->venue_raw == "Revista Geológica del Sur");  // its volume and pages are no part of it
    CHECK(sections->year == 2021);
    CHECK(std::find(sections->authors.begin(), sections->authors.end(), "Ortega") != sections->authors.end());
    const auto* shallow = publication(p, "Shallow subduction");
    REQUIRE(shallow);
    CHECK(shallow->venue_raw == "Tectonic Letters");  // not the doi below the authors
    CHECK(shallow->year == 2020);
    const auto* chapter = publication(p, "Retroarc extension");
    REQUIRE(chapter);
    CHECK(chapter->venue_raw.starts_with("Opening and Closure of the Valdeluz Basin"));
    const auto* postdoc = affiliation(p, "Instituto Sismológico del Sur");
    REQUIRE(postdoc);
    CHECK(postdoc->role == "Postdoctoral Researcher");
    CHECK(postdoc->start_year == 2018);
    CHECK(postdoc->end_year == 2023);
    CHECK(affiliation(p, "Universidad Nacional de Valdeluz") != nullptr);
}

TEST_CASE("a topic line ending with a colon above an entry's bullets is no place") {
    Profile p = parse_one(R"(# Ravi Oduya

## Research Experience

**Graduate Research Assistant** | August 2022 - present
Department of Physics, Northcape University

Surrogate Modeling of Tidal Waveforms:

- Developing efficient waveform models for intermediate mass-ratio binaries

Waveform Systematics Research:

- Investigating systematic biases in parameter estimation

**Research Computing Facilitator Trainee** | Summer 2021
Center for Research Computing, Example University

- Supported researchers in adopting data processing workflows
)",
                          "cv.md");
    CHECK(affiliation(p, "Waveform Systematics Research") == nullptr);
    CHECK(affiliation(p, "Surrogate Modeling of Tidal Waveforms") == nullptr);
    const auto* trainee = affiliation(p, "Example University");
    REQUIRE(trainee);
    CHECK(trainee->start_year == 2021);
    CHECK(affiliation(p, "Northcape University") != nullptr);
}

TEST_CASE("Markdown: a row of links under an entry belongs to it, an arXiv link is its venue, a summary on Twitter no venue") {
    // The markdown-cv layout: `year`, then __Title__ (Author, year), then a list item of links.
    Profile p = parse_one(R"(# Ines Varga

## Publications

### Articles
`2023`
__A compositional game to divide a cake fairly__ (I. Varga, 2023)
 - <a href="https://arxiv.org/abs/2301.00001"> Arxiv link </a>

`2022`
__Higher-order interactions reveal synergy beyond Shannon information__ (I. Varga, 2022)
 - <a href="https://arxiv.org/abs/2205.00002"> Arxiv link </a>, <a href="https://example.org/thread"> Summary on Twitter </a>
)",
                          "cv.md");
    REQUIRE(p.publications.size() == 2);
    for (const auto& pub : p.publications) {
        CHECK(pub.venue == "arXiv");
        CHECK(pub.title.find("Arxiv") == std::string::npos);
    }
    CHECK(publication(p, "A compositional game") != nullptr);
    CHECK(publication(p, "Higher-order interactions") != nullptr);
}
