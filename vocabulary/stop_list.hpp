// vocabulary/stop_list.hpp — the words a natural-language query drops ("who",
// "at", "the", "of"): searcher/stop_words.hpp drops them from queries, and the
// indexer's mined synonym keys are also written without them
// (vocabulary/acronyms.hpp), so "quality of experience" typed as a query
// still meets the key of the long form "quality of experience (QoE)".
#pragma once

#include <string_view>

namespace cvsearch::analysis {

/// True for a folded word on the stop list: English function words (a short
/// classic list) and the words of questions and requests ("who", "find",
/// "people", "researchers").
bool is_stop_word(std::string_view folded);

}  // namespace cvsearch::analysis
