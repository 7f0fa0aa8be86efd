// read_html: pages and fragments to light markup, robust to malformed markup.
#include <doctest/doctest.h>

#include <string>

#include "core/text.hpp"
#include "parse/readers/html.hpp"
#include "parse/readers/reader.hpp"

using cvsearch::readers::read_html;

namespace {
struct Row {
    std::string what;
    std::string in;
    std::string out;
};
}  // namespace

TEST_CASE("read_html: structure becomes light markup") {
    const Row rows[] = {
        {"headings keep their level", "<h1>Publications</h1><h4>Journal <em>articles</em></h4>",
         "# Publications\n\n#### Journal articles"},
        {"paragraphs are separated by a blank line", "<p>First</p><p>Second</p>", "First\n\nSecond"},
        {"div and br break lines", "<div>Ann Arbor</div><div>MI<br>USA<br/>2024</div>", "Ann Arbor\nMI\nUSA\n2024"},
        {"unordered lists", "<ul><li>one</li><li>two</ul>", "- one\n- two"},
        {"ordered lists are numbered", "<ol><li>first<li>second</ol>", "- 1. first\n- 2. second"},
        {"ordered lists honour start", "<ol start=\"5\"><li>fifth</li></ol>", "- 5. fifth"},
        {"table cells are joined with |", "<table><tr><td>2019</td><td>PhD</td></tr><tr><th>A</th><td>B</td></tr></table>",
         "2019 | PhD\nA | B"},
        {"source line breaks are spaces", "<p>Department of\n   Statistics</p>", "Department of Statistics"},
        {"pre keeps its lines", "<pre>a\n  b</pre>", "a\nb"},
        {"a section-title div is a heading", "<div class=\"cv-section-title\">🎓 Education</div><div>MSc</div>",
         "# Education\n\nMSc"},
        {"images carry no text", "<p>Logo <img src=\"x.png\" alt=\"University logo\"> here</p>", "Logo here"},
        {"the end of a list ends its last item: what follows is no continuation of it",
         "<ul><li>Supervision:<ul><li>2024-27: PhD of Bo Poe</li></ul></li></ul><dl><dt>2015-17</dt><dd>Research engineer, Westbrook University</dd></dl>",
         "- Supervision:\n- 2024-27: PhD of Bo Poe\n\n2015-17\nResearch engineer, Westbrook University"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CHECK(read_html(r.in).text == r.out);
    }
}

TEST_CASE("read_html: what is never CV text is dropped") {
    const Row rows[] = {
        {"script and style", "<p>a</p><script>var s = '<p>evil</p>';</script><style>p { color: red }</style><p>b</p>",
         "a\n\nb"},
        {"script closing tag in other case", "x<SCRIPT type=x>alert(1)</Script >y", "xy"},
        {"noscript, svg, nav, template", "<nav><a>Home</a></nav><noscript>enable JS</noscript><svg><text>1</text></svg>"
                                         "<template><p>t</p></template><p>kept</p>",
         "kept"},
        {"the head", "<html><head><meta charset=utf-8><link rel=x></head><body><p>body</p></body></html>", "body"},
        {"comments", "a<!-- hidden <p>x</p> -->b", "ab"},
        {"an unterminated comment hides the rest", "a<!-- b", "a"},
        {"doctype and processing instructions", "<!DOCTYPE html><?xml version=\"1.0\"?><p>x</p>", "x"},
        {"Liquid template tags", "<p>{% include base_path %}</p><p>Hi {{ site.title }}</p>", "Hi"},
        {"a Jekyll front matter block", "---\nlayout: archive\ntitle: \"Resume\"\n---\n<h2>Education</h2>", "## Education"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CHECK(read_html(r.in).text == r.out);
    }
}

TEST_CASE("read_html: character references") {
    const Row rows[] = {
        {"named, decimal and hex", "<p>&eacute;&#233;&#xE9;&#XE9;</p>", "éééé"},
        {"markup characters", "<p>&lt;b&gt; &amp; &quot;q&quot; &apos;s</p>", "<b> & \"q\" 's"},
        {"Latin-1 and Latin Extended-A names", "<p>&Aring;&oslash;&szlig; &scaron;&ccaron;&lstrok;</p>", "Åøß ščł"},
        {"legacy forms without ';'", "<p>CV&nbsp&nbsp;Scholar &copy 2024</p>", "CV Scholar © 2024"},
        {"not references", "<p>R&D, a=1&b=2, &unknown; &#;</p>", "R&D, a=1&b=2, &unknown; &#;"},
        {"entities in attributes", "<a href=\"mailto:ada&#64;example.org\">write</a>", "write"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CHECK(read_html(r.in).text == r.out);
    }
}

TEST_CASE("read_html: malformed markup degrades to text") {
    const Row rows[] = {
        {"a '<' that is no tag", "<p>p < 0.05 and 1<2</p>", "p < 0.05 and 1<2"},
        {"unclosed elements", "<p>unclosed <b>bold <i>italic", "unclosed bold italic"},
        {"a tag cut off at the end", "<p>text</p><a href='x", "text\n\n<a href='x"},
        {"stray closing tags", "</div></li>text</ul>", "text"},
        {"an unterminated attribute quote", "<p class=\"x>ok</p>", "ok"},
        {"attributes without quotes or values", "<td nowrap width=50>cell</td>", "cell"},
        {"a tag spanning lines", "<a\nhref=\"https://x.org\">link</a>", "link"},
        {"an autolink is no tag", "mail <ada@example.org>", "mail <ada@example.org>"},
    };
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CHECK(read_html(r.in).text == r.out);
    }
    std::string deep;
    for (int i = 0; i < 100000; ++i) deep += "<div><ul><li>";
    deep += "bottom";
    CHECK(read_html(deep).text.find("bottom") != std::string::npos);
}

TEST_CASE("read_html: hints from metadata") {
    SUBCASE("a <title> that names a person") {
        auto doc = read_html("<html><head><title>Ada Lovelace | Home</title></head><body><h1>CV</h1></body></html>");
        CHECK(doc.name_hint == "Ada Lovelace");
        CHECK(doc.text == "# CV");
    }
    SUBCASE("a <title> that does not") {
        for (const char* title : {"CV", "Home", "Curriculum Vitae", "Publications - Lab", "Welcome to my homepage"})
            CHECK_MESSAGE(read_html(std::string("<title>") + title + "</title><p>x</p>").name_hint.empty(), title);
    }
    SUBCASE("<meta name=author>") {
        CHECK(read_html("<meta name=\"author\" content=\"Grace Hopper\"><p>x</p>").name_hint == "Grace Hopper");
    }
    SUBCASE("a first heading that is a name") {
        auto doc = read_html("<h1 id=\"x\">Yuzhou Example</h1><h2>Education</h2>");
        CHECK(doc.name_hint == "Yuzhou Example");
        CHECK(doc.text == "Yuzhou Example\n\n## Education");
    }
    SUBCASE("Open Graph and Twitter card titles that name a person") {
        CHECK(read_html("<meta property=\"og:site_name\" content=\"Avery Quinlan\"><p>x</p>").name_hint == "Avery Quinlan");
        CHECK(read_html("<meta property=\"og:title\" content=\"CV | Avery Quinlan\"><p>x</p>").name_hint == "Avery Quinlan");
        CHECK(read_html("<meta name=\"twitter:title\" content=\"Avery Quinlan - Home\"><p>x</p>").name_hint == "Avery Quinlan");
        CHECK(read_html("<meta property=\"og:site_name\" content=\"Example Vision Lab\"><p>x</p>").name_hint.empty());
        CHECK(read_html("<meta property=\"og:title\" content=\"Curriculum Vitae\"><p>x</p>").name_hint.empty());
    }
    SUBCASE("the brand link of a navigation bar that names a person") {
        auto doc = read_html("<title>CV \xE2\x80\x93 Quinlan (with PDF Preview)</title><nav class=\"navbar\"><div>"
                             "<a class=\"brand\" href=\"index.html\">Avery B. Quinlan</a><ul><li><a href=\"cv.html\">CV</a></li></ul>"
                             "</div></nav><h1>CV</h1><h2>Education</h2>");
        CHECK(doc.name_hint == "Avery B. Quinlan");
        CHECK(read_html("<header><a class=\"navbar-brand\" href=\"/\"><span>Avery</span> Quinlan</a></header><p>x</p>").name_hint ==
              "Avery Quinlan");
        // A lab's or a site's brand, or a link that is no brand, gives no name.
        CHECK(read_html("<nav><a class=\"navbar-brand\" href=\"/\">Vision Lab</a></nav><p>x</p>").name_hint.empty());
        CHECK(read_html("<nav><a class=\"nav-link\" href=\"/people\">Avery Quinlan</a></nav><p>x</p>").name_hint.empty());
        CHECK(read_html("<nav><a class=\"site-title\" href=\"/\">Curriculum Vitae</a></nav><p>x</p>").name_hint.empty());
    }
    SUBCASE("mailto links and a homepage link") {
        auto doc = read_html("<a href=\"mailto:ada%40example.org?subject=hi\">mail</a> "
                             "<a href='MAILTO:grace@example.org'>g</a> <a href=\"https://ada.example.org\">Homepage</a>");
        CHECK(doc.email_hints == std::vector<std::string>{"ada@example.org", "grace@example.org"});
        CHECK(doc.homepage_hint == "https://ada.example.org");
    }
}

TEST_CASE("html::strip_inline_tags keeps text that merely contains '<'") {
    using cvsearch::readers::html::strip_inline_tags;
    CHECK(strip_inline_tags("<b>x</b> < y <span class=\"a\">z</span>") == "x < y z");
    CHECK(strip_inline_tags("a<br>b<BR/>c") == "a\nb\nc");
    CHECK(strip_inline_tags("List<int> and <customtag>") == "List<int> and <customtag>");
}

TEST_CASE("read_html: lines with <b>/<strong> spans are kept for the extractor") {
    auto doc = read_html("<ol><li><b>Avery Quinlan</b>, Bo Ito and <strong>Cy Roe</strong>. A Title. 2019</li>"
                         "<li>Dee Kim. Plain. 2018</li></ol><p><b>A whole bold paragraph that runs on for far more than eighty characters in all, "
                         "so it is no name</b></p>");
    CHECK(doc.emphasized == "- 1. **Avery Quinlan**, Bo Ito and **Cy Roe**. A Title. 2019\n");
    CHECK(doc.text.find("**") == std::string::npos);
    CHECK(read_html("<p>No emphasis.</p>").emphasized.empty());
}

TEST_CASE("read_html: an <h3> typed where </h3> belongs closes the heading, as headings do not nest") {
    // Hand-written pages: "<h3>Seminar, Fall 2020<h3>". Else every line after it ran into one.
    const std::string text = read_html("<h3>Teaching</h3>\n<h3>Seminar on lakes, Fall 2020<h3>\n<h3>Tides, Summer 2020</h3>\n"
                                       "<h3>Publications</h3>\n<h3>\"Tides of the north,\" in Lake Letters, 2 (2014)</h3>\n")
                                 .text;
    CHECK(text.find("### Tides, Summer 2020\n") != std::string::npos);
    CHECK(text.find("### Publications\n") != std::string::npos);
}
