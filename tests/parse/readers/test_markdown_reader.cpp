// read_markdown: Markdown pages with front matter and HTML fragments.
#include <doctest/doctest.h>

#include <string>

#include "tests/parse/profile_lookup.hpp"
#include "parse/readers/reader.hpp"

using cvsearch::readers::read_markdown;

namespace {
struct Row {
    std::string what;
    std::string in;
    std::string out;
};
}  // namespace

TEST_CASE("read_markdown: block syntax") {
    const Row rows[] = {
        {"ATX headings keep their level", "## Work\n### Sub *section* ###\n###### Deep", "## Work\n### Sub section\n###### Deep"},
        {"setext headings", "Education\n=========\nMIT\n\nTalks\n-----\nx", "# Education\nMIT\n\n# Talks\nx"},
        {"a rule after a blank line is a break", "a\n\n---\n\nb", "a\n\nb"},
        {"bullet lists", "* a\n+ b\n  - nested", "- a\n- b\n- nested"},
        {"numbered lists keep their numbers", "1. first\n2) second", "- 1. first\n- 2) second"},
        {"task lists", "- [x] done\n- [ ] todo", "- done\n- todo"},
        {"a bold number is a number", "**1.** *Crisis in farms*", "- 1. Crisis in farms"},
        {"block quotes", "> quoted\n>> deeper", "quoted\ndeeper"},
        {"tables become lines", "| Year | Degree |\n|---|:---:|\n| 2019 | PhD |", "Year | Degree\n2019 | PhD"},
        {"code fences are dropped, code kept", "```python\nx = *y*\n```", "x = *y*"},
        {"reference definitions and kramdown attributes", "[site]: https://x.org\n{: .notice}\ntext", "text"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CHECK(read_markdown(r.in).text == r.out);
    }
}

TEST_CASE("read_markdown: inline syntax") {
    const Row rows[] = {
        {"emphasis and code", "**bold**, __strong__, *em*, _em_ and `code`", "bold, strong, em, em and code"},
        {"links keep their text", "[Prof. Ada](https://ada.example.org) at [MIT][mit]", "Prof. Ada at MIT"},
        {"images are dropped", "![portrait](me.png) Hello", "Hello"},
        {"a linked badge", "[![badge](b.svg)](https://x.org) ok", "ok"},
        {"a link inside brackets", "tools [[repo](https://x.org)]", "tools [repo]"},
        {"autolinks", "<https://x.org/a_b>", "https://x.org/a_b"},
        {"escapes", "\\*not em\\* and 5 \\* 3", "*not em* and 5 * 3"},
        {"template tags", "{% include base_path %}\nHi {{ site.name }}", "Hi"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CHECK(read_markdown(r.in).text == r.out);
    }
}

TEST_CASE("read_markdown: definition lists are items opened by their term") {
    const Row rows[] = {
        {"a term and its definition", "2019 - 2022\n: **Postdoc**, Institute of Tides", "- 2019 - 2022: Postdoc, Institute of Tides"},
        {"the loose form: a blank line between them", "Programming\n\n: Python, C", "- Programming: Python, C"},
        {"lines below the definition stay below the item", "2021\n: **A title**,\n_Ocean Letters_, 3(1)\n\n    Doe, J; Roe, R",
         "- 2021: A title,\nOcean Letters, 3(1)\n\nDoe, J; Roe, R"},
        {"a second definition of a term is an item of its own", "Skills\n: Python\n: Go", "- Skills: Python\n- Go"},
        {"under a heading or a list item a definition has no term", "## Talks\n: Keynote\n- a\n: b", "## Talks\n- Keynote\n- a\n- b"},
        {"a colon inside a line is text", "Note: see below", "Note: see below"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CHECK(read_markdown(r.in).text == r.out);
    }
}

TEST_CASE("read_markdown: single emphasis is kept as italics, bold and snake_case are not") {
    auto doc = read_markdown("Doe, J. A title, _Journal of Tides_, 7(71)\n*Ocean Letters 12 (2), 3-9*\n**Jane Doe** and my_var_name");
    CHECK(doc.italics == std::vector<std::string>{"Journal of Tides", "Ocean Letters 12 (2), 3-9"});
    CHECK(doc.text == "Doe, J. A title, Journal of Tides, 7(71)\nOcean Letters 12 (2), 3-9\nJane Doe and my_var_name");
}

TEST_CASE("read_markdown: HTML fragments go through the HTML reader") {
    const Row rows[] = {
        {"div titles, spans and <br>",
         "<div class=\"cv-section-title\">🎓 Education</div>\n\n<div>\n  <span>M.Sc. in Biology</span><br>\n"
         "  <span>Jeonbuk University</span><br>\n</div>",
         "# Education\n\nM.Sc. in Biology\nJeonbuk University"},
        {"comments, even multi-line", "Visible\n<!-- hidden\nstill hidden -->\nAlso visible", "Visible\n\nAlso visible"},
        {"style blocks", "<style>\n.x { color: red }\n</style>\n# Skills", "# Skills"},
        {"HTML lists", "<ul>\n<li>\n  Python\n</li>\n<li>R</li>\n</ul>", "- Python\n- R"},
        {"entities", "Caf&eacute; &amp; bar", "Café & bar"},
        {"<h3> in Markdown", "<h3>Programming Languages</h3>\nPython", "### Programming Languages\n\nPython"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CHECK(read_markdown(r.in).text == r.out);
    }
}

TEST_CASE("read_markdown: front matter") {
    SUBCASE("title is a page title, author names the person") {
        auto doc = read_markdown(
            "---\nlayout: single\ntitle: \"CV\"\nauthor: Ada Lovelace\nemail: ada@example.org\n"
            "website: https://ada.example.org\nredirect_from:\n  - /resume/\n---\n\n# Education\nUniversity of London");
        CHECK(doc.name_hint == "Ada Lovelace");
        CHECK(doc.email_hints == std::vector<std::string>{"ada@example.org"});
        CHECK(doc.homepage_hint == "https://ada.example.org");
        CHECK(doc.text == "# Education\nUniversity of London");
    }
    SUBCASE("a title that reads like a name is the name") {
        CHECK(read_markdown("---\ntitle: \"👋 Grace Hopper\"\nexcerpt: \"About me\"\n---\nHello").name_hint == "Grace Hopper");
    }
    SUBCASE("a quoted value ends at its closing quote, before a YAML comment") {
        CHECK(read_markdown("---\ntitle: \"Grace B. Hopper\" #\"Compilers\"   #\"Hi! Welcome!\"\n---\nHello").name_hint ==
              "Grace B. Hopper");
        CHECK(read_markdown("---\ntitle: 'Grace Hopper' # old: 'CV'\n---\nHello").name_hint == "Grace Hopper");
    }
    SUBCASE("titles that are not names") {
        for (const char* t : {"CV", "Curriculum Vitae", "About me", "Publications", "Resume"})
            CHECK_MESSAGE(read_markdown(std::string("---\ntitle: ") + t + "\n---\nx").name_hint.empty(), t);
    }
    SUBCASE("a title or description that says whose page it is") {
        CHECK(read_markdown("---\ntitle: CV\ndescription: CV of Sofia Kovalevskaya\n---\nx").name_hint == "Sofia Kovalevskaya");
        CHECK(read_markdown("---\nlayout: default\ntitle: Emmy Noether's Portfolio\n---\nx").name_hint == "Emmy Noether");
        CHECK(read_markdown("---\ntitle: Homepage of Lise Meitner\n---\nx").name_hint == "Lise Meitner");
        // A description that is a sentence names no one.
        CHECK(read_markdown("---\ntitle: CV\ndescription: Fun matters.\n---\nx").name_hint.empty());
        CHECK(read_markdown("---\ntitle: Publications\ndescription: curriculum vitae\n---\nx").name_hint.empty());
    }
    SUBCASE("a nested author block") {
        auto doc = read_markdown("---\nauthor:\n  name: \"Mary Somerville\"\n  email: mary@example.org\n---\nx");
        CHECK(doc.name_hint == "Mary Somerville");
        CHECK(doc.email_hints == std::vector<std::string>{"mary@example.org"});
    }
    SUBCASE("a rule at the top without a closing one is no front matter") {
        CHECK(read_markdown("---\nJust text").text == "Just text");
    }
    SUBCASE("Hugo author pages: the CV in the front matter's lists is read as sections after the body") {
        auto doc = read_markdown(
            "---\ntitle: Wen Adaire\nrole: PhD Candidate\nprofiles:\n  - icon: brands/github\n    url: https://github.com/x\n"
            "interests:\n  - Tidal Energy\n  - Marine Robotics\neducation:\n  - area: Ph.D. in Ocean Engineering\n"
            "    institution: Harbourside University\n    date_start: 2021-09-01\n    date_end: 2025-06-01\n"
            "    summary: |\n      Thesis on kelp-safe turbines.\n    button:\n      text: 'Read Thesis'\n      url: 'https://x.org'\n"
            "redirect_from:\n  - /resume/\n---\nHello, I build underwater robots.");
        CHECK(doc.name_hint == "Wen Adaire");
        CHECK(doc.text ==
              "Hello, I build underwater robots.\n\n# Interests\n- Tidal Energy\n- Marine Robotics\n\n# Education\n"
              "- Ph.D. in Ocean Engineering, Harbourside University, 2021-09-01, 2025-06-01\nThesis on kelp-safe turbines.");
    }
    SUBCASE("al-folio's profile block is the picture's layout, no section") {
        auto doc = read_markdown("---\nlayout: about\nprofile:\n  align: right\n  image: me.jpg\n  image_circular: false\n---\nBio");
        CHECK(doc.text == "Bio");
    }
    SUBCASE("Hugo TOML front matter") {
        auto doc = read_markdown("+++\ntitle = \"Emmy Noether\"\n+++\nAlgebra");
        CHECK(doc.name_hint == "Emmy Noether");
        CHECK(doc.text == "Algebra");
    }
}

TEST_CASE("read_markdown: names and contacts in the body") {
    auto doc = read_markdown("# Ada Lovelace\n\n[Email](mailto:ada@example.org) · [Homepage](https://ada.example.org)\n\n"
                             "## Education");
    CHECK(doc.name_hint == "Ada Lovelace");
    CHECK(doc.email_hints == std::vector<std::string>{"ada@example.org"});
    CHECK(doc.homepage_hint == "https://ada.example.org");
    CHECK(doc.text == "Ada Lovelace\n\nEmail · Homepage\n\n## Education");
}

TEST_CASE("read_markdown: kramdown attribute lists are no text") {
    auto doc = read_markdown("- [Avery Quinlan](https://example.org/aq){:target=\"_blank\"} (PhD)\n- Bo Ito {: .muted} (post-doc)\n");
    CHECK(doc.text == "- Avery Quinlan (PhD)\n- Bo Ito (post-doc)");
}

TEST_CASE("read_markdown: lines with bold spans are kept for the extractor") {
    auto doc = read_markdown("## Papers\n\n- [**Avery Quinlan**](https://example.org), Bo Ito. A Title. 2019\n- Plain line, 2018\n"
                             "|Cy Roe, **Avery Quinlan**|2017|\n");
    // List markers and table pipes are read as for the text; the bold spans stay.
    CHECK(doc.emphasized == "**Avery Quinlan**, Bo Ito. A Title. 2019\nCy Roe, **Avery Quinlan** | 2017\n");
    CHECK(doc.text.find("**") == std::string::npos);
    CHECK(read_markdown("# Plain\n\nNo emphasis here.\n").emphasized.empty());
}

TEST_CASE("Markdown: a Hugo author page's interests and education come from its front matter") {
    const auto p = cvsearch::testing::parse_one(
        "---\ntitle: Wen Adaire\ninterests:\n  - Tidal Energy\n  - Marine Robotics\neducation:\n"
        "  - area: Ph.D. in Ocean Engineering\n    institution: Harbourside University\n    date_start: 2021-09-01\n"
        "    date_end: 2025-06-01\n---\nHello, I build underwater robots.\n",
        "_index.md");
    CHECK(p.name == "Wen Adaire");
    CHECK(std::find(p.interests.begin(), p.interests.end(), "Tidal Energy") != p.interests.end());
    const auto* edu = cvsearch::testing::affiliation(p, "Harbourside University");
    REQUIRE(edu != nullptr);
    CHECK(edu->start_year == 2021);
}
