// parse/readers/latex.hpp — internals of the LaTeX reader: source clean-up,
// the table of macros it knows, and the document's own macros.
//
// The reader does not run TeX. It knows what CV macros *mean* (a \section is a
// heading, a \cventry is an entry line, \textbf is just its text), expands
// the document's own definitions where their bodies say what they are, and
// treats every other macro generically: no arguments -> dropped, one argument
// -> its text (a heading when it reads like one, see heading_shape), several
// -> an entry line "- a | b | c" (the \resumeSubheading style).
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::readers::latex {

/// Strips comments the way TeX does ('%' to the end of the line plus the next
/// line's indentation; "\%" is kept), drops \iffalse ... \fi blocks (nesting
/// aware), comment environments (\begin{comment}, and any environment named by
/// \excludecomment{...}), and everything after \end{document}.
std::string preprocess(std::string_view source);

enum class MacroKind {
    drop,         ///< the macro and its arguments vanish: \vspace{2pt}, \label{x}, \bf
    keep_last,    ///< only the last argument is text: \textbf{x}, \textcolor{red}{x}
    heading,      ///< "# X" from the last argument: \section{X}
    line,         ///< the argument on a line of its own: \paragraph{X}
    item,         ///< "- X": \cvlistitem{X}
    entry,        ///< "- a | b | c" from all arguments: \cventry, \cvitem
    double_item,  ///< two entries from argument halves: \cvlistdoubleitem, \cvdoubleitem
    symbol,       ///< fixed text, no arguments: \ss -> "ß", \LaTeX -> "LaTeX"
    newline,      ///< \newline, \linebreak
    paragraph,    ///< \par, \newpage
    separator,    ///< " | " between the parts of a line: \hfill
    accent,       ///< a combining mark on the argument: \v{c}, \c{c}
    footnote,     ///< " (text)"
    url,          ///< the argument verbatim: \url{a_b%20c}
    href,         ///< \href{url}{text}: the text; mailto: targets become hints
    // meta_name ... meta_home stay together: the reader tests the range
    meta_name,    ///< \name{First}{Last} (moderncv) or \name{Full Name}
    meta_first,   ///< \firstname{First}
    meta_last,    ///< \familyname{Last}, \lastname{Last}
    meta_author,  ///< \author{...}: a name if it reads like one
    meta_title,   ///< \title, \cvjobtitle: a headline (or a name if it reads like one)
    meta_email,   ///< \email{...}: e-mail hints
    meta_home,    ///< \homepage{...}: homepage hint
    title_block,  ///< \maketitle, \makecvtitle: the name and title lines go here
    special,      ///< handled by name in the reader (\begin, \end, \item, \newcommand, ...)
};

struct MacroSpec {
    MacroKind kind;
    int args;               ///< mandatory brace arguments
    std::string_view text;  ///< symbol text, or the combining mark of an accent

    constexpr MacroSpec(MacroKind k, int a = 0, std::string_view t = {}) : kind(k), args(a), text(t) {}
};

/// The spec of a known macro (name without backslash and star), or nullptr.
const MacroSpec* find_macro(std::string_view name);

/// The UTF-8 combining mark of a one-character accent command (\' \` \^ \" \~ \= \.), or "".
std::string_view symbol_accent(char c);

// ---- a CV's own macros (latex_definitions.cpp) ----------------------------------------

/// A macro defined by the document: \newcommand{\x}[2][default]{body},
/// \def\x#1#2{body}, \def\x#1\end{body}.
struct UserMacro {
    int params = 0;                     ///< #1..#9
    bool optional_first = false;        ///< \newcommand's [default]: #1 is an optional [argument]
    std::string optional_default;       ///< #1 when the [argument] is absent
    std::string prefix;                 ///< \def text that must follow the name before #1 ("\def\x(#1)")
    std::vector<std::string> delimiters;  ///< per parameter: the text that ends it ("" = a {group} or one token)
    std::string body;
};

/// Reads the parameter text of a \def ("#1#2", "#1\end", "(#1)") into m's
/// params, prefix and delimiters.
void parse_def_parameters(std::string_view text, UserMacro& m);

/// The body with #1..#9 replaced by `args` (missing ones by nothing) and "##"
/// by "#"; std::nullopt when the result would be longer than `max_bytes`.
std::optional<std::string> substitute(std::string_view body, const std::vector<std::string_view>& args,
                                      std::size_t max_bytes);

/// How much a short text looks like a section heading: `strong` when its
/// words are section vocabulary in a supported language ("Publications",
/// "Honors and Awards"), `weak` when it is only short and in Title Case or
/// capitals ("Field Campaigns"), `none` for anything with digits, addresses,
/// sentence punctuation or more than six words.
enum class HeadingShape { none, weak, strong };
HeadingShape heading_shape(std::string_view text);

/// Source text reduced to its words: control words dropped, braces removed,
/// "\\" and "~" as spaces. A quick look, not a conversion.
std::string plain_text(std::string_view tex);

/// Macros the body uses as section headings: unknown macros that open a line
/// with a {group}, at least two of whose uses there are strong headings and
/// at least half. Their weak uses ("\mhead{Field Campaigns}") are headings too.
std::set<std::string, std::less<>> heading_macros(std::string_view body);

// ---- tests of the ifthen and etoolbox packages (latex_conditions.cpp) -------------------

/// What the document says, for deciding a test. Every member may be empty.
struct ConditionFacts {
    /// A flag's value (\newif, \newboolean, \newbool, \newtoggle and their setters);
    /// std::nullopt when the document never declares it.
    std::function<std::optional<bool>(std::string_view name)> flag;
    /// Whether a macro (name without backslash) is defined.
    std::function<bool(std::string_view name)> defined;
    /// The body of a macro without parameters, or std::nullopt.
    std::function<std::optional<std::string>(std::string_view name)> text_of;
};

/// The value of an ifthen test, \ifthenelse's first argument: \boolean{x},
/// \equal{a}{b}, \isempty{x}, \isundefined{\x}, \isnamedefined{x}, joined
/// with \not, \and, \or, \( \) (either case). std::nullopt when the test
/// needs what only TeX knows (\value, \lengthtest, numbers, an undeclared flag).
std::optional<bool> ifthen_test(std::string_view test, const ConditionFacts& facts);

/// How many arguments the test of a branching macro reads before its two
/// {branches}: 1 for \ifthenelse and etoolbox's \ifbool, \notbool, \iftoggle,
/// \nottoggle, \ifdef, \ifundef, \ifcsdef, \ifcsundef, \ifblank, \ifstrempty,
/// \ifdefempty; 2 for \ifstrequal; 0 for any other name.
int branching_test_args(std::string_view name);

/// The value of that test with its arguments, or std::nullopt when undecided.
std::optional<bool> branching_test(std::string_view name, const std::vector<std::string_view>& args,
                                   const ConditionFacts& facts);

}  // namespace cvsearch::readers::latex
