// parse/readers/html.hpp — the HTML machinery shared by the HTML reader, the
// Markdown reader (HTML fragments are common in academic Markdown pages) and
// the text reader (PDF-to-text tools leave <sup>, <u>, &amp; behind).
//
// There is no HTML library here on purpose: CV pages need only tags, entities
// and a few elements' meaning, and a hand-written scanner that never recurses
// cannot be crashed by malformed or deeply nested markup.
#pragma once

#include <string>
#include <string_view>

#include "parse/readers/reader.hpp"

namespace cvsearch::readers::html {

/// Decodes character references: named ones (the common ones, all of Latin-1,
/// Latin Extended-A, Greek), "&#233;" and "&#xE9;". Unless `strict`, the legacy
/// forms without ';' ("&nbsp&nbsp", "&copy 2024") are decoded too, as browsers do.
/// Anything that is not a reference ("R&D", "?a=1&b=2") is left alone.
std::string decode_entities(std::string_view s, bool strict = false);

/// HTML to light markup (reader.hpp), not yet passed through markup::finish.
/// script, style, noscript, template, svg, nav and the head are dropped; h1-h6
/// become "# X", li "- X" (ol: "- 1. X"), p/div/br/tr line breaks, td " | ";
/// mailto: links become email hints, <title> or <meta name=author> a name hint
/// when it looks like a person's name. With `markdown_fragment`, source line
/// breaks are kept (they are Markdown structure) instead of folded into spaces.
TextDocument to_markup(std::string_view html, bool markdown_fragment);

/// Removes the inline tags that text extractors leave in plain text (<u>, <b>,
/// <i>, <em>, <strong>, <sup>, <sub>, <span ...>, <a ...>, <font ...>, ...) and
/// turns <br> into a line break. Anything else that merely contains '<' stays.
std::string strip_inline_tags(std::string_view s);

}  // namespace cvsearch::readers::html
