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

    /// The first non-empty value among `keys`, or "".
    std::string get(std::initializer_list<std::string_view> keys) const;
};

/// Splits a front-matter block off `text`. Only simple "key: value" YAML and
/// "key = value" TOML lines are understood — all a CV page's metadata needs.
FrontMatter split_front_matter(std::string_view text);

}  // namespace cvsearch::readers
