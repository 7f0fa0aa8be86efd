// The macros the LaTeX reader knows, by meaning. Anything missing here falls
// back to the generic rule described in latex.hpp, so this table lists what
// the generic rule would get wrong: layout macros whose arguments are lengths
// or colours, formatting macros that must take exactly one argument, CV
// template macros (moderncv, twentysecondcv, resume.cls), and symbols.
#include <unordered_map>

#include "parse/readers/latex.hpp"

namespace cvsearch::readers::latex {
namespace {

using K = MacroKind;

const std::unordered_map<std::string_view, MacroSpec>& table() {
    static const std::unordered_map<std::string_view, MacroSpec> t = {
        // ---- structure -------------------------------------------------------------
        {"part", {K::heading, 1}}, {"chapter", {K::heading, 1}}, {"section", {K::heading, 1}},
        {"subsection", {K::heading, 1}}, {"subsubsection", {K::heading, 1}}, {"cvsection", {K::heading, 1}},
        {"cvsubsection", {K::heading, 1}}, {"sectionTitle", {K::heading, 1}},
        {"paragraph", {K::line, 1}}, {"subparagraph", {K::line, 1}},
        {"item", {K::special}}, {"bibitem", {K::special}}, {"begin", {K::special}}, {"end", {K::special}},
        {"newcommand", {K::special}}, {"renewcommand", {K::special}}, {"providecommand", {K::special}},
        {"DeclareRobustCommand", {K::special}}, {"def", {K::special}}, {"gdef", {K::special}},
        {"edef", {K::special}}, {"xdef", {K::special}}, {"let", {K::special}},
        {"newenvironment", {K::special}}, {"newif", {K::special}}, {"renewenvironment", {K::special}}, {"verb", {K::special}},
        {"excludecomment", {K::special}}, {"kill", {K::special}},
        // tests with two {branches} (latex_conditions.cpp) and the flags they read
        {"ifthenelse", {K::special}}, {"ifbool", {K::special}}, {"notbool", {K::special}}, {"iftoggle", {K::special}},
        {"nottoggle", {K::special}}, {"ifdef", {K::special}}, {"ifundef", {K::special}}, {"ifcsdef", {K::special}},
        {"ifcsundef", {K::special}}, {"ifblank", {K::special}}, {"ifstrempty", {K::special}},
        {"ifdefempty", {K::special}}, {"ifstrequal", {K::special}},
        {"newboolean", {K::special}}, {"provideboolean", {K::special}}, {"setboolean", {K::special}},
        {"newbool", {K::special}}, {"providebool", {K::special}}, {"setbool", {K::special}}, {"booltrue", {K::special}},
        {"boolfalse", {K::special}}, {"newtoggle", {K::special}}, {"providetoggle", {K::special}},
        {"settoggle", {K::special}}, {"toggletrue", {K::special}}, {"togglefalse", {K::special}},
        {"vskip", {K::special}}, {"hskip", {K::special}}, {"kern", {K::special}}, {"vspace", {K::special}}, {"vadjust", {K::special}},
        {"hspace", {K::special}}, {"moveleft", {K::special}}, {"moveright", {K::special}}, {"raise", {K::special}},
        {"lower", {K::special}},
        {"maketitle", {K::title_block}}, {"makecvtitle", {K::title_block}}, {"makeprofile", {K::title_block}},
        // ---- CV templates ---------------------------------------------------------------
        {"cventry", {K::entry, 6}}, {"cvitem", {K::entry, 2}}, {"cvitemwithcomment", {K::entry, 3}},
        {"cvline", {K::entry, 2}}, {"cvlanguage", {K::entry, 3}}, {"cvcomputer", {K::double_item, 4}},
        {"cvdoubleitem", {K::double_item, 4}}, {"cvlistitem", {K::item, 1}}, {"cvlistdoubleitem", {K::double_item, 2}},
        {"cvskill", {K::entry, 2}},
        // ---- metadata ---------------------------------------------------------------------
        {"name", {K::meta_name, 1}}, {"cvname", {K::meta_name, 1}}, {"firstname", {K::meta_first, 1}},
        {"familyname", {K::meta_last, 1}}, {"lastname", {K::meta_last, 1}}, {"author", {K::meta_author, 1}},
        {"title", {K::meta_title, 1}}, {"cvjobtitle", {K::meta_title, 1}}, {"position", {K::meta_title, 1}},
        {"email", {K::meta_email, 1}}, {"cvmail", {K::meta_email, 1}}, {"emailaddress", {K::meta_email, 1}},
        {"homepage", {K::meta_home, 1}}, {"cvsite", {K::meta_home, 1}}, {"website", {K::meta_home, 1}},
        // ---- text with an argument ----------------------------------------------------------
        {"textbf", {K::keep_last, 1}}, {"textit", {K::keep_last, 1}}, {"emph", {K::keep_last, 1}},
        {"textsc", {K::keep_last, 1}}, {"texttt", {K::keep_last, 1}}, {"textsl", {K::keep_last, 1}},
        {"textup", {K::keep_last, 1}}, {"textmd", {K::keep_last, 1}}, {"textrm", {K::keep_last, 1}},
        {"textsf", {K::keep_last, 1}}, {"textnormal", {K::keep_last, 1}}, {"underline", {K::keep_last, 1}},
        {"uline", {K::keep_last, 1}}, {"ul", {K::keep_last, 1}}, {"uuline", {K::keep_last, 1}},
        {"sout", {K::keep_last, 1}}, {"xout", {K::keep_last, 1}}, {"mbox", {K::keep_last, 1}},
        {"hbox", {K::keep_last, 1}}, {"text", {K::keep_last, 1}}, {"textsuperscript", {K::keep_last, 1}},
        {"textsubscript", {K::keep_last, 1}}, {"mathrm", {K::keep_last, 1}}, {"mathbf", {K::keep_last, 1}},
        {"mathit", {K::keep_last, 1}}, {"mathsf", {K::keep_last, 1}}, {"mathtt", {K::keep_last, 1}},
        {"mathcal", {K::keep_last, 1}}, {"mathbb", {K::keep_last, 1}}, {"operatorname", {K::keep_last, 1}},
        {"boldsymbol", {K::keep_last, 1}}, {"bm", {K::keep_last, 1}}, {"MakeUppercase", {K::keep_last, 1}},
        {"MakeLowercase", {K::keep_last, 1}}, {"uppercase", {K::keep_last, 1}}, {"lowercase", {K::keep_last, 1}},
        {"centerline", {K::line, 1}}, {"fbox", {K::keep_last, 1}}, {"framebox", {K::keep_last, 1}},
        {"makebox", {K::keep_last, 1}}, {"hyperref", {K::keep_last, 1}}, {"enquote", {K::keep_last, 1}},
        {"marginpar", {K::keep_last, 1}}, {"marginnote", {K::keep_last, 1}}, {"small", {K::drop}}, {"textcolor", {K::keep_last, 2}},
        {"colorbox", {K::keep_last, 2}}, {"fcolorbox", {K::keep_last, 3}}, {"hyperlink", {K::keep_last, 2}},
        {"hypertarget", {K::keep_last, 2}}, {"multicolumn", {K::keep_last, 3}}, {"multirow", {K::keep_last, 3}},
        {"parbox", {K::keep_last, 2}}, {"raisebox", {K::keep_last, 2}}, {"resizebox", {K::keep_last, 3}},
        {"scalebox", {K::keep_last, 2}}, {"rotatebox", {K::keep_last, 2}}, {"foreignlanguage", {K::keep_last, 2}},
        {"href", {K::href, 2}}, {"url", {K::url, 1}}, {"nolinkurl", {K::url, 1}}, {"path", {K::url, 1}},
        {"footnote", {K::footnote, 1}}, {"nth", {K::keep_last, 1}}, {"phone", {K::keep_last, 1}},
        {"mobile", {K::keep_last, 1}}, {"social", {K::keep_last, 1}}, {"quote", {K::keep_last, 1}},
        // ---- layout: the macro and its arguments vanish ------------------------------------
        {"setlength", {K::drop, 2}}, {"addtolength", {K::drop, 2}}, {"settowidth", {K::drop, 2}},
        {"setcounter", {K::drop, 2}}, {"addtocounter", {K::drop, 2}}, {"stepcounter", {K::drop, 1}},
        {"refstepcounter", {K::drop, 1}}, {"newcounter", {K::drop, 1}}, {"newlength", {K::drop, 1}},
        {"rule", {K::drop, 2}}, {"includegraphics", {K::drop, 1}}, {"color", {K::drop, 1}},
        {"pagecolor", {K::drop, 1}}, {"definecolor", {K::drop, 3}}, {"colorlet", {K::drop, 2}},
        {"usepackage", {K::drop, 1}}, {"RequirePackage", {K::drop, 1}}, {"documentclass", {K::drop, 1}},
        {"label", {K::drop, 1}}, {"ref", {K::drop, 1}}, {"pageref", {K::drop, 1}}, {"eqref", {K::drop, 1}},
        {"autoref", {K::drop, 1}}, {"cref", {K::drop, 1}}, {"Cref", {K::drop, 1}}, {"cite", {K::drop, 1}},
        {"citep", {K::drop, 1}}, {"citet", {K::drop, 1}}, {"citealp", {K::drop, 1}}, {"nocite", {K::drop, 1}},
        {"bibliographystyle", {K::drop, 1}}, {"bibliography", {K::drop, 1}}, {"addbibresource", {K::drop, 1}},
        {"printbibliography", {K::drop, 0}}, {"pagestyle", {K::drop, 1}}, {"thispagestyle", {K::drop, 1}},
        {"pagenumbering", {K::drop, 1}}, {"geometry", {K::drop, 1}}, {"newgeometry", {K::drop, 1}},
        {"hypersetup", {K::drop, 1}}, {"fancyhf", {K::drop, 1}}, {"fancyhead", {K::drop, 1}},
        {"fancyfoot", {K::drop, 1}}, {"lhead", {K::drop, 1}}, {"chead", {K::drop, 1}}, {"rhead", {K::drop, 1}},
        {"lfoot", {K::drop, 1}}, {"cfoot", {K::drop, 1}}, {"rfoot", {K::drop, 1}}, {"moderncvstyle", {K::drop, 1}},
        {"moderncvtheme", {K::drop, 1}}, {"moderncvcolor", {K::drop, 1}}, {"input", {K::drop, 1}},
        {"include", {K::drop, 1}}, {"photo", {K::drop, 1}}, {"profilepic", {K::drop, 1}}, {"faicon", {K::drop, 1}},
        {"icon", {K::drop, 1}}, {"nobibliography", {K::drop, 1}}, {"bibentry", {K::drop, 1}},
        {"newrefcontext", {K::drop, 0}}, {"urlstyle", {K::drop, 1}}, {"setmainfont", {K::drop, 1}},
        {"setsansfont", {K::drop, 1}}, {"setmonofont", {K::drop, 1}}, {"newfontfamily", {K::drop, 2}},
        {"fontsize", {K::drop, 2}}, {"fontfamily", {K::drop, 1}}, {"fontseries", {K::drop, 1}},
        {"fontshape", {K::drop, 1}}, {"linespread", {K::drop, 1}}, {"addtocategory", {K::drop, 2}},
        {"includecomment", {K::drop, 1}}, {"hyphenation", {K::drop, 1}}, {"enlargethispage", {K::drop, 1}},
        {"thanks", {K::drop, 1}}, {"phantom", {K::drop, 1}}, {"hphantom", {K::drop, 1}}, {"vphantom", {K::drop, 1}},
        {"setlist", {K::drop, 1}}, {"DeclareMathOperator", {K::drop, 2}}, {"captionsetup", {K::drop, 1}},
        {"graphicspath", {K::drop, 1}}, {"tcbset", {K::drop, 1}}, {"tikzset", {K::drop, 1}},
        {"usetikzlibrary", {K::drop, 1}}, {"sethlcolor", {K::drop, 1}}, {"markboth", {K::drop, 2}},
        {"markright", {K::drop, 1}}, {"AtBeginDocument", {K::drop, 1}}, {"AtEndDocument", {K::drop, 1}},
        {"extracolsep", {K::drop, 1}}, {"cline", {K::drop, 1}}, {"cmidrule", {K::drop, 1}}, {"hhline", {K::drop, 1}},
        {"arrayrulecolor", {K::drop, 1}}, {"rowcolor", {K::drop, 1}}, {"cellcolor", {K::drop, 1}},
        {"columncolor", {K::drop, 1}}, {"setstretch", {K::drop, 1}}, {"DeclareUnicodeCharacter", {K::drop, 2}},
        {"newtheorem", {K::drop, 2}}, {"newcolumntype", {K::drop, 2}}, {"pdfbookmark", {K::drop, 2}}, {"titleformat", {K::drop, 5}},
        {"titlespacing", {K::drop, 4}}, {"titlerule", {K::drop, 0}}, {"date", {K::drop, 1}},
        {"address", {K::keep_last, 1}}, {"cvaddress", {K::drop, 1}}, {"cvdate", {K::drop, 1}},
        {"cvnumberphone", {K::drop, 1}}, {"fax", {K::drop, 1}}, {"extrainfo", {K::keep_last, 1}},
        {"caption", {K::keep_last, 1}},
        {"selectlanguage", {K::drop, 1}}, {"tabcolsep", {K::drop, 0}}, {"baselineskip", {K::drop, 0}},
        {"sepspace", {K::drop, 0}}, {"listitemsymbol", {K::drop, 0}}, {"hintscolumnwidth", {K::drop, 0}},
        // zero-argument layout switches: listed so that a following {group} is not read as their argument
        {"noindent", {K::drop}}, {"indent", {K::drop}}, {"flushright", {K::drop}}, {"flushleft", {K::drop}}, {"centering", {K::drop}}, {"raggedright", {K::drop}},
        {"raggedleft", {K::drop}}, {"bf", {K::drop}}, {"it", {K::drop}}, {"em", {K::drop}}, {"sc", {K::drop}},
        {"sf", {K::drop}}, {"rm", {K::drop}}, {"tt", {K::drop}}, {"sl", {K::drop}}, {"bfseries", {K::drop}},
        {"itshape", {K::drop}}, {"scshape", {K::drop}}, {"sffamily", {K::drop}}, {"rmfamily", {K::drop}},
        {"ttfamily", {K::drop}}, {"mdseries", {K::drop}}, {"upshape", {K::drop}}, {"normalfont", {K::drop}},
        {"large", {K::drop}}, {"Large", {K::drop}}, {"LARGE", {K::drop}}, {"huge", {K::drop}}, {"Huge", {K::drop}},
        {"footnotesize", {K::drop}}, {"scriptsize", {K::drop}}, {"tiny", {K::drop}}, {"normalsize", {K::drop}},
        {"medskip", {K::drop}}, {"bigskip", {K::drop}}, {"smallskip", {K::drop}}, {"vfill", {K::drop}},
        {"hline", {K::drop}}, {"toprule", {K::drop}}, {"midrule", {K::drop}}, {"bottomrule", {K::drop}},
        {"tableofcontents", {K::drop}}, {"selectfont", {K::drop}}, {"null", {K::drop}}, {"relax", {K::drop}},
        {"protect", {K::drop}}, {"leavevmode", {K::drop}}, {"strut", {K::drop}}, {"unskip", {K::drop}},
        {"ignorespaces", {K::drop}}, {"makeatletter", {K::drop}}, {"makeatother", {K::drop}},
        {"frenchspacing", {K::drop}}, {"sloppy", {K::drop}}, {"onecolumn", {K::drop}}, {"twocolumn", {K::drop}},
        {"today", {K::drop}}, {"appendix", {K::drop}}, {"nopagebreak", {K::drop}}, {"nobreak", {K::drop}},
        {"hrule", {K::drop}}, {"vrule", {K::drop}}, {"raggedbottom", {K::drop}}, {"flushbottom", {K::drop}},
        {"normalcolor", {K::drop}}, {"tightlist", {K::drop}}, {"item@", {K::drop}}, {"printbib", {K::drop, 1}},
        // ---- breaks and separators ------------------------------------------------------------
        {"newline", {K::newline}}, {"linebreak", {K::newline}}, {"break", {K::newline}}, {"cr", {K::newline}},
        {"par", {K::paragraph}}, {"newpage", {K::paragraph}}, {"clearpage", {K::paragraph}},
        {"pagebreak", {K::paragraph}}, {"columnbreak", {K::paragraph}},
        {"hfill", {K::separator}}, {"hfil", {K::separator}}, {"dotfill", {K::separator}},
        {"hrulefill", {K::separator}}, {"hss", {K::drop}},
        // ---- accents taking an argument -------------------------------------------------------------
        {"u", {K::accent, 1, "\u0306"}}, {"v", {K::accent, 1, "\u030C"}}, {"H", {K::accent, 1, "\u030B"}},
        {"c", {K::accent, 1, "\u0327"}}, {"k", {K::accent, 1, "\u0328"}}, {"r", {K::accent, 1, "\u030A"}},
        {"d", {K::accent, 1, "\u0323"}}, {"b", {K::accent, 1, "\u0331"}}, {"t", {K::accent, 1, "\u0361"}},
        // ---- symbols -------------------------------------------------------------------------
        {"ss", {K::symbol, 0, "ß"}}, {"SS", {K::symbol, 0, "SS"}}, {"o", {K::symbol, 0, "ø"}},
        {"O", {K::symbol, 0, "Ø"}}, {"l", {K::symbol, 0, "ł"}}, {"L", {K::symbol, 0, "Ł"}},
        {"ae", {K::symbol, 0, "æ"}}, {"AE", {K::symbol, 0, "Æ"}}, {"oe", {K::symbol, 0, "œ"}},
        {"OE", {K::symbol, 0, "Œ"}}, {"aa", {K::symbol, 0, "å"}}, {"AA", {K::symbol, 0, "Å"}},
        {"i", {K::symbol, 0, "i"}}, {"j", {K::symbol, 0, "j"}}, {"ng", {K::symbol, 0, "ŋ"}},
        {"NG", {K::symbol, 0, "Ŋ"}}, {"th", {K::symbol, 0, "þ"}}, {"TH", {K::symbol, 0, "Þ"}},
        {"dh", {K::symbol, 0, "ð"}}, {"DH", {K::symbol, 0, "Ð"}}, {"dj", {K::symbol, 0, "đ"}},
        {"DJ", {K::symbol, 0, "Đ"}}, {"LaTeX", {K::symbol, 0, "LaTeX"}}, {"TeX", {K::symbol, 0, "TeX"}},
        {"LaTeXe", {K::symbol, 0, "LaTeX2e"}}, {"BibTeX", {K::symbol, 0, "BibTeX"}}, {"XeTeX", {K::symbol, 0, "XeTeX"}},
        {"ldots", {K::symbol, 0, "…"}}, {"dots", {K::symbol, 0, "…"}}, {"cdots", {K::symbol, 0, "…"}},
        {"textellipsis", {K::symbol, 0, "…"}}, {"textendash", {K::symbol, 0, "–"}}, {"textemdash", {K::symbol, 0, "—"}},
        {"textbullet", {K::symbol, 0, "•"}}, {"bullet", {K::symbol, 0, "•"}}, {"textperiodcentered", {K::symbol, 0, "·"}},
        {"cdot", {K::symbol, 0, "·"}}, {"textquoteleft", {K::symbol, 0, "‘"}}, {"textquoteright", {K::symbol, 0, "’"}},
        {"textquotedblleft", {K::symbol, 0, "“"}}, {"textquotedblright", {K::symbol, 0, "”"}},
        {"textasciitilde", {K::symbol, 0, "~"}}, {"textbackslash", {K::symbol, 0, "\\"}}, {"textless", {K::symbol, 0, "<"}},
        {"textgreater", {K::symbol, 0, ">"}}, {"textbar", {K::symbol, 0, "|"}}, {"textunderscore", {K::symbol, 0, "_"}},
        {"textdollar", {K::symbol, 0, "$"}}, {"textsterling", {K::symbol, 0, "£"}}, {"pounds", {K::symbol, 0, "£"}},
        {"euro", {K::symbol, 0, "€"}}, {"texteuro", {K::symbol, 0, "€"}}, {"copyright", {K::symbol, 0, "©"}},
        {"textcopyright", {K::symbol, 0, "©"}}, {"textregistered", {K::symbol, 0, "®"}},
        {"texttrademark", {K::symbol, 0, "™"}}, {"S", {K::symbol, 0, "§"}}, {"P", {K::symbol, 0, "¶"}},
        {"dag", {K::symbol, 0, "†"}}, {"ddag", {K::symbol, 0, "‡"}}, {"dagger", {K::symbol, 0, "†"}},
        {"ddagger", {K::symbol, 0, "‡"}}, {"textdagger", {K::symbol, 0, "†"}}, {"textdaggerdbl", {K::symbol, 0, "‡"}},
        {"textasteriskcentered", {K::symbol, 0, "*"}}, {"ast", {K::symbol, 0, "*"}}, {"star", {K::symbol, 0, "*"}},
        {"textdegree", {K::symbol, 0, "°"}}, {"degree", {K::symbol, 0, "°"}}, {"circ", {K::symbol, 0, "∘"}},
        {"times", {K::symbol, 0, "×"}}, {"sim", {K::symbol, 0, "~"}}, {"approx", {K::symbol, 0, "≈"}},
        {"pm", {K::symbol, 0, "±"}}, {"leq", {K::symbol, 0, "≤"}}, {"le", {K::symbol, 0, "≤"}},
        {"geq", {K::symbol, 0, "≥"}}, {"ge", {K::symbol, 0, "≥"}}, {"neq", {K::symbol, 0, "≠"}},
        {"ne", {K::symbol, 0, "≠"}}, {"infty", {K::symbol, 0, "∞"}}, {"rightarrow", {K::symbol, 0, "→"}},
        {"to", {K::symbol, 0, "→"}}, {"leftarrow", {K::symbol, 0, "←"}}, {"Rightarrow", {K::symbol, 0, "⇒"}},
        {"leftrightarrow", {K::symbol, 0, "↔"}}, {"checkmark", {K::symbol, 0, "✓"}}, {"textbigcircle", {K::symbol, 0, "○"}},
        {"quad", {K::symbol, 0, " "}}, {"qquad", {K::symbol, 0, " "}}, {"enspace", {K::symbol, 0, " "}},
        {"enskip", {K::symbol, 0, " "}}, {"cdotp", {K::symbol, 0, "·"}},
        {"thinspace", {K::symbol, 0, " "}}, {"space", {K::symbol, 0, " "}}, {"nobreakspace", {K::symbol, 0, " "}},
        {"slash", {K::symbol, 0, "/"}}, {"textslash", {K::symbol, 0, "/"}}, {"textpm", {K::symbol, 0, "±"}},
        {"texttimes", {K::symbol, 0, "×"}}, {"textmu", {K::symbol, 0, "µ"}}, {"textordmasculine", {K::symbol, 0, "º"}},
        {"textordfeminine", {K::symbol, 0, "ª"}}, {"guillemotleft", {K::symbol, 0, "«"}},
        {"guillemotright", {K::symbol, 0, "»"}}, {"textexclamdown", {K::symbol, 0, "¡"}},
        {"textquestiondown", {K::symbol, 0, "¿"}},
        // Greek, for "α-synuclein" and "$\beta$-VAE"
        {"alpha", {K::symbol, 0, "α"}}, {"beta", {K::symbol, 0, "β"}}, {"gamma", {K::symbol, 0, "γ"}},
        {"delta", {K::symbol, 0, "δ"}}, {"epsilon", {K::symbol, 0, "ε"}}, {"varepsilon", {K::symbol, 0, "ε"}},
        {"zeta", {K::symbol, 0, "ζ"}}, {"eta", {K::symbol, 0, "η"}}, {"theta", {K::symbol, 0, "θ"}},
        {"iota", {K::symbol, 0, "ι"}}, {"kappa", {K::symbol, 0, "κ"}}, {"lambda", {K::symbol, 0, "λ"}},
        {"mu", {K::symbol, 0, "μ"}}, {"nu", {K::symbol, 0, "ν"}}, {"xi", {K::symbol, 0, "ξ"}},
        {"pi", {K::symbol, 0, "π"}}, {"rho", {K::symbol, 0, "ρ"}}, {"sigma", {K::symbol, 0, "σ"}},
        {"tau", {K::symbol, 0, "τ"}}, {"upsilon", {K::symbol, 0, "υ"}}, {"phi", {K::symbol, 0, "φ"}},
        {"varphi", {K::symbol, 0, "φ"}}, {"chi", {K::symbol, 0, "χ"}}, {"psi", {K::symbol, 0, "ψ"}},
        {"omega", {K::symbol, 0, "ω"}}, {"Gamma", {K::symbol, 0, "Γ"}}, {"Delta", {K::symbol, 0, "Δ"}},
        {"Theta", {K::symbol, 0, "Θ"}}, {"Lambda", {K::symbol, 0, "Λ"}}, {"Xi", {K::symbol, 0, "Ξ"}},
        {"Pi", {K::symbol, 0, "Π"}}, {"Sigma", {K::symbol, 0, "Σ"}}, {"Phi", {K::symbol, 0, "Φ"}},
        {"Psi", {K::symbol, 0, "Ψ"}}, {"Omega", {K::symbol, 0, "Ω"}},
    };
    return t;
}

}  // namespace

const MacroSpec* find_macro(std::string_view name) {
    const auto& t = table();
    auto it = t.find(name);
    return it == t.end() ? nullptr : &it->second;
}

std::string_view symbol_accent(char c) {
    switch (c) {
        case '\'': return "\u0301";
        case '`': return "\u0300";
        case '^': return "\u0302";
        case '"': return "\u0308";
        case '~': return "\u0303";
        case '=': return "\u0304";
        case '.': return "\u0307";
        default: return {};
    }
}

}  // namespace cvsearch::readers::latex
