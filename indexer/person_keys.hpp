// indexer/person_keys.hpp — keeping the person slots of an index up to date
// (vocabulary/schema.hpp: person, person_files).
//
// Grouping needs more than one document: a file's person key depends on the
// other files of the same name. The writer notes the names its changes touch
// (the name a replaced or removed document had, and the new document's), and at
// commit apply() looks up the documents of those names (those with all of the
// name's words as XN terms, checked against the indexed name), groups them
// (indexer/person_groups.hpp) and rewrites the values of only the documents
// whose key or file list changed: the values alone, so Xapian leaves their
// terms and positions as they are. A new generation, and the first commit of
// this version to an index written before persons existed, group every
// document (regroup_all()): one pass over the indexed names, then the stored
// profiles of the names that more than one document has.
//
// The groups stay inside one database: in a sharded index (files routed by
// id) two files of one person on different shards are not grouped.
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <string_view>

#include <xapian.h>

namespace cvsearch::indexing {

class PersonKeys {
  public:
    /// The document with this id term is about to be replaced or deleted: its
    /// name's group must be looked at again. Nothing happens for an unknown term.
    void note_replaced(const Xapian::Database& db, const std::string& id_term);
    /// A document with this name is being written.
    void note_name(std::string_view name);
    /// The next apply() looks at every document.
    void regroup_all() noexcept { all_ = true; }
    bool pending() const noexcept { return all_ || !names_.empty(); }

    /// Writes the person slots of the documents of the noted names (or of
    /// every document), then forgets the notes. Returns how many documents
    /// were rewritten.
    std::size_t apply(Xapian::WritableDatabase& db);

  private:
    std::set<std::string> names_;  ///< person_name_key()s
    bool all_ = false;
};

/// The name a document was indexed with (its hit_display value, else its
/// stored profile).
std::string indexed_name(const Xapian::Document& doc);

}  // namespace cvsearch::indexing
