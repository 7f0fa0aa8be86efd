// vocabulary/pair_terms.hpp — two-word terms, so that a phrase of common words is
// one posting list instead of a position check in every document that has
// both words (the "common grams" of other engines).
//
// A phrase query checks the positions of every document holding all its words:
// "memory systems" over 100,000 generated profiles checks 39,538 documents for
// 5,718 matches (18 ms, against Lucene's 7). Only phrases of COMMON words have
// that many candidates, so an index picks a list of common words when it is
// built (PairWordCounter over a sample of the profiles), keeps it in its
// metadata (schema::meta_pair_words) for its whole life, and every document
// gets a boolean term "XP<a> <b>" for each two adjacent words a, b that are both
// on the list (add_pair_terms). The searcher then answers a phrase with such a
// pair as a filter on that term (searcher/pair_query.hpp): same matches, same
// scores, no positions read for two-word phrases.
//
// Exactness rests on one rule: an index's list never changes while it has
// documents (incremental runs use the list in the metadata; a full rebuild
// starts a new index and may choose another), and an index without the
// metadata key has no pair terms at all.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <xapian.h>

namespace cvsearch::indexing {

/// The common words of one index (folded, unstemmed, unprefixed terms).
class PairWords {
  public:
    PairWords() = default;
    explicit PairWords(std::vector<std::string> words);

    /// From / to the metadata value: the words, one per line.
    static PairWords from_metadata(std::string_view value);
    std::string to_metadata() const;

    bool empty() const noexcept { return words_.empty(); }
    bool contains(std::string_view word) const { return set_.count(std::string(word)) > 0; }
    /// Sorted, without duplicates.
    const std::vector<std::string>& words() const noexcept { return words_; }

  private:
    std::vector<std::string> words_;
    std::unordered_set<std::string> set_;
};

/// The pair term of `a` directly followed by `b` ("XPmemory systems"), or
/// nothing when it would be longer than a term may be (then no document has it
/// and no query uses it).
std::optional<std::string> pair_term(std::string_view a, std::string_view b);

/// Adds the pair term of every two words of `words` at adjacent positions of
/// `doc`'s unprefixed terms, as boolean terms (wdf 0: document lengths and
/// scores do not change).
void add_pair_terms(Xapian::Document& doc, const PairWords& words);

/// Chooses an index's pair words from sample documents: the unprefixed words
/// with positions that at least `min_share` of the documents hold (and at least
/// two), the `max_words` most frequent of them; not numbers ("2019", "10.1145"),
/// which phrase queries rarely hold.
class PairWordCounter {
  public:
    // A phrase left to positions checks at most as many documents as its rarer
    // word has: under 10% of the index. 10% rather than 20% lists the words
    // of "deep learning" (2.2 -> 1.6 ms at 10,000 generated profiles) for 168
    // instead of 114 pair terms per profile (+9% index instead of +6%).
    static constexpr double default_min_share = 0.1;
    static constexpr std::size_t default_max_words = 500;

    void add(const Xapian::Document& doc);
    std::size_t documents() const noexcept { return documents_; }
    PairWords choose(double min_share = default_min_share, std::size_t max_words = default_max_words) const;

  private:
    std::unordered_map<std::string, std::size_t> df_;
    std::size_t documents_ = 0;
};

}  // namespace cvsearch::indexing
