// parse/extract/pub_venue.hpp — venue, status and kind of a bibliography entry (internal).
#pragma once

#include <string>
#include <string_view>

#include "cvsearch/profile.hpp"

namespace cvsearch::extract {

/// The venue at the start of `rest` (the entry text after title and authors):
/// "In Proceedings of the ... (SC '24), Atlanta, 2024. Best Paper" ->
/// "Proceedings of the ... (SC '24)"; "IEEE TPDS 31(8), 2020" -> "IEEE TPDS 31(8)".
/// Stops at a date, a place, pages or volume, a note ("Best Paper Award").
std::string venue_from_rest(std::string_view rest);

/// "Atmos. Chem. Phys.", "J. Mol. Struct. 1034", "IEEE Trans. Inf. Theory": a journal's name
/// in ISO 4 abbreviations, up to the first comma, bracket or number. Every word capitalized
/// (bar "and", "of", "&"), the first cut short or an acronym, at least two cut short with a
/// dot and one of those of three or more letters ("B. C. D." are initials).
bool abbreviated_journal_name(std::string_view s);

/// "A & A, Volume 617, id.L7", "Phys. Rev. E 104, 024301": a venue the tables know, then
/// where in it the paper is (a number). A paper's title seldom starts so.
bool names_venue_with_locator(std::string_view line);

/// "Under review", "submitted", "in preparation", "[在投]": not (yet) published.
bool mentions_submission(std::string_view s);

/// A venue that names no venue: "Preprint", "Working paper", "Manuscript".
bool is_placeholder_venue(std::string_view venue);

/// The kind the venue's own words say ("... Workshop ..." -> workshop,
/// "arXiv" -> preprint, "Transactions" -> journal), or other.
PublicationKind kind_from_words(std::string_view venue);

/// The kind a publication (sub)section heading implies: "Journal Articles" ->
/// journal, "Refereed Conference Papers" -> conference, "Patents" -> patent.
PublicationKind kind_from_heading(std::string_view heading);

/// Removes URLs, DOIs and "[pdf]"-style link labels.
std::string strip_links_and_ids(std::string_view s);

}  // namespace cvsearch::extract
