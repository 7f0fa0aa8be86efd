// parse/extract/publications.hpp — bibliography entries to Publications (internal).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cvsearch/profile.hpp"
#include "parse/extract/sections.hpp"

namespace cvsearch::extract {

/// The publications of a publications section. Entries start at list markers
/// ("- ", "1.", "[C3]") or blank lines and may span several lines. `italics`:
/// the texts the page sets in italics (TextDocument::italics), where a venue may be
/// told from a title in "Authors, Title, <i>Journal</i>, 12, 2026".
std::vector<Publication> extract_publications(const Block& block, const std::vector<std::string>& italics = {});

/// Publication-like entries of a section that is not a publication list (a web
/// page without headings): only entries with a clear venue tag and year
/// ("[SOSP '23] Title") or a quoted title, an author list and a year.
std::vector<Publication> extract_stray_publications(const Block& block);

/// Lists under "Publications from this period:" inside an experience or project entry.
std::vector<Publication> embedded_publications(const Block& block);

/// Full citations written inside experience text ("Doe, Roe, and Poe. Title, 2018,
/// arXiv:1807.04575."): a line that opens with an author list of two or more names
/// and gives a year and a venue (or an arXiv id).
std::vector<Publication> cited_in_text(const Block& block);

/// One entry; lines separated by '\n'. `section_kind` is the kind the heading implies.
Publication parse_publication(std::string_view entry, PublicationKind section_kind = PublicationKind::other);

}  // namespace cvsearch::extract
