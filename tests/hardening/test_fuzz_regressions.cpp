// Inputs that crashed a fuzz target (scripts/fuzz.sh), kept as byte literals,
// each with what it found. They run through parse_bytes like any file, and the
// readers' promises are checked: well-formed UTF-8, no control characters, only
// cvsearch::Error thrown.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/parse.hpp"
#include "parse/extract/extract.hpp"
#include "parse/readers/reader.hpp"

using namespace cvsearch;

namespace {

struct Regression {
    const char* target;  // the fuzz target that found it
    const char* name;    // file name given to parse_bytes (format by extension)
    const char* found;
    std::string_view bytes;
};

void check_clean(std::string_view s) {
    CHECK(text::is_valid_utf8(s));
    for (unsigned char c : s) CHECK_FALSE(((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f));
}

/// What fuzz/fuzz_util.hpp's check_profile asks of every profile, and the facets.
void check_profile(const Profile& p) {
    check_clean(p.name);
    CHECK(text::is_valid_utf8(p.headline));
    for (const auto& a : p.affiliations) {
        CHECK(text::is_valid_utf8(a.institution));
        CHECK(text::is_valid_utf8(a.role));
    }
    for (const auto& pub : p.publications) {
        CHECK(text::is_valid_utf8(pub.title));
        CHECK(text::is_valid_utf8(pub.venue));
    }
    for (const auto& s : p.sections) CHECK(text::is_valid_utf8(s.text));
    const Facets facets = facets_of(p);
    for (const auto& v : facets.institution) CHECK(text::is_valid_utf8(v));
    for (const auto& v : facets.venue) CHECK(text::is_valid_utf8(v));
}

constexpr char input0[] =
    "\xff\x02\xbe\xff\xdf\xb9\x9a\xff\xa5\x06p\x00\x7f\x0d\x0a" "Cu\x9bp\x05\x00@a\x00\x00ssistant ";
constexpr char input1[] =
    "---\x0aname: Dee Alvarsson\x0a" "email: dee@example.org\x0awebsite: https://dee.example.org\x0a---\x0a"
    "# Dee Alvarsson\x0a\x0a**Associate Professor**, [University of Michigan](https://umich.example.org)"
    "\x0a\x0a## Publications\x0a\x0a" "2. *Cryptanalysis for everyone*. D. Al\x7f" "arsson, E. Sandoval."
    " **CCS 2020**.\x0a" "2. [Side channels](https://x.example.org) \xe2\x80\x94 USENIX Security '19\x0a"
    "\x0a## Skills\x0a`C++`, Rust, _LaTeX_\x0a\x0a| Year | Award |\x0a|------|-------|\x0a| 2020 | Best "
    "Paper |\x0a";
constexpr char input2[] =
    "<!DO\xba\xab\xa6\xaf" "E hAssistant Professor, <a href=\x22https://k.example.org\x22>KAIST</a><br>\x0a"
    "<a href=\x22mailtrg\x22>fen&#28;example.org\xfe\x0f" "a></p>\x0a<h1>Publications<Okafor F</b>, Lee "
    "J. <i>Graph sketches</i>. NSDI&nbsp;2022.</li>\x0a<li>Sketch &amp; Co. <span>]LDB</span> 2020</li><"
    "/ol><!-- hidden -->\x0a<table><tr><\xebtd>\xe2\xa6\x81" "9</td><td>Best Paper, SIG\x01\x10\x00\x00\xe0"
    "`\x00\x00</tr></table></body></html>\x0a";
constexpr char input3[] =
    "\x5c" "documentclass{moderncv}\x0a\x5cmoderncvstyle{classic}\x0a\x5cname{Eve}{Sandoval}\x0a\x5c" "e"
    "mail{eve@example.org}\x0a\x5chomepage{eve.example.org}\x0a\x5cnewcommand{\x5cme}{\x5ctextbf{E.~Sand"
    "oval}A\x0a\x5c" "begin{document}\x0a\x5cmakecvtitle\x0a\x5csection{Education}\x0a\x5c" "cventry{344"
    "5--2020}{Ph.D.}{Universit\x5c'e de MoGtr\x5c'eal}{Canada}{}{Thesis on palynology}\x0a\x5csection{Pu"
    "blications}\x0a\x5c" "begin{enumerate}\x0a  \x5citen{enumerate}\x0a  \x5citem \x5cme{} and F.~M\x5c"
    "\x22uller. \x5c" "emph{Pollen indexes}. In \x5ctextit{Proc.\x5c KDD}, 2021.\x0a  \x5citem[--tion}\x0a"
    "\x5c" "cventry\x5chref{https://x.example.org}{link} % a comment\x0a\x5c" "end{enumerate}\x0a\x5c" "b"
    "egin{itemizexttt{++}, $\x5c" "alpha$-testing \x5c\x5c \x5cverb|x| \x5c" "end{itemize}\x0a\x5c" "end"
    "{document}\x0a";
constexpr char input4[] =
    "@Cy Marlowe\x0a# Experience\x0a- 2019\xe2\x80\x93present: Staff Scientist, Centre for Glaciology, U"
    "niv. of Oslo, Norway\x0a- Aug 2014 - Feb 2018: Postdoc, MIT CSAIL, Cambridge, MA\x0a\x0a# Publicati"
    "ons\x0a- 1. C. Marlowe and D. Alvarsson. \x22Ice at scale.\x22 In Proceedings of VLDB, 2022. arXiv:"
    "2201.00001\x0a- Marlowe, C., & Sandoval, E. (2020). Frozen indexes. ACM TODS, 45(2).\x0a\x0a# Award"
    "s\x0a- NSF CAREER Award, 2021\x0a";
constexpr char input5[] =
    "{\x22$schema\x22:2222222222222222222222222222222222222000000000000000000000000000000000222222200000"
    "000000000000000000222222222222222222222222222222222222000000000000000000000000000000000000000000000"
    "000022222222222222222222222222222220000000000000000000000000000000000000000000000000222222222222222"
    "222222222200000000000000000000000000000000000000000000000000000000000000000000000209893\xb3\xb3\xb3"
    "\xb3s";
constexpr char input6[] =
    "511111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111511155"
    "555511111111111111111111111111111111111111111111111111111111111511155555511111111111111111111111111"
    "111111111111111111111111111111111111111111111111111111111155555555555555555555555555555555555500000"
    "000000000000000\xff\xff\xff\x08" "0000000000000007706326 Nord\x22, \x22" "affiliation\x22name\x22: "
    "\x22Lea Mos\xff\x00s\x22}, {\x22id\x22: \x22" "b\x22, \x22name\x22:  Max Nord\x22, \x22" "affiliat\x22"
    "nio3: [`}]";

constexpr char input7[] =
    "Orla Quenby\x0aRese//quenby.example.org\x0a\x0a" "EDUCATION\x0aPh.D. in Computer Science, Univer"
    "sity of Michi\x96\x9e\x91\xd3 2016 - 2021\x0a" "B.S., KAIST, 201ESTS\x0a" "Distributed systems, "
    "consensus protocols, fault tolerance\x0a\x0aPUBLICATIONS\x0a[1] O. Quenby, B.ience, University o"
    "f Michigan, 2016 - 2021\x0a" "B.S., KAIST, 2012\x0a\x0aRESEARCH INTERESTS\x0a" "Distributed syst"
    "ems, consensus protocol1, fault telerance\x0a\x0aPUBLICATIONS\x0a[1] PUBLICATIONS\x0a[1] O. Quen"
    "b, pp. 12-30.\x0a\xe2uenb,st Paper Award, Eur2022 2020\x0a";
constexpr char input8[] =
    "\x5c" "documentclass{moderncv}\x0a\x5cmoderncvstyle{classic}\x0a\x5cname{Eve}{Sandoval}\x0a\x5c" "e"
    "mailweve@example.org}\x0a\x5chomepage{eve.example.org}\x0a\x5cnewcommand{\x5cme}{\x5ctextbf{E.~S"
    "andocumentclass{moderncv}\x0a\x5cmoderncvstyle{classic}\x0a\x5cname{Eve}{Sandoval}\x0a\x5c" "ema"
    "ilweve@example.org}\x0a\x5chomepage{eve.example.org}\x0a\x5cnewcommand{\x5cme}{\x5ctextbf{E.~San"
    "doval}}\x0a\x5c" "begin{oval}}\x0a\x5c" "begin{document}\x0a\x5cmakecvtitle\x0a\x5csection{Educa"
    "tion}\x0a\x5c" "cventry{2016--2020}{Ph.D.}{Universit\x5c' eed Montr\x5c'eal}{Canada}{}{Thesis on"
    " palynology}\x0a\x5csection{Publications}\x0a\x5c" "begin{enumerate}\x0a  \x5citem \x5cme{} and "
    "F.~M\x5c\x22uller. \x5c" "emph{Pollen indexes\x5c" "documentclass{\xe2\x96\xba}. In \x5ctextit{e";

constexpr char input9[] =
    "~S}\x84\x5cname{Evgvg}{\x5cname{Evg}{Sdo\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    "\x00\x00\x00\x00\x00\x5cnamod$$$\xb2$$$$$$$$$$\x5cm{3006320@20}{gsomepa :: ge{\x5c";

const Regression regressions[] = {
    {"text_reader", "crash.txt", "a stray DEL (0x7f) passed the text reader", {input0, sizeof input0 - 1}},
    {"markdown_reader", "crash.md", "a DEL (0x7f) passed the Markdown reader", {input1, sizeof input1 - 1}},
    {"html_reader", "crash.html", "a C0 control character passed the HTML reader", {input2, sizeof input2 - 1}},
    {"latex_reader", "crash.tex", "ASan: split_authors kept views into a temporary (stack-use-after-scope)", {input3, sizeof input3 - 1}},
    {"extractor", "crash.txt", "ASan: author_prefix kept views into a temporary (stack-use-after-scope)", {input4, sizeof input4 - 1}},
    {"json_resume_reader", "crash.json", "a number beyond double escaped as nlohmann::out_of_range", {input5, sizeof input5 - 1}},
    {"profile_json_reader", "crash.json", "a number beyond double escaped as nlohmann::out_of_range", {input6, sizeof input6 - 1}},
    {"extractor", "crash.txt", "an institution ending in C3 93 lost its 0x93 (the en dash's last byte)", {input7, sizeof input7 - 1}},
    {"latex_reader", "crash.tex", "ASan: a macro redefining itself freed the body being expanded", {input8, sizeof input8 - 1}},
    {"latex_reader", "crash.tex", "display math closed by one $ skipped two bytes, cutting a UTF-8 character (name hint)", {input9, sizeof input9 - 1}},
};

}  // namespace

TEST_CASE("fuzz regressions: every input that crashed a target is parsed or refused cleanly") {
    for (const auto& r : regressions) {
        CAPTURE(r.target);
        CAPTURE(r.found);
        REQUIRE(r.bytes.size() > 10);
        try {
            for (const auto& p : parse_bytes(r.bytes, r.name)) check_profile(p);
        } catch (const Error& e) {
            CHECK(e.input() == r.name);
            CHECK(e.code() == ErrorCode::parse);
        }
        const std::string utf8 = readers::decode_to_utf8(r.bytes);
        for (auto* read : {&readers::read_text, &readers::read_markdown, &readers::read_latex, &readers::read_html}) {
            const auto doc = read(utf8);
            check_clean(doc.text);
            CAPTURE(doc.name_hint);
            CHECK(text::is_valid_utf8(doc.name_hint));
            for (const auto& e : doc.email_hints) CHECK(text::is_valid_utf8(e));
            CHECK(text::is_valid_utf8(doc.homepage_hint));
        }
    }
}

TEST_CASE("fuzz regressions: control characters from bytes and from HTML references never reach the text") {
    check_clean(readers::read_text("Orla Quenby\x7f\nResearch\x1c Interests\n").text);
    check_clean(readers::read_markdown("# Orla\x7f Quenby\n\x01text").text);
    auto html = readers::read_html("<p>Orla&#28;Quenby &#x7f; &#1; &#xD800; &#55296; &#x1F600;</p>");
    check_clean(html.text);
    CHECK(html.text.find("Orla Quenby") != std::string::npos);
    CHECK(html.text.find("\xF0\x9F\x98\x80") != std::string::npos);  // a real emoji stays
}

TEST_CASE("fuzz regressions: numbers beyond double are a parse error naming the file") {
    for (const char* json : {R"({"name": "Orla Quenby", "publications": [{"year": 1e400}]})",
                             R"({"basics": {"name": "Orla Quenby"}, "x": -1e99999})"}) {
        CAPTURE(json);
        try {
            parse_bytes(json, "big.json");
            FAIL_CHECK("no error");
        } catch (const Error& e) {
            CHECK(e.input() == "big.json");
            CHECK(e.code() == ErrorCode::parse);
            CHECK(e.message().find("malformed JSON") != std::string::npos);
        }
    }
    try {
        parse_bytes("{\"name\": \"Orla\", \"year\": 1e400}\n", "big.jsonl");
        FAIL_CHECK("no error");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::parse);
        CHECK(e.message().find("line 1") != std::string::npos);
    }
}

TEST_CASE("fuzz regressions: an environment without a name") {
    // UBSan (fuzz_latex_reader): \begin{} read name.back() of an empty name.
    for (const char* tex : {"\\begin{}Orla Quenby\\end{}", "\\begin{ }x", "\\begin{*}x\\end{*}", "\\begin"}) {
        CAPTURE(tex);
        CHECK(text::is_valid_utf8(readers::read_latex(tex).text));
    }
}

TEST_CASE("fuzz regressions: a macro that defines itself again while it expands") {
    // ASan heap-use-after-free (fuzz_latex_reader): expanding \me ran its body in
    // place, and the \newcommand{\me} inside it replaced (freed) that body while
    // it was still being read.
    const char* tex =
        "\\newcommand{\\me}{Orla Quenby, first version \\newcommand{\\me}{Orla Quenby, the second version} "
        "and the words after the redefinition}\n"
        "\\begin{document}\n\\me{} wrote this. Then \\me{} again.\n\\end{document}\n";
    const std::string text = readers::read_latex(tex).text;
    CAPTURE(text);
    CHECK(text::is_valid_utf8(text));
    CHECK(text.find("first version and the words after the redefinition wrote this") != std::string::npos);
    CHECK(text.find("Then Orla Quenby, the second version again") != std::string::npos);
}

TEST_CASE("fuzz regressions: display math closed by a single dollar") {
    // fuzz_latex_reader: "$$x$" was closed as if by "$$", so the byte after the
    // single dollar was skipped; before a multi-byte character that left half of
    // it in the text (and in the \name{} hint).
    const auto doc = readers::read_latex("\\name{Ada $$x$\xC3\xA9" "clair}\n$$y$\xC3\xA9t\xC3\xA9 and $$z$$ done\n");
    CHECK(text::is_valid_utf8(doc.text));
    CHECK(text::is_valid_utf8(doc.name_hint));
    CHECK(doc.text.find("\xC3\xA9t\xC3\xA9 and") != std::string::npos);
    CHECK(doc.text.find("done") != std::string::npos);
    CHECK(doc.text.find("x\xC3\xA9" "clair") != std::string::npos);  // the character after the dollar, whole
}

TEST_CASE("fuzz regressions: the extractor on a block with an empty line") {
    // UBSan (fuzz_extractor): embedded_publications read text.back() of an empty line.
    constexpr char input[] =
        "@Cy Marlowe\x0a# Experience\x0a- 2019\xe2\x80\x93present: Staff Scientist, Centre for Glaciology, U"
        "niv. of Oslo, Norway\x0a- Eug 2014 - Feb 2018: Pos\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        "\x00\x00tdoc, MIT CSAIL, Cambridge, MA\x0a\x0a# PuclbOrla Q\x00\x00ia*i\x00\x00\x00\x00\x00\x1csear"
        "ch Scientist, Northfield Institute of Techono";
    std::string text = readers::decode_to_utf8({input, sizeof input - 1});
    for (char& c : text)  // as fuzz_extractor.cpp prepares it: light markup has no control characters
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') || c == 0x7f) c = ' ';
    readers::TextDocument doc;
    doc.name_hint = "Cy Marlowe";
    doc.text = text.substr(text.find('\n') + 1);
    Profile p = extract::extract_profile(doc);
    CHECK(text::is_valid_utf8(p.name));
}
