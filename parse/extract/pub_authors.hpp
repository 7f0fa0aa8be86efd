// parse/extract/pub_authors.hpp — author lists in bibliography entries (internal).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::extract {

/// One author as written, without marks: "Jane Doe*" -> "Jane Doe",
/// "**J. Doe**†" -> "J. Doe". Empty if it does not look like a person.
std::string clean_author(std::string_view s);

/// "J. Doe", "Jane Q. Doe", "Doe JQ", "van der Berg, A." parts, "Jae-Won Chung".
bool looks_like_author(std::string_view s);

/// Splits an author list on commas, semicolons, "and", "&"; merges APA pairs
/// ("Doe, J., Roe, R." -> "Doe, J.", "Roe, R."); drops "et al." and "...".
std::vector<std::string> split_authors(std::string_view list);

/// True when most of s is an author list ("A. B, C. D, and E. F").
bool is_author_list(std::string_view s);

/// An author list at the start of an entry: where it ends (the byte offset
/// where the rest of the entry starts) and the authors. Recognizes
/// "A, B, and C. Title", "Doe, J., Roe, R. (2019). Title" and "Doe, J., 2019. Title".
struct AuthorPrefix {
    std::vector<std::string> authors;
    std::size_t end = 0;            ///< offset of the text after the list
    std::optional<int> year;        ///< "(2019)." or ", 2019." right after the list
    std::string status;             ///< "submitted", "in press", ... written where the year would be
};
std::optional<AuthorPrefix> author_prefix(std::string_view entry);

}  // namespace cvsearch::extract
