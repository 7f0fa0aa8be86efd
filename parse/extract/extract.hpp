// parse/extract/extract.hpp — from light-markup CV text to a Profile.
//
// The extractor fills name, contacts, interests, affiliations, publications,
// skills, awards and sections from a readers::TextDocument. It does not
// normalize: institution and venue are left empty and the *_raw fields hold
// the text found; normalize::normalize_profile fills the canonical values.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cvsearch/profile.hpp"
#include "parse/readers/reader.hpp"

namespace cvsearch::extract {

/// Splits the text into sections at headings ("# X" lines and heuristic
/// headings such as "EDUCATION" or "**Selected Papers**") and classifies each
/// (Section::kind). Text before the first heading is a section with an empty heading.
std::vector<Section> split_sections(std::string_view text);

/// The kind of a heading text ("Selected Papers" -> "publications"), or
/// std::nullopt if it is not a known CV heading.
std::optional<std::string> heading_kind(std::string_view heading);

/// A year range found in a string: "Aug 2021 - Present", "2014–2021", "Mar 2016 - Feb 2018".
struct YearRange {
    std::optional<int> start;
    std::optional<int> end;
    bool current = false;
};
std::optional<YearRange> find_year_range(std::string_view s);

/// The whole extraction.
Profile extract_profile(const readers::TextDocument& doc);

}  // namespace cvsearch::extract
