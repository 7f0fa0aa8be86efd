// read_text: cleaning plain text and PDF-extracted text into light markup.
#include <doctest/doctest.h>

#include <string>

#include "parse/readers/reader.hpp"

using cvsearch::readers::read_text;

namespace {
struct Row {
    std::string what;
    std::string in;
    std::string out;
};

void check_rows(std::initializer_list<Row> rows) {
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CAPTURE(r.in);
        CHECK(read_text(r.in).text == r.out);
    }
}
}  // namespace

TEST_CASE("read_text: words hyphenated across a line break") {
    check_rows({
        {"lower-case continuation joins without the hyphen", "on distri-\nbuted systems", "on distributed\nsystems"},
        {"the whole next line can be the continuation", "large-scale distri-\nbuted", "large-scale distributed"},
        {"an upper-case continuation keeps the hyphen", "with Jae-\nWon Chung", "with Jae-Won\nChung"},
        {"a compound keeps its hyphen", "state-of-the-\nart results", "state-of-the-art\nresults"},
        {"numbers keep the hyphen", "2019-\n2021 at MIT", "2019-2021\nat MIT"},
        {"a suspended hyphen before 'and' stays", "shared-\nand distributed-memory", "shared-\nand distributed-memory"},
        {"a dash after a space is no hyphenation", "Aug 2021 -\npresent", "Aug 2021 -\npresent"},
        {"a list item below is not a continuation", "Skills in distri-\n- Python", "Skills in distri-\n- Python"},
    });
}

TEST_CASE("read_text: a running footer a PDF repeats on every page is no text, repeated content is") {
    std::string page = "Line of an entry that goes on\nand on\nacross\nthe\npage\nbreak\nof\nthe\nPDF\n";
    std::string text = "Rowan Example\n";
    for (int n = 1; n <= 3; ++n) text += page + "August 2020 | Example Curriculum Vitae | " + std::to_string(n) + "\n";
    // Content that repeats with a number: grades, and one event in consecutive years.
    text += "GPA: 3.9/4.0\n" + page + "GPA: 3.7/4.0\n" + page + "GPA: 3.8/4.0\n";
    text += "Reviewer, Example Conference 2019\n" + page + "Reviewer, Example Conference 2020\n" + page +
            "Reviewer, Example Conference 2021\n";
    auto doc = read_text(text);
    CHECK(doc.text.find("Curriculum Vitae |") == std::string::npos);
    CHECK(doc.text.find("GPA: 3.7/4.0") != std::string::npos);
    CHECK(doc.text.find("Reviewer, Example Conference 2020") != std::string::npos);
    CHECK(doc.text.find("Line of an entry") != std::string::npos);
}

TEST_CASE("read_text: bullets become '- '") {
    check_rows({
        {"bullet", "• Fault tolerance", "- Fault tolerance"},
        {"white bullet", "◦ Sub item", "- Sub item"},
        {"square", "▪ Square", "- Square"},
        {"en dash", "– Dashed", "- Dashed"},
        {"asterisk", "* Starred", "- Starred"},
        {"middle dot", "· Dotted", "- Dotted"},
        {"bullet without a space", "•Tight", "- Tight"},
        {"doubled bullets collapse", "- · Period includes service", "- Period includes service"},
        {"indented bullet", "    • Nested", "- Nested"},
        {"a minus sign is not a bullet", "-5 dB gain", "-5 dB gain"},
        {"numbered entries keep their number", "1. Oobleck: Resilient Training", "- 1. Oobleck: Resilient Training"},
        {"bracketed numbers too", "[12] A. Author. Title.", "- [12] A. Author. Title."},
    });
}

TEST_CASE("read_text: Markdown noise left by PDF-to-text tools") {
    check_rows({
        {"heading with bold", "#### **EDUCATION**", "# EDUCATION"},
        {"heading levels all become '# '", "## PROFESSIONAL EXPERIENCE", "# PROFESSIONAL EXPERIENCE"},
        {"underscore rule after a heading", "# Invited Talks_____", "# Invited Talks"},
        {"a bulleted 'heading' is a list item", "#### • The University of Michigan", "- The University of Michigan"},
        {"bold author inside a line", "**Insu Jang**, Adrian Tang, and Jaehyuk Huh",
         "Insu Jang, Adrian Tang, and Jaehyuk Huh"},
        {"emphasised venue", "*International Conference on ASPLOS* (**ASPLOS**), 2019",
         "International Conference on ASPLOS (ASPLOS), 2019"},
        {"escaped stars are kept as stars", "Jie You\\*, Jae-Won Chung\\*", "Jie You*, Jae-Won Chung*"},
        {"an unpaired star is kept", "Jiacheng Lu, Tao Song*, Weijian Wang", "Jiacheng Lu, Tao Song*, Weijian Wang"},
        {"snake_case is no emphasis", "see my_tool_name and a_b", "see my_tool_name and a_b"},
        {"inline tags are dropped", "<u>Jae-Won Chung</u> and Mosharaf<sup>1</sup>", "Jae-Won Chung and Mosharaf1"},
        {"<br> breaks the line", "Cornell University<br>Ithaca, NY", "Cornell University\nIthaca, NY"},
        {"list tags inside a line", "<ul> <li>Intern</li> <li>Tesla Inc.</li> </ul>", "- Intern\n- Tesla Inc."},
        {"entities", "Chu&#39;s Lab &amp; Friends", "Chu's Lab & Friends"},
        {"links keep their text", "See [my site](https://ada.example.org) now", "See my site now"},
        {"rules are dropped", "Intro\n---\nMore", "Intro\n\nMore"},
    });
}

TEST_CASE("read_text: characters and spacing") {
    check_rows({
        {"ligatures expand", "\xEF\xAC\x81nite \xEF\xAC\x82ow", "finite flow"},
        {"soft hyphens vanish", "distri\xC2\xAD" "buted", "distributed"},
        {"NBSP and tabs are spaces", "Ph.D.\xC2\xA0in\tCS", "Ph.D. in CS"},
        {"runs of spaces collapse", "Ph.D.    in     CS   ", "Ph.D. in CS"},
        {"icon-font glyphs are dropped", "\xEF\x83\xA0 ada@example.org", "ada@example.org"},
        {"blank lines are kept, but only one", "a\n\n\n\nb", "a\n\nb"},
        {"CRLF", "a\r\nb", "a\nb"},
        {"empty input", "", ""},
        {"white space only", " \n\t\n ", ""},
    });
}

TEST_CASE("read_text: a first heading that is a person's name is the name, not a section") {
    auto doc = read_text("# Ada Lovelace\n\n## Education\nUniversity of London");
    CHECK(doc.name_hint == "Ada Lovelace");
    CHECK(doc.text == "Ada Lovelace\n\n# Education\nUniversity of London");
    auto not_name = read_text("# Research Interests\nGraphs");
    CHECK(not_name.name_hint.empty());
    CHECK(not_name.text == "# Research Interests\nGraphs");
}
