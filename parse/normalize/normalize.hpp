// parse/normalize/normalize.hpp — canonical venue and institution names.
//
// The tables are data/venues.tsv and data/institutions.tsv, compiled into the
// library. Lookups are case-, accent- and punctuation-insensitive; venue lookup
// also strips years ("SOSP '23", "OSDI 2024"), ordinals ("29th"), "Proceedings of
// the", and finds acronyms in parentheses ("... Principles (SOSP)").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cvsearch/profile.hpp"

namespace cvsearch::normalize {

struct VenueInfo {
    std::string canonical;  ///< "SOSP"
    std::string kind;       ///< conference, journal, workshop, preprint, other
    std::string area;       ///< systems, ml, ...
    std::string full_name;
};

struct InstitutionInfo {
    std::string canonical;  ///< "University of Michigan"
    std::string kind;       ///< university, lab, company, institute, hospital, other
    std::string country;    ///< ISO 3166-1 alpha-2
};

/// The venue a raw string names, if the table knows it.
std::optional<VenueInfo> find_venue(std::string_view raw);
/// The institution a raw string names, if the table knows it.
std::optional<InstitutionInfo> find_institution(std::string_view raw);
/// Only a name the table lists as written (up to case, accents and punctuation),
/// as the whole text: no role, unit or location around it.
std::optional<InstitutionInfo> find_institution_as_written(std::string_view raw);

/// Canonical value or the cleaned raw text (never empty for non-empty input
/// that contains a letter or digit).
std::string venue_value(std::string_view raw);
std::string institution_value(std::string_view raw);

/// Fills Affiliation::institution and Publication::venue from their raw text
/// (keeping a value that is already set but canonicalizing it), and sets a
/// publication's kind from the venue's kind where the extractor left "other".
/// A status in place of a venue ("Preprint", "Under review", "Submitted") gives
/// no venue value, only the kind.
void normalize_profile(Profile& profile);

/// Sizes of the compiled-in tables (for `cvsearch stats` and tests).
std::size_t venue_count();
std::size_t institution_count();

}  // namespace cvsearch::normalize
