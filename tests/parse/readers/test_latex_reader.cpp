// read_latex: LaTeX CVs (article, moderncv, resume templates) to light markup.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "parse/readers/reader.hpp"

using cvsearch::readers::read_latex;

namespace {
struct Row {
    std::string what;
    std::string in;
    std::string out;
};

// A body without preamble is read as the document.
std::string body(const std::string& tex) { return read_latex(tex).text; }

void check_rows(std::initializer_list<Row> rows) {
    for (const auto& r : rows) {
        CAPTURE(r.what);
        CAPTURE(r.in);
        CHECK(body(r.in) == r.out);
    }
}
}  // namespace

TEST_CASE("read_latex: hidden text never comes out") {
    check_rows({
        {"comments, but not \\%", "a % a comment\nb\n% a whole line\nc 50\\% off", "a b\nc 50% off"},
        {"a comment joins lines like TeX", "Uni%\n  versity", "University"},
        {"\\iffalse blocks, nested conditionals inside",
         "x\n\\iffalse\nhidden \\ifx\\a\\b yes\\else no\\fi still hidden\n\\fi\ny", "x\ny"},
        {"comment environments", "x\n\\begin{comment}\nsecret\n\\end{comment}\ny", "x\ny"},
        {"a '%' in a link's address is part of it, no comment",
         "\\href{https://ads.example.org/abs/2019A%26A...621A..93S/abstract}{\\textit{Title}}, 2019, Journal\n"
         "\\url{https://x.org/a%20b} end % a comment",
         "Title, 2019, Journal\nhttps://x.org/a%20b end"},
        {"environments named by \\excludecomment",
         "\\excludecomment{private}\\begin{document}\\begin{private}secret\\end{private}ok\\end{document}", "ok"},
        {"the preamble", "\\documentclass{article}\n\\usepackage{x}\nstray text\n\\begin{document}\nBody\n\\end{document}",
         "Body"},
        {"text after \\end{document}", "\\begin{document}Body\\end{document}\nnotes to self", "Body"},
        {"another whole document after \\end{document}",
         "\\begin{document}Body\\end{document}\n\\documentclass{article}\\begin{document}Old CV\\end{document}", "Body"},
        {"the parts of a subfiles CV flattened into one file are all read",
         "\\documentclass{article}\\usepackage{subfiles}\\begin{document}Jo Ames\\end{document}\n"
         "\\documentclass[cv.tex]{subfiles}\n\\begin{document}\nStellar abundances\n\\end{document}\n"
         "\\documentclass[cv.tex]{subfiles}\n\\begin{document}\nGalactic archaeology\n\\end{document}\nnotes to self",
         "Jo Ames\n\nStellar abundances\n\nGalactic archaeology"},
        {"figures and pictures", "\\begin{figure}\\includegraphics{me.png}\\caption{Me}\\end{figure}text", "text"},
    });
}

TEST_CASE("read_latex: accents and special characters") {
    check_rows({
        {"acute", "Caf\\'e", "Café"},
        {"umlaut", "M\\\"uller", "Müller"},
        {"caron with braces", "Dvo\\v{r}\\'ak", "Dvořák"},
        {"accent in a group", "Pr{\\'e}vost", "Prévost"},
        {"cedilla", "Fran\\c{c}ois", "François"},
        {"dotless i", "Mart\\'{\\i}n", "Martín"},
        {"grave, circumflex, tilde", "\\`a \\^o \\~n", "à ô ñ"},
        {"Hungarian double acute", "Erd\\H{o}s", "Erdős"},
        {"breve, ogonek, ring, macron, dot", "\\u{g} \\k{a} \\r{u} \\=a \\.z", "ğ ą ů ā ż"},
        {"letters", "Stra\\ss e, \\O rsted, \\l\\'od\\'z, \\AA{}bo, \\ae, \\oe", "Straße, Ørsted, łódź, Åbo, æ, œ"},
        {"dashes", "2019--2021, a---b", "2019–2021, a—b"},
        {"quotes", "``quoted'' and `single'", "\"quoted\" and 'single'"},
        {"ties and escaped specials", "Dr.~Ada R\\&D \\$5 \\#1 a\\_b \\{x\\}", "Dr. Ada R&D $5 #1 a_b {x}"},
        {"symbols", "\\LaTeX, \\ldots, \\textbullet, \\S 3", "LaTeX, …, •, §3"},
        {"math", "$\\alpha$-synuclein, $\\sim$3x, H$_2$O, $^\\dagger$", "α-synuclein, ~3x, H2O, †"},
    });
}

TEST_CASE("read_latex: structure") {
    check_rows({
        {"sections of all kinds", "\\section{Education}\\subsection*{Journal Articles}\\cvsection{Talks}",
         "# Education\n\n## Journal Articles\n\n# Talks"},
        {"icons in a heading are dropped", "\\section{\\faGraduationCap\\ Education}", "# Education"},
        {"itemize", "\\begin{itemize}\n  \\item First\n  \\item Second\n\\end{itemize}", "- First\n- Second"},
        {"enumerate is numbered", "\\begin{enumerate}\\item A\\item B\\end{enumerate}", "- 1. A\n- 2. B"},
        {"item labels", "\\begin{description}\\item[2019] Award\\item[--] Plain\\item[12.] Paper\\end{description}",
         "- 2019 | Award\n- Plain\n- 12. Paper"},
        {"a bare number label numbers the entry", "\\begin{enumerate}\\item[11] Ann Lee, Bo Chen ``A Title''\\end{enumerate}",
         "- 11. Ann Lee, Bo Chen \"A Title\""},
        {"\\\\ breaks lines", "Line one\\\\Line two\\\\[2pt]Line three", "Line one\nLine two\nLine three"},
        {"a blank line is a paragraph", "One\n\nTwo", "One\n\nTwo"},
        {"tabular cells", "\\begin{tabular}{l@{\\extracolsep{\\fill}}r}\n\\textbf{MIT} & Cambridge \\\\\nPhD & 2024\n"
                          "\\end{tabular}",
         "MIT | Cambridge\nPhD | 2024"},
        {"\\hfill separates", "\\textbf{Associate Professor} \\hfill 2023--present", "Associate Professor | 2023–present"},
        {"template environments with a heading argument", "\\begin{rSection}{Education}\nPh.D.\n\\end{rSection}",
         "# Education\nPh.D."},
        {"template sub-environments are entries",
         "\\begin{reSubsection}{University of Iowa}{Statistics}{}{2019}\nTA\n\\end{reSubsection}",
         "- University of Iowa | Statistics | 2019\nTA"},
    });
}

TEST_CASE("read_latex: macros") {
    check_rows({
        {"formatting keeps its text", "\\textbf{Bold}, \\emph{em}, \\textit{it}, {\\bf old}, \\textsc{Caps}",
         "Bold, em, it, old, Caps"},
        {"colour and size arguments are dropped", "\\textcolor{blue}{Blue} \\color{red}text \\vspace{-4pt}\\hspace*{2cm}end",
         "Blue text end"},
        {"links keep their text, urls their target", "\\href{https://x.org}{Site} \\url{https://y.org/a_b~c}",
         "Site https://y.org/a_b~c"},
        {"moderncv entries", "\\cventry{2015--2020}{Ph.D. in Physics}{MIT}{Cambridge}{}{Thesis on \\emph{light}}",
         "- 2015–2020 | Ph.D. in Physics | MIT | Cambridge | Thesis on light"},
        {"moderncv items", "\\cvitem{Languages}{English, French}\\cvlistitem{Python}\\cvlistdoubleitem{C++}{Rust}",
         "- Languages | English, French\n- Python\n- C++\n- Rust"},
        {"unknown macros with several arguments are entries",
         "\\resumeSubheading\n  {Ada Labs}{London, UK}\n  {Research Engineer}{Jan 2020 -- Present}",
         "- Ada Labs | London, UK | Research Engineer | Jan 2020 – Present"},
        {"unknown macros with one argument keep it", "\\mysidestyle{Contact} \\myuline{Information}", "Contact Information"},
        {"a length argument is dropped", "\\mystrut{0.5\\textwidth}\\myskip{-2pt}x", "x"},
        {"unknown switches vanish, a following [x] stays", "\\faBook\\ [C1] Paper", "[C1] Paper"},
        {"assignments are layout", "\\parskip=0.1em\n\\hrule height 4pt\nText", "Text"},
        {"every rule spec is layout", "Left\\hspace{4mm}\\vrule height 2.0cm width 0.4pt\\hspace{4mm} Right", "Left Right"},
        {"footnotes in parentheses", "PhD\\footnote{with honours}", "PhD (with honours)"},
        {"a box moved by a distance: the distance is layout, each centred line a line",
         "\\moveleft.5\\hoffset\\centerline{\\huge\\bf Dr. Jane Roe}\n\\moveleft.5\\hoffset\\centerline{Bergen, Norway}\n"
         "\\moveright 2pt\\hbox{x}\\raise1ex\\hbox{y}",
         "Dr. Jane Roe\nBergen, Norway\nxy"},
        {"\\verb", "\\verb|a_b%c| done", "a_b%c done"},
    });
}

TEST_CASE("read_latex: user macros from \\newcommand and \\def") {
    check_rows({
        {"zero-argument macros expand",
         "\\newcommand{\\uiowa}{\\href{https://uiowa.edu}{University of Iowa}}\\def\\me{Ada}"
         "\\begin{document}\\me, PhD, \\uiowa\\end{document}",
         "Ada, PhD, University of Iowa"},
        {"a macro whose body has \\item is an item",
         "\\newcommand{\\resumeItem}[2]{\\item\\small{\\textbf{#1}{: #2}}}\\begin{document}"
         "\\begin{itemize}\\resumeItem{Modeling}{Built models}\\end{itemize}\\end{document}",
         "- Modeling | Built models"},
        {"arity decides how many groups are arguments",
         "\\newcommand{\\role}[1]{\\textit{#1}}\\begin{document}\\role{Intern} {Acme}\\end{document}", "Intern Acme"},
        {"a self-recursive macro expands once", "\\def\\loop{\\loop x}\\begin{document}\\loop\\end{document}", "x"},
    });
}

TEST_CASE("read_latex: the document's own macros are expanded") {
    check_rows({
        {"the parameter is put into the body", "\\newcommand{\\phd}[1]{Ph.D. in #1}\\begin{document}\\phd{Physics}\\end{document}",
         "Ph.D. in Physics"},
        {"the optional argument and its default",
         "\\newcommand{\\venue}[2][Journal]{#1: #2}\\begin{document}\\venue{X}, \\venue[Conference]{Y}\\end{document}",
         "Journal: X, Conference: Y"},
        {"a parameter after a control word stays apart from it",
         "\\newcommand{\\big}[1]{\\scshape#1}\\begin{document}\\big{Ada}\\end{document}", "Ada"},
        {"\\def with a delimited parameter", "\\def\\upto#1\\stop{[#1]}\\begin{document}\\upto a b\\stop c\\end{document}",
         "[a b] c"},
        {"\\let makes an alias of a known macro", "\\let\\Sec\\section\\begin{document}\\Sec{Talks}\\end{document}",
         "# Talks"},
        {"\\let copies a user macro", "\\def\\a{Ada}\\let\\b=\\a\\begin{document}\\b\\end{document}", "Ada"},
        {"a body that makes a heading makes one, through other macros too",
         "\\def\\works#1{\\subsection{#1}}\\newcommand{\\h}[1]{\\works{#1}}\\begin{document}\\h{Selected Works}x\\end{document}",
         "## Selected Works\nx"},
        {"a zero-argument macro holding a heading",
         "\\newcommand{\\invited}{\\section*{Invited Talks}}\\begin{document}\\invited\nA talk\\end{document}",
         "# Invited Talks\nA talk"},
        {"a body with a CV entry macro is expanded in the body's order",
         "\\newcommand{\\job}[3]{\\cventry{#3}{#1}{#2}{}{}{}}\\begin{document}\\job{Engineer}{Acme}{2019}\\end{document}",
         "- 2019 | Engineer | Acme"},
        {"a setter of the name field still names the person",
         "\\def\\name#1{\\def\\@name{#1}}\\name{Ada Lovelace}\\begin{document}\\maketitle\\end{document}",
         "Ada Lovelace"},
        {"recursive macros stop", "\\def\\a{\\a}\\def\\b#1{\\b{#1}\\b{#1}}\\begin{document}\\a\\b{x}.\\end{document}", "xx."},
    });
}

TEST_CASE("read_latex: conditionals the reader can decide") {
    check_rows({
        {"\\newif flags, false until set",
         "\\newif\\ifphoto\\newif\\ifenglish\\englishtrue\\begin{document}\\ifphoto PHOTO\\fi\\ifenglish English\\else Deutsch\\fi"
         "\\end{document}",
         "English"},
        {"\\ifdefined in a macro body",
         "\\newcommand{\\tr}[2]{\\ifdefined\\isgerman #2\\else #1\\fi}\\begin{document}\\tr{Awards}{Preise} x\\end{document}",
         "Awards x"},
        {"nested conditionals are skipped whole", "\\newif\\ifa\\begin{document}\\ifa \\ifx\\b\\c in\\fi out\\else kept\\fi\\end{document}",
         "kept"},
        {"undecidable tests keep both branches", "\\ifnum1=1 one\\else two\\fi", "1=1 onetwo"},
        {"a flag declared in a file never seen reads its first branch",
         "\\input{flags}\\begin{document}\\ifenglish English\\else Deutsch\\fi\\end{document}", "English"},
    });
}

TEST_CASE("read_latex: tests with two branches, decided from the file or read for their first branch") {
    check_rows({
        {"an \\ifthenelse flag set in a file never seen: the first branch",
         "\\input{flags}\\begin{document}\\ifthenelse{\\boolean{withpubs}}{\\section{Journal Articles}}"
         "{\\section{Selected Articles}}\\end{document}",
         "# Journal Articles"},
        {"an ifthen flag the file sets", "\\newboolean{withpubs}\\setboolean{withpubs}{false}\\begin{document}"
         "\\ifthenelse{\\boolean{withpubs}}{Long}{Short}\\end{document}", "Short"},
        {"an ifthen flag declared and never set is false",
         "\\newboolean{withpubs}\\begin{document}\\ifthenelse{\\boolean{withpubs}}{Long}{Short}\\end{document}", "Short"},
        {"\\not and \\and", "\\newboolean{a}\\begin{document}\\ifthenelse{\\not\\boolean{a} \\and \\boolean{a}}{X}{Y}"
         "\\end{document}", "Y"},
        {"etoolbox flags", "\\newbool{long}\\booltrue{long}\\newtoggle{de}\\begin{document}\\ifbool{long}{Long}{Short} "
         "\\iftoggle{de}{Deutsch}{English} \\notbool{long}{no}{yes}\\end{document}", "Long English yes"},
        {"a \\newif flag is an ifthen flag", "\\newif\\ifcv\\cvtrue\\begin{document}\\ifthenelse{\\boolean{cv}}{CV}{Resume}"
         "\\end{document}", "CV"},
        {"setters print nothing", "\\begin{document}\\setboolean{a}{true}\\booltrue{b}\\settoggle{c}{false}x\\end{document}",
         "x"},
        {"a template skips the fields left empty",
         "\\newcommand{\\city}[1]{\\ifthenelse{\\equal{#1}{}}{}{, #1}\\ifblank{#1}{ (remote)}{}}"
         "\\begin{document}Acme Labs\\city{} and Acme Labs\\city{Boston}\\end{document}",
         "Acme Labs (remote) and Acme Labs, Boston"},
        {"a comparison with a macro holding text",
         "\\newcommand{\\lang}{de}\\begin{document}\\ifthenelse{\\equal{\\lang}{en}}{Awards}{Preise}\\end{document}",
         "Preise"},
        {"what is defined", "\\newcommand{\\phone}{1}\\begin{document}\\ifdef{\\phone}{A}{B} \\ifundef{\\pager}{C}{D} "
         "\\ifthenelse{\\isundefined{\\pager}}{E}{F}\\end{document}", "A C E"},
        {"numbers only TeX knows: the first branch", "\\begin{document}\\ifthenelse{\\value{page} > 1}{One}{Two}\\end{document}",
         "One"},
        {"a test without branches", "\\begin{document}x \\ifthenelse{\\boolean{a}}\\end{document}", "x"},
    });
}

TEST_CASE("read_latex: a column set in a \\parbox is not glued to the column before it") {
    check_rows({
        {"a rule between the columns and a name in a large font",
         "\\begin{document}\\parbox{.4\\textwidth}{Harbor Institute \\par \\url{https://example.org}}%\n"
         "\\vrule height 2.0cm width 0.4pt%\n\\parbox{.5\\textwidth}{{\\fontsize{30}{36} \\selectfont Ada Quill \\par}}"
         "\\end{document}",
         "Harbor Institute\n\nhttps://example.org\nAda Quill"},
        {"in a table a \\parbox is a cell", "\\begin{tabular}{ll}\\parbox{2cm}{2019} & Acme\\end{tabular}", "2019 | Acme"},
    });
}

TEST_CASE("read_latex: a definition left open in one branch of an undecidable test ends with the branch") {
    // A template's draft-mode footer: the rest of the definition is commented out in
    // the branch TeX never reads; the name macro defined after it must survive.
    const std::string tex =
        "\\documentclass{article}\n"
        "\\newcommand{\\DraftMode}{0}\n"
        "\\ifnum\\DraftMode=0\n"
        "\\newcommand{\\FooterText}{}\n"
        "\\else\n"
        "\\newcommand{\\FooterText}{\\small%\n"
        "% \\hfill{\\color{red}DRAFT}}\n"
        "\\fi\n"
        "\\newcommand{\\CVAuthor}{Marta Quillfeather}\n"
        "\\begin{document}\n"
        "\\begin{center}{\\Huge \\CVAuthor}\\end{center}\n"
        "\\section{Education}\n"
        "Ph.D. in Physics, Northgate University, 2019\n"
        "\\end{document}\n";
    const std::string text = read_latex(tex).text;
    CHECK(text.find("Marta Quillfeather") != std::string::npos);
    CHECK(text.find("# Education") != std::string::npos);
    CHECK(text.find("Northgate University") != std::string::npos);
}

TEST_CASE("read_latex: a macro whose argument reads like a heading is a heading") {
    check_rows({
        {"an unknown macro alone on its line", "\\Section{Publications}\nA paper", "# Publications\nA paper"},
        {"with its arguments on lines of their own", "\\Section\n{Interests}\n{Interests}\n{PDF:Interests}\nSystems",
         "# Interests\nSystems"},
        {"a formatting macro of the document",
         "\\newcommand{\\mhead}[1]{\\noindent{\\large\\textsc{#1}}\\par}\\begin{document}\\mhead{Education}\nMIT\\end{document}",
         "# Education\nMIT"},
        {"any short title of a macro the document uses for headings",
         "\\begin{document}\\mysec{Education}\nMIT\n\\mysec{Field Campaigns}\nArctic\n\\mysec{Publications}\\end{document}",
         "# Education\nMIT\n\n# Field Campaigns\nArctic\n\n# Publications"},
        {"or of a macro given the title twice, for the page and the bookmarks",
         "\\SubSection\n{Submitted}\n{Submitted}\n{PDF:Submitted}\nA paper", "# Submitted\nA paper"},
        {"numbered entries", "\\NumberedItem{[3]}{A. Author. Title.}\n\\cvitem{4}{B. Author. Title.}",
         "- [3] A. Author. Title.\n- 4. B. Author. Title."},
        {"...but not of a macro used once", "\\begin{document}\\mysec{Field Campaigns}\nArctic\\end{document}",
         "Field Campaigns\nArctic"},
        {"not in running text", "Taught \\course{Teaching} today", "Taught Teaching today"},
        {"not inside a field", "\\cvitem{\\mysec{Teaching}}{Calculus}", "- Teaching | Calculus"},
        {"not when text follows on the line", "\\Section{Teaching} at MIT", "Teaching at MIT"},
        {"not a lower-case word", "\\printbibsection{article}{journal papers}", "- article | journal papers"},
        {"not a date or a sentence", "\\mysec{Education 2019}\n\\mysec{We study oceans.}", "Education 2019\nWe study oceans."},
        {"the title after an image file name",
         "\\begin{document}\\imgsection{work.png}{Work Experience}\nLumen Inc.\n\\imgsection{Thesis.png}{Thesis}\nOn light\n"
         "\\imgsection{awards.png}{Awards}\\end{document}",
         "# Work Experience\nLumen Inc.\n\n# Thesis\nOn light\n\n# Awards"},
        {"the title after an icon", "\\begin{document}\\CvSection{\\faBook}{Publications}\nA paper\n\\CvSection{\\faStar}{Awards}\\end{document}",
         "# Publications\nA paper\n\n# Awards"},
        {"...but not after a date", "\\entry{2019}{Publications Chair}\nA workshop", "- 2019 | Publications Chair\nA workshop"},
    });
}

TEST_CASE("read_latex: layout inside the document's macros is no text") {
    check_rows({
        {"key=value options", "\\addfontfeature{Numbers=OldStyle}2019", "2019"},
        {"a \\kern takes only its unit", "D\\kern-1.5ptaniel", "Daniel"},
        {"font selection", "\\fontfamily{phv}\\selectfont Ada", "Ada"},
        {"a column type defined in the body",
         "\\newcolumntype{C}[1]{>{\\centering}p{0.17\\textwidth}{#1}}\\begin{tabular}{CC}36 & 14\\end{tabular}", "36 | 14"},
        {"a macro with several arguments inside a sentence stays in it", "Published, \\Datestamp{2019}{06}.",
         "Published, 2019 06."},
        {"awesome-cv's five-argument \\cventry does not eat the next macro",
         "\\cventry{Engineer}{Acme}{Oslo}{2019}{}\n\\cventry{Intern}{Beta}{Rome}{2018}{}",
         "- Engineer | Acme | Oslo | 2019\n- Intern | Beta | Rome | 2018"},
    });
}

TEST_CASE("read_latex: metadata becomes hints") {
    SUBCASE("moderncv") {
        auto doc = read_latex(
            "\\documentclass{moderncv}\n\\name{Ada}{Lovelace}\n\\title{Analyst}\n\\email{ada@example.org}\n"
            "\\homepage{ada.example.org}\n\\begin{document}\n\\makecvtitle\n\\section{Education}\n"
            "\\cventry{1835--1840}{Mathematics}{University of London}{London}{}{}\n\\end{document}");
        CHECK(doc.name_hint == "Ada Lovelace");
        CHECK(doc.email_hints == std::vector<std::string>{"ada@example.org"});
        CHECK(doc.homepage_hint == "ada.example.org");
        CHECK(doc.text == "Ada Lovelace\nAnalyst\n\n# Education\n- 1835–1840 | Mathematics | University of London | London");
    }
    SUBCASE("\\firstname and \\familyname, no \\makecvtitle") {
        auto doc = read_latex("\\firstname{Grace}\\familyname{Hopper}\\begin{document}\\section{Work}Navy\\end{document}");
        CHECK(doc.name_hint == "Grace Hopper");
        CHECK(doc.text == "Grace Hopper\n\n# Work\nNavy");
    }
    SUBCASE("\\name in the body, with layout noise") {
        auto doc = read_latex("\\begin{document}\\name{\\Large Simon Example. PhD -- Resume\\flushright{2016}}\\end{document}");
        CHECK(doc.name_hint == "Simon Example");
    }
    SUBCASE("\\author, and mailto links anywhere") {
        auto doc = read_latex("\\author{Emmy Noether}\\begin{document}\\href{mailto:emmy@example.org}{Mail}"
                              " \\url{other@example.org}\\end{document}");
        CHECK(doc.name_hint == "Emmy Noether");
        CHECK(doc.email_hints == std::vector<std::string>{"emmy@example.org", "other@example.org"});
        CHECK(doc.text == "Emmy Noether\n\nMail other@example.org");  // the name is kept in the text
    }
    SUBCASE("pdfauthor, through a \\def; the printed form when the top of the CV spells it out") {
        CHECK(read_latex("\\def\\me{Grace Hopper}\\hypersetup{pdfauthor={\\me}}\\begin{document}x\\end{document}").name_hint ==
              "Grace Hopper");
        CHECK(read_latex("\\usepackage[pdfauthor={Abe Example}]{hyperref}\\begin{document}{\\Large Abraham Example}\\\\\n"
                         "\\section{Education}\\end{document}")
                  .name_hint == "Abraham Example");
    }
    SUBCASE("a degree after the name") {
        CHECK(read_latex("\\name{Ada~C.~Lovelace, P\\MakeLowercase{h}.D}\\begin{document}x\\end{document}").name_hint ==
              "Ada C. Lovelace");
    }
    SUBCASE("a \\name macro that holds the name") {
        auto doc = read_latex("\\newcommand{\\name}{Ada Lovelace}\\begin{document}\\textbf{\\name}\\end{document}");
        CHECK(doc.name_hint == "Ada Lovelace");
        CHECK(doc.text == "Ada Lovelace");
    }
    SUBCASE("a \\title that is not a name") {
        CHECK(read_latex("\\title{Curriculum Vitae}\\begin{document}x\\end{document}").name_hint.empty());
    }
}

TEST_CASE("read_latex: hostile input ends without crashing") {
    std::string braces(100000, '{');
    CHECK(body(braces + "x") == "x");
    std::string nested;
    for (int i = 0; i < 5000; ++i) nested += "\\textbf{";
    CHECK_NOTHROW(body(nested + "deep"));
    std::string bomb = "\\def\\a{x}";
    for (char c = 'b'; c <= 'z'; ++c) bomb += std::string("\\def\\") + c + "{\\" + char(c - 1) + "\\" + char(c - 1) + "}";
    CHECK_NOTHROW(read_latex(bomb + "\\begin{document}\\z\\end{document}"));
    std::string args_bomb = "\\def\\a#1{#1#1#1#1}";  // each level quadruples its argument
    for (char c = 'b'; c <= 'z'; ++c) args_bomb += std::string("\\def\\") + c + "#1{\\" + char(c - 1) + "{\\" + char(c - 1) + "{#1}}}";
    CHECK(read_latex(args_bomb + "\\begin{document}\\z{x}\\end{document}").text.size() <= (8u << 20));
    std::string unclosed;  // conditionals with no \fi: each must not rescan the rest of the file
    for (int i = 0; i < 100000; ++i) unclosed += "\\ifdefined\\x a ";
    auto start = std::chrono::steady_clock::now();
    CHECK_NOTHROW(body(unclosed));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));  // a hang guard: once 23 s
    for (const char* cut : {"\\", "\\section{", "\\begin{itemize}\\item", "$x", "\\href{a", "\\verb|x", "\\'", "\\iffalse x"})
        CHECK_NOTHROW(body(cut));
}

TEST_CASE("read_latex: a short argument wrapped across source lines is one field") {
    // "\tabfill{... and\nTechnology - \href{..}{The\nUniversity of Lorien}}": TeX reads each
    // line break in it as a space. Fictional school.
    const std::string text = body(
        "\\begin{document}\n\\section{Education}\n"
        "\\tabfill{MSc student in Information Science and\nTechnology - \\href{http://example.org}{The\nUniversity of Lorien} "
        "(major in Computer Science)}\n\\end{document}\n");
    CHECK(text.find("Information Science and Technology - The University of Lorien (major in Computer Science)") != std::string::npos);
    // A long argument (a description) keeps its source lines: its entry stays on a short line.
    std::string description;
    for (int i = 0; i < 12; ++i) description += "worked on tidal models and river deltas\n";
    const std::string long_arg = body("\\begin{document}\n\\emph{" + description + "}\n\\end{document}\n");
    CHECK(std::count(long_arg.begin(), long_arg.end(), '\n') >= 10);
}

TEST_CASE("read_latex: a source filled to a margin is read as TeX reads it, its line breaks as spaces") {
    // A converter's output wrapped at 72 columns: a paragraph's lines are one line of text;
    // blank lines and \item still break. Fictional person and places.
    std::string tex = "\\begin{document}\n\\section{Experience}\n\n";
    for (int i = 0; i < 8; ++i)
        tex += "\\textbf{Lakeside University} - Postdoctoral Researcher, Prof.\nAnn Doe (June 2008 - July 2011). Worked on the tidal\n"
               "models of the estuary and on the sediments of river deltas near it.\n\n";
    tex += "\\begin{itemize}\n\\item\n  \\textbf{Ph.D.} Physics, Northbay University, 2007\n\\item\n  \\textbf{B.S.} Physics, "
           "Northbay University, 2002\n\\end{itemize}\n\\end{document}\n";
    const std::string text = body(tex);
    CHECK(text.find("Lakeside University - Postdoctoral Researcher, Prof. Ann Doe (June 2008 - July 2011). Worked on the tidal models") !=
          std::string::npos);
    CHECK(text.find("Ph.D. Physics, Northbay University, 2007\n") != std::string::npos);
}

TEST_CASE("read_latex: pandoc's \\vadjust pre{\\hypertarget{...}{}} anchors leave no text before the entry") {
    // pandoc writes each citation of a CSL bibliography so. Fictional people and paper.
    const std::string text = body(
        "\\begin{document}\n\\section{Publications}\n"
        "\\leavevmode\\vadjust pre{\\hypertarget{ref-Vale_tides_2022}{}}%\n"
        "1. Vale, R., \\& Roe, B. (2022). Tides of the Northern Lakes. \\emph{Lake Letters}, \\emph{3}(1), 1--9.\n"
        "\\end{document}\n");
    CHECK(text.find("pre") == std::string::npos);
    CHECK(text.find("1. Vale, R., & Roe, B. (2022).") != std::string::npos);
}
