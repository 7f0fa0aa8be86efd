// indexer/phrase_cover.hpp — which texts of a document need no positions of
// their own.
//
// A profile's structured fields (name, titles, authors, venues, ...) are
// indexed unprefixed next to the section texts they were extracted from. A
// phrase or NEAR query matches inside one text only (texts are
// schema::position_gap apart), so a field whose whole term sequence also
// occurs, in the same order and without a gap, in a section text cannot add a
// phrase match: it can be indexed without positions, with the same terms and
// wdf, hence the same scores. "The same sequence" is what a phrase query
// compares: the sections' terms as Xapian's TermGenerator made them, and the
// field's words from Analyzer::tokenize, which are Xapian's words wherever
// the text has none of the characters Xapian treats specially (+ # & ' and
// . or , inside a word: "C++", "AT&T", "U.S.", "1,000"); such a field is run
// through a TermGenerator instead.
//
// The test is linear in the size of a document: reset() lists each covering
// word's positions once, and covers() tries only the positions of the field's
// rarest word, at most max_anchor_tries of them. A field whose rarest word is
// that common answers false (it keeps its positions: a bigger index, the same
// matches), so no CV can make indexing quadratic (a 16 MB CV took 300 s when
// every field scanned the whole sequence).
//
// Not thread-safe (owns a TermGenerator); one per DocumentBuilder.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <xapian.h>

#include "vocabulary/analyzer.hpp"

namespace cvsearch::indexing {

class PhraseCover {
  public:
    explicit PhraseCover(const analysis::Analyzer& analyzer);

    /// Takes the positional terms already in `doc` (its section texts, indexed
    /// before any field) as the texts that cover.
    void reset(const Xapian::Document& doc);

    /// True if the words of `text`, as Analyzer::index_text would index them,
    /// occur consecutively, in order, in a covering text (and are found within
    /// max_anchor_tries places of the rarest of them; false means "keep positions").
    bool covers(std::string_view text);

    /// How many occurrences of a field's rarest word covers() compares at most.
    static constexpr std::size_t max_anchor_tries = 256;

  private:
    /// The id of each word of `text` in order; false if one is in no covering text.
    bool ids_of(std::string_view text, std::vector<std::int32_t>& out);

    analysis::Analyzer analyzer_;  ///< a copy, not a reference: a DocumentBuilder (and its cover) is moved
    Xapian::TermGenerator scratch_;
    std::unordered_map<std::string, std::int32_t> ids_;  ///< covering terms -> small ids
    std::vector<std::int32_t> sequence_;                 ///< position -> term id; -1 where none
    std::vector<std::uint32_t> first_at_;                ///< term id -> its first entry in at_ (one extra at the end)
    std::vector<std::uint32_t> at_;                      ///< the positions of term 0, then term 1, ..., each ascending
    std::vector<std::int32_t> wanted_;                   ///< scratch for covers()
};

}  // namespace cvsearch::indexing
