// parse/extract/pub_entries.hpp — a publication section cut into entries (internal).
//
// Entries start at list markers ("- ", "1.", "[C3]"); in a numbered list other
// bullets are notes on the entry above. Without markers, blank lines separate
// entries, and in a list without blank lines a line opening a citation
// ("Doe, J. (2019).") or a line closing one (ending with its year) cuts.
// "2023" lines group entries by year. A BibTeX entry ("@article{key, ...}") is one
// entry, from its first line to the line that closes its braces.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parse/extract/sections.hpp"

namespace cvsearch::extract {

struct RawEntry {
    std::vector<std::string> lines;
    std::string label;              ///< "C3" of "[C3]"
    std::optional<int> year_hint;   ///< from a "2023" line above
    bool pending = false;           ///< under a sub-heading "Submitted", "Under review", "Eingereicht"
    /// Under a year heading as high as the section's own ("## PhD Thesis" ... "## 2020"):
    /// a sibling of the section heading, so the kind that heading names ends there.
    bool own_kind = false;
};

/// "@inproceedings{doe2021," opens a BibTeX entry (home pages print one under
/// each citation behind a "bibtex" toggle). A BibTeX entry is one RawEntry.
bool opens_bibtex(std::string_view line);

std::vector<RawEntry> split_entries(const Block& block);

/// A legend under a list, explaining its marks: "* = joint work with students",
/// "+ = conference volume", "† denotes equal contribution" (given without its leading
/// mark when a reader took that for a bullet).
bool is_legend(std::string_view text);

/// "* denotes equal contribution", "Google Scholar: ...": no entry.
bool is_remark(const RawEntry& e);

/// A row of link labels under an entry: "[pdf] [code]", "Paper / Slides", "Arxiv link, Summary on Twitter".
bool is_link_row(std::string_view text);

}  // namespace cvsearch::extract
