// searcher/stop_words.hpp — the words of a natural-language query that say
// nothing about the person sought ("who works on GPUs at Michigan").
//
// Queries are ANDed, so "people at Michigan" would need a profile with the
// word "people" and the word "at". Before parsing, drop_stop_words() blanks
// out such words when they stand alone, outside quotes and field values:
//   - English function words (articles, prepositions, pronouns, auxiliaries:
//     "the", "of", "at", "is", ...), and
//   - question and request words ("who", "which", "find", "show", "people",
//     "researchers", "someone", and "works"/"working" before a preposition).
// Kept: words inside "quoted phrases" (a phrase is exact), field values
// (title:of), words marked + or -, Xapian's upper-case operators (AND, OR,
// NOT), and every word when the query holds nothing else (a search for
// "the who" still searches; so does "a -b").
// The words are replaced by spaces of the same length, so byte offsets into
// the query (spelling suggestions, highlights) stay valid.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "vocabulary/stop_list.hpp"

namespace cvsearch::search {

struct StopWordsDropped {
    std::string query;               ///< same length as the input
    std::vector<std::string> words;  ///< the dropped words, as typed, in order
};

StopWordsDropped drop_stop_words(std::string_view query);

/// True for a folded word on the stop list (function words and question
/// words; the list is vocabulary/stop_list.hpp, shared with the indexer).
using analysis::is_stop_word;

}  // namespace cvsearch::search
