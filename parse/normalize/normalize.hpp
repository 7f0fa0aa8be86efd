// parse/normalize/normalize.hpp — canonical venue and institution names.
//
// The tables are data/venues.tsv and data/institutions.tsv (hand-written), then the
// registry tables of data/registry/ (ROR, JabRef, CCF, ACL, IEEE; registry.hpp), all
// compiled into the library. The hand tables win: the registries are consulted only
// for what they do not know, and only where the whole text, or a part of it between
// commas, brackets or spaced dashes, is a registry name (a one-word name must be
// capitalized as written, an acronym written as one). An acronym naming several
// organizations is resolved from the CV's context (normalize_profile) or left as written. Lookups are case-, accent- and punctuation-insensitive; venue lookup
// also strips years ("SOSP '23", "OSDI 2024"), ordinals ("29th"), "Proceedings of
// the", and finds acronyms in parentheses ("... Principles (SOSP)").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cvsearch/profile.hpp"

namespace cvsearch::normalize {

struct RegistryContext;

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
/// The same, resolving a registry acronym that names several organizations ("CEA",
/// "UCL") from `context` (the CV's e-mail domains and affiliation text) when given.
std::optional<InstitutionInfo> find_institution(std::string_view raw, const RegistryContext* context);
/// Only the hand-written table (data/institutions.tsv), no registry: for choices that
/// trust a curated name more than the CV's own words ("Long Name (ACRONYM)" -> ACRONYM).
std::optional<InstitutionInfo> find_in_hand_table(std::string_view raw);
/// Only a name the table lists as written (up to case, accents and punctuation),
/// as the whole text: no role, unit or location around it.
std::optional<InstitutionInfo> find_institution_as_written(std::string_view raw);

/// True for a comma-separated part of an organization's name that goes on with the
/// part before it: it starts with a lower-case joining word ("d'Informatique et de
/// Toulouse", "of Science"), so the comma is inside the name. Not a conjunction:
/// "Ann Lee, and Bo Chen" is two people.
bool continues_a_name(std::string_view part);

/// Canonical value or the cleaned raw text (never empty for non-empty input
/// that contains a letter or digit).
std::string venue_value(std::string_view raw);
std::string institution_value(std::string_view raw);
std::string institution_value(std::string_view raw, const RegistryContext* context);

/// Fills Affiliation::institution and Publication::venue from their raw text
/// (keeping a value that is already set but canonicalizing it; the raw text stays
/// as the CV wrote it), with the profile's e-mail domains, homepage and affiliation
/// lines as the context for ambiguous acronyms, and sets a
/// publication's kind from the venue's kind where the extractor left "other".
/// A status in place of a venue ("Preprint", "Under review", "Submitted") gives
/// no venue value, only the kind.
void normalize_profile(Profile& profile);

/// Sizes of the compiled-in tables (for `cvsearch stats` and tests).
std::size_t venue_count();
std::size_t institution_count();

}  // namespace cvsearch::normalize
