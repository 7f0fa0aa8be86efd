// vocabulary/acronyms.hpp — acronyms and their expansions, as the CVs define them.
//
// A CV that writes "software-defined networking (SDN)" or "SDN (software-defined
// networking)" defines a pair. The indexer finds the pairs of each profile
// (Schwartz & Hearst, "A simple algorithm for identifying abbreviation
// definitions in biomedical text", PSB 2003) and stores each as a boolean term
// of that profile (acronym_term: "XQsdn software defined networking"). At every
// commit the index's synonym table gets the pairs of all its profiles, rebuilt
// from those terms (so a pair lives as long as one profile that states it, also
// after sync and deletes, and sharded indexes collect them from every shard):
//
//   key "software defined networking" -> value "Zsdn"     long form -> short form
//       Xapian's FLAG_AUTO_MULTIWORD_SYNONYMS then parses the three words as
//       (software AND defined AND networking) SYNONYM Zsdn; a long form with
//       stop words ("quality of experience") is also a key without them
//       ("quality experience"), as a query has it after dropping them
//       (vocabulary/stop_list.hpp)
//   key "XQsdn" -> value "software defined networking"   short form -> long form
//       synonym values must be single terms, so this key is one the query
//       parser never looks up: the searcher reads it itself and adds the phrase
//       (searcher/acronym_query.hpp)
//
// so a query for "SDN" finds a profile that only says "software-defined
// networking", and the other way round, whichever profile defined the pair.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "vocabulary/analyzer.hpp"

namespace cvsearch::analysis {

struct AcronymPair {
    std::string short_form;               ///< folded, one word of letters and digits ("sdn")
    std::vector<std::string> long_words;  ///< folded words ("software", "defined", "networking")
    bool operator==(const AcronymPair&) const = default;
};

/// The pairs defined in `text`, in order of appearance (duplicates kept).
/// A short form has 2 to 10 characters, at least two of them upper-case
/// letters, none but letters and digits; its long form is the shortest run of
/// the words just before the parenthesis (or inside it, for "SDN (...)") in
/// which the short form's letters and digits occur in order, its first letter
/// starting a word (Schwartz & Hearst), of 2 to min(|short| + 5, 2 |short|) words.
std::vector<AcronymPair> find_acronyms(std::string_view text);

/// The boolean term that says a profile defines `pair`; empty when it would
/// be longer than schema::max_term_bytes.
std::string acronym_term(const AcronymPair& pair);
/// The pair of an acronym_term; short_form empty when `term` is none.
AcronymPair parse_acronym_term(std::string_view term);

/// The synonym key under which the long forms of a short form are listed:
/// "XQ" + the stem of the short form ("XQsdn").
std::string acronym_key(std::string_view short_form_stem);

/// The synonym entries of the pairs in `sources` (every acronym_term of every
/// database), see the top of this file: (key, value) pairs, each once.
std::vector<std::pair<std::string, std::string>> acronym_synonyms(const std::vector<Xapian::Database>& sources,
                                                                  const Analyzer& analyzer);

/// Adds acronym_synonyms(sources) to `db`'s synonym table (the writers clear
/// the table and add the built-in synonyms first).
void add_acronym_synonyms(Xapian::WritableDatabase& db, const std::vector<Xapian::Database>& sources,
                          const Analyzer& analyzer);

}  // namespace cvsearch::analysis
