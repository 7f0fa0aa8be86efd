// read_latex: a LaTeX CV as light markup.
//
// The source is cleaned (latex_preprocess.cpp), split at \begin{document},
// and converted by a small scanner. The preamble produces no text, only
// metadata (\name, \email, \homepage, \title, \author, hyperref's pdfauthor)
// and the definitions of the document's own macros (\newcommand, \def with
// delimited parameters, \let, \newif). The body becomes text: sections are
// headings ("# ", "## " for \subsection), \item is "- ", CV entry macros
// (\cventry, or any macro with several arguments such as
// \resumeSubheading{..}{..}{..}{..}) are "- a | b | c" lines, tabular cells are
// joined with " | ", accents compose.
//
// Structure is read by shape, not by macro names: a document macro is
// expanded when its body makes a heading or an entry, chooses with a
// conditional, or takes no argument; one that only formats its arguments is
// a heading when its argument reads like one (alone on its line; a title
// nobody lists only when the document uses the macro for headings), else an
// entry line of its arguments. Unknown macros (a class's own) follow the same
// heading rule. Conditionals on what is defined or set are decided.
//
// Recursion happens only into macro arguments and expansions; both are bounded
// (kMaxDepth, kExpansionBudget, kExpansionBytes; a macro met again inside its
// own expansion is not expanded), so hostile input cannot exhaust the stack.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "parse/readers/latex.hpp"
#include "parse/readers/markup.hpp"
#include "parse/readers/reader.hpp"
#include "parse/readers/utf8.hpp"

namespace cvsearch::readers {
namespace {

using latex::MacroKind;
using latex::MacroSpec;

constexpr int kMaxDepth = 48;
constexpr int kExpansionBudget = 20000;
constexpr int kExpansionBytes = 1 << 20;  // text produced by all expansions together (the extractor reads it all)

// ---- a cursor over source text, and argument reading ------------------------------

struct Cursor {
    std::string_view s;
    std::size_t i = 0;
    bool done() const { return i >= s.size(); }
    char peek(std::size_t ahead = 0) const { return i + ahead < s.size() ? s[i + ahead] : '\0'; }
};

// Spaces, tabs and at most one line break (a blank line ends an argument list).
void skip_space(Cursor& c, bool allow_newline = true) {
    bool newline = false;
    while (!c.done()) {
        char ch = c.peek();
        if (ch == ' ' || ch == '\t') { ++c.i; continue; }
        if (ch == '\n' && allow_newline && !newline) { newline = true; ++c.i; continue; }
        break;
    }
}

// Optional arguments are short; an unclosed '[' must not make every later
// probe rescan the rest of the file.
constexpr std::size_t kMaxOptional = 512;

// Index just past the delimiter closing the group that opens at s[open]
// (s.size() when it is not closed).
std::size_t close_of(std::string_view s, std::size_t open, char o, char cl) {
    if (o == '[') s = s.substr(0, std::min(s.size(), open + kMaxOptional));
    int depth = 0;
    for (std::size_t i = open; i < s.size(); ++i) {
        char ch = s[i];
        if (ch == '\\') { ++i; continue; }
        if (ch == '{' && o != '{') { std::size_t e = close_of(s, i, '{', '}'); i = e - 1; continue; }
        if (ch == o) ++depth;
        else if (ch == cl && --depth == 0) return i + 1;
    }
    return s.size();
}

// "{...}" at the cursor: its inside (an unclosed group runs to the end).
std::string_view group(Cursor& c) {
    std::size_t end = close_of(c.s, c.i, '{', '}');
    std::size_t inner_end = end > c.i + 1 && end <= c.s.size() && c.s[end - 1] == '}' ? end - 1 : end;
    std::string_view inner = c.s.substr(c.i + 1, inner_end - c.i - 1);
    c.i = end;
    return inner;
}

// "[...]" directly at the cursor (after spaces on the same line), or nothing.
std::optional<std::string_view> optional_arg(Cursor& c) {
    Cursor probe = c;
    skip_space(probe, false);
    if (probe.peek() != '[') return std::nullopt;
    std::size_t end = close_of(probe.s, probe.i, '[', ']');
    if (end <= probe.i + 1 || end > probe.s.size() || probe.s[end - 1] != ']') return std::nullopt;  // a lone '[' is text
    std::string_view inner = probe.s.substr(probe.i + 1, end - probe.i - 2);
    c.i = end;
    return inner;
}

void skip_optionals(Cursor& c) {
    while (optional_arg(c)) {}
}

std::optional<std::string_view> brace_arg(Cursor& c, bool allow_newline = true) {
    Cursor probe = c;
    skip_space(probe, allow_newline);
    if (probe.peek() != '{') return std::nullopt;
    c = probe;
    return group(c);
}

// A mandatory argument: a {group}, else the next token (\cs or one character).
std::string_view mandatory_arg(Cursor& c) {
    skip_space(c);
    if (c.done()) return {};
    if (c.peek() == '{') return group(c);
    std::size_t start = c.i;
    if (c.peek() == '\\') {
        ++c.i;
        if (utf8::is_ascii_alpha(c.peek()) || c.peek() == '@')
            while (!c.done() && (utf8::is_ascii_alpha(c.peek()) || c.peek() == '@')) ++c.i;
        else if (!c.done()) ++c.i;
        return c.s.substr(start, c.i - start);
    }
    c.i += utf8::decode(c.s, c.i).length;
    return c.s.substr(start, c.i - start);
}

// ---- small predicates -------------------------------------------------------------

// "0.5\textwidth", "-4pt", "1.5em", "\linewidth": a length, never CV text.
bool is_dimension(std::string_view a) {
    a = text::trim(a);
    if (a.empty()) return false;
    std::size_t i = 0;
    if (a[i] == '-' || a[i] == '+') ++i;
    std::size_t digits = i;
    while (i < a.size() && (utf8::is_ascii_digit(a[i]) || a[i] == '.')) ++i;
    bool has_number = i > digits;
    std::string_view unit = text::trim(a.substr(i));
    static const std::string_view units[] = {"pt", "em", "ex", "in", "cm", "mm", "bp", "sp", "pc", "mu", "dd", "cc", "fill"};
    for (auto u : units)
        if (unit == u) return has_number;
    return !unit.empty() && unit[0] == '\\' && unit.find(' ') == std::string_view::npos &&
           (unit.find("width") != std::string_view::npos || unit.find("height") != std::string_view::npos ||
            unit.find("skip") != std::string_view::npos || unit.find("fill") != std::string_view::npos ||
            unit.find("sep") != std::string_view::npos);
}

// "Numbers=OldStyle", "color=red, thick=2pt": a key=value option list, never CV text.
bool is_option_list(std::string_view a) {
    a = text::trim(a);
    if (a.find('=') == std::string_view::npos || a.find("://") != std::string_view::npos) return false;
    for (std::string_view part : text::split(a, ',')) {
        part = text::trim(part);
        if (part.empty()) continue;
        std::size_t eq = part.find('=');
        if (eq == std::string_view::npos) {  // a bare flag: "thick"
            if (part.find(' ') != std::string_view::npos) return false;
            continue;
        }
        std::string_view key = text::trim(part.substr(0, eq));
        if (key.empty() || key.size() > 24) return false;
        for (char ch : key)
            if (!utf8::is_ascii_alpha(ch) && ch != ' ' && ch != '-' && ch != '_' && ch != '@') return false;
    }
    return true;
}

// "l@{\extracolsep{\fill}}r", "p{5cm}|X": a tabular column specification.
bool is_column_spec(std::string_view a) {
    a = text::trim(a);
    if (a.empty()) return false;
    int letters = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char ch = a[i];
        if (ch == '{') { i = close_of(a, i, '{', '}') - 1; continue; }
        if (ch == 'l' || ch == 'c' || ch == 'r' || ch == 'p' || ch == 'm' || ch == 'b' || ch == 'X' || ch == 'L' ||
            ch == 'C' || ch == 'R' || ch == 'S')
            ++letters;
        else if (ch != '|' && ch != '@' && ch != '>' && ch != '<' && ch != ' ' && ch != '*' && ch != '!' && ch != '\\' &&
                 !utf8::is_ascii_digit(ch))
            return false;
    }
    return letters > 0;
}

// A label that only numbers an entry: "12.", "[3]", "(4)".
bool is_number_label(std::string_view label) {
    std::size_t digits = std::count_if(label.begin(), label.end(), [](char ch) { return utf8::is_ascii_digit(ch); });
    return digits > 0 && digits <= 3 && label.find_first_not_of("0123456789.()[]") == std::string_view::npos;
}

// A piece of a date given to a date macro: "Aug", "Sept.", "2019", "06", "`17", "Present".
bool is_date_part(std::string_view a) {
    a = text::trim(a);
    while (!a.empty() && (a.front() == '`' || a.front() == '\'' || a.front() == '{')) a.remove_prefix(1);
    while (!a.empty() && (a.back() == '.' || a.back() == '}')) a.remove_suffix(1);
    if (a.empty()) return false;
    if (a.size() <= 4 && a.find_first_not_of("0123456789") == std::string_view::npos) return true;
    const std::string l = text::ascii_lower(a);
    if (l == "present" || l == "now" || l == "today" || l == "current") return true;
    static const std::string_view months[] = {"january", "february", "march", "april", "may", "june", "july",
                                              "august", "september", "october", "november", "december"};
    for (std::string_view m : months)
        if (l.size() >= 3 && m.substr(0, std::min(m.size(), l.size())) == l) return true;
    return false;
}

// A list label that is only a bullet glyph: "\item[--]", "\item[$\bullet$]".
bool is_bullet_label(std::string_view label) {
    label = text::trim(label);
    for (std::string_view b : {"-", "–", "—", "•", "*", "·", "∘", "○", "◦", "▪", ">", "→", "✓"}) {
        while (label.substr(0, b.size()) == b) label = text::trim(label.substr(b.size()));
    }
    return label.empty();
}

std::string lower(std::string_view s) { return text::ascii_lower(s); }

// ---- output helpers ---------------------------------------------------------------

std::string_view current_line(const std::string& out) {
    std::size_t nl = out.rfind('\n');
    return nl == std::string::npos ? std::string_view(out) : std::string_view(out).substr(nl + 1);
}

// True when the current line holds only a list prefix ("- ", "- 3. ") or nothing.
bool line_is_blank(const std::string& out) {
    std::string_view l = text::trim(current_line(out));
    if (l.empty() || l == "-" || l == "#") return true;
    if (l.substr(0, 2) != "- ") return false;
    l = l.substr(2);
    std::size_t d = 0;
    while (d < l.size() && utf8::is_ascii_digit(l[d])) ++d;
    return d > 0 && d + 1 == l.size() && l[d] == '.';
}

void line_break(std::string& out) {
    if (!line_is_blank(out)) out.push_back('\n');
    else if (text::trim(current_line(out)).empty()) out.erase(out.size() - current_line(out).size());  // stray spaces
}

void paragraph_break(std::string& out) {
    if (line_is_blank(out) && !text::trim(current_line(out)).empty()) return;  // "- " waiting for its text
    line_break(out);
    if (!out.empty() && (out.size() < 2 || out[out.size() - 2] != '\n')) out.push_back('\n');
}

std::string one_line(std::string_view s) { return text::collapse_whitespace(s); }

// ---- the converter ---------------------------------------------------------------------

struct UserMacro : latex::UserMacro {
    bool expanding = false;  // a macro met again inside its own expansion is not expanded
};

// What a macro's body (and the macros it uses) yields.
struct BodyShape {
    bool heading = false;  // a sectioning command: \section, or a macro that makes one
    bool entry = false;    // a CV entry macro: \cventry, \cvitem
    bool item = false;     // \item
    bool choice = false;   // a conditional: the body chooses what it prints (\ifdefined\german #2\else #1\fi)
};

// Kinds of the macro table that a document's own definition must not replace:
// \renewcommand{\section}{\@startsection...} restyles a heading, it stays one.
bool structural(MacroKind k) {
    switch (k) {
        case MacroKind::heading: case MacroKind::line: case MacroKind::item: case MacroKind::entry:
        case MacroKind::double_item: case MacroKind::special: case MacroKind::title_block:
        case MacroKind::newline: case MacroKind::paragraph: case MacroKind::separator:
            return true;
        default:
            return false;
    }
}

// A TeX conditional, closed by \fi: \ifx, \ifnum, \ifdefined, a \newif flag.
// etoolbox-style tests take braced arguments instead (\ifblank{#2}{..}{..},
// \ifthenelse{..}) and have no \fi.
bool opens_conditional(std::string_view word, std::string_view after) {
    if (word.size() < 3 || word.substr(0, 2) != "if" || word == "ifthenelse") return false;
    std::size_t i = 0;
    while (i < after.size() && (after[i] == ' ' || after[i] == '\t')) ++i;
    return i >= after.size() || after[i] != '{';
}

// TeX's own tests (\ifnum, \ifdim, \ifx, ...): any other \if<name> is a flag made by \newif.
bool tex_primitive_test(std::string_view word) {
    static const std::string_view primitives[] = {"if", "ifcat", "ifnum", "ifdim", "ifodd", "ifvmode", "ifhmode",
                                                  "ifmmode", "ifinner", "ifvoid", "ifhbox", "ifvbox", "ifeof",
                                                  "ifcase", "ifx", "ifdefined", "ifcsname", "iffontchar", "iftrue",
                                                  "iffalse", "ifincsname", "ifabsnum", "ifabsdim", "ifpdfprimitive"};
    for (std::string_view p : primitives)
        if (word == p) return true;
    return false;
}

// The value of `key` in a key=value list ("pdfauthor={Ada Lovelace}, pdftitle=CV").
std::string_view key_value(std::string_view list, std::string_view key) {
    for (std::size_t at = list.find(key); at != std::string_view::npos; at = list.find(key, at + 1)) {
        if (at > 0 && utf8::is_ascii_alpha(list[at - 1])) continue;
        std::size_t i = at + key.size();
        while (i < list.size() && (list[i] == ' ' || list[i] == '\n' || list[i] == '\t')) ++i;
        if (i >= list.size() || list[i] != '=') continue;
        ++i;
        while (i < list.size() && (list[i] == ' ' || list[i] == '\n' || list[i] == '\t')) ++i;
        if (i < list.size() && list[i] == '{') {
            std::size_t end = close_of(list, i, '{', '}');
            return list.substr(i + 1, end > i + 1 ? end - i - 2 : 0);
        }
        std::size_t end = list.find_first_of(",]", i);
        return text::trim(list.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i));
    }
    return {};
}

struct Frame {
    std::string name;
    enum Kind { other, itemize, enumerate, description, tabular, tabbing } kind = other;
    int counter = 0;
};

class LatexConverter {
  public:
    explicit LatexConverter(TextDocument& doc) : doc_(doc) {}

    void read_preamble(std::string_view s) {
        preamble_ = true;
        std::string ignored;
        run_into(s, ignored, 0);
        preamble_ = false;
    }

    std::string read_body(std::string_view s) {
        heading_macros_ = latex::heading_macros(s);
        filled_ = filled_to_a_margin(s);
        std::string out;
        run_into(s, out, 0);
        resolve_name();
        if (!pdfauthor_.empty() && doc_.name_hint == pdfauthor_) doc_.name_hint = printed_form(out, pdfauthor_);
        if (!title_block_done_ && !doc_.name_hint.empty() && out.find(doc_.name_hint) == std::string::npos)
            out = header_lines() + "\n\n" + out;  // moderncv without \makecvtitle: keep the name in the text
        return out;
    }

  private:
    // The text of a field (an argument, a heading, a label): nothing in it
    // starts a section of its own.
    std::string convert(std::string_view s, int depth) {
        std::string out;
        if (depth > kMaxDepth) return out;
        bool saved = inline_;
        inline_ = true;
        const int joined = one_field(s) ? 1 : 0;
        in_argument_ += joined;
        Cursor c{s};
        while (!c.done()) step(c, out, depth);
        in_argument_ -= joined;
        inline_ = saved;
        return out;
    }

    // A macro's argument run into the text: the source line breaks of a short one are spaces,
    // as TeX reads them ("\tabfill{MSc student in Information Science and\nTechnology - The
    // University of Tokyo}", "\href{..}{The\nUniversity of Tokyo}").
    void run_argument(std::string_view s, std::string& out, int depth) {
        const int joined = one_field(s) ? 1 : 0;
        in_argument_ += joined;
        run_into(s, out, depth);
        in_argument_ -= joined;
    }

    // An argument read as one field: short (a long one is a description, whose source lines
    // keep the entry's own line short), no paragraph, no list inside.
    static bool one_field(std::string_view s) {
        if (s.find('\n') == std::string_view::npos) return false;
        if (s.find("\n\n") != std::string_view::npos || s.find("\\item") != std::string_view::npos ||
            s.find("\\begin") != std::string_view::npos)
            return false;
        std::size_t words = 0;
        bool in_word = false;
        for (char ch : s) {
            const bool space = ch == ' ' || ch == '\n' || ch == '\t';
            if (!space && !in_word) ++words;
            in_word = !space;
        }
        return words <= 24;
    }

    void run_into(std::string_view s, std::string& out, int depth) {
        if (depth > kMaxDepth) return;
        Cursor c{s};
        while (!c.done()) step(c, out, depth);
    }

    // ---- characters ----------------------------------------------------------------

    void step(Cursor& c, std::string& out, int depth) {
        char ch = c.peek();
        switch (ch) {
            case '\\': ++c.i; control(c, out, depth); return;
            case '{': case '}': ++c.i; return;  // grouping only scopes fonts: its text flows on
            case '$': math(c, out, depth); return;
            case '~': ++c.i; out.push_back(' '); return;
            case '&': ++c.i; out += " | "; return;
            case '#': ++c.i; if (utf8::is_ascii_digit(c.peek())) ++c.i; return;  // a parameter left in a body
            case '\n': newline(c, out); return;
            case '-':
                if (c.peek(1) == '-' && c.peek(2) == '-') { out += "—"; c.i += 3; return; }
                if (c.peek(1) == '-') { out += "–"; c.i += 2; return; }
                break;
            case '`':
                if (c.peek(1) == '`') { out.push_back('"'); c.i += 2; return; }
                out.push_back('\''); ++c.i; return;
            case '\'':
                if (c.peek(1) == '\'') { out.push_back('"'); c.i += 2; return; }
                break;
            case '^': case '_':
                if (math_) { ++c.i; return; }
                break;
            case ' ': case '\t':  // indentation and runs of spaces carry nothing
                ++c.i;
                if (!out.empty() && out.back() != '\n' && out.back() != ' ') out.push_back(' ');
                return;
            default: break;
        }
        out.push_back(ch);
        ++c.i;
    }

    // A source line break keeps the line structure; a blank line is a paragraph.
    void newline(Cursor& c, std::string& out) {
        ++c.i;
        Cursor probe = c;
        while (probe.peek() == ' ' || probe.peek() == '\t') ++probe.i;
        if (probe.peek() == '\n') {
            while (!probe.done() && (probe.peek() == '\n' || probe.peek() == ' ' || probe.peek() == '\t')) ++probe.i;
            c = probe;
            paragraph_break(out);
            return;
        }
        // Inside a macro's argument a line break is a space: the argument is one field. So is
        // one in a source filled to a margin, before a line that goes on with the paragraph.
        if (in_argument_ > 0 || (filled_ && !starts_structure(c.s.substr(probe.i)))) {
            if (!out.empty() && out.back() != ' ' && out.back() != '\n') out.push_back(' ');
            return;
        }
        line_break(out);
    }

    // A source whose lines were filled to a margin (an editor's fill, a converter's wrap at
    // 72 columns): nearly no line is longer than 80 characters and many are 60 to 80 long.
    // Its line breaks mean nothing, as TeX reads them; \\, \item and blank lines do.
    static bool filled_to_a_margin(std::string_view body) {
        std::size_t lines = 0, long_lines = 0, filled = 0;
        for (std::string_view line : text::split(body, '\n')) {
            std::string_view t = text::trim(line);
            if (t.empty() || t.front() == '%') continue;
            ++lines;
            const std::size_t n = static_cast<std::size_t>(std::count_if(line.begin(), line.end(), [](char b) {
                return (static_cast<unsigned char>(b) & 0xC0) != 0x80;  // characters, not UTF-8 bytes
            }));
            if (n > 80) ++long_lines;
            else if (n >= 60) ++filled;
        }
        return lines >= 20 && long_lines * 50 <= lines && filled * 10 >= lines * 3;
    }

    // A line that opens a structure of its own: an item, an environment, a heading, a rule.
    static bool starts_structure(std::string_view rest) {
        rest = text::trim(rest.substr(0, rest.find('\n')));
        if (rest.empty() || rest.front() != '\\') return rest.empty() || rest.front() == '&';
        for (std::string_view cmd : {"\\item", "\\begin", "\\end", "\\section", "\\subsection", "\\subsubsection",
                                     "\\paragraph", "\\par", "\\hline", "\\newpage", "\\vspace", "\\\\", "\\cv", "\\resume"})
            if (rest.starts_with(cmd)) return true;
        return false;
    }

    void math(Cursor& c, std::string& out, int depth) {
        bool display = c.peek(1) == '$';
        std::size_t start = c.i + (display ? 2 : 1);
        std::size_t end = start;
        while (end < c.s.size()) {
            if (c.s[end] == '\\') { end += 2; continue; }
            if (c.s[end] == '$') break;
            ++end;
        }
        end = std::min(end, c.s.size());
        math_block(c.s.substr(start, end - start), out, depth);
        // Step over the closing dollars that are there: "$$x$" has one, and
        // skipping two would cut into the character after it.
        std::size_t close = end;
        while (close < c.s.size() && close < end + (display ? 2 : 1) && c.s[close] == '$') ++close;
        c.i = close;
    }

    void math_block(std::string_view inner, std::string& out, int depth) {
        bool saved = math_;
        math_ = true;
        run_into(inner, out, depth + 1);
        math_ = saved;
    }

    // ---- control sequences ---------------------------------------------------------------

    void control(Cursor& c, std::string& out, int depth) {
        if (c.done()) return;
        char first = c.peek();
        if (!utf8::is_ascii_alpha(first) && first != '@') {
            ++c.i;
            control_symbol(first, c, out, depth);
            return;
        }
        std::size_t start = c.i;
        while (!c.done() && (utf8::is_ascii_alpha(c.peek()) || c.peek() == '@')) ++c.i;
        std::string_view name = c.s.substr(start, c.i - start);
        if (c.peek() == '*') ++c.i;
        while (c.peek() == ' ' || c.peek() == '\t') ++c.i;  // TeX skips spaces after a control word
        control_word(name, c, out, depth);
    }

    void control_symbol(char sym, Cursor& c, std::string& out, int depth) {
        if (std::string_view mark = latex::symbol_accent(sym); !mark.empty()) {
            if (sym == '=' && in_tabbing()) { out += " | "; return; }
            accent(mark, c, out, depth);
            return;
        }
        switch (sym) {
            case '\\':
                if (c.peek() == '*') ++c.i;
                optional_arg(c);
                line_break(out);
                return;
            case '>': if (in_tabbing()) out += " | "; return;
            case ' ': case '\n': case '\t': case ',': case ';': case ':': out.push_back(' '); return;
            case '!': case '/': case '-': case '|': case '+': case '<': return;
            case '[': display_math(c, out, depth, "\\]"); return;
            case '(': display_math(c, out, depth, "\\)"); return;
            default: out.push_back(sym); return;  // \& \% \$ \# \_ \{ \}
        }
    }

    void display_math(Cursor& c, std::string& out, int depth, std::string_view close) {
        std::size_t end = c.s.find(close, c.i);
        std::size_t stop = end == std::string_view::npos ? c.s.size() : end;
        math_block(c.s.substr(c.i, stop - c.i), out, depth);
        c.i = end == std::string_view::npos ? c.s.size() : end + close.size();
    }

    void accent(std::string_view mark, Cursor& c, std::string& out, int depth) {
        std::string base = convert(mandatory_arg(c), depth + 1);
        if (base.empty()) return;
        std::size_t first = utf8::decode(base, 0).length;
        out += base.substr(0, first);
        out += mark;  // composed by markup::finish (NFC)
        out += base.substr(first);
    }

    void control_word(std::string_view name, Cursor& c, std::string& out, int depth) {
        if (auto alias = aliases_.find(name); alias != aliases_.end()) name = alias->second;  // \let\Section\section
        const MacroSpec* spec = latex::find_macro(name);
        auto user = macros_.find(name);
        if (spec != nullptr && (user == macros_.end() || structural(spec->kind))) {
            known(*spec, name, c, out, depth);
            return;
        }
        if (user != macros_.end()) { user_macro(user->first, user->second, c, out, depth); return; }
        if (conditional(name, c, out, depth) || switch_flag(name)) return;
        generic(-1, c, out, depth, false, name);
    }

    // ---- conditionals -------------------------------------------------------------------

    // \ifdefined\x, \ifcsname x\endcsname and \newif flags are decided, since
    // the reader knows what is defined and set; one branch is read, the other
    // dropped ("\ifdefined\isspanish Educación\else Education\fi"). A flag the
    // document never declares (\newif in a file it \input's) reads its first
    // branch, the one the CV was written for. Other tests (\ifnum, \ifx on what
    // is not known) cannot be decided: both branches are read, each as a unit, so
    // that a definition left open in one ("\else \newcommand{\Footer}{\Font%" with
    // the rest commented out, which TeX never reads) ends with its branch instead
    // of taking the rest of the file as its body.
    bool conditional(std::string_view name, Cursor& c, std::string& out, int depth) {
        if (!opens_conditional(name, c.s.substr(c.i))) return false;
        std::optional<bool> truth;
        Cursor probe = c;
        if (name == "ifx") {
            std::string_view a = mandatory_arg(probe), b = mandatory_arg(probe);
            truth = same_meaning(a, b);
        } else if (name == "ifdefined") {
            std::string target = macro_name(mandatory_arg(probe));
            truth = macros_.count(target) > 0 || aliases_.count(target) > 0 || latex::find_macro(target) != nullptr;
        } else if (name == "ifcsname") {
            std::size_t end = probe.s.find("\\endcsname", probe.i);
            if (end == std::string_view::npos || end - probe.i > 64) return false;
            std::string target(text::trim(probe.s.substr(probe.i, end - probe.i)));
            probe.i = end + 10;
            truth = macros_.count(target) > 0 || latex::find_macro(target) != nullptr;
        } else if (auto flag = flags_.find(name.substr(2)); flag != flags_.end()) {
            truth = flag->second;
        } else if (name == "iftrue" || !tex_primitive_test(name)) {
            truth = true;  // a flag declared in a file the reader never sees: the branch the CV was written for
        }
        auto branches = branches_of(probe);
        if (!branches) return false;
        c.i = branches->after;
        if (!truth) {
            run_into(branches->then_part, out, depth + 1);
            run_into(branches->else_part, out, depth + 1);
            return true;
        }
        run_into(*truth ? branches->then_part : branches->else_part, out, depth + 1);
        return true;
    }

    // \ifx on two tokens: the same character, or control sequences that mean
    // the same (both undefined, the same known macro, equal definitions).
    bool same_meaning(std::string_view a, std::string_view b) const {
        if (a.empty() || b.empty() || a[0] != '\\' || b[0] != '\\') return a == b;
        std::string x = resolved(macro_name(a)), y = resolved(macro_name(b));
        if (x == y) return true;
        auto mx = macros_.find(x), my = macros_.find(y);
        if (mx != macros_.end() && my != macros_.end())
            return mx->second.params == my->second.params && mx->second.body == my->second.body;
        bool defined_x = mx != macros_.end() || latex::find_macro(x) != nullptr;
        bool defined_y = my != macros_.end() || latex::find_macro(y) != nullptr;
        return !defined_x && !defined_y;  // \ifx\LANG\undefined
    }

    std::string resolved(std::string name) const {
        auto a = aliases_.find(name);
        return a == aliases_.end() ? name : a->second;
    }

    struct Branches {
        std::string_view then_part, else_part;
        std::size_t after = 0;  // past \fi
    };

    // The branches up to the matching \fi, nested conditionals skipped; nothing
    // when there is no \fi within reach. Unclosed tests must not make every
    // later one rescan the file: each looks 64 KB ahead, all together 4 MB.
    std::optional<Branches> branches_of(const Cursor& c) {
        constexpr std::size_t kReach = 1 << 16, kTotal = 4 << 20;
        if (conditional_scan_ >= kTotal) return std::nullopt;
        std::string_view s = c.s.substr(0, std::min(c.s.size(), c.i + kReach));
        int depth = 0;
        std::optional<std::size_t> else_at;
        for (std::size_t i = c.i; i < s.size(); ++i) {
            if (s[i] != '\\') continue;
            std::size_t j = i + 1;
            while (j < s.size() && (utf8::is_ascii_alpha(s[j]) || s[j] == '@')) ++j;
            std::string_view w = s.substr(i + 1, j - i - 1);
            if (w.empty()) { ++i; continue; }
            if (opens_conditional(w, s.substr(j))) ++depth;
            else if (w == "else" && depth == 0 && !else_at) else_at = i;
            else if (w == "fi" && depth-- == 0) {
                Branches b;
                b.then_part = s.substr(c.i, (else_at ? *else_at : i) - c.i);
                if (else_at) {  // (the spaces after the control word \else are no text)
                    std::size_t from = *else_at + 5;
                    while (from < i && (s[from] == ' ' || s[from] == '\t')) ++from;
                    b.else_part = s.substr(from, i - from);
                }
                b.after = j;
                conditional_scan_ += j - c.i;
                return b;
            }
            i = j - 1;
        }
        conditional_scan_ += s.size() - std::min(s.size(), c.i);
        return std::nullopt;
    }

    // \ifthenelse{test}{then}{else}, \ifbool{x}{then}{else} and the other tests
    // with two {branches}: the branch the test selects, the first one when the
    // test cannot be decided (a flag set in a file the reader never sees).
    void branching(std::string_view name, Cursor& c, std::string& out, int depth) {
        std::vector<std::string_view> test;
        for (int k = latex::branching_test_args(name); k > 0; --k) test.push_back(mandatory_arg(c));
        auto yes = brace_arg(c), no = brace_arg(c);
        const bool truth = latex::branching_test(name, test, facts()).value_or(true);
        if (auto chosen = truth ? yes : no) run_into(*chosen, out, depth + 1);
    }

    latex::ConditionFacts facts() const {
        latex::ConditionFacts f;
        f.flag = [this](std::string_view flag) -> std::optional<bool> {
            auto it = flags_.find(flag);
            return it == flags_.end() ? std::nullopt : std::optional<bool>(it->second);
        };
        f.defined = [this](std::string_view target) {
            return macros_.count(target) > 0 || aliases_.count(target) > 0 || latex::find_macro(target) != nullptr;
        };
        f.text_of = [this](std::string_view target) -> std::optional<std::string> {
            auto it = macros_.find(target);
            if (it == macros_.end() || it->second.params > 0) return std::nullopt;
            return it->second.body;
        };
        return f;
    }

    // The flags of ifthen (\newboolean{x}, \setboolean{x}{true}) and etoolbox
    // (\newbool{x}, \booltrue{x}, \newtoggle{x}, \settoggle{x}{false}). They share
    // the \newif flags' names: \newboolean{x} makes \ifx. True when `name` was one.
    bool set_flag(std::string_view name, Cursor& c) {
        auto key = [&] { return std::string(text::trim(mandatory_arg(c))); };
        if (name == "newboolean" || name == "provideboolean" || name == "newbool" || name == "providebool" ||
            name == "newtoggle" || name == "providetoggle") {
            flags_.emplace(key(), false);
            return true;
        }
        if (name == "setboolean" || name == "setbool" || name == "settoggle") {
            std::string flag = key();
            flags_[flag] = lower(text::trim(mandatory_arg(c))) == "true";
            return true;
        }
        if (name == "booltrue" || name == "toggletrue" || name == "boolfalse" || name == "togglefalse") {
            flags_[key()] = name == "booltrue" || name == "toggletrue";
            return true;
        }
        return false;
    }

    // \showphototrue / \showphotofalse after \newif\ifshowphoto.
    bool switch_flag(std::string_view name) {
        for (std::string_view value : {"true", "false"}) {
            if (name.size() <= value.size() || name.substr(name.size() - value.size()) != value) continue;
            auto flag = flags_.find(name.substr(0, name.size() - value.size()));
            if (flag == flags_.end()) return false;
            flag->second = value == "true";
            return true;
        }
        return false;
    }

    // ---- the document's own macros -----------------------------------------------------

    // Reads a user macro's arguments: the optional one (or its default) first,
    // then each parameter as a {group}, one token, or the text up to its delimiter.
    std::vector<std::string_view> user_args(const UserMacro& m, Cursor& c) {
        std::vector<std::string_view> args;
        int mandatory = m.params;
        if (m.optional_first) {
            auto opt = optional_arg(c);
            args.push_back(opt ? *opt : std::string_view(m.optional_default));
            --mandatory;
        }
        if (!m.prefix.empty()) {
            Cursor p = c;
            skip_space(p, false);
            if (p.s.substr(p.i, m.prefix.size()) == m.prefix) c.i = p.i + m.prefix.size();
        }
        for (int k = 0; k < mandatory; ++k) {
            std::size_t index = static_cast<std::size_t>(k + (m.optional_first ? 1 : 0));
            const std::string& delim = index < m.delimiters.size() ? m.delimiters[index] : std::string();
            if (delim.empty()) {
                args.push_back(mandatory_arg(c));
                continue;
            }
            std::size_t at = c.i, end = c.s.size();  // the text up to the delimiter, outside groups
            for (std::size_t i = c.i; i < c.s.size(); ++i) {
                if (c.s[i] == '\\' && c.s.compare(i, delim.size(), delim) != 0) { ++i; continue; }
                if (c.s[i] == '{') { i = close_of(c.s, i, '{', '}') - 1; continue; }
                if (c.s.compare(i, delim.size(), delim) == 0) { end = i; break; }
            }
            args.push_back(c.s.substr(at, end - at));
            c.i = std::min(c.s.size(), end + delim.size());
        }
        return args;
    }

    // What the body of `name` yields, looking through the macros it uses.
    // Cached until the next definition, which may change what a body uses.
    BodyShape body_shape(std::string_view name) {
        if (auto cached = shapes_.find(name); cached != shapes_.end()) return cached->second;
        BodyShape shape;
        std::vector<std::string> seen;
        scan_shape(name, shape, seen, 0);
        shapes_.emplace(std::string(name), shape);
        return shape;
    }

    void scan_shape(std::string_view name, BodyShape& shape, std::vector<std::string>& seen, int depth) {
        if (depth > 8 || seen.size() > 64 || std::find(seen.begin(), seen.end(), name) != seen.end()) return;
        seen.emplace_back(name);
        auto m = macros_.find(name);
        if (m == macros_.end()) return;
        std::string_view body = m->second.body;
        for (std::size_t i = 0; i + 1 < body.size(); ++i) {
            if (body[i] != '\\') continue;
            std::size_t start = i + 1, j = start;
            while (j < body.size() && (utf8::is_ascii_alpha(body[j]) || body[j] == '@')) ++j;
            if (j == start) { ++i; continue; }
            std::string_view word = body.substr(start, j - start);
            i = j - 1;
            if (auto a = aliases_.find(word); a != aliases_.end()) word = a->second;
            if (word == "item") shape.item = true;
            if (opens_conditional(word, body.substr(j))) shape.choice = true;
            const MacroSpec* spec = latex::find_macro(word);
            bool user = macros_.count(word) > 0;
            if (spec != nullptr && (!user || structural(spec->kind))) {
                shape.heading |= spec->kind == MacroKind::heading;
                shape.entry |= spec->kind == MacroKind::entry || spec->kind == MacroKind::double_item ||
                               spec->kind == MacroKind::item;
            } else if (user) {
                scan_shape(word, shape, seen, depth + 1);
            }
        }
    }

    // A user macro is expanded when its body makes a heading or a CV entry, or
    // when it takes no argument (\newcommand{\uiowa}{University of Iowa}). A
    // template with arguments that only formats them is read by its shape: a
    // heading if its argument reads like one, else an entry line of its arguments.
    void user_macro(std::string_view name, UserMacro& m, Cursor& c, std::string& out, int depth) {
        if (m.params == 0) {
            expand(m, {}, out, depth);
            return;
        }
        if (c.peek() == '*') ++c.i;
        auto args = user_args(m, c);
        std::vector<std::string_view> mandatory(args.begin() + (m.optional_first ? 1 : 0), args.end());
        BodyShape shape = body_shape(name);
        if (!shape.heading && !shape.entry && !shape.choice && !m.expanding) {
            if (auto h = heading_by_shape(name, mandatory, c, out, depth)) { heading(*h, out); return; }
            if (mandatory.size() >= 2 || shape.item) { entry(mandatory, out, depth); return; }
        }
        if (!expand(m, args, out, depth) && !mandatory.empty() && !is_dimension(mandatory.front())) {
            if (mandatory.size() >= 2) entry(mandatory, out, depth);
            else run_into(mandatory.front(), out, depth + 1);
        }
    }

    // Runs the body with the arguments put in; false when it may not (it is
    // expanding already, or the budgets are spent).
    bool expand(UserMacro& m, const std::vector<std::string_view>& args, std::string& out, int depth) {
        if (m.expanding || expansions_ >= kExpansionBudget || expanded_bytes_ >= kExpansionBytes) return false;
        auto body = latex::substitute(m.body, args, kExpansionBytes - expanded_bytes_);
        if (!body) {
            expanded_bytes_ = kExpansionBytes;
            return false;
        }
        ++expansions_;
        expanded_bytes_ += body->size();
        m.expanding = true;  // \def\a{\a} ends here
        run_into(*body, out, depth + 1);  // a copy: the body may define the macro again
        m.expanding = false;
        return true;
    }

    // A heading by its shape: the macro opens a line of its own in running
    // text, its first argument reads like a section heading (a weak one only
    // when the document uses the macro for headings elsewhere) and any other
    // argument is short ("\Section{Interests}{Interests}{PDF:Interests}").
    std::optional<std::string> heading_by_shape(std::string_view name, const std::vector<std::string_view>& args,
                                                const Cursor& c, const std::string& out, int depth) {
        if (inline_ || args.empty() || !text::trim(current_line(out)).empty()) return std::nullopt;
        // a heading macro may be followed by its section's text ("\mhead{Awards}%\nBest Paper...")
        bool heading_macro = heading_macros_.count(name) > 0;
        if (!heading_macro && !rest_of_line_is_layout(c)) return std::nullopt;
        // The heading is the first argument, or a later one after arguments that are
        // one word or nothing: an icon or an image ("\CvSection{\faGraduationCap}{Education}",
        // "\imgsection{education.png}{Education}").
        auto file_name = [](const std::string& t) {  // "Thesis.png"
            std::size_t dot = t.rfind('.');
            return t.find(' ') == std::string::npos && dot != std::string::npos && dot > 0 && dot + 1 < t.size();
        };
        std::size_t at = 0;
        std::string h = one_line(convert(args[0], depth + 1));
        auto shape = latex::heading_shape(h);
        while ((shape == latex::HeadingShape::none || file_name(h)) && at + 1 < args.size() && h.find(' ') == std::string::npos) {
            h = one_line(convert(args[++at], depth + 1));
            shape = latex::heading_shape(h);
        }
        if (shape == latex::HeadingShape::none || file_name(h)) return std::nullopt;
        // the title given twice, for the page and for the bookmarks or the table of contents
        bool repeated = at + 1 < args.size() && one_line(convert(args[at + 1], depth + 1)) == h;
        if (shape == latex::HeadingShape::weak && !heading_macro && !repeated) return std::nullopt;
        for (std::size_t k = 0; k < args.size(); ++k) {
            if (k == at) continue;
            std::string other = one_line(convert(args[k], depth + 1));
            if (std::any_of(other.begin(), other.end(), [](char ch) { return utf8::is_ascii_digit(ch); }) ||
                std::count(other.begin(), other.end(), ' ') >= 6)
                return std::nullopt;
        }
        return h;
    }

    // Nothing but layout follows on the source line: spaces, closing braces, a
    // line break, or a macro that prints nothing (\vspace, \par, \begin{itemize}).
    static bool rest_of_line_is_layout(Cursor p) {
        while (!p.done() && (p.peek() == ' ' || p.peek() == '\t' || p.peek() == '}')) ++p.i;
        if (p.done() || p.peek() == '\n') return true;
        if (p.peek() != '\\') return false;
        ++p.i;
        if (p.peek() == '\\') return true;
        std::size_t start = p.i;
        while (!p.done() && (utf8::is_ascii_alpha(p.peek()) || p.peek() == '@')) ++p.i;
        const MacroSpec* spec = latex::find_macro(p.s.substr(start, p.i - start));
        if (spec == nullptr) return false;
        switch (spec->kind) {
            case MacroKind::drop: case MacroKind::newline: case MacroKind::paragraph: case MacroKind::special:
            case MacroKind::heading: case MacroKind::title_block:
                return true;
            default:
                return false;
        }
    }

    std::vector<std::string_view> read_args(Cursor& c, int count) {
        std::vector<std::string_view> args;
        for (int k = 0; k < count; ++k) {
            skip_optionals(c);
            args.push_back(mandatory_arg(c));
        }
        return args;
    }

    // Unknown macros: no argument -> nothing; one -> its text; several -> an entry
    // line. `arity` < 0 reads every brace group that follows.
    void generic(int arity, Cursor& c, std::string& out, int depth, bool as_item = false, std::string_view name = {}) {
        if (c.peek() == '[') skip_optionals(c);  // only when attached: "\faBook [C1] Title" keeps "[C1]"
        std::vector<std::string_view> args;
        if (arity >= 0) {
            args = read_args(c, arity);
        } else {
            while (auto a = brace_arg(c)) args.push_back(*a);
        }
        if (args.empty()) { skip_assignment(c); return; }
        if (!name.empty()) {  // a class's own sectioning macro: \Section{Publications}, \cvsect{Experience}
            if (auto h = heading_by_shape(name, args, c, out, depth)) { heading(*h, out); return; }
            if (class_name_field(name, args, out, depth)) return;
        }
        if (args.size() == 1 && !as_item) {
            if (!is_dimension(args[0]) && !is_option_list(args[0])) run_argument(args[0], out, depth + 1);
            return;
        }
        // A date macro ("\DatestampYD{Aug}{`17}", "\daterange{2019}{Present}") is text, never an
        // entry line of its own.
        const bool date = !as_item && args.size() >= 2 && std::all_of(args.begin(), args.end(), [](std::string_view a) { return is_date_part(a); });
        if (date || (!as_item && !line_is_blank(out))) {  // in running text: "..., \DatestampYM{2019}{06}."
            for (std::size_t k = 0; k < args.size(); ++k) {
                if (k > 0) out.push_back(' ');
                if (!is_dimension(args[k]) && !is_option_list(args[k])) run_argument(args[k], out, depth + 1);
            }
            return;
        }
        entry(args, out, depth);
    }

    // A name field of a class the file does not define, by its shape: a macro
    // named like one (\setname{Ada Lovelace}{}, \myname, \fullname: read as
    // \name), or the first macro of the document, before any heading, whose
    // first two arguments are a given and a family name (\header{Ada}{Lovelace}
    // {Engineer}: remembered, used when nothing states the name). True when
    // the macro was a name field and is done.
    bool class_name_field(std::string_view name, const std::vector<std::string_view>& args, std::string& out, int depth) {
        const std::string lower = text::ascii_lower(name);
        auto joined = [&](std::size_t n) {
            std::string v;
            for (std::size_t k = 0; k < n && k < args.size(); ++k) v += " " + convert(args[k], depth + 1);
            return one_line(v);
        };
        if (lower.size() > 4 && lower.compare(lower.size() - 4, 4, "name") == 0) {
            std::string value = joined(2);
            std::string person = markup::person_name_in(value);
            if (person.empty()) return false;
            if (name_.empty()) name_ = person;
            if (!preamble_) own_line(value, out);
            return true;
        }
        if (!preamble_ && args.size() >= 2 && shaped_name_.empty() && !headings_seen_) {
            std::string first = one_line(convert(args[0], depth + 1)), last = one_line(convert(args[1], depth + 1));
            if (first.find(' ') == std::string::npos || last.find(' ') == std::string::npos) {
                std::string person = markup::person_name_in(first + (markup::is_cjk_text(first) ? "" : " ") + last);
                if (!person.empty()) shaped_name_ = person;
            }
        }
        return false;
    }

    // "- a | b | c": empty fields are skipped; all but the last are one line.
    // A first field that only numbers the entry ("\\NumberedItem{[3]}{...}")
    // numbers it as \item[3.] does: "- [3] ...".
    void entry(const std::vector<std::string_view>& args, std::string& out, int depth) {
        std::string line;
        bool numbered = false;
        for (std::size_t k = 0; k < args.size(); ++k) {
            std::string field = convert(args[k], depth + 1);
            std::string_view f = text::trim(field);
            if (f.empty()) continue;
            if (line.empty() && k + 1 < args.size() && is_number_label(f)) {
                line = std::string(f);
                if (line.find_first_not_of("0123456789") == std::string::npos) line += '.';  // "- 1. Authors..."
                numbered = true;
                continue;
            }
            if (numbered) {
                line += " ";
                numbered = false;
            } else if (!line.empty()) {
                line += " | ";
            }
            line += k + 1 < args.size() ? one_line(f) : std::string(f);
        }
        if (text::trim(line).empty()) return;
        line_break(out);
        if (text::trim(current_line(out)).empty()) out += "- ";  // else an \item's "- " is waiting
        out += line;
        line_break(out);
    }

    void heading(const std::string& text, std::string& out, int level = 1) {
        std::string h = one_line(text);
        if (h.empty()) return;
        headings_seen_ = true;
        paragraph_break(out);
        out += std::string(static_cast<std::size_t>(level), '#') + " " + h;
        line_break(out);
    }

    void own_line(const std::string& text, std::string& out) {
        std::string l = one_line(text);
        if (l.empty()) return;
        line_break(out);
        out += l;
        line_break(out);
    }

    // ---- known macros ---------------------------------------------------------------------

    void known(const MacroSpec& spec, std::string_view name, Cursor& c, std::string& out, int depth) {
        switch (spec.kind) {
            case MacroKind::drop: {
                if (name == "hypersetup") {
                    pdf_metadata(brace_arg(c).value_or(std::string_view()), depth);
                    return;
                }
                if (name == "usepackage") {
                    if (auto options = optional_arg(c)) pdf_metadata(*options, depth);
                }
                // a zero-argument switch keeps a following "[1] ..." as text
                if (spec.args > 0 || name == "printbibliography" || name == "newrefcontext") skip_optionals(c);
                if (spec.args == 0) skip_assignment(c);
                for (int k = 0; k < spec.args; ++k) {
                    mandatory_arg(c);
                    if (k + 1 < spec.args) skip_optionals(c);
                }
                return;
            }
            case MacroKind::keep_last: {
                auto args = read_args(c, spec.args);
                // A \parbox in running text is a column of its own, beside the one before it
                // ("Pasadena, CA | \url{..}" then "\parbox{..}{\fontsize{30}{36}\selectfont Ada Lovelace}"):
                // its lines are not glued to that column's last line. In a table it is a cell.
                if (name == "parbox" && !inline_ && !in_table()) {
                    line_break(out);
                    if (!args.empty()) run_into(args.back(), out, depth + 1);
                    line_break(out);
                    return;
                }
                if (!args.empty() && !is_dimension(args.back())) run_argument(args.back(), out, depth + 1);
                // "\marginnote{2019}\textbf{Acme}": a note in the margin is a cell of its own
                // ("2019 | Acme, Engineer"), not glued to the text beside it.
                if ((name == "marginnote" || name == "marginpar") && !line_is_blank(out)) out += " | ";
                return;
            }
            case MacroKind::heading: {
                skip_optionals(c);  // \section[short]{long}
                // \subsection is a level below \section: a title inside a section ("Submitted"
                // under Publications) stays in it unless it names a section of its own
                int level = name.substr(0, 3) == "sub" ? 2 : 1;
                heading(convert(mandatory_arg(c), depth + 1), out, level);
                return;
            }
            case MacroKind::line: {
                skip_optionals(c);
                own_line(convert(mandatory_arg(c), depth + 1), out);
                return;
            }
            case MacroKind::item: {
                auto args = read_args(c, spec.args);
                entry(args, out, depth);
                return;
            }
            case MacroKind::entry: {
                // Classes disagree on the count (moderncv's \cventry has six arguments,
                // awesome-cv's five): an argument that is not there is not read.
                std::vector<std::string_view> args;
                for (int k = 0; k < spec.args; ++k) {
                    if (k > 0) skip_optionals(c);
                    auto a = k == 0 ? std::optional<std::string_view>(mandatory_arg(c)) : brace_arg(c);
                    if (!a) break;
                    args.push_back(*a);
                }
                entry(args, out, depth);
                return;
            }
            case MacroKind::double_item: {
                auto args = read_args(c, spec.args);
                std::size_t half = args.size() / 2;
                entry({args.begin(), args.begin() + static_cast<std::ptrdiff_t>(half)}, out, depth);
                entry({args.begin() + static_cast<std::ptrdiff_t>(half), args.end()}, out, depth);
                return;
            }
            case MacroKind::symbol: out += spec.text; return;
            case MacroKind::newline: optional_arg(c); line_break(out); return;
            case MacroKind::paragraph: paragraph_break(out); return;
            case MacroKind::separator: out += " | "; return;
            case MacroKind::accent: accent(spec.text, c, out, depth); return;
            case MacroKind::footnote: {
                skip_optionals(c);
                std::string note = one_line(convert(mandatory_arg(c), depth + 1));
                if (!note.empty()) out += " (" + note + ")";
                return;
            }
            case MacroKind::url: {
                std::string u = std::string(text::trim(mandatory_arg(c)));
                for (auto& e : markup::find_emails(u)) markup::add_unique(doc_.email_hints, e);
                out += u;
                return;
            }
            case MacroKind::href: href(c, out, depth); return;
            case MacroKind::title_block: title_block(out); return;
            case MacroKind::special: special(name, c, out, depth); return;
            default: metadata(spec.kind, c, out, depth); return;
        }
    }

    void href(Cursor& c, std::string& out, int depth) {
        skip_optionals(c);
        std::string target(text::trim(mandatory_arg(c)));
        std::string label = convert(mandatory_arg(c), depth + 1);
        std::string mail = markup::mailto_address(target);
        if (!mail.empty()) markup::add_unique(doc_.email_hints, mail);
        out += text::trim(label).empty() ? (mail.empty() ? target : mail) : label;
    }

    void metadata(MacroKind kind, Cursor& c, std::string& out, int depth) {
        skip_optionals(c);
        std::string value = one_line(convert(mandatory_arg(c), depth + 1));
        switch (kind) {
            case MacroKind::meta_name: {
                // moderncv: \name{First}{Last}; resume.cls and others: \name{Full Name}
                if (auto last = brace_arg(c, false)) value = one_line(value + " " + convert(*last, depth + 1));
                // "Ada C. Lovelace, Ph.D": the degree after the comma, not the initial's dot, ends the name
                std::string before_comma = markup::person_name_in(value.substr(0, value.find(", ")));
                if (name_.empty()) name_ = before_comma.empty() ? markup::person_name_in(value) : before_comma;
                if (!preamble_) own_line(value, out);
                return;
            }
            case MacroKind::meta_first: if (first_.empty()) first_ = value; return;
            case MacroKind::meta_last: if (last_.empty()) last_ = value; return;
            case MacroKind::meta_author: {
                std::string first_line = value.substr(0, value.find(" | "));
                if (author_.empty() && markup::looks_like_person_name(first_line)) author_ = first_line;
                if (!preamble_) own_line(value, out);
                return;
            }
            case MacroKind::meta_title:
                if (title_.empty()) title_ = value;
                if (!preamble_) own_line(value, out);
                return;
            case MacroKind::meta_email:
                for (auto& e : markup::find_emails(value)) markup::add_unique(doc_.email_hints, e);
                if (!preamble_) out += value;
                return;
            case MacroKind::meta_home:
                if (doc_.homepage_hint.empty() && value.find('.') != std::string::npos && value.find(' ') == std::string::npos)
                    doc_.homepage_hint = value;
                if (!preamble_) out += value;
                return;
            default: return;
        }
    }

    void resolve_name() {
        std::string parts = markup::person_name_in(first_ + " " + last_);
        for (const std::string* candidate : {&name_, &parts, &author_, &pdfauthor_, &shaped_name_}) {
            if (!candidate->empty()) { doc_.name_hint = *candidate; return; }
        }
        if (markup::looks_like_person_name(title_)) doc_.name_hint = title_;
    }

    // PDF metadata may shorten the name the CV prints at its top ("Abe Doe"
    // for "Abraham Doe"): a name-like line among the first ones with the same
    // surname is the printed form.
    static std::string printed_form(std::string_view text, const std::string& meta) {
        std::string_view surname = meta;
        if (auto sp = surname.rfind(' '); sp != std::string_view::npos) surname.remove_prefix(sp + 1);
        int lines = 0;
        for (std::string_view line : text::split(text, '\n')) {
            line = text::trim(line);
            if (line.empty()) continue;
            if (++lines > 12 || line.substr(0, 2) == "# ") break;
            std::string candidate = markup::person_name_in(line);
            std::string_view given = std::string_view(candidate).substr(0, candidate.find(' '));
            bool initial = given.size() < 3 || given.back() == '.';  // "A. Doe" is a line broken inside the name
            if (!initial && candidate.find(surname) != std::string::npos &&
                std::count(candidate.begin(), candidate.end(), ' ') >= std::count(meta.begin(), meta.end(), ' '))
                return candidate;
        }
        return meta;
    }

    std::string header_lines() const {
        std::string h = doc_.name_hint;
        if (!title_.empty() && title_ != doc_.name_hint) h += "\n" + title_;
        return h;
    }

    void title_block(std::string& out) {
        if (preamble_) return;
        resolve_name();
        title_block_done_ = true;
        std::string h = header_lines();
        if (h.empty()) return;
        line_break(out);
        out += h;
        paragraph_break(out);
    }

    // ---- specials ----------------------------------------------------------------------------

    void special(std::string_view name, Cursor& c, std::string& out, int depth) {
        if (name == "item") return item(c, out, depth);
        if (name == "bibitem") {
            skip_optionals(c);
            mandatory_arg(c);
            return list_prefix(out, "- ");
        }
        if (name == "begin") return begin_env(c, out, depth);
        if (name == "end") return end_env(c, out);
        if (name == "newcommand" || name == "renewcommand" || name == "providecommand" || name == "DeclareRobustCommand")
            return define_command(c, name == "providecommand");
        if (name == "def" || name == "gdef" || name == "edef" || name == "xdef") return define_def(c);
        if (name == "let") return define_let(c);
        if (latex::branching_test_args(name) > 0) return branching(name, c, out, depth);
        if (set_flag(name, c)) return;
        if (name == "newif") {  // \newif\ifshowphoto: a flag, false until \showphototrue
            std::string flag = macro_name(mandatory_arg(c));
            if (flag.size() > 2 && flag.substr(0, 2) == "if") flags_.emplace(flag.substr(2), false);
            return;
        }
        if (name == "newenvironment" || name == "renewenvironment") return define_environment(c);
        if (name == "verb") return verb(c, out);
        if (name == "excludecomment") { mandatory_arg(c); return; }
        if (name == "kill") {  // tabbing: the line only set tab stops
            std::size_t nl = out.rfind('\n');
            out.erase(nl == std::string::npos ? 0 : nl + 1);
            return;
        }
        // "\moveleft.5\hoffset\vbox{...}": the box primitives' distance is layout, the box is text.
        if (name == "vskip" || name == "hskip" || name == "kern" || name == "moveleft" || name == "moveright" ||
            name == "raise" || name == "lower")
            return skip_length(c);
        if (name == "vspace" || name == "hspace") {
            if (c.peek() == '*') ++c.i;
            mandatory_arg(c);
            return;
        }
        // "\leavevmode\vadjust pre{\hypertarget{ref-x}{}}%" (pandoc's citations): vertical
        // material put beside the line, an anchor, no text of the line.
        if (name == "vadjust") {
            Cursor p = c;
            skip_space(p, false);
            if (p.s.substr(p.i, 3) == "pre") p.i += 3, c = p;
            mandatory_arg(c);
            return;
        }
    }

    // "\parskip=0.1em", "\hrule height 4pt": TeX assignments and rule specs after a
    // control word are layout, not text.
    void skip_assignment(Cursor& c) {
        Cursor p = c;
        skip_space(p, false);
        auto keyword = [&](std::string_view k) { return p.s.substr(p.i, k.size()) == k; };
        bool any = false;
        for (;;) {
            skip_space(p, false);  // "\vrule height 2cm width 0.4pt": each spec after a space
            if (p.peek() == '=') { ++p.i; skip_length(p); any = true; continue; }
            bool kw = false;
            for (std::string_view k : {"height", "width", "depth"})
                if (keyword(k)) { p.i += k.size(); skip_length(p); kw = true; any = true; break; }
            if (!kw) break;
        }
        if (any) c = p;
    }

    // "\vskip 5pt plus 1pt": a length without braces. Only a unit is taken
    // after the number: "\kern-1.5ptaniel" leaves "aniel" to the text.
    static void skip_length(Cursor& c) {
        skip_space(c, false);
        if (c.peek() == '-' || c.peek() == '+') ++c.i;
        while (!c.done() && (utf8::is_ascii_digit(c.peek()) || c.peek() == '.')) ++c.i;
        skip_space(c, false);
        if (c.peek() == '\\') {  // "0.5\textwidth"
            ++c.i;
            while (!c.done() && utf8::is_ascii_alpha(c.peek())) ++c.i;
            return;
        }
        if (c.s.substr(c.i, 4) == "true") c.i += 4;
        if (c.s.substr(c.i, 3) == "fil") {
            c.i += 3;
            while (c.peek() == 'l') ++c.i;
            return;
        }
        static const std::string_view units[] = {"pt", "em", "ex", "in", "cm", "mm", "bp",
                                                 "sp", "pc", "dd", "cc", "mu", "px"};
        for (auto u : units)
            if (c.s.substr(c.i, 2) == u) { c.i += 2; return; }
    }

    void verb(Cursor& c, std::string& out) {
        if (c.peek() == '*') ++c.i;
        char delim = c.peek();
        if (delim == '\0') return;
        std::size_t end = c.s.find(delim, c.i + 1);
        if (end == std::string_view::npos) end = c.s.size();
        out += c.s.substr(c.i + 1, end - c.i - 1);
        c.i = std::min(c.s.size(), end + 1);
    }

    void list_prefix(std::string& out, const std::string& prefix) {
        line_break(out);
        if (!text::trim(current_line(out)).empty()) out.push_back('\n');
        out += prefix;
    }

    Frame* innermost_list() {
        for (auto it = envs_.rbegin(); it != envs_.rend(); ++it)
            if (it->kind == Frame::itemize || it->kind == Frame::enumerate || it->kind == Frame::description) return &*it;
        return nullptr;
    }

    bool in_table() const {
        return std::any_of(envs_.begin(), envs_.end(), [](const Frame& f) { return f.kind == Frame::tabular || f.kind == Frame::tabbing; });
    }

    bool in_tabbing() const { return !envs_.empty() && envs_.back().kind == Frame::tabbing; }

    void item(Cursor& c, std::string& out, int depth) {
        auto label = optional_arg(c);
        std::string prefix = "- ";
        Frame* list = innermost_list();
        int number = list != nullptr && list->kind == Frame::enumerate ? ++list->counter : 0;
        std::string l = label ? one_line(convert(*label, depth + 1)) : std::string();
        if (!l.empty() && !is_bullet_label(l)) {
            // "\item[18.]" numbers the entry itself; "\item[2019]" or "\item[Python]" labels it
            // "\item[11]" numbers it as "\item[11.]" does: "- 11. Authors ..." (a bare number
            // before the authors would be read as part of them).
            if (is_number_label(l) && l.find_first_not_of("0123456789") == std::string::npos) l += '.';
            prefix += is_number_label(l) ? l + " " : l + " | ";
        } else if (number > 0) {
            prefix += std::to_string(number) + ". ";
        }
        list_prefix(out, prefix);
    }

    // ---- environments --------------------------------------------------------------------------

    void begin_env(Cursor& c, std::string& out, int depth) {
        std::string name(text::trim(mandatory_arg(c)));
        std::string base = !name.empty() && name.back() == '*' ? name.substr(0, name.size() - 1) : name;  // also \begin{}
        Frame frame{name};
        static const std::map<std::string, int, std::less<>> tabulars = {
            {"tabular", 1}, {"array", 1}, {"longtable", 1}, {"supertabular", 1}, {"tblr", 1}, {"NiceTabular", 1},
            {"tabularx", 2}, {"tabulary", 2}, {"xltabular", 2}, {"tabu", 1}};
        static const std::map<std::string, int, std::less<>> layouts = {
            {"minipage", 1}, {"multicols", 1}, {"adjustwidth", 2}, {"changemargin", 2}, {"paracol", 1},
            {"spacing", 1}, {"list", 2}, {"thebibliography", 1}, {"minted", 1}, {"wrapfigure", 2}};
        static const std::string_view dropped[] = {"figure", "wrapfigure", "tikzpicture", "pspicture", "picture",
                                                   "equation", "align", "eqnarray", "gather", "multline",
                                                   "displaymath", "filecontents", "comment"};
        static const std::string_view raw[] = {"verbatim", "Verbatim", "lstlisting", "minted"};
        for (auto d : dropped)
            if (base == d) return skip_env(c, name);
        if (auto t = tabulars.find(name == "tabular*" ? std::string("tabularx") : base); t != tabulars.end()) {
            skip_optionals(c);
            read_args(c, t->second);
            frame.kind = Frame::tabular;
            line_break(out);
        } else if (base == "tabbing") {
            frame.kind = Frame::tabbing;
            line_break(out);
        } else if (auto l = layouts.find(base); l != layouts.end()) {
            read_args(c, l->second);
            if (base == "list" || base == "thebibliography") frame.kind = Frame::itemize;
            for (auto r : raw)
                if (base == r) return raw_env(c, out, name);
            line_break(out);
        } else if (base.find("itemize") != std::string::npos || base.find("enumerate") != std::string::npos ||
                   base.find("description") != std::string::npos || base == "compactitem" || base == "compactenum" ||
                   base == "compactdesc" || base == "asparaitem" || base == "inparaitem" || base == "cvitems") {
            skip_optionals(c);
            frame.kind = base.find("enum") != std::string::npos ? Frame::enumerate
                         : base.find("desc") != std::string::npos ? Frame::description
                                                                   : Frame::itemize;
            line_break(out);
        } else {
            for (auto r : raw)
                if (base == r) return raw_env(c, out, name);
            custom_env(base, c, out, depth);
        }
        envs_.push_back(std::move(frame));
    }

    // Environments of templates (\begin{rSection}{Education}) carry headings
    // and entries in their arguments.
    void custom_env(const std::string& base, Cursor& c, std::string& out, int depth) {
        std::vector<std::string_view> args;
        skip_optionals(c);
        auto def = env_params_.find(base);
        if (def != env_params_.end()) {
            args = read_args(c, def->second);
        } else {
            while (auto a = brace_arg(c, false)) args.push_back(*a);
        }
        std::string l = lower(base);
        // rSection{Education} is a heading; rSubsection{MIT}{2019}{PhD}{Boston} is an entry
        bool sectioning = (l.find("section") != std::string::npos && l.find("subsection") == std::string::npos) ||
                          l.find("heading") != std::string::npos;
        if (!args.empty() && sectioning) {
            heading(convert(args[0], depth + 1), out);
            if (args.size() > 1) entry({args.begin() + 1, args.end()}, out, depth);
        } else if (args.size() >= 2) {
            entry(args, out, depth);
        } else if (args.size() == 1 && !is_dimension(args[0]) && !is_column_spec(args[0])) {
            own_line(convert(args[0], depth + 1), out);
        } else {
            line_break(out);
        }
    }

    void skip_env(Cursor& c, const std::string& name) {
        std::string close = "\\end{" + name + "}";
        std::size_t end = c.s.find(close, c.i);
        c.i = end == std::string_view::npos ? c.s.size() : end + close.size();
    }

    void raw_env(Cursor& c, std::string& out, const std::string& name) {
        std::string close = "\\end{" + name + "}";
        std::size_t end = c.s.find(close, c.i);
        std::size_t stop = end == std::string_view::npos ? c.s.size() : end;
        line_break(out);
        out += c.s.substr(c.i, stop - c.i);
        line_break(out);
        c.i = end == std::string_view::npos ? c.s.size() : end + close.size();
    }

    void end_env(Cursor& c, std::string& out) {
        std::string name(text::trim(mandatory_arg(c)));
        for (std::size_t k = envs_.size(); k-- > 0;) {
            if (envs_[k].name == name) {
                envs_.resize(k);
                break;
            }
        }
        line_break(out);
    }

    // ---- definitions -------------------------------------------------------------------------------

    static std::string macro_name(std::string_view token) {
        token = text::trim(token);
        if (!token.empty() && token.front() == '\\') token.remove_prefix(1);
        return std::string(token);
    }

    void define_command(Cursor& c, bool provide) {
        if (c.peek() == '*') ++c.i;
        std::string name = macro_name(mandatory_arg(c));
        UserMacro m;
        if (auto n = optional_arg(c)) m.params = std::clamp(std::atoi(std::string(*n).c_str()), 0, 9);
        if (auto d = optional_arg(c); d && m.params > 0) {
            m.optional_first = true;
            m.optional_default = std::string(*d);
        }
        m.body = std::string(mandatory_arg(c));
        if (provide && macros_.count(name) > 0) return;  // \providecommand keeps a definition
        define(name, std::move(m));
    }

    // \def\name#1#2{body}, \def\name#1\stop{body}
    void define_def(Cursor& c) {
        std::string name = macro_name(mandatory_arg(c));
        std::size_t start = c.i;
        while (!c.done() && c.peek() != '{') ++c.i;
        UserMacro m;
        latex::parse_def_parameters(c.s.substr(start, c.i - start), m);
        m.body = std::string(mandatory_arg(c));
        define(name, std::move(m));
    }

    // A definition replaces an earlier one and anything the macro table says,
    // except the meaning of structure (see structural()).
    void define(const std::string& name, UserMacro m, int depth = 0) {
        if (name.empty()) return;
        if (const MacroSpec* spec = latex::find_macro(name); spec != nullptr) {
            if (structural(spec->kind)) return;
            bool metadata = spec->kind >= MacroKind::meta_name && spec->kind <= MacroKind::meta_home;
            // \def\name#1{\def\@name{#1}} only stores its argument: \name{..} still names the person.
            if (metadata && m.params > 0) return;
            // \newcommand{\name}{Ada Lovelace}: the class's name field holds the name itself.
            if (metadata && (spec->kind == MacroKind::meta_name || spec->kind == MacroKind::meta_author)) {
                std::string value = markup::person_name_in(one_line(convert(m.body, depth + 1)));
                if (!value.empty() && name_.empty()) name_ = value;
            }
        }
        aliases_.erase(name);
        shapes_.clear();
        macros_[name] = std::move(m);
    }

    // \let\a\b, \let\a=\b: \a means what \b means now.
    void define_let(Cursor& c) {
        std::string name = macro_name(mandatory_arg(c));
        skip_space(c, false);
        if (c.peek() == '=') ++c.i;
        std::string target = macro_name(mandatory_arg(c));
        if (name.empty() || target.empty() || name == target) return;
        if (auto a = aliases_.find(target); a != aliases_.end()) target = a->second;
        if (auto m = macros_.find(target); m != macros_.end()) {
            UserMacro copy = m->second;
            copy.expanding = false;
            define(name, std::move(copy));
        } else if (latex::find_macro(target) != nullptr && latex::find_macro(name) == nullptr) {
            macros_.erase(name);
            shapes_.clear();
            aliases_[name] = target;
        }
    }

    // hyperref's pdfauthor names the document's author: \hypersetup{pdfauthor={\myname}}.
    void pdf_metadata(std::string_view options, int depth) {
        std::string_view value = key_value(options, "pdfauthor");
        if (value.empty() || !pdfauthor_.empty()) return;
        std::string v = one_line(convert(value, depth + 1));
        if (markup::looks_like_person_name(v)) pdfauthor_ = v;
    }

    void define_environment(Cursor& c) {
        std::string name(text::trim(mandatory_arg(c)));
        int params = 0;
        if (auto n = optional_arg(c)) params = std::atoi(std::string(*n).c_str());
        if (optional_arg(c) && params > 0) --params;  // the first parameter is optional
        mandatory_arg(c);  // begin code
        mandatory_arg(c);  // end code
        if (!name.empty()) env_params_[name] = params;
    }

    TextDocument& doc_;
    bool preamble_ = false;
    bool headings_seen_ = false;  ///< a section heading has been written
    std::string shaped_name_;     ///< a name from a class macro's shape (class_name_field)
    bool math_ = false;
    bool title_block_done_ = false;
    int expansions_ = 0;
    std::vector<Frame> envs_;
    bool inline_ = false;  // converting a field, not running text
    int in_argument_ = 0;  // reading a macro's argument: a source line break is a space
    bool filled_ = false;  // the source's lines are filled to a margin: their breaks are spaces
    int expanded_bytes_ = 0;
    std::map<std::string, UserMacro, std::less<>> macros_;
    std::map<std::string, std::string, std::less<>> aliases_;  // \let
    std::set<std::string, std::less<>> heading_macros_;
    std::map<std::string, bool, std::less<>> flags_;  // \newif
    std::map<std::string, BodyShape, std::less<>> shapes_;  // body_shape() of macros used so far
    std::size_t conditional_scan_ = 0;                  // bytes looked at for \else and \fi
    std::map<std::string, int, std::less<>> env_params_;
    std::string name_, first_, last_, author_, pdfauthor_, title_;
};

}  // namespace

TextDocument read_latex(std::string_view utf8) {
    TextDocument doc;
    std::string source = latex::preprocess(markup::clean_characters(text::sanitize_utf8(utf8)));
    std::string_view s = source;
    std::string_view preamble, body = s;
    const std::string_view begin = "\\begin{document}";
    if (auto pos = s.find(begin); pos != std::string_view::npos) {
        preamble = s.substr(0, pos);
        body = s.substr(pos + begin.size());
    }
    LatexConverter converter(doc);
    converter.read_preamble(preamble);
    doc.text = markup::finish(converter.read_body(body));
    return doc;
}

}  // namespace cvsearch::readers
