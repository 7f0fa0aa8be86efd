// core/text.hpp — small Unicode-aware string helpers shared by the indexer and
// the searcher. Folding goes through ICU so that index and query side agree.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::text {

/// Lower-case (Unicode case folding) and strip accents: "Kostić" -> "kostic",
/// "Zürich" -> "zurich", "Straße" -> "strasse", "Øresund" -> "oresund".
std::string fold(std::string_view utf8);

/// A lookup key: fold(), then every run of non-alphanumeric characters becomes
/// one space, trimmed. "The Univ. of Michigan, Ann-Arbor" -> "the univ of michigan ann arbor".
std::string fold_key(std::string_view utf8);

/// The words of a text, as fold_key sees them: maximal runs of letters, digits,
/// '&' and '+' (Unicode letters and digits included, so "Kostić" is one word and
/// "SOSP’21" is two).
std::vector<std::string_view> words(std::string_view utf8);

/// Optimal string alignment distance over bytes: Levenshtein's inserts, deletes
/// and replacements plus the swap of two neighbouring bytes ("lmit" -> "limit" 1).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// True when `bytes` is well-formed UTF-8 (no overlongs, no surrogates).
bool is_valid_utf8(std::string_view bytes) noexcept;

/// Well-formed UTF-8 from arbitrary bytes: invalid sequences become U+FFFD,
/// NUL and other C0 controls except \t and \n become spaces, \r\n and \r become \n.
std::string sanitize_utf8(std::string_view bytes);

/// Decodes Windows-1252 (a superset of Latin-1's printable range) to UTF-8.
std::string cp1252_to_utf8(std::string_view bytes);

/// `s` with every occurrence of `from` (non-empty; left to right, not
/// overlapping) replaced by `to`, built in one pass: linear, where a loop of
/// find() and replace() in place is quadratic on a long run of matches.
std::string replace_all(std::string_view s, std::string_view from, std::string_view to);

/// `s` safe to print on a terminal: C0 control characters (ESC, BEL, CR...),
/// DEL and the C1 controls U+0080-U+009F become visible escapes ("\\x1b",
/// "\\u{9b}"), so text from a CV or a file name cannot move the cursor,
/// retitle the window or fake output. '\n' and '\t' are kept when
/// `keep_newlines` (running text), escaped otherwise (one-line fields).
std::string escape_controls(std::string_view s, bool keep_newlines = false);

/// Strips ASCII and Unicode white space at both ends.
std::string_view trim(std::string_view s) noexcept;

/// Strips, from the end, every trailing piece that is one of `pieces` (each a
/// whole UTF-8 sequence such as "-" or "–", never a single byte of one), and
/// the white space between them: trim_end_any("Foo, –.", {".", ",", "–"}) == "Foo".
std::string_view trim_end_any(std::string_view s, std::initializer_list<std::string_view> pieces) noexcept;

/// Replaces every run of white space with a single space and trims.
std::string collapse_whitespace(std::string_view s);

/// `s` without its bracketed groups, ( ) and [ ], nested or not:
/// "FICAN West (Syöpäkeskus, UTU), Turku" -> "FICAN West , Turku". An
/// unmatched closing bracket stays; an unclosed group runs to the end.
std::string without_brackets(std::string_view s);

/// Splits on a single character; empty fields are kept.
std::vector<std::string_view> split(std::string_view s, char sep);

/// ASCII-lower-cases a copy.
std::string ascii_lower(std::string_view s);

bool starts_with_icase(std::string_view s, std::string_view prefix) noexcept;

/// True for a number-like word: only ASCII digits and dots ("2019", "10.1145").
bool is_number_like(std::string_view word) noexcept;

/// Hex digest (32 chars) of XXH3-128 over the bytes.
std::string content_hash(std::string_view bytes);

}  // namespace cvsearch::text
