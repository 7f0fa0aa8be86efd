// indexer/spelling_counter.hpp — the spelling table's word counts, kept in
// memory and added to the database in one go.
//
// With FLAG_SPELLING, Xapian's TermGenerator calls add_spelling() for every
// word it indexes without a prefix, once per occurrence: a lookup in the
// ordered map of the batch's changed words, and for a word that is new to the
// batch a lookup in the spelling B-tree. That is about a tenth of a build's
// CPU (bench/README.md, seventh round).
//
// A SpellingCounter is a Xapian::Stopper that never stops a word. Under
// STOP_STEMMED the TermGenerator asks its stopper about every word it indexes
// (words over its length limit aside, which it drops before both), prefixed or
// not, before it decides whether to stem it. While `count(true)` is on, the
// counter counts the words add_spelling() would count (the spelling table
// ignores words of one byte) in a hash table; add_to() then adds each word's
// count once. The spelling table ends up the same (tests/indexer/
// test_spelling_counter.cpp compares it with FLAG_SPELLING's).
//
// Whoever indexes with it switches counting on for the texts indexed without
// a prefix and off for the others (DocumentBuilder does).
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>

#include <xapian.h>

namespace cvsearch::indexing {

class SpellingCounter : public Xapian::Stopper {
  public:
    /// Never stops a word; counts it while counting is on.
    bool operator()(const std::string& word) const override;

    /// Counts the words the TermGenerator indexes from now on (true), or not.
    void count(bool on) noexcept { counting_ = on; }

    /// Adds every counted word to `db`'s spelling table with its count, and
    /// forgets them.
    void add_to(Xapian::WritableDatabase& db);

    /// How many distinct words are waiting for add_to().
    std::size_t pending() const noexcept { return counts_.size(); }

  private:
    mutable std::unordered_map<std::string, Xapian::termcount> counts_;
    bool counting_ = false;
};

}  // namespace cvsearch::indexing
