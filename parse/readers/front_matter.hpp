// parse/readers/front_matter.hpp — the metadata block at the top of Markdown
// pages (Jekyll/academicpages YAML "---", Hugo TOML "+++").
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cvsearch::readers {

struct FrontMatter {
    /// Scalar fields in file order. Keys nested one level under a parent are
    /// joined with '.' ("author:\n  name: X" -> "author.name"); values are
    /// unquoted; list items and deeper structure are skipped.
    std::vector<std::pair<std::string, std::string>> fields;
    std::string_view body;  ///< the text after the block (all of it when there is none)
    /// Top-level keys whose value is a list or a map of its own (Hugo "academic"
    /// author pages keep a CV there: `interests:`, `education:`, `work:`,
    /// `awards:`), in file order: the key, and one line per entry (a list
    /// item's or the map's values joined by ", "; the lines of a `|` block
    /// scalar as lines of their own). Values under keys for links, pictures,
    /// icons and styling ("url", "icon", "image", "color", "percent") are left out.
    std::vector<std::pair<std::string, std::vector<std::string>>> blocks;

    /// The first non-empty value among `keys`, or "".
    std::string get(std::initializer_list<std::string_view> keys) const;
};

/// Splits a front-matter block off `text`. Only simple "key: value" YAML and
/// "key = value" TOML lines are understood — all a CV page's metadata needs.
FrontMatter split_front_matter(std::string_view text);

}  // namespace cvsearch::readers
