// parse/extract/affiliation_parts.hpp — an entry line cut into classified parts (internal).
//
// "Research Intern, NVIDIA, Santa Clara, CA  Jun 2023 - Aug 2023" holds a role,
// an institution, a place and dates in any order, separated by commas, column
// gaps, pipes, " at " or " @ ". Once the dates are cut out, the rest is split
// into parts and each part classified; affiliations.cpp picks the entry's
// institution and role from them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "parse/extract/lexicon.hpp"

namespace cvsearch::extract {

struct Part {
    std::string text;
    enum class Kind { unknown, role, location, institution } kind = Kind::unknown;
    InstitutionStrength strength = InstitutionStrength::none;
    bool remark = false;             ///< after " by ", " as ", " within ": never the entry's own institution
    bool city_by_neighbour = false;  ///< a place only because a country follows ("Example Corp, China")
    int joined = 0;                  ///< parts named together as one ("X University / Y Institute / ACME") share a number > 0
    bool person = false;             ///< a name after an honorific ("TA for Prof. Ann Doe"): the line's role is for a person
};

/// "X University / Y Institute", "Helmholtz Institute & Friedrich Schiller Universität":
/// the institutions a part names together, each on its own; else the part itself.
std::vector<std::string> institutions_named_together(const std::string& part);

/// The parts of a line whose dates were replaced by tabs.
std::vector<Part> classify_parts(const std::string& line_without_dates);

/// "Advisor: ...", "Thesis: ...": a detail of an entry, naming no place.
bool is_detail_label(std::string_view text);
/// "Ph.D. in Physics, Advisor: Prof. X" -> "Ph.D. in Physics, ".
std::string_view cut_detail(std::string_view text);
/// The cells of a long line before its description cell, or its first sentence.
std::string entry_head(std::string_view text);
/// A sentence describing the work ("Developed a scheduler used at X, ...").
bool is_description(std::string_view text);
/// Capitalized, short, no digits and no title words: a name by elimination.
bool plain_name(std::string_view p);

}  // namespace cvsearch::extract
