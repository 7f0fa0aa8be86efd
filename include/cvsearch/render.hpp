// cvsearch/render.hpp — search results as terminal text, HTML or JSON.
//
// The library renders so that the CLI and an HTTP server print the same thing.
// Highlighting is computed by the Searcher (byte spans over plain text); these
// functions only escape and mark.
#pragma once

#include <string>
#include <string_view>

#include "cvsearch/searcher.hpp"

namespace cvsearch {

// ---- JSON ---------------------------------------------------------------------------

/// The `cvsearch search --json` document:
///   {"query": "...", "total": 12, "total_is_exact": true, "offset": 0,
///    "hits": [{"id", "name", "institution", "score", "rank",
///              "highlights": [{"field", "text", "spans": [[begin, end], ...]}]}],
///    "facets": {"institution": [{"value", "count"}], "affiliation": [...], "venue": [...], "year": [...]},
///    "suggestion": "..." or null, "warnings": ["..."]}
/// Spans are byte offsets into "text" (UTF-8), end exclusive. Only the facets
/// that were requested appear. indent < 0 gives one line.
std::string results_to_json(const SearchResults& results, int indent = -1);

/// {"profiles", "schema_version", "built_at", "library_version",
///  "facets": {"institution": [{"value", "count"}], ...}, "distinct_values": {"institution": 12, ...}}
std::string stats_to_json(const IndexStats& stats, int indent = -1);

// ---- HTML ---------------------------------------------------------------------------

/// Escapes & < > " ' so the result is safe in element content and in quoted
/// attribute values.
std::string html_escape(std::string_view text);

/// The fragment's text, escaped, with each span wrapped in <mark>...</mark>.
std::string highlight_to_html(const Highlight& highlight);

/// An HTML fragment (no <html>/<body>): a summary line, the suggestion, and an
/// <ol class="cvsearch-results"> with one <li> per hit (name, institution, id
/// in a data-id attribute, highlighted fragments). Everything is escaped.
std::string results_to_html(const SearchResults& results);

// ---- terminal -----------------------------------------------------------------------

struct TerminalStyle {
    bool color = false;        ///< ANSI bold/colour (spans bold yellow); plain text otherwise
    bool show_scores = false;  ///< print each hit's score
    bool show_facets = true;   ///< print the facet counts after the hits
    bool show_warnings = true; ///< print SearchResults::warnings after the count line ("warning: ...")
};

/// The fragment's text with spans in bold yellow (color) or unmarked (plain).
std::string highlight_to_terminal(const Highlight& highlight, bool color);

/// `text` safe to print on a terminal: control characters (ESC, BEL, CR, DEL,
/// U+0080-U+009F) become visible escapes ("\\x1b", "\\u{9b}"), so a CV or a
/// file name cannot drive the terminal. '\n' and '\t' are kept when
/// `keep_newlines`. Every *_to_terminal function applies it to what it prints.
std::string terminal_escape(std::string_view text, bool keep_newlines = false);

/// A human-readable listing: count line, suggestion, warnings, numbered hits
/// with their fragments, facet counts.
std::string results_to_terminal(const SearchResults& results, const TerminalStyle& style = {});

}  // namespace cvsearch
