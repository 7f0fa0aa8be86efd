// vocabulary/person_table.hpp — which documents of a local index are files of
// one person (the person slot, vocabulary/schema.hpp), for counting a person
// once.
//
// Xapian's collapse (Enquire::set_collapse_key on the person slot) keeps one
// hit per person, but the searcher's exact totals and facet counts come from
// lists of matching docids (searcher/boolean_match.hpp, the facet table), which
// hold every file. The table lists the documents that have a person key, with
// a small number per person, read from the slot's value stream (only the
// grouped documents are read), so a list of matches is turned into a count of
// persons in O(min(matches, grouped documents x log matches)). Built per
// database revision; empty for an index without persons.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <xapian.h>

namespace cvsearch::search {

class PersonTable {
  public:
    using Person = std::uint32_t;
    /// A matching document that is one of the files of a person.
    using Grouped = std::pair<Xapian::docid, Person>;

    /// Reads the person slot of `db` (a local database: over a remote one the
    /// value stream reads every document).
    static std::shared_ptr<const PersonTable> build(const Xapian::Database& db);

    bool empty() const noexcept { return docs_.empty(); }
    /// The person of `did`, or nullopt for a file that is its person's only one.
    std::optional<Person> person_of(Xapian::docid did) const;
    /// The grouped documents among `docids` (ascending), by person.
    std::vector<Grouped> grouped_in(const std::vector<Xapian::docid>& docids) const;
    /// The number of persons among `docids` (ascending, no duplicates): every
    /// file alone counts 1, every person with files among them 1.
    std::size_t persons_in(const std::vector<Xapian::docid>& docids) const;

    /// The persons with files among some documents.
    struct Matched {
        std::vector<Person> persons;  ///< ascending
        std::size_t files = 0;        ///< their files among the documents
        /// Files beyond the first of each person: what one hit per person drops.
        std::size_t extra() const noexcept { return files - persons.size(); }
    };
    Matched matched(const std::vector<Xapian::docid>& docids) const;

  private:
    std::vector<Grouped> docs_;       ///< by docid
    std::vector<Grouped> by_person_;  ///< the same, by person then docid
    /// docid -> person + 1, 0 for a file alone (4 bytes per document, only in
    /// an index with persons).
    std::vector<Person> by_doc_;
};

}  // namespace cvsearch::search
