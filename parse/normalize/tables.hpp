// parse/normalize/tables.hpp — the compiled-in venue and institution tables,
// parsed once on first use (thread-safe static initialization).
#pragma once

#include <string>
#include <vector>

#include "parse/normalize/alias_table.hpp"
#include "parse/normalize/normalize.hpp"

namespace cvsearch::normalize {

struct VenueTable {
    std::vector<VenueInfo> entries;
    AliasTable aliases;
};

struct InstitutionTable {
    std::vector<InstitutionInfo> entries;
    AliasTable aliases;
};

/// data/venues.tsv: canonical, kind, area, full_name, aliases (|-separated).
const VenueTable& venue_table();
/// data/institutions.tsv: canonical, kind, country, aliases (|-separated).
const InstitutionTable& institution_table();

}  // namespace cvsearch::normalize
