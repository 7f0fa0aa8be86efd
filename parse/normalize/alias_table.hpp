// parse/normalize/alias_table.hpp — find a known entity named inside free text.
//
// An AliasTable maps folded alias keys (text::fold_key; a lone "&" reads as "and",
// so "Dynamics & Control" is "Dynamics and Control") to entry indexes. find()
// looks for the longest alias that occurs in the text as a whole-word sequence.
// Single-word aliases are trusted anywhere only when they look like acronyms in
// the original text ("SOSP", "NeurIPS", "KAIST"); other single words ("Nature",
// "Michigan") must be the whole text, so "Journal of Computer Science" is not
// the journal Science.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace cvsearch::normalize {

class AliasTable {
  public:
    /// Registers `alias` (any spelling) for entry `index`. Returns false if the
    /// alias already names a different entry (the first one is kept).
    bool add(std::string_view alias, std::size_t index);

    /// The entry whose alias covers the most words of `text`, if any.
    std::optional<std::size_t> find(std::string_view text) const;

    /// Where find() found its alias: the entry, and the words of `text` (as text::words
    /// counts them) the alias covers, `first` to `first + count`.
    struct Match {
        std::size_t index = 0;
        std::size_t first = 0;
        std::size_t count = 0;
    };
    std::optional<Match> find_match(std::string_view text) const;
    /// The entry `text` names as a whole ("Ant Group"; not "Intern, Ant Group").
    std::optional<std::size_t> find_whole(std::string_view text) const;

    std::size_t size() const { return keys_.size(); }

  private:
    std::unordered_map<std::string, std::size_t> keys_;
    std::unordered_set<std::string> first_words_;  // the first word of each key of two or more words
    std::size_t max_words_ = 1;
};

/// True if a word looks like an acronym as written: at least two upper-case
/// letters, or one upper-case letter after a lower-case one ("NeurIPS", "EuroSys",
/// "UMich"), and no more than one hyphen.
bool looks_like_acronym(std::string_view word);

}  // namespace cvsearch::normalize
