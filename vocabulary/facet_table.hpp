// vocabulary/facet_table.hpp — the local fast path for facet counts.
//
// Counting with one ValueCountMatchSpy per slot (searcher/facets.hpp) reads
// every facet slot of every matching document: tens of value reads per match.
// For a LOCAL index we instead read the facet slots once per database revision
// into memory (a dictionary of values, and per docid one row with the ids of
// all its values, facet after facet: CSR layout, one or two cache lines per
// document). A trivial match spy (or a walk of the posting lists) collects the
// matching docids; one pass over their rows counts the facets asked for. The
// counts are identical to the spies' (same slots, same values, every match seen
// because the match runs with check_at_least = doccount); a test compares the
// two on every query of a table.
//
// Two shortcuts keep a query that matches most of a large index cheap: a facet
// counted alone (the year counts of a query filtered by year) counts only its
// part of each row, and when more documents match than not, the table counts the
// documents that do NOT match and subtracts them from the counts over every
// document (kept with the table).
//
// The same table holds each document's prior (the prior slot, unserialised),
// for PriorTableSource (searcher/ranking.hpp): ValueWeightPostingSource read
// the slot for every match, a fifth of a query's time.
//
// A writer saves the table beside the database it commits (save_for(), the file
// cvsearch-facets in the database's directory, tagged with the database's UUID
// and revision), so a reader loads it in milliseconds instead of building it
// (3.2 s at 1,000,000 profiles): load() takes it only when the tag is the
// database's current one and the file reads back whole, else the reader builds.
//
// Remote or multi-database indexes keep the spy path and the stock posting
// source: custom classes would need registering in xapian-tcpsrv.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <xapian.h>

#include "cvsearch/searcher.hpp"
#include "vocabulary/facet_ties.hpp"
#include "vocabulary/person_table.hpp"

namespace cvsearch::search {

class FacetTable {
  public:
    /// The facets a row holds, in this order: institution, affiliation, venue, year.
    static constexpr std::size_t facet_count = 4;

    /// Reads the facet slots of `db` (a single local database). Value ids are
    /// kept 16 bits wide while there are at most `narrow_values` values (tests
    /// pass 0 to have them 32 bits wide).
    static std::shared_ptr<const FacetTable> build(const Xapian::Database& db, std::size_t narrow_values = std::size_t{1} << 16);

    /// True when the table was built from this database at its current
    /// revision. The UUID matters: two generations of one index (a --full
    /// swap) often end at the same revision number.
    bool built_from(const Xapian::Database& db) const { return db.get_revision() == revision_ && db.get_uuid() == uuid_; }

    /// How often each value occurs among some documents.
    class Counts {
      public:
        /// The `limit` most frequent values of `facet`, count descending, ties
        /// in the order of vocabulary/facet_ties.hpp (as FacetCounter::top).
        std::vector<FacetValue> top(Facet facet, std::size_t limit, const FacetTies& ties = FacetTies()) const;
        /// Number of distinct values of `facet`.
        std::size_t distinct(Facet facet) const;
        /// Adds `other`'s counts (of the same table: another set of documents).
        /// A person with files in both counts each of its values once.
        Counts& operator+=(const Counts& other);

      private:
        friend class FacetTable;
        const FacetTable* table_ = nullptr;
        std::vector<std::uint32_t> n_;  ///< value id -> count
        /// Per person with files among the documents counted (by person):
        /// the value ids counted for it, once each (sorted).
        std::vector<std::pair<PersonTable::Person, std::vector<std::uint32_t>>> persons_;
    };
    /// Every value of `facet` with its count over all documents (no order):
    /// what a count-only match over the whole index would give, without one.
    std::vector<FacetValue> totals(Facet facet) const;
    /// Counts the values of `facets` among `docids` (ascending, no
    /// duplicates, as a match yields them); the other facets count nothing.
    /// With `persons`, the files of one person count as one document holding
    /// the values of all of them: a value counts once per person.
    /// `mergeable`: the counts will be added to those of other documents
    /// (Counts::operator+=), so they keep what each person counted (else a
    /// person with files on both sides counts twice).
    Counts count(const std::vector<Xapian::docid>& docids, const std::vector<Facet>& facets = all_facets(),
                 const PersonTable* persons = nullptr, bool mergeable = false) const;

    /// The prior of `did`, exactly as ValueWeightPostingSource weighs it
    /// (sortable_unserialise of the prior slot); NaN when the document has no
    /// prior (no such document, or an empty slot).
    double prior(Xapian::docid did) const noexcept {
        return did < priors_.size() ? priors_[did] : std::numeric_limits<double>::quiet_NaN();
    }
    /// The value id at position `i` of the ids (16 or 32 bits wide).
    std::uint32_t id_at(std::size_t i) const noexcept { return ids32_.empty() ? ids16_[i] : ids32_[i]; }
    /// The highest docid prior() may know.
    Xapian::docid last_docid() const noexcept { return priors_.empty() ? 0 : static_cast<Xapian::docid>(priors_.size() - 1); }

    /// True when `db_path` names a single local database (a glass directory, or a
    /// stub with one local line), where the table can be used.
    static bool is_local(const std::filesystem::path& db_path) { return local_directory(db_path).has_value(); }
    /// The directory of the single local database `db_path` names: itself, or
    /// the one line of its stub file (XAPIANDB in it, or the file itself);
    /// nullopt for anything else (remote or several databases, no database).
    static std::optional<std::filesystem::path> local_directory(const std::filesystem::path& db_path);

    /// The name of the saved table in a database's directory.
    static constexpr const char* file_name = "cvsearch-facets";
    /// Writes the table to `file`, whole or not at all (a temporary file
    /// renamed over it). Throws std::system_error when the file cannot be written.
    void save(const std::filesystem::path& file) const;
    /// Builds the table of the local database in `dir` at its latest revision
    /// and saves it there (file_name), for readers to load. What a writer calls
    /// after each commit. Throws Xapian::Error, std::system_error.
    static void save_for(const std::filesystem::path& dir);
    /// The table saved in `file` when it was built from `db` at db's current
    /// revision (same UUID) and reads back whole (structure and checksum);
    /// otherwise null: missing, stale, damaged or of another format, and the
    /// caller builds instead.
    static std::shared_ptr<const FacetTable> load(const std::filesystem::path& file, const Xapian::Database& db);
    /// True when the table came from load() rather than build().
    bool loaded() const noexcept { return loaded_; }

  private:
    friend struct FacetTableFile;  // vocabulary/facet_table_file.cpp: the file format
    Xapian::rev revision_ = 0;
    std::string uuid_;
    bool loaded_ = false;
    /// Adds the counts of the values of each of `docids` (ascending or not)
    /// of the facets in `mask` (bit i: facet index i) to `n`; `ids` is ids16_
    /// or ids32_.
    template <class Id>
    void add_each(const std::vector<Id>& ids, const std::vector<Xapian::docid>& docids, unsigned mask,
                  std::uint32_t* n) const noexcept;
    /// The documents NOT in `docids` (ascending, no duplicates).
    std::vector<Xapian::docid> others(const std::vector<Xapian::docid>& docids) const;
    /// count() with every file a document of its own.
    Counts count_files(const std::vector<Xapian::docid>& docids, const std::vector<Facet>& facets) const;
    /// Appends the value ids of `d`'s facets in `mask` to `out`.
    void row_ids(Xapian::docid d, unsigned mask, std::vector<std::uint32_t>& out) const;
    /// Takes back from `counts` what the files of one person among `docids`
    /// counted more than once.
    void once_per_person(Counts& counts, const std::vector<Xapian::docid>& docids, unsigned mask,
                         const PersonTable& persons, bool mergeable) const;

    std::vector<std::string> values_;     ///< value id -> display value; each facet's ids are one range
    std::uint32_t facet_begin_[facet_count + 1] = {};  ///< facet index -> its first value id (and the end of the last)
    std::vector<std::uint32_t> rows_;     ///< docid -> first index into the ids (size lastdocid + 2)
    /// Value ids, grouped by docid, within a row facet after facet: 16 bits
    /// wide while there are at most 65,536 values (counting mostly waits for
    /// memory: 18 -> 11 ms for 340,000 of 1,000,000 profiles), else 32; the
    /// other vector is empty.
    std::vector<std::uint16_t> ids16_;
    std::vector<std::uint32_t> ids32_;
    /// docid -> where the ids of its second, third and fourth facet start,
    /// from the start of its row (a document has at most one value per slot:
    /// tens per facet).
    using Split = std::array<std::uint8_t, facet_count - 1>;
    std::vector<Split> splits_;
    std::vector<std::uint32_t> totals_;   ///< value id -> count over every document
    std::vector<double> priors_;          ///< docid -> prior; NaN: none
};

/// The facet tables of one Searcher, shared by its contexts: built on first use
/// for each database and revision (the two latest are kept, for contexts that have not
/// reopened yet). Thread-safe.
class FacetTableCache {
  public:
    /// The table for `db`'s revision; null when `db_path` is not a single local
    /// database (then count with match spies).
    std::shared_ptr<const FacetTable> get(const std::filesystem::path& db_path, const Xapian::Database& db);
    /// The table for `db`'s revision if one is already built; never builds
    /// (for requests that only profit from it: the prior of a plain query).
    std::shared_ptr<const FacetTable> peek(const Xapian::Database& db);
    /// True when `db_path` is a single local database (asked once, then remembered).
    bool local(const std::filesystem::path& db_path);

  private:
    /// The table built from `db` at its revision, or null; mutex_ held.
    std::shared_ptr<const FacetTable> find_locked(const Xapian::Database& db) const;

    std::mutex mutex_;
    int local_ = -1;  // unknown, 0, 1
    std::vector<std::shared_ptr<const FacetTable>> tables_;
};

/// A match spy that only records the matching docids (local use only).
class DocidCollector : public Xapian::MatchSpy {
  public:
    void operator()(const Xapian::Document& doc, double) override { docids.push_back(doc.get_docid()); }
    std::vector<Xapian::docid> docids;
};

}  // namespace cvsearch::search
