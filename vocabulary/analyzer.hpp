// vocabulary/analyzer.hpp — how text becomes terms, on the index side AND the
// query side (one object configures both, PISA-style, so they cannot drift).
//
// Rules, in order:
//  1. Words are runs of Xapian word characters (Xapian::Unicode::is_wordchar).
//  2. Every word is folded with text::fold: Unicode case folding and accents
//     stripped ("Kostić" -> "kostic", "Zürich" -> "zurich", "Straße" -> "strasse").
//  3. Hyphens and apostrophes between two words join them into a *compound*
//     ("Jae-Won", "O'Reilly", "fault-tolerant"). A compound is indexed as its parts
//     at consecutive positions (so the phrase "jae won" matches) plus the joined
//     form without positions ("jaewon"), so "Jae-Won", "Jae Won" and "Jaewon" all
//     find "Jae-Won". With three or four parts, every run of two or more parts
//     is joined too ("O'Donnell-Hayes" -> odonnellhayes, odonnell, donnellhayes).
//     Numbers are not joined ("2019-2021" stays two words).
//  4. A trailing possessive "'s" / "’s" is dropped ("O'Reilly's" -> o, reilly, oreilly).
//  5. English stemming (Snowball "english"); Xapian adds "Z"+prefix+stem terms
//     next to the unstemmed words (STEM_SOME), the query parser stems every
//     folded (hence lower-case) query word the same way.
//  6. Synonym concepts (vocabulary/synonyms.hpp): where a form of data/synonyms.tsv
//     occurs in unprefixed text, its concept term is added too.
//
// The TermGenerator and QueryParser see prepare()d text (rules 1-4 applied,
// everything else untouched), so Xapian's own tokenizer does the rest the same
// way on both sides. tokenize() gives the same words with byte offsets into the
// ORIGINAL text, for the highlighter.
//
// Not thread-safe (it owns a Xapian::Stem): give each thread its own Analyzer.
// Construction is cheap.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "vocabulary/synonyms.hpp"

namespace cvsearch::analysis {

/// A word of a text, with its place in the original bytes.
struct Token {
    std::size_t begin = 0;  ///< byte offset of the first byte
    std::size_t end = 0;    ///< byte offset one past the last byte
    std::string term;       ///< folded word ("zurich"), or joined compound ("jaewon")
    bool compound = false;  ///< the joined form of a compound; spans all its parts
};

/// A synonym concept found in a text.
struct ConceptMatch {
    std::size_t begin = 0;  ///< byte offsets in the original text
    std::size_t end = 0;
    std::string term;       ///< "XCml"
};

class Analyzer {
  public:
    Analyzer();
    explicit Analyzer(const SynonymTable& synonyms);

    /// The words of `text` in order: each part of a compound, then (if it has
    /// several parts) the whole compound joined, then its shorter joined runs.
    /// Offsets refer to `text`.
    std::vector<Token> tokenize(std::string_view text) const;

    /// `text` with every word folded, compound joiners turned into '-' and
    /// possessives dropped; everything else (spaces, punctuation, operators) is
    /// kept byte for byte. "O'Reilly's Zürich-Lab" -> "o-reilly zurich-lab".
    std::string prepare(std::string_view text) const;

    /// The English stem of a folded word ("tolerance" -> "toler").
    std::string stem(std::string_view folded_word) const;

    /// The synonym concepts occurring in `text` (unprefixed indexing only).
    std::vector<ConceptMatch> concepts(std::string_view text) const;
    std::vector<ConceptMatch> concepts(const std::vector<Token>& tokens) const;

    /// Indexes `text` into the TermGenerator's current document with `wdf` per
    /// occurrence under `prefix` ("" = unprefixed): the prepared text, the joined
    /// compounds, and for unprefixed text the synonym concepts. Leaves a position
    /// gap afterwards so that phrases never span two texts. Without positions
    /// the terms, wdf and document length are the same, so are the scores;
    /// only phrase and NEAR queries cannot match there.
    void index_text(Xapian::TermGenerator& generator, Xapian::Document& doc, std::string_view text, unsigned wdf,
                    std::string_view prefix, bool with_positions = true) const;

    /// Adds one folded word without position: the word and "Z"+prefix+stem.
    void add_word(Xapian::Document& doc, std::string_view folded_word, unsigned wdf, std::string_view prefix) const;

    /// Configures a TermGenerator: stemmer and stemming strategy.
    void configure(Xapian::TermGenerator& generator) const;
    /// Configures a QueryParser: stemmer, STEM_SOME, default operator AND.
    void configure(Xapian::QueryParser& parser) const;

    const SynonymTable& synonyms() const noexcept { return *synonyms_; }

  private:
    const SynonymTable* synonyms_;
    mutable Xapian::Stem stemmer_;
};

}  // namespace cvsearch::analysis
