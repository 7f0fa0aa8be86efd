// searcher/acronym_query.hpp — a query word that is an acronym some profile
// defines also finds its long form.
//
// The index's synonym table lists, under "XQ" + the short form's stem, every
// long form its profiles define for it (vocabulary/acronyms.hpp). Each plain
// word of the parsed query (a top-level clause: a stemmed word, or the
// OP_SYNONYM the parser made of it and its built-in synonyms) with such long
// forms becomes
//
//   Zsdn SYNONYM PHRASE(software, defined, networking) [SYNONYM ...]
//
// so "SDN" finds a profile that only says "software-defined networking", and
// OP_SYNONYM weighs the forms as one term (a profile saying both is not
// counted twice). The other direction, a long form in the query, needs no
// help: the same table maps "software defined networking" to Zsdn, and the
// query parser's FLAG_AUTO_MULTIWORD_SYNONYMS applies it.
#pragma once

#include <xapian.h>

namespace cvsearch::search {

/// At most this many long forms are added per word (the first in the table's order).
inline constexpr unsigned max_long_forms = 8;

/// `query` with the long forms of its acronym words added; unchanged when it
/// has none. `dictionary`: the database holding the synonym table.
Xapian::Query expand_acronyms(const Xapian::Query& query, const Xapian::Database& dictionary);

}  // namespace cvsearch::search
