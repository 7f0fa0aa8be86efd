// searcher/query_text.hpp — the user's query string, prepared for
// Xapian::QueryParser and understood well enough to highlight and spell-check.
//
// prepare_query() is a small lexer that keeps Xapian's syntax intact (quotes,
// brackets, AND/OR/NOT/XOR/NEAR/ADJ, +/-, field:value, trailing *), and:
//  - folds every word with the Analyzer (so "Zürich" == "zurich", and every word
//    is lower-case, hence stemmed under STEM_SOME);
//  - rewrites a hyphen/apostrophe compound "jae-won" as "(jae-won OR jaewon)",
//    matching both the indexed parts and the joined form;
//  - rewrites name:"Chung Jae-Won" as (name:chung (name:jae-won OR name:jaewon)),
//    so a quoted name matches its parts in any order;
//  - keeps institution:/venue:/year: values verbatim for their processors
//    (which normalize them like the index does);
//  - drops stop and question words from the natural-language part
//    (searcher/stop_words.hpp);
//  - canonicalizes field names ("Title:" -> "title:", "skills:" -> "skill:");
//  - turns a query of only -excluded parts into NOT ... (Xapian would otherwise
//    treat "-a" as "a").
// It also records the atoms (words, phrases, wildcards with their field and
// whether they are excluded) for the highlighter, and each plain word's byte
// range in the original string for spelling suggestions.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "vocabulary/analyzer.hpp"

namespace cvsearch::search {

/// Fields a query may name, canonical spelling.
inline constexpr std::string_view query_fields[] = {"name", "title", "interest", "skill", "institution", "affiliation", "venue", "year"};

/// One thing the query asks to find.
struct QueryAtom {
    std::string field;               ///< "" (anywhere) or a canonical field name
    std::vector<std::string> words;  ///< folded; several = a phrase (consecutive, unstemmed)
    bool wildcard = false;           ///< words.back() is a prefix ("distrib*")
    bool negated = false;            ///< under NOT or '-': never highlighted
};

/// A plain query word and where it is in the original query.
struct QueryWord {
    std::size_t begin = 0, end = 0;  ///< bytes in the original query
    std::string folded;
    std::string field;
};

struct PreparedQuery {
    std::string text;               ///< for QueryParser::parse_query
    std::vector<QueryAtom> atoms;
    std::vector<QueryWord> words;   ///< candidates for spelling correction
    std::string words_only;         ///< the positive words without any syntax (lenient fallback)
    bool empty = true;              ///< nothing to search for (blank query)
    /// Wildcards after the first max_query_wildcards, searched as plain words
    /// (each wildcard expands to up to 100 terms: thousands of them in one
    /// query would take minutes and gigabytes).
    std::size_t wildcards_ignored = 0;
    /// Stop and question words dropped before parsing, as typed
    /// (searcher/stop_words.hpp).
    std::vector<std::string> dropped_words;
    /// The query uses AND, OR, XOR, NEAR, ADJ or '+': the user said how words
    /// combine, so matching is never relaxed (searcher/relaxed_query.hpp).
    bool explicit_operators = false;
};

/// How many trailing wildcards one query may use.
inline constexpr std::size_t max_query_wildcards = 20;

/// The field a trailing wildcard becomes with wildcards_as_fields: "distrib*"
/// -> "cvswildany:distrib", "title:distrib*" -> "cvswildtitle:distrib".
inline constexpr std::string_view wildcard_field_prefix = "cvswild";

/// wildcards_as_fields: write trailing wildcards as wildcard_field_prefix
/// fields, for a QueryBuilder that expands them itself (sharded indexes:
/// searcher/query_builder.hpp).
PreparedQuery prepare_query(std::string_view query, const analysis::Analyzer& analyzer,
                            bool wildcards_as_fields = false);

/// The canonical field for a name the user typed ("Skills" -> "skill"); empty if unknown.
std::string canonical_field(std::string_view name);

}  // namespace cvsearch::search
