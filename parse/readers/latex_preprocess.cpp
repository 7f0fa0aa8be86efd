// LaTeX source clean-up before conversion: comments, \iffalse blocks, comment
// environments and the text after \end{document}. All of it is text the
// author hid from the PDF, so none of it may reach the index.
#include <set>
#include <string>

#include "parse/readers/latex.hpp"
#include "parse/readers/utf8.hpp"

namespace cvsearch::readers::latex {
namespace {

bool escaped(std::string_view s, std::size_t i) {  // preceded by an odd number of backslashes
    std::size_t n = 0;
    while (i > n && s[i - n - 1] == '\\') ++n;
    return n % 2 == 1;
}

std::string_view control_word_at(std::string_view s, std::size_t i);

// TeX comments: '%' to the end of the line, and the next line's indentation
// (TeX skips it, and "text%\n  more" means "textmore"). A line that was only a
// comment disappears entirely instead of leaving a blank line behind.
std::string strip_comments(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.compare(i, 5, "\\verb") == 0 && !escaped(s, i)) {  // \verb|50%| is no comment
            std::size_t d = i + 5 + (i + 5 < s.size() && s[i + 5] == '*');
            std::size_t close = d < s.size() && !utf8::is_ascii_alpha(s[d]) ? s.find(s[d], d + 1) : std::string_view::npos;
            if (close != std::string_view::npos && s.find('\n', d) > close) {
                out.append(s.substr(i, close + 1 - i));
                i = close;
                continue;
            }
        }
        // \url{...} and the target of \href{...}{text} are read verbatim by hyperref: the
        // '%' of "abs/2019A%26A...93S" is part of the address, no comment.
        if (s[i] == '\\' && !escaped(s, i)) {
            const std::string_view word = control_word_at(s, i);
            if (word == "url" || word == "href") {
                std::size_t open = i + 1 + word.size();
                while (open < s.size() && s[open] == ' ') ++open;
                const std::size_t close = open < s.size() && s[open] == '{' ? s.find_first_of("}\n", open + 1) : std::string_view::npos;
                if (close != std::string_view::npos && s[close] == '}') {
                    out.append(s.substr(i, close + 1 - i));
                    i = close;
                    continue;
                }
            }
        }
        if (s[i] != '%' || escaped(s, i)) { out.push_back(s[i]); continue; }
        std::size_t nl = s.find('\n', i);
        if (nl == std::string_view::npos) break;
        i = nl;
        while (i + 1 < s.size() && (s[i + 1] == ' ' || s[i + 1] == '\t')) ++i;
    }
    return out;
}

std::string_view control_word_at(std::string_view s, std::size_t i) {  // s[i] == '\\'
    std::size_t j = i + 1;
    while (j < s.size() && (utf8::is_ascii_alpha(s[j]) || s[j] == '@')) ++j;
    return s.substr(i + 1, j - i - 1);
}

// Conditionals that end with \fi: primitives (\ifx, \ifnum) and \newif ones
// (\ifshowphoto). etoolbox/ifthen tests (\ifthenelse{..}, \ifdefempty{..})
// are macros with braced arguments and have no \fi.
bool opens_conditional(std::string_view s, std::size_t i, std::string_view word) {
    if (word.size() < 2 || word.substr(0, 2) != "if" || word == "ifthenelse") return false;
    std::size_t j = i + 1 + word.size();
    while (j < s.size() && s[j] == ' ') ++j;
    return j >= s.size() || s[j] != '{';
}

// Drops \iffalse ... \fi (and \if0 ... \fi), honouring nested conditionals.
std::string drop_iffalse(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || escaped(s, i)) { out.push_back(s[i]); continue; }
        std::string_view word = control_word_at(s, i);
        bool if0 = word == "if" && i + 3 < s.size() && s[i + 3] == '0';
        if (word != "iffalse" && !if0) { out.push_back(s[i]); continue; }
        int depth = 0;
        std::size_t j = i;
        for (; j < s.size(); ++j) {
            if (s[j] != '\\' || escaped(s, j)) continue;
            std::string_view w = control_word_at(s, j);
            if (opens_conditional(s, j, w)) ++depth;
            else if (w == "fi" && --depth == 0) break;
            j += w.size();
        }
        std::size_t after = j >= s.size() ? s.size() : j + 3;
        if ((out.empty() || out.back() == '\n') && after < s.size() && s[after] == '\n') ++after;  // own lines
        i = after - 1;  // the loop's ++i steps past "\fi"
    }
    return out;
}

// Names given to \excludecomment{...} (the comment package): their content is hidden too.
std::set<std::string> comment_environments(std::string_view s) {
    std::set<std::string> names = {"comment"};
    const std::string_view key = "\\excludecomment{";
    for (std::size_t pos = s.find(key); pos != std::string_view::npos; pos = s.find(key, pos + 1)) {
        std::size_t start = pos + key.size(), close = s.find('}', start);
        if (close != std::string_view::npos) names.insert(std::string(s.substr(start, close - start)));
    }
    return names;
}

std::string drop_environments(std::string_view s, const std::set<std::string>& names) {
    std::string out(s);
    for (const auto& name : names) {
        const std::string begin = "\\begin{" + name + "}", end = "\\end{" + name + "}";
        std::size_t pos = 0;
        while ((pos = out.find(begin, pos)) != std::string::npos) {
            std::size_t stop = out.find(end, pos + begin.size());
            std::size_t len = stop == std::string::npos ? std::string::npos : stop + end.size() - pos;
            bool own_lines = (pos == 0 || out[pos - 1] == '\n') && len != std::string::npos && pos + len < out.size() &&
                             out[pos + len] == '\n';
            out.erase(pos, own_lines ? len + 1 : len);
        }
    }
    return out;
}

// The text after \end{document}, except the parts of a CV written with the
// subfiles package and flattened into one file: "\documentclass[cv.tex]{subfiles}
// \begin{document} Publications ... \end{document}", one after another, are
// all of them the CV (a part's own preamble goes). Anything else after
// \end{document}, another whole document included, stays out.
void drop_after_end(std::string& s) {
    const std::string_view end = "\\end{document}", begin = "\\begin{document}";
    std::string out;  // built by appends: GCC 12 warns (-Wrestrict) on an in-place replace here
    std::size_t from = 0;
    for (std::size_t at; (at = s.find(end, from)) != std::string::npos;) {
        out.append(s, from, at - from);
        const std::size_t next = s.find(begin, at + end.size());
        const bool part = next != std::string::npos &&
                          std::string_view(s).substr(at, next - at).find("{subfiles}") != std::string_view::npos;
        if (!part) {
            s = std::move(out);
            return;
        }
        out.push_back('\n');  // between two parts
        from = next + begin.size();
    }
    out.append(s, from);
    s = std::move(out);
}

}  // namespace

std::string preprocess(std::string_view source) {
    std::string s = strip_comments(source);
    drop_after_end(s);
    s = drop_iffalse(s);
    return drop_environments(s, comment_environments(s));
}

}  // namespace cvsearch::readers::latex
