// parse/readers/markup.hpp — helpers shared by the free-form readers to
// produce the light markup described in reader.hpp.
//
// Every reader ends with finish(), so the guarantees of the output (NFC,
// single spaces, no blank runs, "# "/"- " prefixes well formed) live in one place.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "parse/readers/reader.hpp"

namespace cvsearch::readers::markup {

/// Character-level cleanup for text coming out of PDFs and editors: exotic
/// spaces (NBSP, thin space, ...) and tabs become ' ', soft hyphens, zero-width
/// characters, BOMs, C1 controls and private-use glyphs (icon fonts) are
/// removed, typographic ligatures are expanded ("ﬁ" -> "fi"), U+2028/9 -> '\n',
/// and decorative emoji ("🏆", "💬", U+1F000-U+1FAFF and U+FE0F) become ' '.
std::string clean_characters(std::string_view utf8);

/// A line (leading white space already removed) whose first glyph is a bullet
/// (•, ◦, ▪, ■, ●, ○, ►, ➢, ‣, ∙, ·, –, —, *, +, -) as "- rest"; repeated
/// bullets ("- · x") collapse to one. Other lines come back unchanged.
std::string normalize_bullet(std::string_view line);

/// "1. x", "12) x", "[3] x" as "- 1. x", "- 12) x", "- [3] x"; else unchanged.
std::string number_as_list_item(std::string_view line);

/// Markdown inline syntax removed from one line: **strong**, __strong__,
/// *em*, _em_ (not inside words: snake_case stays), `code`, ~~strike~~, and
/// backslash escapes ("\*" -> "*"). Unpaired markers ("Song*") are kept.
std::string strip_inline_markdown(std::string_view line);

/// The texts a line sets in single emphasis (*em*, _em_), each as it reads once
/// strip_inline_markdown() has run: "_Ecology_, 12" -> {"Ecology"}. Strong
/// emphasis (**x**, __x__) is not emphasis here: CVs bold their owner's name.
std::vector<std::string> emphasis_spans(std::string_view line);

/// Markdown links in one line: "![alt](src)" dropped, "[text](url)" -> "text",
/// "[text][ref]" -> "text", "<https://x>" -> "https://x". mailto: targets are
/// added to doc.email_hints; a link titled "Homepage"/"Website" sets
/// doc.homepage_hint when it is still empty.
std::string replace_markdown_links(std::string_view line, TextDocument& doc);

/// The final pass of every reader: Unicode NFC (so LaTeX accents compose),
/// each line trimmed with inner runs of spaces collapsed, stray " | "
/// separators at line ends removed, empty "- " / "# " lines dropped, at most one
/// blank line in a row, none at the start or end. No trailing newline.
std::string finish(std::string_view text);

/// The size of a heading marker at the start of a light-markup line: 2 for
/// "# X", 4 for "### X" (the level is kept: "### Acme" under "## Experience"
/// titles an entry), 0 when the line is no heading.
std::size_t heading_marker_size(std::string_view line);
bool is_heading_line(std::string_view line);

/// `s` without the emoji and symbols that decorate headings and titles at
/// either end ("🎓 Education" -> "Education", "👋 Jane Doe" -> "Jane Doe").
std::string strip_decoration(std::string_view s);

/// True for strings that look like a person's name ("Ada M. Lovelace",
/// "Jae-Won Chung", "Mike (Deyuan) He", "JANE DOE", "卢嘉成"), false for page
/// titles such as "CV", "Home", "Curriculum Vitae", "Publications".
bool looks_like_person_name(std::string_view s);

/// A page that opens with its owner's name as a heading ("# Jane Doe") names
/// the person rather than a section: when the first "# " line among the first
/// `max_lines` non-empty lines looks like a person's name, it becomes a plain
/// line and, if doc.name_hint is empty, the name hint. `doc.text` must be finished.
void take_name_heading(TextDocument& doc, std::size_t max_lines = 5);

/// The person's name in a title-like string: the whole string when it looks
/// like a name, else its first part before a separator (" | ", " - ", ". ",
/// ", ", ": ", "'s ") that does ("Jane Doe | Home" -> "Jane Doe",
/// "Simon Holmbacka. PhD - Resume" -> "Simon Holmbacka"); "" when none does.
std::string person_name_in(std::string_view title);
/// True when `s` (trimmed) is only CJK characters ("肖", "智博").
bool is_cjk_text(std::string_view s);

/// Liquid / Jekyll template tags ("{% include x %}", "{{ site.url }}") removed:
/// page machinery of GitHub Pages sites, never CV text.
std::string drop_template_tags(std::string_view s);

/// E-mail addresses found in free text, in order, without duplicates.
std::vector<std::string> find_emails(std::string_view text);

/// Appends `value` unless it is empty or already present.
void add_unique(std::vector<std::string>& list, std::string value);

/// A mailto: URL's address ("mailto:a%40b.org?subject=x" -> "a@b.org"), or ""
/// when `href` is not a mailto: link.
std::string mailto_address(std::string_view href);

/// Splits text into lines on '\n' (the views point into `text`).
std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace cvsearch::readers::markup
