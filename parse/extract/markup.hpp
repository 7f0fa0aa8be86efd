// parse/extract/markup.hpp — the light-markup text as a list of typed lines.
//
// Readers hand the extractor "light markup" ("# " headings, "- " items), but PDF
// text and hand-written Markdown also carry emphasis (**bold**), HTML tags and
// entities, backslash escapes and every kind of bullet glyph. This module turns
// each line into clean text plus the structure it carried (heading level,
// bullet or number marker, indentation, whole-line bold), so later stages never
// see markup. Runs of spaces and tabs are kept: in PDF text they are column gaps.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::extract {

enum class Marker { none, bullet, number };

struct Line {
    std::string text;        ///< clean text without heading/bullet marker; may be empty (blank line)
    int heading_level = 0;   ///< number of '#' of a "# X" line, 0 otherwise
    bool bold = false;       ///< the whole line was emphasized ("**Education**")
    Marker marker = Marker::none;
    std::string label;       ///< "1", "C3" of a numbered entry
    std::size_t indent = 0;  ///< leading columns before the marker or text
    bool blank() const { return text.empty(); }
};

/// Removes inline markup: **, __, paired * and _, HTML tags and entities,
/// backslash escapes, Markdown links (keeping their text) and images.
std::string clean_inline(std::string_view s);

/// Strips leading bullet glyphs and list numbers ("- ", "• ", "1. ", "[C3] ", "[3]. ",
/// "(2) "); returns what was found.
Marker strip_marker(std::string_view& s, std::string* label = nullptr);

/// The document as typed lines. Horizontal rules become blank lines; a list number
/// alone on its line ("2.", then the entry below it) numbers the next line with text.
std::vector<Line> split_lines(std::string_view text);

/// Joins lines into running text: single spaces, "fault toler-" + "ance" ->
/// "fault tolerance" (but "Checkpoint/" + "Restart" keeps no space issue).
std::string join_lines(const std::vector<std::string>& lines);

}  // namespace cvsearch::extract
