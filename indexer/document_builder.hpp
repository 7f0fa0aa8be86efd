// indexer/document_builder.hpp — one Profile -> one Xapian::Document, following
// vocabulary/schema.hpp to the letter (terms, facet terms and slots, sortable
// values, the static prior, and the profile JSON as document data).
//
// Not thread-safe (owns an Analyzer and a TermGenerator); one per writer.
#pragma once

#include <utility>

#include <xapian.h>

#include "cvsearch/profile.hpp"
#include "vocabulary/analyzer.hpp"
#include "vocabulary/pair_terms.hpp"
#include "indexer/phrase_cover.hpp"
#include "indexer/spelling_counter.hpp"

namespace cvsearch::indexing {

class DocumentBuilder {
  public:
    /// `reference_year` is "now" for the recency part of the prior.
    explicit DocumentBuilder(int reference_year);

    /// Adds the unprefixed words of every built document to `db`'s spelling
    /// table, each occurrence as it is indexed (Xapian's FLAG_SPELLING). Words
    /// counted by count_spelling() and not added yet are dropped.
    void set_spelling_database(const Xapian::WritableDatabase& db);
    /// Instead, counts those words in memory from now on, until
    /// add_counted_spelling() adds them (indexer/spelling_counter.hpp): the
    /// same spelling table, for less work, when documents go into a database
    /// in batches that are committed together.
    void count_spelling();
    /// Adds the words counted since the last call to `db`'s spelling table.
    void add_counted_spelling(Xapian::WritableDatabase& db);

    /// Every document built from now on gets the pair terms of these words
    /// (vocabulary/pair_terms.hpp); none by default.
    void set_pair_words(PairWords words) { pair_words_ = std::move(words); }
    const PairWords& pair_words() const noexcept { return pair_words_; }

    /// Builds the document of a normalized profile. The id must not be empty.
    Xapian::Document build(const Profile& profile);

    /// The static rank prior in [0, 1]: 0.6 x publication evidence (log-scaled,
    /// saturating at 40 publications) + 0.4 x recency (1 for a publication in
    /// `reference_year`, falling linearly to 0 over 15 years). See docs/ranking.md.
    static double prior(const Profile& profile, int reference_year);

    /// The current calendar year (UTC), for reference_year.
    static int current_year();

  private:
    /// Indexes `text` with the TermGenerator (Analyzer::index_text), its words
    /// counted for spelling when it has no prefix.
    void index_text(Xapian::Document& doc, std::string_view text, unsigned wdf, std::string_view prefix,
                    bool with_positions = true);

    analysis::Analyzer analyzer_;
    Xapian::TermGenerator generator_;
    SpellingCounter* counter_ = nullptr;  ///< after count_spelling(); generator_ owns it
    PhraseCover cover_;
    PairWords pair_words_;
    int reference_year_;
};

}  // namespace cvsearch::indexing
